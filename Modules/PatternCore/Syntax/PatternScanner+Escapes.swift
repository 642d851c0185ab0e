/// Escapes in patterns: `%XX` decoded as a URL's are, and refused where a URL could not carry
/// what they make.
extension PatternScanner {
  /// The text of `decoded`, the bytes read from `start` with their escapes decoded: an escape
  /// that is not part of a UTF-8 character (`%C3` alone, `%FF`) is an error there, as in a URL,
  /// where no URL could match it.
  package func text(_ decoded: [UInt8], from start: Int) throws(PatternSyntaxError) -> String {
    let text = String(decoding: decoded, as: UTF8.self)
    guard !text.utf8.elementsEqual(decoded) else { return text }
    let escape = bytes[start..<index].firstIndex(of: UInt8(ascii: "%")) ?? start
    throw error(
      .other(
        message: "the escapes do not decode to UTF-8 text",
        hint: "escape every byte of a character, e.g. %C3%A9 for é"),
      at: escape)
  }

  /// Appends the byte at `index` to `decoded` and moves past it; a `%XX` escape is decoded.
  package mutating func takeByte(into decoded: inout [UInt8]) throws(PatternSyntaxError) {
    guard current == UInt8(ascii: "%") else {
      decoded.append(bytes[index])
      index += 1
      return
    }
    guard index + 2 < bytes.count, let high = hexDigit(bytes[index + 1]),
      let low = hexDigit(bytes[index + 2])
    else { throw error(.malformedEscape) }
    decoded.append(high << 4 | low)
    index += 3
  }

  package func hexDigit(_ byte: UInt8) -> UInt8? { Self.hexValue(byte) }

  /// `text` with its `%XX` escapes decoded; nil when an escape is malformed or the bytes are
  /// not UTF-8.
  package static func percentDecoded(_ text: String) -> String? {
    var bytes: [UInt8] = []
    var input = Array(text.utf8)[...]
    while let byte = input.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      guard input.count >= 2, let high = hexValue(input[input.startIndex]),
        let low = hexValue(input[input.startIndex + 1])
      else { return nil }
      bytes.append(high << 4 | low)
      input = input.dropFirst(2)
    }
    let decoded = String(decoding: bytes, as: UTF8.self)
    return decoded.utf8.elementsEqual(bytes) ? decoded : nil
  }

  /// The value of a hexadecimal digit, or nil.
  package static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 0x30
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 0x57
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 0x37
    default: nil
    }
  }
}
