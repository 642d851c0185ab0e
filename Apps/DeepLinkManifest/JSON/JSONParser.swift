/// A JSON syntax error with the byte offset where it was found.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was expected or found.
  public var message: String
  /// The UTF-8 byte offset of the problem.
  public var offset: Int
  /// The 1-based line and column of the problem.
  public var line: Int
  public var column: Int

  public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict RFC 8259 parser over bytes. It reports the first problem with its position and
/// never traps on any input (depth is limited).
public struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  private static let maxDepth = 512

  /// Parses one JSON document (surrounding whitespace allowed).
  public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    var parser = JSONParser(bytes: bytes)
    parser.skipWhitespace()
    let value = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
    return value
  }

  /// Parses a string's UTF-8 bytes.
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try parse(Array(text.utf8))
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
    let offset = offset ?? index
    var line = 1
    var lineStart = 0
    for position in 0..<min(offset, bytes.count) where bytes[position] == 0x0A {
      line += 1
      lineStart = position + 1
    }
    return JSONSyntaxError(
      message: message, offset: offset, line: line, column: offset - lineStart + 1)
  }

  private mutating func skipWhitespace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
  }

  private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else { throw error("unexpected end of input, expected a JSON value") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseWord("true", .bool(true))
    case UInt8(ascii: "f"): return try parseWord("false", .bool(false))
    case UInt8(ascii: "n"): return try parseWord("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw notAValue(at: index)
    }
  }

  /// The error for what stands at `start` where a value was expected, named the same way
  /// whatever it is: the word there (`oops`), else the character, else the byte.
  private func notAValue(at start: Int) -> JSONSyntaxError {
    var end = start
    while end < bytes.count, end - start < 20, (bytes[end] | 0x20) >= 0x61,
      (bytes[end] | 0x20) <= 0x7A
    {
      end += 1
    }
    if end == start {
      // One character: as many bytes as its first one announces.
      let lead = bytes[start]
      let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      end = min(start + length, bytes.count)
    }
    let text = String(decoding: bytes[start..<end], as: UTF8.self)
    let printable =
      !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{FFFD}" }
    let hex = String(bytes[start], radix: 16, uppercase: true)
    let found = printable ? "`\(text)`" : "byte 0x" + (hex.count == 1 ? "0" : "") + hex
    return error("unexpected \(found), expected a JSON value", at: start)
  }

  private mutating func parseWord(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
    -> JSONValue
  {
    let start = index
    for byte in word.utf8 {
      guard index < bytes.count, bytes[index] == byte else { throw notAValue(at: start) }
      index += 1
    }
    return value
  }

  private mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
  }

  private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    index += 1
    var members: [(String, JSONValue)] = []
    // Member names seen, once an object is too big to search its members.
    var names: Set<[UInt8]> = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a member name in double quotes")
      }
      let keyStart = index
      let key = try parseString()
      // A repeated name would leave one of its values unread: say so (RFC 8259 leaves
      // duplicates to the reader; a manifest or request with one is a mistake).
      // Names compare as their bytes: `"\u00e9"` and `"e\u0301"` are two names.
      if members.count < 16 {
        if members.contains(where: { $0.0.utf8.elementsEqual(key.utf8) }) {
          throw error("duplicate member name `\(key)`", at: keyStart)
        }
      } else {
        if names.isEmpty { names = Set(members.map { Array($0.0.utf8) }) }
        guard names.insert(Array(key.utf8)).inserted else {
          throw error("duplicate member name `\(key)`", at: keyStart)
        }
      }
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':' after the member name")
      }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue()))
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input in an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
      index += 1
      depth -= 1
      return .object(members)
    }
  }

  private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
    try enter()
    index += 1
    var values: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(values)
    }
    while true {
      skipWhitespace()
      values.append(try parseValue())
      skipWhitespace()
      guard index < bytes.count else { throw error("unexpected end of input in an array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
      index += 1
      depth -= 1
      return .array(values)
    }
  }

  private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else { throw error("invalid number") }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
    } else {
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("invalid number: digits expected after '.'")
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw error("invalid number: digits expected in the exponent")
      }
      while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private mutating func parseString() throws(JSONSyntaxError) -> String {
    let open = index
    index += 1
    var result: [UInt8] = []
    while true {
      guard index < bytes.count else { throw error("unterminated string", at: open) }
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        // (`String(validating:as:)` needs macOS 15; invalid UTF-8 decodes to other bytes.)
        let string = String(decoding: result, as: UTF8.self)
        guard string.utf8.elementsEqual(result) else {
          // Escapes are ASCII: the first bad byte is one of the string's own.
          let bad = bytes.withUnsafeBufferPointer { all in
            Self.firstInvalidUTF8(UnsafeBufferPointer(rebasing: all[(open + 1)..<index]))
          }
          throw error("string is not valid UTF-8", at: bad.map { open + 1 + $0 } ?? open)
        }
        return string
      case UInt8(ascii: "\\"):
        index += 1
        guard index < bytes.count else { throw error("unterminated string", at: open) }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""): result.append(0x22)
        case UInt8(ascii: "\\"): result.append(0x5C)
        case UInt8(ascii: "/"): result.append(0x2F)
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try parseHex4()
          if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate in \\u escape") }
            index += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else {
              throw error("unpaired surrogate in \\u escape")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00..<0xE000).contains(scalar) {
            throw error("unpaired surrogate in \\u escape")
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
          result += Array(String(Character(unicode)).utf8)
        default:
          throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'", at: index - 2)
        }
      case 0x00..<0x20:
        throw error("control character in a string (escape it)")
      default:
        result.append(byte)
        index += 1
      }
    }
  }

  private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("invalid \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 0x30)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 0x57)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 0x37)
      default: throw error("invalid \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }
}

extension JSONParser {
  /// The offset of the first byte of `bytes` that does not start (or is not part of) a valid
  /// UTF-8 sequence: the lead byte of a sequence that is cut short, overlong or out of range.
  package static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      let length =
        lead < 0x80
        ? 1
        : lead >= 0xC2 && lead < 0xE0
          ? 2
          : lead >= 0xE0 && lead < 0xF0
            ? 3
            : lead >= 0xF0 && lead < 0xF5 ? 4 : 0
      guard length > 0, index + length <= bytes.count else { return index }
      for next in 1..<length where bytes[index + next] & 0xC0 != 0x80 { return index }
      // No overlong form, surrogate or code point past U+10FFFF.
      if length > 2 {
        let second = bytes[index + 1]
        if (lead == 0xE0 && second < 0xA0) || (lead == 0xED && second >= 0xA0)
          || (lead == 0xF0 && second < 0x90) || (lead == 0xF4 && second >= 0x90)
        {
          return index
        }
      }
      index += length
    }
    return nil
  }
}
