import PatternCore

/// Parses DeeperFunc format strings into the shared AST.
///
///     path   := ['/'] element ('/' element)*
///     element:= literal | ':int' | ':string' | ':double' | ':bool'     positional, named 0, 1, …
///             | ':name' (a named string) | ':int(name)' | '*' | '(' path ')' | '(' path ('|' path)+ ')'
///     query  := term ('&' term)*
///     term   := item | '(' item ')' | '(' item ('|' item)+ ')'     optional / at least one
///             | '!' key | '*' name                                  forbidden / every item
///     item   := key '=' (':type' | ':name' | ':type(name)' | value)   value: a condition
///
/// `*name` in the path is a rest capture (one or more components, bound as a string).
///
/// Unlike the original, text after an optional group is kept and `(a|b)` is a choice. Values
/// are every capture in pattern order; those inside an optional group, a choice or an optional
/// query item are optional.
public struct FormatParser: Sendable {
  /// The parsed format: its AST and its values.
  public struct Parsed: Sendable {
    /// The AST.
    public let pattern: RoutePattern
    let leaves: [Leaf]
    let positions: Int

    /// Each value's capture name and type, and whether it is optional, in order.
    public var values: [(name: String, type: ValueType, optional: Bool)] {
      leaves.map { leaf in
        switch leaf {
        case .required(let name, let type): (name, type, false)
        case .optional(.required(let name, let type)): (name, type, true)
        default: ("", .string, true)
        }
      }
    }
  }

  /// The declared types formats may use besides the built-in ones (`:month`, `:month(m)`).
  public var types: [CustomValueType]

  /// Creates a parser that knows the built-in types and `types`.
  public init(types: [CustomValueType] = []) {
    self.types = types
  }

  /// Parses a format string.
  /// - Throws: `PatternSyntaxError` with the offset.
  public func parse(_ format: String) throws(PatternSyntaxError) -> Parsed {
    var scanner = PatternScanner(format, types: types)
    try scanner.checkLength()
    scanner.positionalTypes = true
    guard !scanner.atEnd else { throw scanner.error(.emptyPattern) }
    if scanner.current == UInt8(ascii: "/") { scanner.index += 1 }
    if scanner.atEnd { throw scanner.error(.emptyPattern, at: 0) }
    let pattern = try scanner.parsePathAndQuery { scanner throws(PatternSyntaxError) in
      try scanner.parseFormatQuery()
    }
    return Parsed(
      pattern: pattern, leaves: Self.leaves(pattern), positions: scanner.positionalCount)
  }

  static func leaves(_ pattern: RoutePattern) -> [Leaf] {
    var leaves: [Leaf] = []
    func walk(_ nodes: [PathNode], optional: Bool) {
      for node in nodes {
        switch node {
        case .capture(let name, _) where name.isEmpty:
          continue  // `:int()` matches a typed component and binds nothing
        case .capture(let name, let type):
          let leaf = Leaf.required(name: name, type: type)
          leaves.append(optional ? .optional(leaf) : leaf)
        case .optional(let inner): walk(inner, optional: true)
        case .choice(let alternatives): alternatives.forEach { walk($0, optional: true) }
        case .rest(let name):
          let leaf = Leaf.required(name: name, type: .string)
          leaves.append(optional ? .optional(leaf) : leaf)
        case .literal, .wildcard: break
        }
      }
    }
    walk(pattern.path, optional: false)
    for node in pattern.query {
      switch node {
      case .item(let item) where item.equals != nil || item.name.isEmpty:
        continue  // a condition, or `k=:int()`: it binds nothing
      case .item(let item):
        let leaf = Leaf.required(name: item.name, type: item.type)
        leaves.append(item.required ? leaf : .optional(leaf))
      case .oneOf(let items):
        leaves += items.filter { $0.equals == nil && !$0.name.isEmpty }.map {
          .optional(.required(name: $0.name, type: $0.type))
        }
      case .forbidden, .all:
        continue  // no typed value (`*name` binds an object of strings)
      }
    }
    return leaves
  }
}

extension PatternScanner {
  mutating func parseFormatQuery() throws(PatternSyntaxError) -> [QueryNode] {
    var nodes: [QueryNode] = []
    inQuery = true
    while true {
      if atEnd || current == UInt8(ascii: "&") { throw emptyQueryItem() }
      if current == UInt8(ascii: "!") || current == UInt8(ascii: "*") {
        // `!key` and `*name` read as in Deeper's query syntax.
        nodes.append(try parseQueryTerm())
      } else if current == UInt8(ascii: "(") {
        let open = index
        index += 1
        var items: [QueryItemPattern] = []
        while true {
          if current == UInt8(ascii: "(") { throw error(.nestedQueryGroup) }
          if current == UInt8(ascii: "|") || current == UInt8(ascii: ")") {
            throw error(
              items.isEmpty && current == UInt8(ascii: ")") ? .emptyGroup : .emptyQueryAlternative,
              at: items.isEmpty && current == UInt8(ascii: ")") ? open : nil)
          }
          if atEnd { throw error(.unclosedGroup, at: open) }
          items.append(try parseFormatItem())
          if current == UInt8(ascii: "|") {
            index += 1
            continue
          }
          guard current == UInt8(ascii: ")") else {
            if atEnd { throw error(.unclosedGroup, at: open) }
            throw error(.unexpectedCharacter(describe(index)))
          }
          index += 1
          break
        }
        if items.count == 1 {
          var item = items[0]
          item.required = false
          nodes.append(.item(item))
        } else {
          nodes.append(.oneOf(items))
        }
      } else {
        nodes.append(.item(try parseFormatItem()))
      }
      if atEnd { break }
      guard current == UInt8(ascii: "&") else {
        throw error(.unexpectedCharacter(describe(index) + " after a query item"))
      }
      index += 1
    }
    return nodes
  }

  /// `key=:type`, `key=:name` or `key=:type(name)`.
  mutating func parseFormatItem() throws(PatternSyntaxError) -> QueryItemPattern {
    if current == UInt8(ascii: "!") || current == UInt8(ascii: "*") {
      throw error(.standaloneItemInGroup(describe(index)))
    }
    let start = index
    // The key as items carry it: `%XX` escapes decoded, as the URL's keys are.
    var decoded: [UInt8] = []
    while let byte = current, byte != UInt8(ascii: "="), byte != UInt8(ascii: "&"),
      byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")"), byte != UInt8(ascii: "("),
      byte != UInt8(ascii: ":")
    {
      if byte <= 0x20 || byte == 0x7F {
        throw error(.unexpectedCharacter(byte == 0x20 ? "space" : "control character"))
      }
      try takeByte(into: &decoded)
    }
    guard index > start else {
      throw error(
        .other(message: "query item has no key", hint: "write items as key=:type, e.g. page=:int"))
    }
    let key = try text(decoded, from: start)
    guard current == UInt8(ascii: "=") else {
      throw error(
        .other(message: "expected '=' after the query key", hint: "write items as \(key)=:type"))
    }
    let equals = index
    index += 1
    guard current == UInt8(ascii: ":") else {
      let value = try conditionValue(key: key, equals: equals, binding: ":int")
      if let byte = current, byte != UInt8(ascii: "&"), byte != UInt8(ascii: "|"),
        byte != UInt8(ascii: ")")
      {
        throw error(.unexpectedCharacter(describe(index) + " in a query value"))
      }
      return QueryItemPattern(keys: [key], equals: value)
    }
    let (name, type) = try parseCapture()
    return QueryItemPattern(keys: [key], name: name, type: type)
  }
}
