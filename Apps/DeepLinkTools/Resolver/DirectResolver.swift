import DeepLinkManifest
import PatternCore

extension Array<UInt8> {
  /// Appends a literal's bytes (a copy, not the generic path of appending a `String`'s view).
  fileprivate mutating func append(literal: StaticString) {
    append(
      contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether these bytes are `text`'s UTF-8.
  func equals(_ text: StaticString) -> Bool {
    count == text.utf8CodeUnitCount
      && elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: count))
  }
}

/// The common request shapes, read without building a JSON tree: a bare string, or an object
/// with `"url"` and an optional `"id"` that is an integer or a string. Strings must be plain
/// printable ASCII (no escapes), so their bytes are their JSON form. Anything else is left to
/// the general parser (`nil`).
struct PlainRequest {
  var url: Range<Int>
  var id: Range<Int>?

  static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> PlainRequest? {
    var index = 0
    func skipSpace() {
      while index < bytes.count,
        bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D
      {
        index += 1
      }
    }
    /// A string's contents (quotes excluded), or nil when it is not plain.
    func plainString() -> Range<Int>? {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
      let start = index + 1
      var end = start
      while end < bytes.count {
        let byte = bytes[end]
        if byte == UInt8(ascii: "\"") {
          index = end + 1
          return start..<end
        }
        guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
        end += 1
      }
      return nil
    }
    func plainInteger() -> Range<Int>? {
      let start = index
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
      let digits = index
      while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
      let count = index - digits
      guard count > 0, count <= 18, count == 1 || bytes[digits] != UInt8(ascii: "0") else {
        return nil
      }
      // A number continues with `.` or an exponent: not an integer, leave it to the parser.
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] | 0x20 == 0x65 {
        return nil
      }
      return start..<index
    }

    skipSpace()
    guard index < bytes.count else { return nil }
    var request: PlainRequest
    if isAlpha(bytes[index]) {
      // A bare URL line (`cat urls.txt | ...`): no JSON starts with a letter and a scheme.
      return bareURL(bytes)
    }
    if bytes[index] == UInt8(ascii: "\"") {
      guard let url = plainString() else { return nil }
      request = PlainRequest(url: url, id: nil)
    } else {
      guard bytes[index] == UInt8(ascii: "{") else { return nil }
      index += 1
      var url: Range<Int>?
      var id: Range<Int>?
      while true {
        skipSpace()
        guard let key = plainString() else { return nil }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpace()
        guard index < bytes.count else { return nil }
        let name = UnsafeBufferPointer(rebasing: bytes[key])
        if name.equals("url"), url == nil {
          guard let value = plainString() else { return nil }
          url = value
        } else if name.equals("id"), id == nil {
          if bytes[index] == UInt8(ascii: "\"") {
            guard let value = plainString() else { return nil }
            // Keep the quotes: the id is echoed as the JSON it was.
            id = (value.lowerBound - 1)..<(value.upperBound + 1)
          } else {
            guard let value = plainInteger() else { return nil }
            id = value
          }
        } else {
          return nil
        }
        skipSpace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        guard bytes[index] == UInt8(ascii: "}") else { return nil }
        index += 1
        break
      }
      guard let url else { return nil }
      request = PlainRequest(url: url, id: id)
    }
    skipSpace()
    return index == bytes.count ? request : nil
  }

  /// A line that is a URL as it is (``Resolver/urlLine(_:)``, after the final carriage return the
  /// general path drops), of printable ASCII other than `"` and `\\`, so its bytes are their JSON
  /// form.
  private static func bareURL(_ bytes: UnsafeBufferPointer<UInt8>) -> PlainRequest? {
    let end = bytes.last == 0x0D ? bytes.count - 1 : bytes.count
    guard let url = Resolver.urlLine(UnsafeBufferPointer(rebasing: bytes[..<end])) else {
      return nil
    }
    for byte in UnsafeBufferPointer(rebasing: bytes[url])
    where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
      return nil
    }
    return PlainRequest(url: url, id: nil)
  }

  private static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
}

/// The resolver's path for tables that are all ``DirectTable``s and plain requests.
struct DirectResolver {
  let tables: [DirectTable]
  var lookup = RouteLookup()
  /// A miss's reason in words, reused from line to line.
  var words: [UInt8] = []

  /// Appends the record for a plain request whose URL matched a route or matched nothing;
  /// false (nothing appended) when the line needs the general path: not plain, or a bad URL.
  mutating func respond(
    to line: UnsafeBufferPointer<UInt8>, number: Int, into output: inout [UInt8]
  ) -> Bool {
    guard let request = PlainRequest.read(line) else { return false }
    let urlBytes = UnsafeBufferPointer(rebasing: line[request.url])
    var nearest: NearestRoute?
    for direct in tables {
      let found: Int?
      do {
        found = try direct.table.lookup(
          utf8: urlBytes, scheme: direct.scheme, limits: direct.limits, into: &lookup)
      } catch {
        return false
      }
      guard let route = found else {
        // As `TableSet.resolve`: the closest miss of all tables, the first on a tie.
        if let candidate = direct.nearestMiss(lookup),
          nearest == nil || candidate.reason.closeness > nearest!.reason.closeness
        {
          nearest = candidate
        }
        continue
      }
      appendHead(number, request, line, urlBytes, to: &output)
      output.append(literal: #","status":"matched","#)
      output += direct.matchedFields[route]
      if let slots = direct.stringSlots[route] {
        // Path strings straight from the URL's bytes.
        output.append(UInt8(ascii: "{"))
        var first = true
        for (slot, name) in slots {
          _ = direct.table.withText(ofSlot: slot, in: lookup) { text in
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            output += name
            JSONWriter.writeString(bytes: text, into: &output)
          }
        }
        output.append(UInt8(ascii: "}"))
      } else {
        JSONWriter.write(direct.table.captures(of: lookup), into: &output)
      }
      if direct.scheme == "http" || direct.scheme == "https", let host = lookup.host {
        output.append(literal: #","host":"#)
        JSONWriter.writeString(host.lowercased(), into: &output)
      }
      appendFragment(of: urlBytes, to: &output)
      output.append(UInt8(ascii: "}"))
      return true
    }
    appendHead(number, request, line, urlBytes, to: &output)
    output.append(literal: #","status":"unmatched","nearest":"#)
    if let nearest {
      output.append(literal: #"{"table":"#)
      JSONWriter.writeString(nearest.table, into: &output)
      output.append(literal: #","route":"#)
      JSONWriter.writeInteger(nearest.route, into: &output)
      output.append(literal: #","pattern":"#)
      JSONWriter.writeString(nearest.pattern, into: &output)
      output.append(literal: #","reason":"#)
      words.removeAll(keepingCapacity: true)
      MissReasonRenderer.write(nearest.reason.cause, into: &words)
      words.withUnsafeBufferPointer { JSONWriter.writeString(bytes: $0, into: &output) }
      output.append(UInt8(ascii: "}"))
    } else {
      output.append(literal: "null")
    }
    appendFragment(of: urlBytes, to: &output)
    output.append(UInt8(ascii: "}"))
    return true
  }

  /// `{"line":N,["id":..,]"url":".."` (no closing brace).
  private func appendHead(
    _ number: Int, _ request: PlainRequest, _ line: UnsafeBufferPointer<UInt8>,
    _ urlBytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]
  ) {
    output.append(literal: #"{"line":"#)
    JSONWriter.writeInteger(number, into: &output)
    output.append(UInt8(ascii: ","))
    if let id = request.id {
      output.append(literal: #""id":"#)
      output += UnsafeBufferPointer(rebasing: line[id])
      output.append(UInt8(ascii: ","))
    }
    output.append(literal: #""url":""#)
    output += urlBytes
    output.append(UInt8(ascii: "\""))
  }

  /// `,"fragment":".."` when the URL has one (plain bytes: they are their JSON form).
  private func appendFragment(
    of urlBytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]
  ) {
    guard let hash = urlBytes.firstIndex(of: UInt8(ascii: "#")) else { return }
    output.append(literal: #","fragment":""#)
    output += UnsafeBufferPointer(rebasing: urlBytes[(hash + 1)...])
    output.append(UInt8(ascii: "\""))
  }
}

extension JSONWriter {
  /// Captures as a JSON object of typed values, as ``Resolver/json(_:)-(Captures)`` makes them.
  static func write(_ captures: Captures, into output: inout [UInt8]) {
    output.append(UInt8(ascii: "{"))
    for (index, entry) in captures.entries.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      writeString(entry.name, into: &output)
      output.append(UInt8(ascii: ":"))
      write(entry.value, into: &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  static func write(_ value: PatternValue, into output: inout [UInt8]) {
    switch value {
    case .string(let text): writeString(text, into: &output)
    case .int(let number): writeInteger(Int(number), into: &output)
    case .double(let number): output += number.description.utf8
    case .bool(let flag): output += (flag ? "true" : "false").utf8
    case .list(let values):
      output.append(UInt8(ascii: "["))
      for (index, element) in values.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        write(element, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let items):
      output.append(UInt8(ascii: "{"))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeString(item.key, into: &output)
        output.append(UInt8(ascii: ":"))
        writeString(item.value, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    case .converted(let value): writeString(value.text, into: &output)
    }
  }
}
