// The query grammar of Deeper's string syntax, which CrossroadRouter patterns accept too and
// the canonical syntax extends (see DeeperPatternParser for the grammar).
extension PatternScanner {
  package mutating func parseQuery() throws(PatternSyntaxError) -> [QueryNode] {
    try parseQueryItems { scanner throws(PatternSyntaxError) in try scanner.parseQueryTerm() }
  }

  /// Items separated by `&`, each read by `readItem`; an empty item is an error.
  package mutating func parseQueryItems(
    _ readItem: (inout PatternScanner) throws(PatternSyntaxError) -> QueryNode
  ) throws(PatternSyntaxError) -> [QueryNode] {
    var nodes: [QueryNode] = []
    inQuery = true
    while true {
      if atEnd || current == UInt8(ascii: "&") { throw emptyQueryItem() }
      nodes.append(try readItem(&self))
      guard current == UInt8(ascii: "&") else { break }
      index += 1
    }
    return nodes
  }

  /// An empty item at the index: after `?` with nothing after it the query is empty (`p?`);
  /// an `&` there, or after another `&`, is extra (`p?&:a`, `p?:a&&:b`).
  package func emptyQueryItem() -> PatternSyntaxError {
    guard index > 0, bytes[index - 1] == UInt8(ascii: "?"), atEnd else {
      return error(.emptyQueryItem)
    }
    return error(
      .other(message: "empty query", hint: "write an item after '?', or remove the '?'"))
  }

  package mutating func parseQueryTerm() throws(PatternSyntaxError) -> QueryNode {
    if current == UInt8(ascii: "!") {
      let bang = index
      index += 1
      if current == UInt8(ascii: ":") {
        throw error(
          .other(
            message: "'!' takes a key, not a capture",
            hint: "write !key to forbid an item, e.g. !token"))
      }
      let key = try readQueryText()
      guard !key.isEmpty else {
        throw error(
          .other(message: "'!' has no key", hint: "write !key to forbid an item, e.g. !token"),
          at: bang)
      }
      try expectQueryTermEnd()
      return .forbidden(keys: [key])
    }
    if current == UInt8(ascii: "*") {
      index += 1
      let name = try parseRestName(star: index - 1)
      try expectQueryTermEnd()
      return .all(name: name)
    }
    if current == UInt8(ascii: "(") {
      let open = index
      index += 1
      openGroups.append(open)
      if current == UInt8(ascii: ")") { throw error(.emptyGroup, at: open) }
      let items = try parseQueryAlternatives()
      guard current == UInt8(ascii: ")") else {
        if atEnd { throw error(.unclosedGroup, at: open) }
        throw error(.unexpectedCharacter(describe(index) + " in a query group"))
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
        let colon = index
        let (name, type) = try parseCapture()
        // `?:int()`: the name is the item's key, so an anonymous one names no item.
        guard !name.isEmpty else {
          throw error(
            .other(
              message: "query capture has no name, so no key",
              hint: "write :\(type)(key), or key=:\(type)() to match the item without binding it"),
            at: colon)
        }
        items.append(QueryItemPattern(name, type: type))
      case UInt8(ascii: "("):
        throw error(.nestedQueryGroup)
      case UInt8(ascii: "|"), UInt8(ascii: ")"), nil:
        throw error(items.isEmpty && current == nil ? .emptyQueryItem : .emptyQueryAlternative)
      case UInt8(ascii: "!"), UInt8(ascii: "*"):
        // Standing alone they are items; a group holds what binds or must be there.
        guard openGroups.isEmpty else { throw error(.standaloneItemInGroup(describe(index))) }
        throw error(.expectedQueryCapture)
      case UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: "&"):
        throw error(.expectedQueryCapture)
      default:
        items.append(try parseKeyedQueryItem())
      }
      guard current == UInt8(ascii: "|") else { return items }
      index += 1
    }
  }
}

extension PatternScanner {
  /// `key=value`, `key=:capture`, `k1/k2=…` (aliases): what follows a query key.
  package mutating func parseKeyedQueryItem() throws(PatternSyntaxError) -> QueryItemPattern {
    let start = index
    var keys: [String] = []
    while true {
      let key = try readQueryText()
      guard !key.isEmpty else { throw error(.expectedQueryCapture, at: start) }
      keys.append(key)
      guard current == UInt8(ascii: "/") else { break }
      index += 1
    }
    guard current == UInt8(ascii: "=") else {
      if keys.count == 1,
        atEnd || current == UInt8(ascii: "&") || current == UInt8(ascii: "|")
          || current == UInt8(ascii: ")")
      {
        throw error(.expectedQueryCapture, at: start)
      }
      throw error(
        .other(
          message: "expected '=' after the query key",
          hint: "write \(keys[0])=value to require a value or \(keys[0])=:name to bind it"))
    }
    let equals = index
    index += 1
    if current == UInt8(ascii: ":") {
      let (name, type) = try parseCapture()
      return QueryItemPattern(keys: keys, name: name, type: type)
    }
    let value = try conditionValue(key: keys[0], equals: equals, binding: ":name")
    if current == UInt8(ascii: "/") || current == UInt8(ascii: "=") {
      throw error(.unexpectedCharacter(describe(index) + " in a query value"))
    }
    return QueryItemPattern(keys: keys, equals: value)
  }

  /// The value of a condition `key=value` whose `=` is at `equals`: query text, not empty
  /// (`binding` shows how the dialect would bind the value instead, `:name` or `:int`).
  package mutating func conditionValue(key: String, equals: Int, binding: String)
    throws(PatternSyntaxError) -> String
  {
    let value = try readQueryText()
    guard !value.isEmpty else {
      throw error(
        .other(
          message: "'=' has no value",
          hint: "write \(key)=value to require a value, or \(key)=\(binding) to bind it"),
        at: equals)
    }
    return value
  }

  /// Query text up to `&`, `|`, `(`, `)`, `=`, `/` or the end; `%XX` escapes are decoded.
  package mutating func readQueryText() throws(PatternSyntaxError) -> String {
    let start = index
    var decoded: [UInt8] = []
    while let byte = current {
      switch byte {
      case UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "("), UInt8(ascii: ")"),
        UInt8(ascii: "="), UInt8(ascii: "/"):
        return try text(decoded, from: start)
      case 0...0x20, 0x7F, UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "}"),
        UInt8(ascii: "*"):
        throw error(.unexpectedCharacter(describe(index) + " in a query key or value"))
      case UInt8(ascii: "#"):
        throw fragmentMark()
      default:
        try takeByte(into: &decoded)
      }
    }
    return try text(decoded, from: start)
  }

  /// After `!key` or `*name`: the next term or the end.
  package mutating func expectQueryTermEnd() throws(PatternSyntaxError) {
    if let next = current, next != UInt8(ascii: "&") {
      throw error(.unexpectedCharacter(describe(index) + " after a query item"))
    }
  }
}
