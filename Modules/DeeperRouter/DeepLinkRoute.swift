import PatternCore

/// A route pattern in Deeper's syntax, written as a string literal.
///
///     router.add(routes: ["profile/:userId", "(user|u)/:int(id)"]) { url, params in ... }
///
/// A malformed literal is not a crash: the error is kept and thrown by `add(routes:handler:)`.
public struct DeepLinkRoute: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The pattern as written.
  public let text: String
  let parsed: Result<RoutePattern, PatternSyntaxError>
  /// Whether `text` is the pattern as the user wrote it (not printed from the DSL), so a router
  /// with declared value types parses it again with them.
  let isWritten: Bool

  /// Parses a pattern; errors are kept until the route is added.
  public init(_ text: String) {
    self.text = text
    self.parsed = Result { () throws(PatternSyntaxError) in try DeeperPatternParser().parse(text) }
    self.isWritten = true
  }

  init(pattern: RoutePattern, text: String) {
    self.text = text
    self.parsed = .success(pattern)
    self.isWritten = false
  }

  init(failed error: PatternSyntaxError) {
    self.text = error.pattern
    self.parsed = .failure(error)
    self.isWritten = false
  }

  /// The AST with `types` known besides the built-in ones.
  func pattern(types: [CustomValueType]) throws(PatternSyntaxError) -> RoutePattern {
    guard isWritten, !types.isEmpty else { return try parsed.get() }
    return try DeeperPatternParser(types: types).parse(text)
  }

  /// Parses a pattern and throws at once when it is malformed.
  public init(validating text: String) throws(PatternSyntaxError) {
    self.init(text)
    _ = try parsed.get()
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The shared AST of this route.
  public var pattern: RoutePattern {
    get throws(PatternSyntaxError) { try parsed.get() }
  }

  /// The pattern as written.
  public var description: String { text }
}

/// The name of a capture, used to read ``DeepLinkParams``.
///
///     extension DeepLinkPatternParameter {
///       static let userId = DeepLinkPatternParameter("userId")
///     }
///     params[.userId]
public struct DeepLinkPatternParameter: Sendable, Hashable, CustomStringConvertible {
  /// The capture name.
  public let name: String
  /// The type the component must parse as (`.string` unless made by `.int(_:)` and friends).
  public let type: ValueType

  /// Names a capture of the given type.
  public init(_ name: String, type: ValueType = .string) {
    self.name = name
    self.type = type
  }

  /// The capture as Deeper writes it: `:userId`, `:int(userId)`.
  public var description: String {
    type == .string ? ":" + name : ":\(type == .double ? "num" : type.description)(\(name))"
  }
}

/// The values a route bound, by capture name.
public struct DeepLinkParams: Sendable, Hashable {
  /// The typed captures, in pattern order.
  public let captures: Captures

  /// Wraps captures.
  public init(_ captures: Captures) {
    self.captures = captures
  }

  /// The text bound to a capture, whatever its type (`"42"` for `:int(userId)`).
  public subscript(parameter: DeepLinkPatternParameter) -> String? {
    captures.text(parameter.name)
  }

  /// The text bound to a capture name.
  public subscript(name: String) -> String? {
    captures.text(name)
  }

  /// The typed value bound to a capture.
  public func value(_ parameter: DeepLinkPatternParameter) -> PatternValue? {
    captures[parameter.name]
  }

  /// The integer bound to an `:int(...)` capture; nil when absent, not an integer, or outside
  /// `Int`'s range on a 32-bit platform (``int64(_:)`` has the full 64-bit value).
  public func int(_ parameter: DeepLinkPatternParameter) -> Int? {
    captures[parameter.name]?.intValue.flatMap { Int(exactly: $0) }
  }

  /// The 64-bit integer bound to an `:int(...)` capture.
  public func int64(_ parameter: DeepLinkPatternParameter) -> Int64? {
    captures[parameter.name]?.intValue
  }

  /// The text bound to a capture (the same as the subscript).
  public func string(_ parameter: DeepLinkPatternParameter) -> String? {
    captures.text(parameter.name)
  }

  /// The number bound to a `:num(...)`/`:double(...)` (or `:int(...)`) capture.
  public func double(_ parameter: DeepLinkPatternParameter) -> Double? {
    captures[parameter.name]?.doubleValue
  }

  /// The Boolean bound to a `:bool(...)` capture.
  public func bool(_ parameter: DeepLinkPatternParameter) -> Bool? {
    captures[parameter.name]?.boolValue
  }

  /// Whether nothing was bound.
  public var isEmpty: Bool { captures.count == 0 }
}
