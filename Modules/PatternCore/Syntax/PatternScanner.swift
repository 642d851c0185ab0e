// The path grammar shared by the dialects' parsers. Errors are PatternSyntaxError with offsets.
/// The shared tokenizer and path grammar of every string syntax (Deeper's path syntax, which
/// MappingRouter, CrossroadRouter and FuncRouter accept too). Each dialect adds its own query
/// grammar in an extension.
///
///     path     := element ('/' element)*
///     element  := '(' path ('|' path)* ')' | '*' | capture | literal
///     capture  := ':' name | ':' type '(' name ')'
package struct PatternScanner {
  package let text: String
  package let bytes: [UInt8]
  package var index: Int
  /// Offsets of the '(' currently open, innermost last.
  package var openGroups: [Int] = []
  /// FuncRouter's positional captures: `:int` alone is an int capture named by its position.
  package var positionalTypes = false
  /// Positional captures read so far (their names are "0", "1", …).
  package var positionalCount = 0
  /// Set once the query is being read: a capture there ends at `&`, not `/`.
  package var inQuery = false
  /// The types the table or the app declared, usable like built-in types. Searched by name
  /// only when a pattern names one that is not built in: a table parses each of its routes with
  /// all of its types, and building a dictionary of them per route made loading a table that
  /// declares a type per route quadratic.
  package var customTypes: [CustomValueType] = []

  /// A built-in or declared type by name (a later declaration of the same name wins).
  package func type(named name: String) -> ValueType? {
    ValueType(name: name) ?? customTypes.last { $0.name == name }.map { .custom($0) }
  }

  /// The deepest group nesting accepted (parsing recurses per level).
  package static let maxDepth = 32
  /// The longest pattern accepted, in bytes.
  package static let maxLength = 4096

  /// Throws `limit_exceeded` for a pattern longer than ``maxLength``.
  package func checkLength() throws(PatternSyntaxError) {
    if bytes.count > Self.maxLength {
      throw error(.patternTooLong(length: bytes.count, limit: Self.maxLength), at: Self.maxLength)
    }
  }

  /// Scans `text`, optionally starting at a byte offset, knowing the declared `types` besides
  /// the built-in ones.
  package init(_ text: String, start: Int = 0, types: [CustomValueType] = []) {
    self.text = text
    self.bytes = Array(text.utf8)
    self.index = start
    customTypes = types
  }

  /// The rest of a pattern from here, as every dialect's string syntax ends: a path unless the
  /// pattern goes straight to its query, then the query after `?` (read by `readQuery`), then
  /// the end of the text.
  package mutating func parsePathAndQuery(
    query readQuery: (inout PatternScanner) throws(PatternSyntaxError) -> [QueryNode]
  ) throws(PatternSyntaxError) -> RoutePattern {
    var path: [PathNode] = []
    if !atEnd, current != UInt8(ascii: "?") {
      path = try parsePath()
    }
    var query: [QueryNode] = []
    if current == UInt8(ascii: "?") {
      index += 1
      query = try readQuery(&self)
    }
    if !atEnd { throw unexpected() }
    return RoutePattern(path: path, query: query)
  }

  package var atEnd: Bool { index >= bytes.count }
  package var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  package func error(_ reason: PatternSyntaxError.Reason, at offset: Int? = nil)
    -> PatternSyntaxError
  {
    PatternSyntaxError(reason, pattern: text, offset: offset ?? index)
  }

  /// The error for the byte at `index` when nothing can follow here.
  package func unexpected() -> PatternSyntaxError {
    switch current {
    case UInt8(ascii: ")"):
      return openGroups.isEmpty
        ? error(.unbalancedCloseParenthesis) : error(.unexpectedCharacter("')'"))
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

  package func describe(_ offset: Int) -> String {
    guard offset < bytes.count else { return "end of pattern" }
    guard
      let scalar = String(decoding: bytes[offset...].prefix(4), as: UTF8.self).unicodeScalars.first
    else { return "'?'" }
    if scalar.value < 0x20 || scalar.value == 0x7F {
      return "control character U+"
        + String(scalar.value, radix: 16, uppercase: true)
        .leftPadded(to: 4)
    }
    if scalar == " " { return "space" }
    return "'\(scalar)'"
  }

  // MARK: Path

  package mutating func parsePath() throws(PatternSyntaxError) -> [PathNode] {
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

  package mutating func parseElement() throws(PatternSyntaxError) -> PathNode {
    switch current {
    case nil:
      throw error(.emptyPattern)
    case UInt8(ascii: "/"):
      throw error(.emptyComponent)
    case UInt8(ascii: "("):
      return try parseGroup()
    case UInt8(ascii: "*"):
      index += 1
      guard let next = current, !isElementEnd(next) else { return .wildcard }
      // `*name`: a rest capture.
      return .rest(name: try parseRestName(star: index - 1))
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

  package func isElementEnd(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "/") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "|")
      || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "&")
  }

  package mutating func parseGroup() throws(PatternSyntaxError) -> PathNode {
    let open = index
    if openGroups.count >= Self.maxDepth {
      throw error(.nestingTooDeep(limit: Self.maxDepth), at: open)
    }
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
  package mutating func parseCapture() throws(PatternSyntaxError) -> (String, ValueType) {
    let colon = index
    index += 1
    let nameStart = index
    let first = readName()
    if current == UInt8(ascii: "(") {
      let typeName = first
      guard let type = type(named: typeName) else {
        if typeName.isEmpty { throw error(.missingCaptureName, at: nameStart) }
        // `:id(int)`: the name and the type the other way round.
        var probe = self
        probe.index += 1
        let inner = probe.readName()
        if probe.current == UInt8(ascii: ")"), type(named: inner) != nil {
          throw error(
            .other(
              message: "unknown type `\(typeName)`",
              hint: "the type comes first: did you mean `:\(inner)(\(typeName))`?"),
            at: nameStart)
        }
        // `:p(/opt)`: an optional part written right after the capture (JLRoutes' syntax).
        if probe.current == UInt8(ascii: "/")
          || (inner.isEmpty && probe.current == UInt8(ascii: ":"))
        {
          throw error(
            .other(
              message: "unknown type `\(typeName)`",
              hint: "`:type(name)` is a typed capture; an optional part is a component of its "
                + "own: `:\(typeName)/(...)`"),
            at: nameStart)
        }
        throw error(.unknownType(typeName), at: nameStart)
      }
      let open = index
      index += 1
      let innerStart = index
      let name = readName()
      guard current == UInt8(ascii: ")") else {
        if atEnd || isElementEnd(current!) {
          throw error(
            name.isEmpty ? .missingCaptureName : .unclosedCapture,
            at: name.isEmpty ? innerStart : open)
        }
        throw error(.unexpectedCharacter(describe(index) + " in a capture name"))
      }
      index += 1
      try expectElementEnd()
      try checkNotPositional(name, at: innerStart)
      // `:int()` is an anonymous typed component (Deeper's tests use it): it must parse as
      // the type and binds nothing.
      return (name, type)
    }
    guard !first.isEmpty else {
      if let byte = current, !isElementEnd(byte) {
        throw error(.unexpectedCharacter(describe(index) + " in a capture name"))
      }
      throw error(.missingCaptureName, at: colon)
    }
    try expectElementEnd()
    if positionalTypes, let type = type(named: first), first != "num" {
      // FuncRouter: `:int` alone is the next positional capture, named by its position.
      positionalCount += 1
      return (String(positionalCount - 1), type)
    }
    try checkNotPositional(first, at: nameStart)
    return (first, .string)
  }

  /// FuncRouter names positional captures `0`, `1`, … itself: a name of digits alone would
  /// hide one of them (or be hidden), so it is refused there.
  private func checkNotPositional(_ name: String, at offset: Int) throws(PatternSyntaxError) {
    guard positionalTypes, !name.isEmpty, name.utf8.allSatisfy({ $0 &- 0x30 < 10 }) else {
      return
    }
    throw error(
      .other(
        message: "capture name `\(name)` is a position",
        hint: "positional captures are named 0, 1, … in order; give this one a name with a letter"),
      at: offset)
  }

  /// The name after a `*` (at offset `star`): `[A-Za-z_][A-Za-z0-9_]*`, then the element ends.
  package mutating func parseRestName(star: Int) throws(PatternSyntaxError) -> String {
    let start = index
    while let byte = current, isAlphaNumeric(byte) || byte == UInt8(ascii: "_") {
      if index == start, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { break }
      index += 1
    }
    guard index > start else {
      if current == nil || isElementEnd(current!) {
        throw error(
          .other(
            message: "'*' has no name", hint: "write *name to bind the items, e.g. *params"),
          at: star)
      }
      throw error(
        .other(
          message: "unexpected \(describe(index)) after '*'",
          hint: "'*' is a whole component, or *name (a letter or '_' first) binds the rest"))
    }
    if let next = current, !isElementEnd(next) {
      throw error(
        .other(
          message: "unexpected \(describe(index)) in a rest capture name",
          hint: "rest names use letters, digits and '_'"))
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  package mutating func expectElementEnd() throws(PatternSyntaxError) {
    if let next = current, !isElementEnd(next) {
      throw error(
        .unexpectedCharacter(
          describe(index) + (inQuery ? " after a query capture" : " after a capture")))
    }
  }

  package mutating func readName() -> String {
    let start = index
    while let byte = current,
      isAlphaNumeric(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: ".")
    {
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  package func isAlphaNumeric(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// Literal text up to the next syntax character; `%XX` escapes are decoded.
  package mutating func parseLiteral() throws(PatternSyntaxError) -> String {
    let start = index
    var decoded: [UInt8] = []
    while let byte = current, !isElementEnd(byte), byte != UInt8(ascii: "(") {
      switch byte {
      case UInt8(ascii: "*"):
        throw error(.wildcardNotWholeComponent)
      case 0...0x20, 0x7F:
        throw error(.unexpectedCharacter(describe(index)))
      case UInt8(ascii: "#"):
        throw fragmentMark()
      case UInt8(ascii: "{"):
        let closed = bytes[index...].contains(UInt8(ascii: "}"))
        throw error(
          .other(
            message: closed ? "unexpected '{'" : "unclosed brace",
            hint: closed
              ? "braces belong to mapping query items such as {*id}"
              : "'{' opened here is never closed"))
      case UInt8(ascii: "}"):
        throw error(.other(message: "unbalanced '}'", hint: "no '{' is open here"))
      default:
        try takeByte(into: &decoded)
      }
    }
    if current == UInt8(ascii: "(") { throw error(.expectedSeparator(found: "'('")) }
    return try text(decoded, from: start)
  }
}

extension PatternScanner {
  /// A `#` in a pattern's text: a URL's `#` starts its fragment, so the text could never match.
  package func fragmentMark() -> PatternSyntaxError {
    error(
      .other(
        message: "'#' in a pattern",
        hint: "'#' starts a URL's fragment, which routes do not match; write %23 for a '#' "
          + "in the text"))
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
