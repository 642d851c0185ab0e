extension URLPrinter {
  /// The URLs a route can print with these values, the one ``url(base:pattern:values:wildcards:options:)``
  /// prints first, then those of its other shapes: each choice taken by another alternative,
  /// each optional part left out or put in (at most `limit` shapes). A caller whose first URL
  /// is answered by an earlier route (`settings` before `(settings|prefs)`) tries the others
  /// (`prefs`) before it says no URL can be printed.
  /// - Throws: the first URL's ``ReverseRoutingError`` when no shape prints.
  public static func urls(
    base: String, pattern: RoutePattern, values: [String: PatternValue],
    wildcards: [[String]] = [], options: MatchOptions = MatchOptions(), limit: Int = 16
  ) throws(ReverseRoutingError) -> [String] {
    var result: [String] = []
    var firstError: ReverseRoutingError?
    do {
      result.append(
        try url(
          base: base, pattern: pattern, values: values, wildcards: wildcards, options: options))
    } catch {
      firstError = error
    }
    for path in shapes(pattern.path, limit: limit) {
      var shape = pattern
      shape.path = path
      // Printed by the shape, then matched by the whole pattern: it must bind the same values
      // there (a shape without `(:id)` may print a URL whose `info` the whole binds as `id`).
      guard
        let printed = try? url(
          base: base, pattern: shape, values: values, wildcards: wildcards, options: options),
        !result.contains(printed),
        (try? verify(
          printed, isOrigin: base.contains("://"), pattern: pattern, values: values,
          shown: pattern.description, options: options)) != nil
      else { continue }
      result.append(printed)
    }
    if result.isEmpty, let firstError { throw firstError }
    return result
  }

  /// The shapes of a path with no choice or optional left: each choice replaced by one of its
  /// alternatives, each optional by its contents or nothing, in the pattern's preference order
  /// (left alternative first, an optional present first); at most `limit`.
  static func shapes(_ path: [PathNode], limit: Int) -> [[PathNode]] {
    var shapes: [[PathNode]] = [[]]
    for node in path {
      let choices: [[PathNode]]
      switch node {
      case .choice(let alternatives):
        choices = alternatives.flatMap { Self.shapes($0, limit: limit) }
      case .optional(let inner):
        choices = Self.shapes(inner, limit: limit) + [[]]
      case .literal, .capture, .wildcard, .rest:
        choices = [[node]]
      }
      var next: [[PathNode]] = []
      outer: for shape in shapes {
        for choice in choices {
          if next.count == limit { break outer }
          next.append(shape + choice)
        }
      }
      shapes = next
    }
    return shapes
  }
}
