import PatternCore

/// Parses a map's path into the shared AST: the group is the first component, the
/// path may use Deeper's path syntax, and the query is `{...}` items joined by `&`.
///
///     path   := ['/'] [element ('/' element)*] ['?' item ('&' item)*]
///     item   := '{' ['*'] key ('/' key)* '}'        `*`: required; keys: aliases, first = name
///
/// Literals compare case-insensitively in this dialect (the router's match options).
public struct MappingPatternParser: Sendable {
  /// Creates a parser.
  public init() {}

  /// Parses the path of a map in `group`.
  /// - Throws: `PatternSyntaxError` with the offset in `path`.
  public func parse(_ path: String, group: String) throws(PatternSyntaxError) -> RoutePattern {
    var scanner = PatternScanner(path)
    try scanner.checkLength()
    if scanner.current == UInt8(ascii: "/") { scanner.index += 1 }
    var nodes: [PathNode] = [.literal(group)]
    if !scanner.atEnd, scanner.current != UInt8(ascii: "?") {
      nodes += try scanner.parsePath()
    }
    var query: [QueryNode] = []
    if scanner.current == UInt8(ascii: "?") {
      scanner.index += 1
      query = try scanner.parseMappingQuery()
    }
    if !scanner.atEnd { throw scanner.unexpected() }
    return RoutePattern(path: nodes, query: query)
  }
}

extension PatternScanner {
  mutating func parseMappingQuery() throws(PatternSyntaxError) -> [QueryNode] {
    var nodes: [QueryNode] = []
    while true {
      if atEnd || current == UInt8(ascii: "&") { throw error(.emptyQueryItem) }
      nodes.append(.item(try parseBraceItem()))
      guard current == UInt8(ascii: "&") else { break }
      index += 1
    }
    return nodes
  }

  mutating func parseBraceItem() throws(PatternSyntaxError) -> QueryItemPattern {
    guard current == UInt8(ascii: "{") else {
      throw error(
        .other(
          message: "expected '{' in the query",
          hint: "mapping query items are written {*id} (required) or {name/nickname}"))
    }
    let open = index
    index += 1
    var required = false
    if current == UInt8(ascii: "*") {
      required = true
      index += 1
    }
    var keys: [String] = []
    while true {
      let start = index
      while let byte = current, !Self.isBraceSyntax(byte) {
        if byte <= 0x20 || byte == 0x7F {
          throw error(.unexpectedCharacter(byte == 0x20 ? "space" : "control character"))
        }
        index += 1
      }
      if current == UInt8(ascii: "*") {
        throw error(
          .other(
            message: "'*' in the middle of a query item",
            hint: "'*' marks a required item and comes first: {*id/userId}"))
      }
      if atEnd || current == UInt8(ascii: "&") || current == UInt8(ascii: "?") {
        throw error(
          .other(message: "unclosed brace", hint: "'{' opened here is never closed"), at: open)
      }
      if current == UInt8(ascii: "{") {
        throw error(.other(message: "nested brace", hint: "close the item with '}' first"))
      }
      guard index > start else {
        throw error(
          .other(message: "empty alias", hint: "write a key between '{', '/' and '}'"))
      }
      keys.append(String(decoding: bytes[start..<index], as: UTF8.self))
      if current == UInt8(ascii: "}") {
        index += 1
        break
      }
      index += 1  // '/'
    }
    if let next = current, next != UInt8(ascii: "&") {
      throw error(.unexpectedCharacter(describe(index) + " after a query item"))
    }
    return QueryItemPattern(keys: keys, name: keys[0], type: .string, required: required)
  }

  static func isBraceSyntax(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "{")
      || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "?")
  }
}
