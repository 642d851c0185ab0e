import PatternCore

/// Parses Deeper's string syntax into the shared AST.
///
/// Grammar (bytes; offsets in errors are UTF-8 byte offsets):
///
///     pattern  := ['/'] [path] ['?' query]
///     path     := element ('/' element)*
///     element  := '(' path ('|' path)* ')' | '*' | capture | literal
///     capture  := ':' name | ':' type '(' name ')'      type: int num double bool string
///     query    := term ('&' term)*
///     term     := alt ('|' alt)* | '(' alt ('|' alt)* ')' | '!' key | '*' name
///     alt      := capture | key ('/' key)* '=' (capture | value)
///
/// A group without `|` is optional; with `|` it is a choice. In the query, `(:a)` is optional
/// and `:a|:b` or `(:a|:b)` means at least one of them (the first that finds a value binds).
/// A capture's query key is its name; `key=:int(x)` names the key, `k1/k2=` gives aliases.
/// `ref=welcome` requires that exact decoded value and binds nothing; `!token` fails the route
/// when the item is present; `*name` binds every item as an object.
public struct DeeperPatternParser: Sendable {
  /// The declared types patterns may use besides the built-in ones (`:month(m)`).
  public var types: [CustomValueType]

  /// Creates a parser that knows the built-in types and `types`.
  public init(types: [CustomValueType] = []) {
    self.types = types
  }

  /// Parses a pattern.
  /// - Throws: `PatternSyntaxError` pointing at the offending byte.
  public func parse(_ pattern: String) throws(PatternSyntaxError) -> RoutePattern {
    var scanner = PatternScanner(pattern, types: types)
    return try scanner.parseDeeperPattern()
  }
}

/// Deeper's query grammar on top of the shared path scanner.
extension PatternScanner {
  package mutating func parseDeeperPattern() throws(PatternSyntaxError) -> RoutePattern {
    guard !bytes.isEmpty else { throw error(.emptyPattern) }
    try checkLength()
    if current == UInt8(ascii: "/") { index += 1 }
    // After the optional leading '/', something must follow: "/" alone is an empty pattern.
    if atEnd { throw error(.emptyPattern, at: 0) }
    return try parsePathAndQuery { scanner throws(PatternSyntaxError) in try scanner.parseQuery() }
  }
}
