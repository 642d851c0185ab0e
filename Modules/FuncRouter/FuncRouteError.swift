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
        source: format,
        offset: Self.offset(ofValue: Self.firstDifference(expected, found), in: format),
        hint: "positional captures (:int, :string, …) and named ones are the values, in order")
    }
  }

  /// The position of the first value whose type differs (or the first missing or extra one).
  private static func firstDifference(_ expected: [String], _ found: [String]) -> Int {
    zip(expected, found).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expected.count, found.count)
  }

  /// Where value `index` is captured in `format` (its `:`), or 0 when the format has fewer.
  private static func offset(ofValue index: Int, in format: String) -> Int {
    let colons = format.utf8.indices.filter { format.utf8[$0] == UInt8(ascii: ":") }
    guard index < colons.count else { return 0 }
    return format.utf8.distance(from: format.utf8.startIndex, to: colons[index])
  }

  public var description: String { diagnostic.description }
}
