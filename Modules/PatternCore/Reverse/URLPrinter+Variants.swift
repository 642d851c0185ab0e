extension URLPrinter {
  /// The other URLs a route can print with these values, after the one
  /// ``url(base:pattern:values:wildcards:options:)`` prints (`first`, left out): those of its
  /// other shapes, each choice taken by another alternative, each optional part left out or put
  /// in, fewest changes first (at most `limit` shapes). A caller whose first URL is answered by
  /// an earlier route (`settings` before `(settings|prefs)`) tries these (`prefs`) before it
  /// says no URL can be printed; it asks for them only then, as they cost a print each.
  ///
  /// Each URL binds the given values under the whole pattern. With wildcard components given,
  /// there are none: another shape could hand a wildcard's components to another wildcard.
  public static func otherURLs(
    base: String, pattern: RoutePattern, values: [String: PatternValue],
    wildcards: [[String]] = [], options: MatchOptions = MatchOptions(), first: String?,
    limit: Int = 16
  ) -> [String] {
    guard wildcards.isEmpty else { return [] }
    var result: [String] = []
    for path in shapes(pattern.path, limit: limit) {
      var shape = pattern
      shape.path = path
      // Printed by the shape, then matched by the whole pattern: it must bind the same values
      // there (a shape without `(:id)` may print a URL whose `info` the whole binds as `id`).
      guard
        let printed = try? url(
          base: base, pattern: shape, values: values, wildcards: wildcards, options: options),
        printed != first, !result.contains(printed),
        (try? verify(
          printed, isOrigin: base.contains("://"), pattern: pattern, values: values,
          shown: pattern.description, options: options)) != nil
      else { continue }
      result.append(printed)
    }
    return result
  }

  /// The shapes of a path with no choice or optional left: each choice replaced by one of its
  /// alternatives, each optional by its contents or nothing. The pattern's own preference (left
  /// alternative, optional present) first, then shapes that change one node, then two, and so
  /// on; at most `limit`.
  static func shapes(_ path: [PathNode], limit: Int) -> [[PathNode]] {
    // Each node's choices, its preferred one first.
    let choices: [[[PathNode]]] = path.map { node in
      switch node {
      case .choice(let alternatives):
        return alternatives.flatMap { Self.shapes($0, limit: limit) }
      case .optional(let inner):
        return Self.shapes(inner, limit: limit) + [[]]
      case .literal, .capture, .wildcard, .rest:
        return [[node]]
      }
    }
    let variable = choices.indices.filter { choices[$0].count > 1 }
    var result: [[PathNode]] = []
    // Picks: node index -> its choice (0, the preferred one, where a node is not listed).
    func emit(_ picks: [Int: Int]) {
      result.append(choices.indices.flatMap { choices[$0][picks[$0] ?? 0] })
    }
    func changing(_ count: Int, from start: Int, _ picks: [Int: Int]) {
      if result.count >= limit { return }
      if count == 0 { return emit(picks) }
      for position in start..<variable.count {
        let node = variable[position]
        for option in 1..<choices[node].count {
          var next = picks
          next[node] = option
          changing(count - 1, from: position + 1, next)
          if result.count >= limit { return }
        }
      }
    }
    for count in 0...variable.count where result.count < limit {
      changing(count, from: 0, [:])
    }
    return result
  }
}
