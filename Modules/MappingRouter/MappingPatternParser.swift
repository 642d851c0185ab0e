import PatternCore

/// Parses a map's path into the shared AST: the group is the first component, the
/// path may use Deeper's path syntax, and the query is `{...}` items joined by `&`.
///
///     path   := ['/'] [element ('/' element)*] ['?' item ('&' item)*]
///     item   := '{' ['*'] key ('/' key)* '}'        `*`: required; keys: aliases, first = name
///             | '{' '*' key ('/' key)* '=' value '}'  a required item with exactly this value
///             | '{' '!' key '}'                       the item must not be present
///
/// Literals compare case-insensitively in this dialect (the router's match options).
public struct MappingPatternParser: Sendable {
  /// The declared types paths may use besides the built-in ones (`:month(m)`).
  public var types: [CustomValueType]

  /// Creates a parser that knows the built-in types and `types`.
  public init(types: [CustomValueType] = []) {
    self.types = types
  }

  /// Parses the path of a map in `group`.
  /// - Throws: `PatternSyntaxError` with the offset in `path`.
  public func parse(_ path: String, group: String) throws(PatternSyntaxError) -> RoutePattern {
    var scanner = PatternScanner(path, types: types)
    try scanner.checkLength()
    if scanner.current == UInt8(ascii: "/") { scanner.index += 1 }
    var nodes: [PathNode] = group.isEmpty ? [] : [.literal(group)]
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
    try parseQueryItems { scanner throws(PatternSyntaxError) in try scanner.parseBraceItem() }
  }

  private mutating func skipSpaces() {
    while current == 0x20 { index += 1 }
  }

  mutating func parseBraceItem() throws(PatternSyntaxError) -> QueryNode {
    guard current == UInt8(ascii: "{") else {
      throw error(
        .other(
          message: "expected '{' in the query",
          hint: "mapping query items are written {*id} (required) or {name/nickname}"))
    }
    let open = index
    index += 1
    // Spaces around the marker, the keys and the separators are dropped (`{ *id / userId }`),
    // as the original router drops them; a space inside a key is an error.
    skipSpaces()
    var required = false
    var forbidden = false
    if current == UInt8(ascii: "*") {
      required = true
      index += 1
    } else if current == UInt8(ascii: "!") {
      forbidden = true
      index += 1
    }
    if current == UInt8(ascii: "!") || (forbidden && current == UInt8(ascii: "*")) {
      throw error(
        .other(
          message: "'*' and '!' in one item",
          hint: "an item is required ({*id}) or forbidden ({!token}), not both"))
    }
    var equals: String?
    var keys: [String] = []
    while true {
      skipSpaces()
      let start = index
      // The key as items carry it: `%XX` escapes decoded, as the URL's keys are.
      var key: [UInt8] = []
      while let byte = current, !Self.isBraceSyntax(byte), byte != 0x20 {
        if byte < 0x20 || byte == 0x7F { throw error(.unexpectedCharacter("control character")) }
        if byte == UInt8(ascii: "#") { throw fragmentMark() }
        if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
          || byte == UInt8(ascii: "|")
        {
          // `{*:int(id)}`, `{*a|b}`: another dialect's syntax, which a key would keep as text
          // that no URL sends.
          throw error(
            .other(
              message: "unexpected \(describe(index)) in a query key",
              hint: "a mapping item names its keys: {*id}, {name/nickname} (aliases with '/'); "
                + "write it as %\(String(byte, radix: 16, uppercase: true)) if the key has it"))
        }
        try takeByte(into: &key)
      }
      let end = index
      skipSpaces()
      if let byte = current, !Self.isBraceSyntax(byte) {
        throw error(.unexpectedCharacter("space"), at: end)
      }
      if current == UInt8(ascii: "*") {
        throw error(
          .other(
            message: "'*' in the middle of a query item",
            hint: "'*' marks a required item and comes first: {*id/userId}"))
      }
      if atEnd || current == UInt8(ascii: "&") || current == UInt8(ascii: "?") {
        // With a '}' further on (before another '{'), the brace is closed: the '&' or '?' is
        // inside the item.
        if !atEnd,
          bytes[index...].first(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "{") })
            == UInt8(ascii: "}")
        {
          throw error(
            .other(
              message: "unexpected \(describe(index)) in a query item",
              hint: "items are separated by '&' outside their braces ({*a}&{*b}); write it as "
                + (current == UInt8(ascii: "&") ? "%26" : "%3F") + " if the key has it"))
        }
        throw error(
          .other(message: "unclosed brace", hint: "'{' opened here is never closed"), at: open)
      }
      if current == UInt8(ascii: "{") {
        throw error(.other(message: "nested brace", hint: "close the item with '}' first"))
      }
      guard end > start else {
        throw error(
          .other(message: "empty alias", hint: "write a key between '{', '/' and '}'"))
      }
      if current == UInt8(ascii: "=") {
        keys.append(try text(key, from: start))
        let sign = index
        index += 1
        equals = try readBraceValue(open: open)
        guard !equals!.isEmpty else {
          throw error(
            .other(message: "'=' has no value", hint: "write {*\(keys[0])=value}"), at: sign)
        }
        guard required else {
          throw error(
            .other(
              message: "a value condition must be required",
              hint: "write {*\(keys[0])=\(equals!)}: the item must have this value"), at: open)
        }
        index += 1  // '}'
        break
      }
      keys.append(try text(key, from: start))
      if current == UInt8(ascii: "}") {
        index += 1
        break
      }
      index += 1  // '/'
    }
    if let next = current, next != UInt8(ascii: "&") {
      throw error(.unexpectedCharacter(describe(index) + " after a query item"))
    }
    if forbidden {
      guard keys.count == 1 else {
        throw error(
          .other(message: "a forbidden item has one key", hint: "write one {!key} per key"),
          at: open)
      }
      return .forbidden(keys: keys)
    }
    if let equals { return .item(QueryItemPattern(keys: keys, equals: equals)) }
    return .item(QueryItemPattern(keys: keys, name: keys[0], type: .string, required: required))
  }

  /// The value of `{*key=value}` up to `}` (left at the index), `%XX` escapes decoded.
  mutating func readBraceValue(open: Int) throws(PatternSyntaxError) -> String {
    let start = index
    var decoded: [UInt8] = []
    while let byte = current, byte != UInt8(ascii: "}") {
      switch byte {
      case UInt8(ascii: "#"):
        throw fragmentMark()
      case 0...0x20, 0x7F, UInt8(ascii: "{"), UInt8(ascii: "&"), UInt8(ascii: "?"):
        if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "?") {
          throw error(
            .other(message: "unclosed brace", hint: "'{' opened here is never closed"), at: open)
        }
        throw error(.unexpectedCharacter(describe(index) + " in a query value"))
      case UInt8(ascii: "/"), UInt8(ascii: "="):
        // `{*ref=a/r=b}`: an alias after the value, or a second `=`, as the other dialects
        // refuse `k=v=w`; the character itself is written escaped.
        throw error(
          .other(
            message: "unexpected \(describe(index)) in a query value",
            hint: "aliases come before '=' ({*ref/r=value}); write a '/' or '=' of the value "
              + "as %2F or %3D"))
      default:
        try takeByte(into: &decoded)
      }
    }
    if atEnd {
      throw error(
        .other(message: "unclosed brace", hint: "'{' opened here is never closed"), at: open)
    }
    return try text(decoded, from: start)
  }

  static func isBraceSyntax(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "{")
      || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "?")
      || byte == UInt8(ascii: "=")
  }
}
