/// A typed value bound by a capture or query item.
public indirect enum PatternValue: Sendable, Hashable, CustomStringConvertible {
  case string(String)
  case int(Int64)
  case double(Double)
  case bool(Bool)
  case list([PatternValue])

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

  /// The Boolean payload, if this is a bool.
  public var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }
}

/// The exact text rules of the value types, over bytes.
enum ValueParsing {
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
