import DeepLinkManifest
import PatternCore

/// A request line as the resolver reads it: the one reader of its input, for both ways of
/// answering (the byte-level path and the general one).
///
/// The common shapes (a bare JSON string, `{"url": ..., "id": ...}` with an integer or string
/// id, a plain URL line) are read in place when their strings hold no escape, so their bytes are
/// their JSON form; anything else is parsed into a JSON tree. Both readings give the same
/// request.
struct ResolverRequest {
  /// Text of the request: bytes of the line that are their own JSON form, or a decoded value.
  enum Text {
    case bytes(Range<Int>)
    case string(String)
  }

  enum Kind {
    /// Resolve the URL.
    case resolve(url: Text)
    /// Print a URL (`{"intent": ..., "params": ..., "table": ...}`): the whole request.
    case print(intent: JSONValue, request: JSONValue)
    /// The line is no request; the record is this error (and echoes `url` when there is one).
    case failure(ErrorCode, String, offset: Int?, url: String? = nil)
  }

  var kind: Kind
  /// The request's `"id"`, echoed as the JSON it was: bytes of the line, or a parsed value.
  var id: ID?

  enum ID {
    case bytes(Range<Int>)
    case value(JSONValue)
  }

  /// Whether eight bytes (a little-endian word) are all printable ASCII other than `"` and
  /// `\\`: no byte below 0x20, none from 0x7F, none equal to either (bit tricks that test all
  /// eight bytes at once, exact for these constants).
  @inline(__always)
  static func allPlain(_ word: UInt64) -> Bool { stops(word) == 0 }

  /// Bit 7 set for the bytes of `word` that are not plain (see ``allPlain(_:)``); a borrow or
  /// carry can set it for a byte after such a byte too, so only the lowest bit set is exact.
  @inline(__always)
  static func stops(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let below = (word &- ones &* 0x20) & ~word
    let above = (word &+ ones &* 1) | word
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let zeros = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
    return (below | above | zeros) & highs
  }

  /// Reads `line` (without its newline; a final carriage return is dropped).
  static func read(_ line: UnsafeBufferPointer<UInt8>) -> ResolverRequest {
    read(line, plain: PlainRequest.read(line))
  }

  /// Reads `line`, whose plain reading (``PlainRequest/read(_:)``) was `plain`.
  static func read(_ line: UnsafeBufferPointer<UInt8>, plain: PlainRequest?) -> ResolverRequest {
    if let plain {
      return ResolverRequest(
        kind: .resolve(url: .bytes(plain.url)), id: plain.id.map { .bytes($0) })
    }
    var line = line.last == 0x0D ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
    if line.starts(with: [0xEF, 0xBB, 0xBF]) {
      // A UTF-8 byte-order mark: a file saved with one and joined after another
      // (`cat a.txt b.txt`). The line starts after it, as the input's first line does.
      line = UnsafeBufferPointer(rebasing: line.dropFirst(3))
    }
    // Blank: spaces, tabs, and carriage returns (`\r\r\n`) beyond the one a CRLF ends with.
    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
      return ResolverRequest(
        kind: .failure(.invalidJSON, "empty line; expected a JSON object or string", offset: 0))
    }
    let request: JSONValue
    do {
      request = try JSONParser.parse(Array(line))
    } catch {
      // Not JSON: a line that starts with a URL scheme is that URL (`cat urls.txt | ...`).
      if let url = plainURL(line) { return ResolverRequest(kind: .resolve(url: .string(url))) }
      if let range = urlLine(line) {
        // A URL line whose bytes are not all UTF-8 (else it was read above): an invalid URL,
        // echoed with replacement characters, the offset that of its first bad byte.
        let url = UnsafeBufferPointer(rebasing: line[range])
        let bad = JSONParser.firstInvalidUTF8(url) ?? 0
        return ResolverRequest(
          kind: .failure(
            .invalidURL,
            "byte 0x\(String(url[bad], radix: 16, uppercase: true)) is not UTF-8",
            offset: bad, url: String(decoding: url, as: UTF8.self)))
      }
      let first = line.first { $0 != 0x20 && $0 != 0x09 }
      let meantJSON = first.map { "{[\"".utf8.contains($0) } ?? false
      let hint =
        meantJSON
        ? ""
        : " (a line is JSON, or a URL starting with its scheme such as myapp://...; "
          + "quote anything else as a JSON string)"
      return ResolverRequest(
        kind: .failure(
          .invalidJSON, "column \(error.column): \(error.message)" + hint, offset: error.offset))
    }
    switch request {
    case .string(let text):
      return ResolverRequest(kind: .resolve(url: .string(text)))
    case .object:
      let id = request["id"].map(ID.value)
      if request["url"] == nil, let intent = request["intent"] {
        return ResolverRequest(kind: .print(intent: intent, request: request), id: id)
      }
      guard let value = request["url"] else {
        return ResolverRequest(
          kind: .failure(.invalidRequest, "missing \"url\"", offset: nil), id: id)
      }
      guard let text = value.stringValue else {
        return ResolverRequest(
          kind: .failure(
            .invalidRequest, "\"url\" must be a string, found \(value.kindName)", offset: nil),
          id: id)
      }
      return ResolverRequest(kind: .resolve(url: .string(text)), id: id)
    default:
      return ResolverRequest(
        kind: .failure(
          .invalidRequest,
          "expected an object with \"url\" or a string, found \(request.kindName)", offset: nil))
    }
  }

  /// Where the URL is in a line that is a URL as it is: blanks (space, tab) around it trimmed,
  /// and it starts with a scheme (`[A-Za-z][A-Za-z0-9+.-]*:`); nil for any other line.
  static func urlLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
    guard let start = bytes.firstIndex(where: { !isBlank($0) }),
      let last = bytes.lastIndex(where: { !isBlank($0) }), isLetter(bytes[start]),
      let colon = bytes[start...last].firstIndex(of: UInt8(ascii: ":")),
      bytes[start..<colon].allSatisfy({ byte in
        isLetter(byte) || byte &- 0x30 < 10 || byte == 0x2B || byte == 0x2E || byte == 0x2D
      })
    else { return nil }
    return start..<(last + 1)
  }

  /// A line that is not JSON but starts with a URL scheme, without its surrounding blanks;
  /// nil otherwise (or when it is not UTF-8).
  static func plainURL(_ line: UnsafeBufferPointer<UInt8>) -> String? {
    guard let range = urlLine(line) else { return nil }
    let trimmed = UnsafeBufferPointer(rebasing: line[range])
    let text = String(decoding: trimmed, as: UTF8.self)
    // Invalid UTF-8 decodes with replacement characters: the bytes then differ.
    return text.utf8.elementsEqual(trimmed) ? text : nil
  }
}

extension ResolverRequest.Text {
  /// The text as a `String`.
  func string(in line: UnsafeBufferPointer<UInt8>) -> String {
    switch self {
    case .bytes(let range):
      String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
    case .string(let text): text
    }
  }
}

extension ResolverRequest.ID {
  /// The id as a JSON value.
  func value(in line: UnsafeBufferPointer<UInt8>) -> JSONValue {
    switch self {
    case .value(let value): return value
    case .bytes(let range):
      // Bytes the plain reader took as an integer or a plain string: they parse.
      let text = Array(UnsafeBufferPointer(rebasing: line[range]))
      return (try? JSONParser.parse(text)) ?? .string(String(decoding: text, as: UTF8.self))
    }
  }
}

/// A request to resolve a URL in the common shapes, read in place without a JSON tree: a bare
/// string, an object with `"url"` and an optional `"id"` that is an integer or a string, or a
/// URL line. Strings must be printable ASCII with no escape, so the ranges' bytes are their
/// JSON form.
struct PlainRequest {
  /// The URL's bytes in the line, without quotes.
  var url: Range<Int>
  /// The id's bytes in the line, as the JSON it was (a string with its quotes).
  var id: Range<Int>?

  /// The plain request on `line` (without its newline; a final carriage return is dropped),
  /// or nil for any other line, which the JSON parser reads.
  static func read(_ line: UnsafeBufferPointer<UInt8>) -> PlainRequest? {
    let line = line.last == 0x0D ? UnsafeBufferPointer(rebasing: line.dropLast()) : line
    var reader = PlainReader(bytes: line)
    return reader.read()
  }
}

private struct PlainReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  mutating func read() -> PlainRequest? {
    skipSpace()
    guard index < bytes.count else { return nil }
    if isAlpha(bytes[index]) {
      // A bare URL line: no JSON starts with a letter and a scheme.
      return bareURL()
    }
    var request: PlainRequest
    if bytes[index] == UInt8(ascii: "\"") {
      guard let url = plainString() else { return nil }
      request = PlainRequest(url: url)
    } else {
      guard bytes[index] == UInt8(ascii: "{") else { return nil }
      index += 1
      var url: Range<Int>?
      var id: Range<Int>?
      while true {
        skipSpace()
        guard let key = knownKey() ?? plainString() else { return nil }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpace()
        guard index < bytes.count else { return nil }
        if isKey(key, 0x75, 0x72, 0x6C), url == nil {  // "url"
          guard let value = plainString() else { return nil }
          url = value
        } else if isKey(key, 0x69, 0x64), id == nil {  // "id"
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

  private mutating func skipSpace() {
    while index < bytes.count {
      let byte = bytes[index]
      // Most bytes are above the space: one comparison to stop.
      guard byte <= 0x20, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
        return
      }
      index += 1
    }
  }

  /// Whether the key at `range` is the two bytes given.
  private func isKey(_ range: Range<Int>, _ first: UInt8, _ second: UInt8) -> Bool {
    range.count == 2 && bytes[range.lowerBound] == first && bytes[range.lowerBound + 1] == second
  }

  /// Whether the key at `range` is the three bytes given.
  private func isKey(_ range: Range<Int>, _ first: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
    range.count == 3 && bytes[range.lowerBound] == first && bytes[range.lowerBound + 1] == second
      && bytes[range.lowerBound + 2] == third
  }

  /// The key `"url"` or `"id"` at the reading position (the keys of a request), compared as
  /// bytes without the general string scan; nil for any other text (read as a string then).
  @inline(__always)
  private mutating func knownKey() -> Range<Int>? {
    let start = index
    let quote = UInt8(ascii: "\"")
    guard start &+ 4 <= bytes.count, bytes[start] == quote else { return nil }
    if bytes[start &+ 1] == 0x69, bytes[start &+ 2] == 0x64, bytes[start &+ 3] == quote {
      index = start &+ 4
      return (start &+ 1)..<(start &+ 3)
    }
    guard start &+ 5 <= bytes.count, bytes[start &+ 1] == 0x75, bytes[start &+ 2] == 0x72,
      bytes[start &+ 3] == 0x6C, bytes[start &+ 4] == quote
    else { return nil }
    index = start &+ 5
    return (start &+ 1)..<(start &+ 4)
  }

  /// A string's contents (quotes excluded), or nil when it is not plain.
  private mutating func plainString() -> Range<Int>? {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
    let start = index + 1
    var end = start
    // Eight bytes at a time: the first byte that is not plain ends the string if it is a quote.
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while end &+ 8 <= bytes.count {
        let stops = ResolverRequest.stops(raw.loadUnaligned(fromByteOffset: end, as: UInt64.self))
        if stops == 0 {
          end &+= 8
          continue
        }
        end &+= stops.trailingZeroBitCount &>> 3
        guard bytes[end] == UInt8(ascii: "\"") else { return nil }
        index = end + 1
        return start..<end
      }
    }
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

  @inline(__always)
  private mutating func plainInteger() -> Range<Int>? {
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

  /// A line that is a URL as it is (``ResolverRequest/urlLine(_:)``), of printable ASCII other than
  /// `"` and `\\`, so its bytes are their JSON form.
  private func bareURL() -> PlainRequest? {
    guard let url = ResolverRequest.urlLine(bytes) else { return nil }
    for byte in UnsafeBufferPointer(rebasing: bytes[url])
    where byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
      return nil
    }
    return PlainRequest(url: url)
  }

  private func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
}
