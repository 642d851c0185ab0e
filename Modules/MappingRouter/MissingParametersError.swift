import PatternCore

/// A URL whose path matched a map but which lacks required query items. The
/// structured data says which alias groups are missing and which were required; `message` is
/// aliases and groups in declaration order:
///
///     Missing params: `name` or `nickname` and `age`,
///     Route { native://user/info?id=10086 },
///     Required: `id` or `userId` and
///     `name` or `nickname` and
///     `age`
public struct MissingParametersError: Error, Sendable, Hashable, CustomStringConvertible,
  DiagnosticConvertible
{
  /// The URL as given.
  public let url: String
  /// The registration index of the map whose path matched.
  public let routeIndex: Int
  /// The missing required items, each as its aliases.
  public let missing: [[String]]
  /// Every required item of the map, each as its aliases.
  public let required: [[String]]

  /// The message (the CLI and REPL prefix it with `❌ `).
  public var message: String {
    func group(_ keys: [String]) -> String { keys.map { "`\($0)`" }.joined(separator: " or ") }
    return "Missing params: " + missing.map(group).joined(separator: " and ") + ",\n"
      + "Route { \(url) },\n"
      + "Required: " + required.map(group).joined(separator: " and\n")
  }

  public var description: String { message }

  public var diagnostic: Diagnostic {
    Diagnostic(code: .missingParams, message: message)
  }
}
