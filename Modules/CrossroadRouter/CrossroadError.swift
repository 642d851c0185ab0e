import PatternCore

/// Why a router's sources or routes were refused at registration.
public enum CrossroadError: Error, Sendable, Hashable, CustomStringConvertible,
  DiagnosticConvertible
{
  /// A malformed or forbidden link source.
  case invalidSource(String, reason: String)
  /// A malformed link source at the start of a pattern (`https://exa mple.com/x`), with the
  /// offset in the pattern where the source goes wrong.
  case invalidPatternSource(pattern: String, source: String, reason: String, offset: Int)
  /// A pattern naming a scheme or host that is not one of the router's sources.
  case unknownSource(pattern: String, source: String, known: [String])
  /// The same route (up to capture names) twice for overlapping sources.
  case duplicateRoute(pattern: String, existing: String)
  /// A malformed pattern.
  case syntax(PatternSyntaxError)

  public var diagnostic: Diagnostic {
    switch self {
    case .invalidSource(let source, let reason):
      Diagnostic(
        code: .invalidSource,
        message: source.isEmpty ? "missing link source" : "invalid link source `\(source)`",
        hint: reason)
    case .invalidPatternSource(let pattern, let source, let reason, let offset):
      Diagnostic(
        code: .invalidSource, message: "invalid link source `\(source)` in the pattern",
        source: pattern, offset: offset, hint: reason)
    case .unknownSource(let pattern, let source, let known):
      Diagnostic(
        code: .invalidSource, message: "`\(source)` is not a source of this router",
        source: pattern, offset: 0,
        hint: "the router accepts " + known.map { "`\($0)`" }.joined(separator: ", "))
    case .duplicateRoute(let pattern, let existing):
      Diagnostic(
        code: .duplicateRoute, message: "duplicate route `\(pattern)`",
        hint: "it repeats `\(existing)` (identical up to capture names, on a source both answer)")
    case .syntax(let error):
      error.diagnostic
    }
  }

  public var description: String { diagnostic.description }
}
