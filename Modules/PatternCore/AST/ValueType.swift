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
  /// 8-4-4-4-12 hexadecimal digits in any letter case; the value is kept as written.
  case uuid
  /// A type the table or the app declared (``CustomValueType``).
  case custom(CustomValueType)

  /// The canonical type name: `string`, `int`, `double`, `bool`, `[int]`.
  public var description: String {
    switch self {
    case .string: "string"
    case .int: "int"
    case .double: "double"
    case .bool: "bool"
    case .list(let element): "[\(element)]"
    case .uuid: "uuid"
    case .custom(let type): type.name
    }
  }

  /// Parses a type name as the pattern syntaxes spell it (`num` is `double`).
  public init?(name: String) {
    switch name {
    case "string": self = .string
    case "int": self = .int
    case "double", "num": self = .double
    case "bool": self = .bool
    case "uuid": self = .uuid
    default: return nil
    }
  }

  /// The type names every dialect accepts.
  public static let knownNames = ["int", "num", "double", "bool", "string", "uuid"]

  /// Whether every text this type accepts is accepted by `other` too.
  public func isSubtype(of other: ValueType) -> Bool {
    switch (self, other) {
    case (_, .string): true
    case (.int, .double): true
    case (.list(let a), .list(let b)): a.isSubtype(of: b)
    case (.custom(let a), _): a == other.customType || a.narrowsBase && a.base.isSubtype(of: other)
    default: self == other
    }
  }
}

extension ValueType {
  /// A text the type accepts, to build a URL with (a checker's witness, a query completed to
  /// see whether only absent items are missing); `other` gives a second one where the type has
  /// one.
  package func sampleText(other: Bool = false) -> String {
    switch self {
    case .int, .double: other ? "2" : "1"
    case .bool: other ? "false" : "true"
    case .uuid:
      other ? "00000000-0000-0000-0000-000000000001" : "00000000-0000-0000-0000-000000000000"
    case .list(let element): element.sampleText(other: other)
    case .custom(let custom):
      custom.allowedValues.map { other && $0.count > 1 ? $0[1] : $0[0] }
        ?? (custom.narrowsBase ? custom.base.sampleText() : other ? "y" : "x")
    case .string: other ? "y" : "x"
    }
  }

  var customType: CustomValueType? {
    if case .custom(let type) = self { type } else { nil }
  }
}

/// A value type of the app's own, used in patterns like a built-in (`:month(m)`).
///
/// A manifest declares one with bounds (``constrained(name:base:constraints:)``); Swift code
/// registers one with a converting closure (``init(name:convert:)``). Two types are the same
/// type when their names and definitions are.
public struct CustomValueType: Sendable, Hashable, CustomStringConvertible {
  /// The name patterns use.
  public let name: String
  /// The built-in type every accepted text also parses as, and the shape of the value.
  public let base: ValueType
  /// Whether the accepted texts are a subset of `base`'s (true for declared bounds, false for a
  /// closure, whose texts are only known to be strings).
  package let narrowsBase: Bool
  /// The declared bounds, for a type declared with bounds.
  package let constraints: ValueConstraints?
  /// What identifies the definition (bounds, or the registering call).
  let definition: String
  let parse: @Sendable (Substring) -> PatternValue?

  /// A type whose values `convert` makes from the decoded text (nil: the text does not fit).
  /// The typed value is read back with ``PatternValue/converted(as:)``.
  public init<Value: Sendable>(
    name: String, convert: @escaping @Sendable (String) -> Value?
  ) {
    self.name = name
    self.base = .string
    self.narrowsBase = false
    self.constraints = nil
    // Each closure is its own definition (two closures cannot be compared): an object kept
    // alive by the parser names it.
    let identity = DefinitionIdentity()
    self.definition = "closure \(Value.self) \(UInt(bitPattern: ObjectIdentifier(identity)))"
    self.parse = { [identity] text in
      _ = identity
      return convert(String(text)).map {
        .converted(ConvertedValue(text: String(text), value: $0))
      }
    }
  }

  /// A type that accepts what `base` accepts and `constraints` allows; its values have the
  /// base's shape.
  public static func constrained(
    name: String, base: ValueType, constraints: ValueConstraints
  ) -> CustomValueType {
    CustomValueType(name: name, base: base, constraints: constraints)
  }

  private init(name: String, base: ValueType, constraints: ValueConstraints) {
    self.name = name
    self.base = base
    self.narrowsBase = true
    self.constraints = constraints
    self.definition = "\(base) \(constraints)"
    self.parse = { text in
      guard let value = PatternValue(parsing: text, as: base), constraints.admits(value)
      else { return nil }
      return value
    }
  }

  public var description: String { name }

  /// The only values the type accepts, when it is an `enum` of strings.
  package var allowedValues: [String]? { constraints?.allowed }

  /// The types by name (a later type of the same name wins).
  public static func byName(_ types: [CustomValueType]) -> [String: CustomValueType] {
    Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
  }

  public static func == (lhs: CustomValueType, rhs: CustomValueType) -> Bool {
    lhs.name == rhs.name && lhs.definition == rhs.definition
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(definition)
  }
}

/// What tells one closure-made type from another: an object, alive while the type is.
private final class DefinitionIdentity: Sendable {}

/// The bounds a declared type puts on its base type's values.
public struct ValueConstraints: Sendable, Hashable, CustomStringConvertible {
  /// Inclusive bounds of an `int` or `double`.
  public var minimum: Double?
  public var maximum: Double?
  /// The accepted strings, compared byte for byte (so case-sensitively).
  public var allowed: [String]?
  /// Bounds on a string's length in characters.
  public var minLength: Int?
  public var maxLength: Int?
  /// The accepted schemes of a `url` (lower case).
  public var schemes: [String]?
  /// Exact inclusive bounds of an `int`, which a `Double` cannot hold beyond 2^53; when set,
  /// they bound `int` values instead of `minimum` and `maximum`.
  public var integerMinimum: Int64?
  public var integerMaximum: Int64?

  /// Creates constraints; nil means no bound.
  public init(
    minimum: Double? = nil, maximum: Double? = nil, allowed: [String]? = nil,
    minLength: Int? = nil, maxLength: Int? = nil, schemes: [String]? = nil
  ) {
    self.minimum = minimum
    self.maximum = maximum
    self.allowed = allowed
    self.minLength = minLength
    self.maxLength = maxLength
    self.schemes = schemes
  }

  /// Creates the bounds of an `int` type, exactly.
  public init(integerMinimum: Int64?, integerMaximum: Int64?) {
    self.init(minimum: integerMinimum.map(Double.init), maximum: integerMaximum.map(Double.init))
    self.integerMinimum = integerMinimum
    self.integerMaximum = integerMaximum
  }

  public var description: String {
    [
      integerMinimum.map { "min \($0)" } ?? minimum.map { "min \($0)" },
      integerMaximum.map { "max \($0)" } ?? maximum.map { "max \($0)" },
      allowed.map { "enum \($0)" }, minLength.map { "minLength \($0)" },
      maxLength.map { "maxLength \($0)" }, schemes.map { "schemes \($0)" },
    ].compactMap { $0 }.joined(separator: ", ")
  }

  /// Whether `value` (already parsed as the base type) is within the bounds.
  func admits(_ value: PatternValue) -> Bool {
    if case .int(let number) = value, integerMinimum != nil || integerMaximum != nil {
      if let integerMinimum, number < integerMinimum { return false }
      if let integerMaximum, number > integerMaximum { return false }
    } else if let number = value.doubleValue {
      if let minimum, number < minimum { return false }
      if let maximum, number > maximum { return false }
    }
    if case .string(let text) = value {
      // Byte for byte, as literals and conditions compare (not by canonical equivalence).
      if let allowed, !allowed.contains(where: { $0.utf8.elementsEqual(text.utf8) }) {
        return false
      }
      if let minLength, text.count < minLength { return false }
      if let maxLength, text.count > maxLength { return false }
      if let schemes {
        guard let url = try? ParsedURL(text), schemes.contains(url.scheme.lowercased())
        else { return false }
        // An http(s) URL with no host is invalid (RFC 9110, 4.2.1 and 4.2.2: a recipient
        // must reject one): `https:` and `https://` are no web address.
        if url.scheme == "http" || url.scheme == "https", url.host?.isEmpty ?? true {
          return false
        }
      }
    }
    return true
  }
}
