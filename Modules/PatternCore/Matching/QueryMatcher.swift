/// Order-free query matching: an item takes the first value, in URL order, whose key
/// is one of its keys and whose value parses as its type.
struct QueryMatcher {
  let nodes: [QueryNode]
  let keysIgnoreCase: Bool

  /// Why a query did not match.
  enum Failure: Sendable, Hashable {
    /// A required item found no valid value; `invalid` is the first value present under one
    /// of its keys that failed to parse, if any.
    case missing(QueryItemPattern, invalid: String?)
    /// No item of a one-of group found a valid value.
    case noneOf([QueryItemPattern])
  }

  /// Binds the query items into `captures`, or returns the failures (all of them, in order).
  func bind(_ query: [QueryItem], into captures: inout Captures) -> [Failure] {
    var failures: [Failure] = []
    for node in nodes {
      switch node {
      case .item(let item):
        if let (value, text) = find(item, in: query) {
          captures.bind(item.name, value, text: text)
        } else if item.required {
          failures.append(.missing(item, invalid: firstPresent(item, in: query)))
        }
      case .oneOf(let items):
        // Only the first satisfied alternative binds, left first, as a path choice does.
        var any = false
        for item in items {
          if let (value, text) = find(item, in: query) {
            captures.bind(item.name, value, text: text)
            any = true
            break
          }
        }
        if !any { failures.append(.noneOf(items)) }
      }
    }
    return failures
  }

  private func keyMatches(_ key: String, _ item: QueryItemPattern) -> Bool {
    if keysIgnoreCase {
      let folded = key.lowercased()
      return item.keys.contains { $0.lowercased() == folded }
    }
    return item.keys.contains(key)
  }

  private func find(_ item: QueryItemPattern, in query: [QueryItem]) -> (PatternValue, String)? {
    for entry in query where keyMatches(entry.key, item) {
      if let value = PatternValue(parsing: entry.value, as: item.type) {
        return (value, entry.value)
      }
    }
    return nil
  }

  private func firstPresent(_ item: QueryItemPattern, in query: [QueryItem]) -> String? {
    query.first { keyMatches($0.key, item) }?.value
  }
}
