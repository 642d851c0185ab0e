import Foundation

// Reverse routing: the first map of a target that prints with the given parameters. Required
// items print under their first name; optional ones only when given.

extension MappingInfoRouter {
  /// Values for a map's parameters, by name: `["id": 10086]`.
  public typealias ParameterValues = [String: any CustomStringConvertible]

  /// The URL of the first map whose target is `target` and that prints with these parameters,
  /// or nil.
  ///
  ///     router.url(for: UserController.self, parameters: ["id": 10086])
  ///     // native://user/info?id=10086
  public func url(
    for target: Any.Type, parameters: ParameterValues = [:], wildcards: [[String]] = []
  ) -> URL? {
    try? makeURL(
      forTargetNamed: String(describing: target), parameters: parameters, wildcards: wildcards)
  }

  /// The URL for a target, by name (maps written as data name their targets).
  public func url(
    forTargetNamed target: String, parameters: ParameterValues = [:], wildcards: [[String]] = []
  ) -> URL? {
    try? makeURL(forTargetNamed: target, parameters: parameters, wildcards: wildcards)
  }

  /// The URL for a target type; says why when none can be printed.
  /// - Throws: `ReverseRoutingError`.
  public func makeURL(
    for target: Any.Type, parameters: ParameterValues = [:], wildcards: [[String]] = []
  ) throws(ReverseRoutingError) -> URL {
    try makeURL(
      forTargetNamed: String(describing: target), parameters: parameters, wildcards: wildcards)
  }

  /// The URL for a target, by name; says why when none can be printed.
  /// - Throws: `ReverseRoutingError`: the first map's reason (a required parameter with no
  ///   value, a value that does not fit its type), or
  ///   `noRoute(subject:routes:)` when no map has this target.
  public func makeURL(
    forTargetNamed target: String, parameters: ParameterValues = [:], wildcards: [[String]] = []
  ) throws(ReverseRoutingError) -> URL {
    let values = URLPrinter.values(parameters, named: { $0 })
    let candidates = entries.filter { $0.map.targetName == target }
    var firstError: ReverseRoutingError?
    for entry in candidates {
      do {
        let string = try URLPrinter.url(
          base: scheme, pattern: entry.pattern, values: values, wildcards: wildcards)
        if let url = URL(string: string) { return url }
      } catch {
        if firstError == nil { firstError = error }
      }
    }
    throw firstError ?? .noRoute(subject: "the target `\(target)`", routes: candidates.count)
  }
}
