import PatternCore

/// Why a format could not be registered for a constructor.
public enum FuncRouteError: Error, Sendable, Hashable, CustomStringConvertible,
  DiagnosticConvertible
{
  /// A malformed format string.
  case syntax(PatternSyntaxError)
  /// The format's values do not fit the constructor's parameters.
  case typeMismatch(format: String, expected: [String], found: [String])

  public var diagnostic: Diagnostic {
    switch self {
    case .syntax(let error):
      error.diagnostic
    case .typeMismatch(let format, let expected, let found):
      Diagnostic(
        code: .patternSyntax,
        message: "the format gives (\(found.joined(separator: ", "))) but the constructor takes "
          + "(\(expected.joined(separator: ", ")))",
        source: format, offset: 0,
        hint: "positional captures (:int, :string, …) and named ones are the values, in order")
    }
  }

  public var description: String { diagnostic.description }
}
