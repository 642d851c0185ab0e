import PatternCore

/// Typed access to a matched map's parameters: its captures (aliases bound to the first name)
/// and, for anything else, the URL's query items. Wrong types are errors, never `0`.
///
///     let id = try params.int("id")        // "abc" throws .wrongType, absent throws .missing
///     let name = params["name"]            // optional text
public struct MappingParameters: Sendable, Hashable {
  /// The bound values, in pattern order.
  public let captures: Captures
  /// Every query item of the URL, in order (extra items included).
  public let query: [QueryItem]

  /// Creates parameters.
  public init(captures: Captures, query: [QueryItem] = []) {
    self.captures = captures
    self.query = query
  }

  /// The text of a parameter: a capture, or else the first query item with that key.
  public subscript(name: String) -> String? {
    captures.text(name) ?? query.first { $0.key == name }?.value
  }

  /// The text of a parameter.
  public func string(_ name: String) throws(MappingParameterError) -> String {
    guard let text = self[name] else { throw .missing(name) }
    return text
  }

  /// A parameter as an integer (`[+-]?[0-9]+` within `Int`'s range).
  public func int(_ name: String) throws(MappingParameterError) -> Int {
    let value = try int64(name)
    guard let int = Int(exactly: value) else {
      throw .wrongType(name: name, value: self[name] ?? "", expected: .int)
    }
    return int
  }

  /// A parameter as a 64-bit integer (`[+-]?[0-9]+` within Int64).
  public func int64(_ name: String) throws(MappingParameterError) -> Int64 {
    try typed(name, .int).intValue!
  }

  /// A parameter as a number.
  public func double(_ name: String) throws(MappingParameterError) -> Double {
    try typed(name, .double).doubleValue!
  }

  /// A parameter as a Boolean (`true`, `false`, `1`, `0`, any case).
  public func bool(_ name: String) throws(MappingParameterError) -> Bool {
    try typed(name, .bool).boolValue!
  }

  private func typed(_ name: String, _ type: ValueType) throws(MappingParameterError)
    -> PatternValue
  {
    let text = try string(name)
    guard let value = PatternValue(parsing: text, as: type) else {
      throw .wrongType(name: name, value: text, expected: type)
    }
    return value
  }
}

/// A parameter that is absent or of the wrong type.
public enum MappingParameterError: Error, Sendable, Hashable, CustomStringConvertible {
  case missing(String)
  case wrongType(name: String, value: String, expected: ValueType)

  public var description: String {
    switch self {
    case .missing(let name): "parameter `\(name)` is missing"
    case .wrongType(let name, let value, let expected):
      "parameter `\(name)` is `\(value)`, which is not \(expected == .int ? "an" : "a") \(expected)"
    }
  }
}
