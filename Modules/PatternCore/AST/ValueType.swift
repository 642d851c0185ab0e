/// The type a capture or query item must parse as.
public indirect enum ValueType: Sendable, Hashable, CustomStringConvertible {
  /// Any text.
  case string
  /// `[+-]?[0-9]+` within Int64.
  case int
  /// A decimal number with optional fraction and exponent; not `nan`, `inf` or hex.
  case double
  /// `true`, `false`, `1`, `0` in any letter case.
  case bool
  /// A comma-separated list (Crossroad); empty pieces are dropped, a bad piece fails the list.
  case list(ValueType)

  /// The canonical type name: `string`, `int`, `double`, `bool`, `[int]`.
  public var description: String {
    switch self {
    case .string: "string"
    case .int: "int"
    case .double: "double"
    case .bool: "bool"
    case .list(let element): "[\(element)]"
    }
  }

  /// Parses a type name as the pattern syntaxes spell it (`num` is `double`).
  public init?(name: String) {
    switch name {
    case "string": self = .string
    case "int": self = .int
    case "double", "num": self = .double
    case "bool": self = .bool
    default: return nil
    }
  }

  /// The type names every dialect accepts.
  public static let knownNames = ["int", "num", "double", "bool", "string"]

  /// Whether every text this type accepts is accepted by `other` too.
  public func isSubtype(of other: ValueType) -> Bool {
    switch (self, other) {
    case (_, .string): true
    case (.int, .double): true
    case (.list(let a), .list(let b)): a.isSubtype(of: b)
    default: self == other
    }
  }
}
