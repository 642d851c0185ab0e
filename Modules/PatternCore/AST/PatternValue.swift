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
    if case .string = type {
      self = .string(String(text))
      return
    }
    var text = text
    guard let value = text.withUTF8({ ValueGrammar.value($0, as: type) }) else { return nil }
    self = value
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
