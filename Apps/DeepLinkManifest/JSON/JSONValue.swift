/// A JSON value with object keys kept in order and numbers kept as written, so 64-bit integers
/// survive exactly.
public indirect enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// The number's text as written (`42`, `-1.5e3`).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    // Strings as their bytes (`"\u00e9"` is not `"e\u0301"`), as the routers compare text.
    case (.string(let a), .string(let b)): a.utf8.elementsEqual(b.utf8)
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count
        && zip(a, b).allSatisfy { $0.0.utf8.elementsEqual($1.0.utf8) && $0.1 == $1.1 }
    default: false
    }
  }

  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value): hasher.combine(value)
    case .number(let value): hasher.combine(value)
    case .string(let value): hasher.combine(value)
    case .array(let values): hasher.combine(values)
    case .object(let members):
      for (key, value) in members {
        hasher.combine(key)
        hasher.combine(value)
      }
    }
  }

  /// The member named `key` of an object (the first, if repeated).
  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self {
      return members.first { $0.0.utf8.elementsEqual(key.utf8) }?.1
    }
    return nil
  }

  /// The string payload.
  public var stringValue: String? {
    if case .string(let value) = self { value } else { nil }
  }

  /// The members of an object.
  public var objectValue: [(String, JSONValue)]? {
    if case .object(let members) = self { members } else { nil }
  }

  /// The elements of an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let values) = self { values } else { nil }
  }

  /// The Boolean payload.
  public var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  /// The number as an exact integer, when it is one, however it is written (`2`, `2.0`,
  /// `2e0`, `200e-2`): a JSON number is a value, and JSON Schema's `integer` takes them all.
  public var intValue: Int64? {
    guard case .number(let text) = self else { return nil }
    return Int64(text) ?? Self.integer(text)
  }

  /// `text`, a JSON number with a fraction or an exponent, as an exact integer, if it is one
  /// that an `Int64` holds.
  static func integer(_ text: String) -> Int64? {
    var mantissa = Substring(text)
    var exponent = 0
    if let mark = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      // Past 10^400 no Int64 is near: the digits are not spelled out.
      guard let value = Int(mantissa[mantissa.index(after: mark)...]), abs(value) < 400
      else { return nil }
      exponent = value
      mantissa = mantissa[..<mark]
    }
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa = mantissa.dropFirst() }
    if let dot = mantissa.firstIndex(of: ".") {
      exponent -= mantissa.distance(from: mantissa.index(after: dot), to: mantissa.endIndex)
    }
    var digits = mantissa.filter { $0 != "." }
    if exponent >= 0 {
      digits += String(repeating: "0", count: exponent)
    } else {
      // A fraction that is not all zeros is no integer.
      guard digits.suffix(-exponent).allSatisfy({ $0 == "0" }) else { return nil }
      digits = String(digits.dropLast(-exponent))
    }
    let significant = digits.drop { $0 == "0" }
    return Int64((negative ? "-" : "") + (significant.isEmpty ? "0" : significant))
  }

  /// The number as a double.
  public var doubleValue: Double? {
    if case .number(let text) = self { Double(text) } else { nil }
  }

  /// Whether this is `null`.
  public var isNull: Bool {
    if case .null = self { true } else { false }
  }

  /// A short name of the kind of value, for messages.
  public var kindName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
