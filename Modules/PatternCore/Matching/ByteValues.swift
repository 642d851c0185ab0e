/// The value rules (``ValueParsing``) checked directly on UTF-8 bytes, so the
/// compiled matcher can test a component's type without building a `String`.
enum ByteValues {
  /// Whether `text` parses as `type`.
  static func accepts(_ text: UnsafeBufferPointer<UInt8>, as type: ValueType) -> Bool {
    switch type {
    case .string: return true
    case .int: return isInt(text)
    case .double: return isDouble(text)
    case .bool: return isBool(text)
    case .uuid: return ValueParsing.isUUID(text)
    case .list, .custom:
      // Rare: lists and declared types go through the string rules.
      return PatternValue(parsing: String(decoding: text, as: UTF8.self), as: type) != nil
    }
  }

  /// `[+-]?[0-9]+` within Int64.
  static func isInt(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = text.count
    guard count > 0 else { return false }
    var negative = false
    if text[0] == UInt8(ascii: "+") || text[0] == UInt8(ascii: "-") {
      negative = text[0] == UInt8(ascii: "-")
      index = 1
      guard count > 1 else { return false }
    }
    var value: Int64 = 0
    while index < count {
      let byte = text[index]
      guard isDigit(byte) else { return false }
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = times.subtractingReportingOverflow(Int64(byte - 0x30))
      if overflow1 || overflow2 { return false }
      value = next
      index += 1
    }
    return negative || value != Int64.min
  }

  /// The grammar of ``ValueParsing/double(_:)``, then a finite value.
  static func isDouble(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = text.count
    var index = 0
    if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
      index += 1
    }
    var mantissaDigits = 0
    while index < count, isDigit(text[index]) {
      index += 1
      mantissaDigits += 1
    }
    if index < count, text[index] == UInt8(ascii: ".") {
      index += 1
      while index < count, isDigit(text[index]) {
        index += 1
        mantissaDigits += 1
      }
    }
    guard mantissaDigits > 0 else { return false }
    if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        index += 1
      }
      var exponentDigits = 0
      while index < count, isDigit(text[index]) {
        index += 1
        exponentDigits += 1
      }
      guard exponentDigits > 0 else { return false }
    }
    guard index == count else { return false }
    // The same final word as the string rules (short texts build no heap string).
    guard let value = Double(String(decoding: text, as: UTF8.self)) else { return false }
    return value.isFinite
  }

  /// `true`, `false`, `1`, `0` in any letter case (no other scalar lower-cases to these letters).
  static func isBool(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    switch text.count {
    case 1: return text[0] == UInt8(ascii: "1") || text[0] == UInt8(ascii: "0")
    case 4: return equalsFolded(text, "true")
    case 5: return equalsFolded(text, "false")
    default: return false
    }
  }

  private static func equalsFolded(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool
  {
    let bytes = word.utf8Start
    for index in 0..<text.count where text[index] | 0x20 != bytes[index] { return false }
    return true
  }
}
