import PatternCore

/// Parses Deeper's string syntax (SPEC §4.1) into the shared AST.
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
  /// - Throws: ``PatternSyntaxError`` pointing at the offending byte.
  public func parse(_ pattern: String) throws(PatternSyntaxError) -> RoutePattern {
    var scanner = Scanner(pattern)
    return try scanner.parsePattern()
  }
}

/// The tokenizer and recursive-descent parser, over the pattern's bytes.
private struct Scanner {
  let text: String
  let bytes: [UInt8]
  var index = 0
  /// Offsets of the '(' currently open, innermost last.
  var openGroups: [Int] = []

  init(_ text: String) {
    self.text = text
    self.bytes = Array(text.utf8)
  }

  var atEnd: Bool { index >= bytes.count }
  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  func error(_ reason: PatternSyntaxError.Reason, at offset: Int? = nil) -> PatternSyntaxError {
    PatternSyntaxError(reason, pattern: text, offset: offset ?? index)
  }

  mutating func parsePattern() throws(PatternSyntaxError) -> RoutePattern {
    guard !bytes.isEmpty else { throw error(.emptyPattern) }
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

  /// The error for the byte at `index` when nothing can follow here.
  func unexpected() -> PatternSyntaxError {
    switch current {
    case UInt8(ascii: ")"):
      return openGroups.isEmpty ? error(.unbalancedCloseParenthesis) : error(.unexpectedCharacter("')'"))
    case UInt8(ascii: "|"):
      return error(.pipeOutsideGroup)
    case UInt8(ascii: "?"):
      return error(.unexpectedCharacter("second '?'"))
    case UInt8(ascii: "&"):
      return error(
        .other(message: "unexpected '&' in the path", hint: "query items come after '?'"))
    default:
      return error(.unexpectedCharacter(describe(index)))
    }
  }

  func describe(_ offset: Int) -> String {
    guard offset < bytes.count else { return "end of pattern" }
    let scalar = String(decoding: bytes[offset...].prefix(4), as: UTF8.self).first.map(String.init)
    return "'\(scalar ?? "?")'"
  }

  // MARK: Path

  mutating func parsePath() throws(PatternSyntaxError) -> [PathNode] {
    var nodes: [PathNode] = []
    while true {
      nodes.append(try parseElement())
      guard current == UInt8(ascii: "/") else { break }
      let slash = index
      index += 1
      if atEnd || current == UInt8(ascii: "?") {
        throw error(.trailingSlash, at: slash)
      }
      if current == UInt8(ascii: "/") { throw error(.emptyComponent) }
    }
    return nodes
  }

  mutating func parseElement() throws(PatternSyntaxError) -> PathNode {
    switch current {
    case nil:
      throw error(.emptyPattern)
    case UInt8(ascii: "/"):
      throw error(.emptyComponent)
    case UInt8(ascii: "("):
      return try parseGroup()
    case UInt8(ascii: "*"):
      index += 1
      if let next = current, !isElementEnd(next) { throw error(.wildcardNotWholeComponent) }
      return .wildcard
    case UInt8(ascii: ":"):
      let (name, type) = try parseCapture()
      return .capture(name: name, type: type)
    case UInt8(ascii: ")"):
      throw openGroups.isEmpty ? error(.unbalancedCloseParenthesis) : error(.emptyAlternative)
    case UInt8(ascii: "|"):
      throw openGroups.isEmpty ? error(.pipeOutsideGroup) : error(.emptyAlternative)
    case UInt8(ascii: "?"), UInt8(ascii: "&"):
      throw unexpected()
    default:
      return .literal(try parseLiteral())
    }
  }

  func isElementEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "|")
      || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "&")
  }

  mutating func parseGroup() throws(PatternSyntaxError) -> PathNode {
    let open = index
    index += 1
    openGroups.append(open)
    if current == UInt8(ascii: ")") { throw error(.emptyGroup, at: open) }
    var alternatives: [[PathNode]] = []
    while true {
      if atEnd { throw error(.unclosedGroup, at: open) }
      if current == UInt8(ascii: "|") || current == UInt8(ascii: ")") {
        throw error(.emptyAlternative)
      }
      alternatives.append(try parsePath())
      if current == UInt8(ascii: "|") {
        index += 1
        continue
      }
      if current == UInt8(ascii: ")") { break }
      if atEnd { throw error(.unclosedGroup, at: open) }
      throw error(.expectedSeparator(found: describe(index)))
    }
    index += 1
    openGroups.removeLast()
    if let next = current, !isElementEnd(next) {
      throw error(.expectedSeparator(found: describe(index)))
    }
    return alternatives.count == 1 ? .optional(alternatives[0]) : .choice(alternatives)
  }

  /// `:name` or `:type(name)`.
  mutating func parseCapture() throws(PatternSyntaxError) -> (String, ValueType) {
    let colon = index
    index += 1
    let nameStart = index
    let first = readName()
    if current == UInt8(ascii: "(") {
      let typeName = first
      guard let type = ValueType(name: typeName) else {
        throw error(typeName.isEmpty ? .missingCaptureName : .unknownType(typeName), at: nameStart)
      }
      let open = index
      index += 1
      let innerStart = index
      let name = readName()
      guard current == UInt8(ascii: ")") else {
        if atEnd || isElementEnd(current!) {
          throw error(name.isEmpty ? .missingCaptureName : .unclosedCapture, at: name.isEmpty ? innerStart : open)
        }
        throw error(.unexpectedCharacter(describe(index) + " in a capture name"))
      }
      guard !name.isEmpty else { throw error(.missingCaptureName, at: innerStart) }
      index += 1
      try expectElementEnd()
      return (name, type)
    }
    guard !first.isEmpty else { throw error(.missingCaptureName, at: colon) }
    try expectElementEnd()
    return (first, .string)
  }

  mutating func expectElementEnd() throws(PatternSyntaxError) {
    if let next = current, !isElementEnd(next) {
      throw error(.unexpectedCharacter(describe(index) + " after a capture"))
    }
  }

  mutating func readName() -> String {
    let start = index
    while let byte = current,
      isAlphaNumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: ".")
    {
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  func isAlphaNumeric(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// Literal text up to the next syntax character; `%XX` escapes are decoded.
  mutating func parseLiteral() throws(PatternSyntaxError) -> String {
    var decoded: [UInt8] = []
    while let byte = current, !isElementEnd(byte), byte != UInt8(ascii: "(") {
      switch byte {
      case UInt8(ascii: "*"):
        throw error(.wildcardNotWholeComponent)
      case 0...0x20, 0x7F:
        throw error(.unexpectedCharacter(byte == 0x20 ? "space" : "control character"))
      case UInt8(ascii: "%"):
        guard index + 2 < bytes.count, let high = hexDigit(bytes[index + 1]),
          let low = hexDigit(bytes[index + 2])
        else { throw error(.malformedEscape) }
        decoded.append(high << 4 | low)
        index += 3
      default:
        decoded.append(byte)
        index += 1
      }
    }
    if current == UInt8(ascii: "(") { throw error(.expectedSeparator(found: "'('")) }
    return String(decoding: decoded, as: UTF8.self)
  }

  func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 0x30
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 0x57
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 0x37
    default: nil
    }
  }

  // MARK: Query

  mutating func parseQuery() throws(PatternSyntaxError) -> [QueryNode] {
    var nodes: [QueryNode] = []
    while true {
      if atEnd || current == UInt8(ascii: "&") { throw error(.emptyQueryItem) }
      nodes.append(try parseQueryTerm())
      guard current == UInt8(ascii: "&") else { break }
      index += 1
    }
    return nodes
  }

  mutating func parseQueryTerm() throws(PatternSyntaxError) -> QueryNode {
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

  mutating func parseQueryAlternatives() throws(PatternSyntaxError) -> [QueryItemPattern] {
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
