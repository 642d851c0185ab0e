/// A typed value bound by a capture or query item.
public indirect enum PatternValue: Sendable, Hashable, CustomStringConvertible {
  case string(String)
  case int(Int64)
  case double(Double)
  case bool(Bool)
  case list([PatternValue])
  /// Query items by key (`*name` in a query): the first value of each key, in URL order.
  case object([QueryItem])
  /// A value a ``CustomValueType``'s closure made.
  case converted(ConvertedValue)

  /// Parses `text` as `type` with the exact value rules; nil when it does not parse.
  public init?(parsing text: Substring, as type: ValueType) {
    switch type {
    case .string: self = .string(String(text))
    case .int:
      guard let value = ValueParsing.int(text) else { return nil }
      self = .int(value)
    case .double:
      guard let value = ValueParsing.double(text) else { return nil }
      self = .double(value)
    case .bool:
      guard let value = ValueParsing.bool(text) else { return nil }
      self = .bool(value)
    case .list(let element):
      var values: [PatternValue] = []
      for piece in text.split(separator: ",", omittingEmptySubsequences: true) {
        guard let value = PatternValue(parsing: piece, as: element) else { return nil }
        values.append(value)
      }
      self = .list(values)
    case .uuid:
      guard ValueParsing.isUUID(text.utf8) else { return nil }
      self = .string(String(text))
    case .custom(let custom):
      guard let value = custom.parse(text) else { return nil }
      self = value
    }
  }

  /// Parses `text` as `type`; nil when it does not parse.
  public init?(parsing text: String, as type: ValueType) {
    self.init(parsing: text[...], as: type)
  }

  /// The text form that parses back to this value (`42`, `1.5`, `true`, `a,b`).
  public var text: String {
    switch self {
    case .string(let value): value
    case .int(let value): String(value)
    case .double(let value): value.description
    case .bool(let value): value ? "true" : "false"
    case .list(let values): values.map(\.text).joined(separator: ",")
    case .object(let items): items.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    case .converted(let value): value.text
    }
  }

  public var description: String { text }

  /// The string payload, if this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { value } else { nil }
  }

  /// The integer payload, if this is an int.
  public var intValue: Int64? {
    if case .int(let value) = self { value } else { nil }
  }

  /// The number payload of an int or a double.
  public var doubleValue: Double? {
    switch self {
    case .double(let value): value
    case .int(let value): Double(value)
    default: nil
    }
  }

  /// The value a custom type's closure made, if it is a `Value`.
  public func converted<Value>(as type: Value.Type = Value.self) -> Value? {
    if case .converted(let value) = self { value.value as? Value } else { nil }
  }

  /// The Boolean payload, if this is a bool.
  public var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }
}

/// A value made by a ``CustomValueType``'s closure, with the text it was made from. Two are
/// equal when their texts and value types are.
public struct ConvertedValue: Sendable, Hashable {
  /// The decoded text.
  public let text: String
  /// The converted value.
  public let value: any Sendable

  public init(text: String, value: any Sendable) {
    self.text = text
    self.value = value
  }

  public static func == (lhs: ConvertedValue, rhs: ConvertedValue) -> Bool {
    lhs.text == rhs.text && type(of: lhs.value) == type(of: rhs.value)
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// The exact text rules of the value types, over bytes.
enum ValueParsing {
  /// 8-4-4-4-12 hexadecimal digits, any letter case.
  static func isUUID<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
    guard bytes.count == 36 else { return false }
    for (offset, byte) in bytes.enumerated() {
      if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        let lower = byte | 0x20
        guard isDigit(byte) || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "f")) else {
          return false
        }
      }
    }
    return true
  }

  /// `[+-]?[0-9]+` within Int64.
  static func int(_ text: Substring) -> Int64? {
    let bytes = text.utf8
    guard !bytes.isEmpty else { return nil }
    var index = bytes.startIndex
    var negative = false
    if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      negative = bytes[index] == UInt8(ascii: "-")
      index = bytes.index(after: index)
      guard index != bytes.endIndex else { return nil }
    }
    var value: Int64 = 0
    while index != bytes.endIndex {
      let byte = bytes[index]
      guard isDigit(byte) else { return nil }
      let digit = Int64(byte - 0x30)
      // Accumulate negatively so Int64.min fits.
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = times.subtractingReportingOverflow(digit)
      if overflow1 || overflow2 { return nil }
      value = next
      index = bytes.index(after: index)
    }
    if negative { return value }
    let (positive, overflow) = (0 as Int64).subtractingReportingOverflow(value)
    return overflow ? nil : positive
  }

  /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`, finite.
  static func double(_ text: Substring) -> Double? {
    let bytes = Array(text.utf8)
    var index = 0
    if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
      index += 1
    }
    var mantissaDigits = 0
    while index < bytes.count, isDigit(bytes[index]) {
      index += 1
      mantissaDigits += 1
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < bytes.count, isDigit(bytes[index]) {
        index += 1
        mantissaDigits += 1
      }
    }
    guard mantissaDigits > 0 else { return nil }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      var exponentDigits = 0
      while index < bytes.count, isDigit(bytes[index]) {
        index += 1
        exponentDigits += 1
      }
      guard exponentDigits > 0 else { return nil }
    }
    guard index == bytes.count, let value = Double(String(text)), value.isFinite else {
      return nil
    }
    return value
  }

  /// `true`, `false`, `1`, `0`, any letter case.
  static func bool(_ text: Substring) -> Bool? {
    switch text.lowercased() {
    case "true", "1": true
    case "false", "0": false
    default: nil
    }
  }
}
