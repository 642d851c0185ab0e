extension RoutePattern {
  /// What makes two routes the same route: the pattern up to capture names, with text folded
  /// where the table compares it without case (the first component, which is the host of a
  /// custom-scheme URL, always; every literal when `literalsIgnoreCase`; query keys when
  /// `queryKeysIgnoreCase`). Two routes with the same identity answer the same URLs with the
  /// same bindings, so the later one can never win.
  ///
  /// Route-table analysis, Crossroad's duplicate check and MappingInfo's duplicate check all
  /// use it (MappingInfo compares paths alone: `includingQuery: false`).
  package func identity(options: MatchOptions, includingQuery: Bool = true) -> RoutePattern {
    func fold(_ nodes: [PathNode]) -> [PathNode] {
      nodes.map { node in
        switch node {
        case .literal(let text): .literal(text.lowercased())
        case .capture, .wildcard, .rest: node
        case .optional(let inner): .optional(fold(inner))
        case .choice(let alternatives): .choice(alternatives.map(fold))
        }
      }
    }
    var result = anonymized
    if options.literalsIgnoreCase {
      result.path = fold(result.path)
    } else if case .literal(let text)? = result.path.first {
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
    return result
  }
}
