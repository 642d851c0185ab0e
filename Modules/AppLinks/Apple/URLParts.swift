import Foundation
import PatternCore

/// The parts of a URL as written: path, query and fragment, without decoding.
struct URLParts {
  var path: String
  var query: String?
  var fragment: String?

  init(_ url: String) {
    var rest = Substring(url)
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    if let mark = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: mark)...])
      rest = rest[..<mark]
    }
    // Skip `scheme://authority`.
    if let range = rest.range(of: "://") {
      rest = rest[range.upperBound...]
      if let slash = rest.firstIndex(of: "/") { rest = rest[slash...] } else { rest = "" }
    }
    path = rest.isEmpty ? "/" : String(rest)
  }

  func queryItems(decoded: Bool) -> [(name: String, value: String)] {
    guard let query, !query.isEmpty else { return [] }
    return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
      let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(pair[0])
      let value = pair.count > 1 ? String(pair[1]) : ""
      return decoded ? (Self.decode(name), Self.decode(value)) : (name, value)
    }
  }

  /// Percent-decodes `text` (a malformed escape is kept as written).
  static func decode(_ text: String) -> String {
    var bytes: [UInt8] = []
    let source = Array(text.utf8)
    var index = 0
    while index < source.count {
      if source[index] == UInt8(ascii: "%"), index + 2 < source.count,
        let high = PatternScanner.hexValue(source[index + 1]),
        let low = PatternScanner.hexValue(source[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(source[index])
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
