/// The one grammar of the value types, over UTF-8 bytes. The matcher checks a component's type
/// with ``accepts(_:as:)`` straight on the URL's bytes, and a value is made from the same bytes
/// with ``value(_:as:)``; `PatternValue(parsing:as:)` is this grammar over a string's bytes.
enum ValueGrammar {
  /// Whether `text` parses as `type`, without making the value.
  static func accepts(_ text: UnsafeBufferPointer<UInt8>, as type: ValueType) -> Bool {
    switch type {
    case .string: true
    case .int: int(text) != nil
    case .double: double(text) != nil
    case .bool: bool(text) != nil
    case .uuid: isUUID(text)
    case .list, .custom: value(text, as: type) != nil
    }
  }

  /// ``accepts(_:as:)`` over a string's UTF-8 bytes.
  static func accepts(_ text: String, as type: ValueType) -> Bool {
    if case .string = type { return true }
    return text.withUTF8Bytes { accepts($0, as: type) }
  }

  /// The value `text` stands for as `type`, or nil when it does not parse.
  static func value(_ text: UnsafeBufferPointer<UInt8>, as type: ValueType) -> PatternValue? {
    switch type {
    case .string: return .string(String(decoding: text, as: UTF8.self))
    case .int: return int(text).map(PatternValue.int)
    case .double: return double(text).map(PatternValue.double)
    case .bool: return bool(text).map(PatternValue.bool)
    case .uuid: return isUUID(text) ? .string(String(decoding: text, as: UTF8.self)) : nil
    case .list(let element):
      // Comma-separated; empty pieces are skipped.
      var values: [PatternValue] = []
      var start = 0
      for end in 0...text.count where end == text.count || text[end] == UInt8(ascii: ",") {
        defer { start = end + 1 }
        guard end > start else { continue }
        guard let value = value(UnsafeBufferPointer(rebasing: text[start..<end]), as: element)
        else { return nil }
        values.append(value)
      }
      return .list(values)
    case .custom(let custom):
      return custom.parse(Substring(String(decoding: text, as: UTF8.self)))
    }
  }

  /// `[+-]?[0-9]+` within Int64.
  static func int(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    let count = text.count
    guard count > 0 else { return nil }
    var index = 0
    let negative = text[0] == UInt8(ascii: "-")
    if negative || text[0] == UInt8(ascii: "+") {
      index = 1
      guard count > 1 else { return nil }
    }
    // Accumulate negatively so Int64.min fits.
    var value: Int64 = 0
    while index < count {
      let byte = text[index]
      guard isDigit(byte) else { return nil }
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = times.subtractingReportingOverflow(Int64(byte &- 0x30))
      if overflow1 || overflow2 { return nil }
      value = next
      index += 1
    }
    if negative { return value }
    return value == .min ? nil : -value
  }

  /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, finite.
  static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
    let count = text.count
    var index = 0
    func sign() {
      if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        index += 1
      }
    }
    func digits() -> Int {
      let start = index
      while index < count, isDigit(text[index]) { index += 1 }
      return index - start
    }
    sign()
    var mantissaDigits = digits()
    if index < count, text[index] == UInt8(ascii: ".") {
      index += 1
      mantissaDigits += digits()
    }
    guard mantissaDigits > 0 else { return nil }
    if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      sign()
      guard digits() > 0 else { return nil }
    }
    guard index == count, let value = Double(String(decoding: text, as: UTF8.self)),
      value.isFinite
    else { return nil }
    return value
  }

  /// `true`, `false`, `1`, `0` in any letter case (no other scalar lower-cases to these letters).
  static func bool(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
    switch text.count {
    case 1 where text[0] == UInt8(ascii: "1"): true
    case 1 where text[0] == UInt8(ascii: "0"): false
    case 4 where equalsFolded(text, "true"): true
    case 5 where equalsFolded(text, "false"): false
    default: nil
    }
  }

  /// 8-4-4-4-12 hexadecimal digits, any letter case.
  static func isUUID(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard text.count == 36 else { return false }
    for offset in 0..<36 {
      let byte = text[offset]
      if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        guard isHex(byte) else { return false }
      }
    }
    return true
  }

  private static func equalsFolded(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool
  {
    let bytes = word.utf8Start
    for index in 0..<text.count where text[index] | 0x20 != bytes[index] { return false }
    return true
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether the two byte runs are equal: a plain loop (components and literals are short),
  /// not the generic `elementsEqual`.
  @inline(__always)
  func sameBytes(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    var index = 0
    while index < count {
      if self[index] != other[index] { return false }
      index += 1
    }
    return true
  }
}
