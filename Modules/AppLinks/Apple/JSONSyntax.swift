import Foundation

/// A strict check of JSON syntax (RFC 8259) that says where the first mistake is: the files
/// the checker reads are written by hand, and Foundation's reader accepts some mistakes (a
/// trailing comma) and names no place for the others.
struct JSONSyntax {
  private let bytes: [UInt8]
  private var index = 0
  /// Nesting deeper than this is refused rather than followed (no file needs it).
  private static let maximumDepth = 512

  /// Throws the first syntax error of `data`, with its line and column (1-based, in bytes).
  static func check(_ data: [UInt8], hint: String) throws(AppLinksError) {
    var syntax = JSONSyntax(bytes: data)
    if let problem = syntax.document() {
      var line = 1
      var column = 1
      for byte in data[..<min(syntax.index, data.count)] {
        if byte == UInt8(ascii: "\n") {
          line += 1
          column = 1
        } else {
          column += 1
        }
      }
      throw AppLinksError(
        "not valid JSON: \(problem) at line \(line), column \(column)", origin: "the file",
        hint: hint)
    }
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// The problem with the document, or nil when it is one JSON value.
  private mutating func document() -> String? {
    // A byte order mark, which Foundation's reader skips too.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    if let problem = value(depth: 0) { return problem }
    skipSpace()
    return index < bytes.count ? "unexpected text after the value" : nil
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      index += 1
    }
  }

  private mutating func value(depth: Int) -> String? {
    skipSpace()
    guard let byte = current else { return "the file ends where a value should be" }
    switch byte {
    case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), keyed: true, depth: depth)
    case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), keyed: false, depth: depth)
    case UInt8(ascii: "\""): return string()
    case UInt8(ascii: "t"): return word("true")
    case UInt8(ascii: "f"): return word("false")
    case UInt8(ascii: "n"): return word("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
    default: return "expected a value, found `\(Character(Unicode.Scalar(byte)))`"
    }
  }

  /// An object (`keyed`) or array from its opening bracket.
  private mutating func container(close: UInt8, keyed: Bool, depth: Int) -> String? {
    guard depth < Self.maximumDepth else {
      return "nesting deeper than \(Self.maximumDepth) levels"
    }
    index += 1
    skipSpace()
    if current == close {
      index += 1
      return nil
    }
    // The keys read so far, decoded: a key written twice would leave one value unread.
    var keys = Set<[UInt8]>()
    while true {
      if keyed {
        skipSpace()
        guard current == UInt8(ascii: "\"") else {
          return current == close ? "a trailing comma before `}`" : "expected a key in quotes"
        }
        let start = index
        if let problem = string() { return problem }
        let key = Self.decodedKey(Array(bytes[start..<index]))
        guard keys.insert(key).inserted else {
          index = start
          return "duplicate member name `\(String(decoding: key, as: UTF8.self))`"
        }
        skipSpace()
        guard current == UInt8(ascii: ":") else { return "expected `:` after the key" }
        index += 1
      } else {
        skipSpace()
        if current == close { return "a trailing comma before `]`" }
      }
      if let problem = value(depth: depth + 1) { return problem }
      skipSpace()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard current == close else {
        return keyed ? "expected `,` or `}` after a value" : "expected `,` or `]` after a value"
      }
      index += 1
      return nil
    }
  }

  /// A key's text from its quoted form (checked by ``string()``): escapes decoded, so that
  /// `"\u0061"` and `"a"` are one key; bytes compared, not Unicode equivalence.
  private static func decodedKey(_ quoted: [UInt8]) -> [UInt8] {
    guard quoted.contains(UInt8(ascii: "\\")),
      let text = try? JSONSerialization.jsonObject(with: Data(quoted), options: .fragmentsAllowed)
        as? String
    else { return Array(quoted.dropFirst().dropLast()) }
    return Array(text.utf8)
  }

  private mutating func string() -> String? {
    index += 1
    while let byte = current {
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return nil
      case UInt8(ascii: "\\"):
        guard let escape = current else { break }
        index += 1
        if escape == UInt8(ascii: "u") {
          // A surrogate error points at this escape's backslash.
          let escapeStart = index - 2
          guard let unit = hexUnit() else { return "`\\u` needs four hexadecimal digits" }
          if (0xDC00...0xDFFF).contains(unit) {
            index = escapeStart
            return "a lone low surrogate `\\u\(String(unit, radix: 16, uppercase: true))`"
          }
          if (0xD800...0xDBFF).contains(unit) {
            // A high surrogate must be followed by a low one.
            guard current == UInt8(ascii: "\\"), index + 1 < bytes.count,
              bytes[index + 1] == UInt8(ascii: "u")
            else {
              index = escapeStart
              return "a lone high surrogate `\\u\(String(unit, radix: 16, uppercase: true))`"
            }
            index += 2
            guard let low = hexUnit(), (0xDC00...0xDFFF).contains(low) else {
              index = escapeStart
              return "a high surrogate `\\u\(String(unit, radix: 16, uppercase: true))` not "
                + "followed by a low one"
            }
          }
        } else if !"\"\\/bfnrt".utf8.contains(escape) {
          index -= 2
          return "`\\\(Character(Unicode.Scalar(escape)))` is not an escape"
        }
      case 0..<0x20:
        index -= 1
        return "a control character inside a string (write it escaped)"
      case 0x80...:
        // UTF-8: a lead byte and as many continuation bytes as it says.
        let length =
          byte >= 0xF0 && byte <= 0xF4
          ? 4 : byte >= 0xE0 && byte <= 0xEF ? 3 : byte >= 0xC2 && byte <= 0xDF ? 2 : 0
        guard length > 0 else {
          index -= 1
          return "a byte that is not UTF-8 (0x\(String(byte, radix: 16, uppercase: true)))"
        }
        for _ in 1..<length {
          guard let next = current, next & 0xC0 == 0x80 else {
            return "an incomplete UTF-8 character"
          }
          index += 1
        }
      default: continue
      }
    }
    return "a string is not closed"
  }

  private mutating func word(_ text: String) -> String? {
    for expected in text.utf8 {
      guard current == expected else { return "expected `\(text)`" }
      index += 1
    }
    return nil
  }

  /// Four hexadecimal digits as a UTF-16 unit, or nil.
  private mutating func hexUnit() -> UInt32? {
    guard index + 4 <= bytes.count,
      let unit = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16),
      bytes[index..<(index + 4)].allSatisfy(\.isHexDigit)
    else { return nil }
    index += 4
    return unit
  }

  private mutating func number() -> String? {
    let start = index
    if let problem = numberSyntax() { return problem }
    // Past the range of a double: the reader refuses it.
    if let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), !value.isFinite {
      index = start
      return "a number out of range"
    }
    return nil
  }

  private mutating func numberSyntax() -> String? {
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, first.isDigit else { return "expected a digit" }
    index += 1
    if first != UInt8(ascii: "0") { while current?.isDigit == true { index += 1 } }
    if current == UInt8(ascii: ".") {
      index += 1
      guard current?.isDigit == true else { return "expected a digit after `.`" }
      while current?.isDigit == true { index += 1 }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard current?.isDigit == true else { return "expected a digit in the exponent" }
      while current?.isDigit == true { index += 1 }
    }
    return nil
  }
}

extension UInt8 {
  fileprivate var isDigit: Bool { self &- 0x30 < 10 }
  fileprivate var isHexDigit: Bool { isDigit || (self | 0x20) &- 0x61 < 6 }
}
