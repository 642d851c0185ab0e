extension RoutePattern {
  /// What makes two routes the same route: the pattern up to capture names (a rest capture
  /// `*name` is `*`, which it matches like), with text folded where the table compares it
  /// without case: every literal when `literalsIgnoreCase`, query keys when
  /// `queryKeysIgnoreCase`, and the first component when `foldingFirst` (the host of a
  /// custom-scheme URL; without a host, as in `myapp:///P/x`, that component is case-sensitive,
  /// so two routes that differ there are the same only by the dialect's own rule). Two routes
  /// with the same identity answer the same URLs, so the later one can never win. The query's
  /// terms are taken in one order, as the query matches in any.
  ///
  /// Route-table analysis (`foldingFirst: false`: it never warns wrongly), Crossroad's
  /// duplicate check (custom-scheme routes fold their first component, as their host) and
  /// MappingInfo's duplicate check (paths alone: `includingQuery: false`) all use it.
  package func identity(
    options: MatchOptions, includingQuery: Bool = true, foldingFirst: Bool = true
  ) -> RoutePattern {
    func fold(_ nodes: [PathNode]) -> [PathNode] {
      nodes.map { node in
        switch node {
        case .literal(let text): .literal(options.literalsIgnoreCase ? text.lowercased() : text)
        case .capture, .wildcard: node
        case .rest: .wildcard
        case .optional(let inner): .optional(fold(inner))
        case .choice(let alternatives): .choice(alternatives.map(fold))
        }
      }
    }
    var result = anonymized
    result.path = fold(result.path)
    if foldingFirst, case .literal(let text)? = result.path.first {
      result.path[0] = .literal(text.lowercased())
    }
    if !includingQuery {
      result.query = []
    } else if options.queryKeysIgnoreCase {
      func foldKeys(_ item: QueryItemPattern) -> QueryItemPattern {
        var folded = item
        folded.keys = item.keys.map { $0.lowercased() }
        return folded
      }
      result.query = result.query.map { node in
        switch node {
        case .item(let item): .item(foldKeys(item))
        case .oneOf(let items): .oneOf(items.map(foldKeys))
        case .forbidden(let keys): .forbidden(keys: keys.map { $0.lowercased() })
        case .all: node
        }
      }
    }
    // The query is order-independent (`?:x&:y` is `?:y&:x`): its terms in one order.
    result.query.sort { String(describing: $0) < String(describing: $1) }
    return result
  }
}
