@testable import PatternCore

/// Builds patterns tersely in tests.
func lit(_ text: String) -> PathNode { .literal(text) }
func cap(_ name: String, _ type: ValueType = .string) -> PathNode {
  .capture(name: name, type: type)
}

/// Matches one pattern against a URL and returns its captures as text, or nil.
func bind(_ path: [PathNode], _ url: String, query: [QueryNode] = []) throws -> [String: String]? {
  let table = RouteTable(patterns: [RoutePattern(path: path, query: query)])
  guard let match = table.firstMatch(try ParsedURL(url).routingInput) else { return nil }
  return Dictionary(uniqueKeysWithValues: match.captures.entries.map { ($0.name, $0.text) })
}
