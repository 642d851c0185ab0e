import PatternCore

/// Parses Deeper's string syntax into the shared AST.
///
/// Grammar (bytes; offsets in errors are UTF-8 byte offsets):
///
///     pattern  := ['/'] [path] ['?' query]
///     path     := element ('/' element)*
///     element  := '(' path ('|' path)* ')' | '*' | capture | literal
///     capture  := ':' name | ':' type '(' name ')'      type: int num double bool string
///     query    := term ('&' term)*
///     term     := qcapture ('|' qcapture)* | '(' qcapture ('|' qcapture)* ')'
///
/// A group without `|` is optional; with `|` it is a choice. In the query, `(:a)` is optional
/// and `:a|:b` or `(:a|:b)` means at least one of them. A capture's query key is its name.
public struct DeeperPatternParser: Sendable {
  /// Creates a parser.
  public init() {}

  /// Parses a pattern.
  /// - Throws: `PatternSyntaxError` pointing at the offending byte.
  public func parse(_ pattern: String) throws(PatternSyntaxError) -> RoutePattern {
    var scanner = PatternScanner(pattern)
    return try scanner.parseDeeperPattern()
  }
}

/// Deeper's query grammar on top of the shared path scanner.
extension PatternScanner {
  package mutating func parseDeeperPattern() throws(PatternSyntaxError) -> RoutePattern {
    guard !bytes.isEmpty else { throw error(.emptyPattern) }
    try checkLength()
    if current == UInt8(ascii: "/") { index += 1 }
    // After the optional leading '/', something must follow: "/" alone is an empty pattern.
    if atEnd { throw error(.emptyPattern, at: 0) }
    var path: [PathNode] = []
    if !atEnd, current != UInt8(ascii: "?") {
      path = try parsePath()
    }
    var query: [QueryNode] = []
    if current == UInt8(ascii: "?") {
      index += 1
      query = try parseQuery()
    }
    if !atEnd { throw unexpected() }
    return RoutePattern(path: path, query: query)
  }

  package mutating func parseQuery() throws(PatternSyntaxError) -> [QueryNode] {
    var nodes: [QueryNode] = []
    while true {
      if atEnd || current == UInt8(ascii: "&") { throw error(.emptyQueryItem) }
      nodes.append(try parseQueryTerm())
      guard current == UInt8(ascii: "&") else { break }
      index += 1
    }
    return nodes
  }

  package mutating func parseQueryTerm() throws(PatternSyntaxError) -> QueryNode {
    if current == UInt8(ascii: "(") {
      let open = index
      index += 1
      openGroups.append(open)
      if current == UInt8(ascii: ")") { throw error(.emptyGroup, at: open) }
      let items = try parseQueryAlternatives()
      guard current == UInt8(ascii: ")") else {
        if atEnd { throw error(.unclosedGroup, at: open) }
        throw error(.unexpectedCharacter(describe(index)))
      }
      index += 1
      openGroups.removeLast()
      if let next = current, next != UInt8(ascii: "&") {
        throw error(.unexpectedCharacter(describe(index) + " after a query group"))
      }
      if items.count == 1 {
        var item = items[0]
        item.required = false
        return .item(item)
      }
      return .oneOf(items)
    }
    let items = try parseQueryAlternatives()
    return items.count == 1 ? .item(items[0]) : .oneOf(items)
  }

  package mutating func parseQueryAlternatives() throws(PatternSyntaxError) -> [QueryItemPattern] {
    var items: [QueryItemPattern] = []
    while true {
      switch current {
      case UInt8(ascii: ":"):
        let (name, type) = try parseCapture()
        items.append(QueryItemPattern(name, type: type))
      case UInt8(ascii: "("):
        throw error(.nestedQueryGroup)
      case UInt8(ascii: "|"), UInt8(ascii: ")"), nil:
        throw error(items.isEmpty && current == nil ? .emptyQueryItem : .emptyAlternative)
      default:
        throw error(.expectedQueryCapture)
      }
      guard current == UInt8(ascii: "|") else { return items }
      index += 1
    }
  }
}
