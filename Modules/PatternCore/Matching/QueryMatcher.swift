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
    /// The URL has an item under a key the pattern forbids.
    case forbidden(key: String)
  }

  /// Binds the query items into `captures`, or returns the failures (all of them, in order).
  func bind(_ query: [QueryItem], into captures: inout Captures) -> [Failure] {
    var failures: [Failure] = []
    for node in nodes {
      switch node {
      case .item(let item):
        if let (value, text) = find(item, in: query) {
          if !item.name.isEmpty { captures.bind(item.name, value, text: text) }
        } else if item.required {
          failures.append(.missing(item, invalid: firstPresent(item, in: query)))
        }
      case .oneOf(let items):
        // Only the first satisfied alternative binds, left first, as a path choice does.
        var any = false
        for item in items {
          if let (value, text) = find(item, in: query) {
            if !item.name.isEmpty { captures.bind(item.name, value, text: text) }
            any = true
            break
          }
        }
        if !any { failures.append(.noneOf(items)) }
      case .forbidden(let keys):
        let pattern = QueryItemPattern(keys: keys, name: "")
        if let present = query.first(where: { keyMatches($0.key, pattern) }) {
          failures.append(.forbidden(key: present.key))
        }
      case .all(let name):
        var items: [QueryItem] = []
        var seen = Set<String>()
        for entry in query where seen.insert(entry.key).inserted { items.append(entry) }
        let value = PatternValue.object(items)
        captures.bind(name, value, text: value.text)
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
      if let equals = item.equals {
        if entry.value == equals { return (.string(entry.value), entry.value) }
      } else if let value = PatternValue(parsing: entry.value, as: item.type) {
        return (value, entry.value)
      }
    }
    return nil
  }

  private func firstPresent(_ item: QueryItemPattern, in query: [QueryItem]) -> String? {
    query.first { keyMatches($0.key, item) }?.value
  }
}
