/// Why a URL could not be printed for a pattern and values.
public enum ReverseRoutingError: Error, Sendable, Hashable, CustomStringConvertible,
  DiagnosticConvertible
{
  /// A required capture or query item has no value.
  case missingValue(name: String, pattern: String)
  /// A value does not parse as its capture's type, or is empty in the path.
  case invalidValue(name: String, value: String, expected: ValueType, pattern: String)
  /// A wildcard has no (or an empty) value.
  case missingWildcard(pattern: String)
  /// A value names no capture of the pattern, or would not be bound back.
  case unusedValue(name: String, pattern: String)
  /// No registered route can print what was asked for (`subject` says what that was).
  case noRoute(subject: String, routes: Int)

  public var message: String {
    switch self {
    case .missingValue(let name, _): "no value for `\(name)`"
    case .invalidValue(let name, let value, let expected, _):
      value.isEmpty
        ? "`\(name)` is empty, which a path component cannot be"
        : "`\(name)` = `\(value)` is not \(MissReasonRenderer.article(expected))"
    case .missingWildcard: "a wildcard `*` needs a value (one or more non-empty components)"
    case .unusedValue(let name, _): "`\(name)` would not be bound back by this pattern"
    case .noRoute(let subject, let routes):
      routes == 0
        ? "no route is registered for \(subject)"
        : "none of the \(routes) routes registered for \(subject) can print it"
    }
  }

  var pattern: String {
    switch self {
    case .missingValue(_, let pattern), .invalidValue(_, _, _, let pattern),
      .missingWildcard(let pattern), .unusedValue(_, let pattern):
      pattern
    case .noRoute: ""
    }
  }

  public var diagnostic: Diagnostic {
    if case .noRoute = self { return Diagnostic(code: .invalidRequest, message: message) }
    return Diagnostic(code: .invalidRequest, message: message, source: pattern)
  }

  public var description: String { diagnostic.description }
}
