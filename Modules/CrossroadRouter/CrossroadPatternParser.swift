import PatternCore

/// Parses Crossroad patterns: `pokedex://pokemons/:pokedexID` (one scheme),
/// `https://example.com/pokemons/:id` (one universal link source), `/pokemons/:id` or
/// `pokemons/:id` (every source). The path accepts Deeper's extensions (`*`, `(x)`, `(a|b)`,
/// `:int(x)`) and Deeper's query part after `?` (`?:id`, `?ref=welcome`, `?!token`, `*all`),
/// with keys compared case-insensitively. Items the pattern does not name are still read from
/// the ``Context`` (`parameter(for:)`).
public struct CrossroadPatternParser: Sendable {
  /// A parsed pattern: the source it names (nil for every source) and its AST.
  public struct Parsed: Sendable, Hashable {
    public let source: LinkSource?
    public let pattern: RoutePattern
  }

  /// The declared types patterns may use besides the built-in ones (`:month(m)`).
  public var types: [CustomValueType]

  /// Creates a parser that knows the built-in types and `types`.
  public init(types: [CustomValueType] = []) {
    self.types = types
  }

  /// Parses a pattern.
  /// - Throws: ``CrossroadError``.
  public func parse(_ text: String) throws(CrossroadError) -> Parsed {
    var source: LinkSource?
    var start = 0
    let bytes = Array(text.utf8)
    if let separator = Self.schemeSeparator(bytes) {
      let scheme = String(decoding: bytes[0..<separator], as: UTF8.self).lowercased()
      start = separator + 3
      if scheme == "http" || scheme == "https" {
        // The origin runs to the first '/' after the host.
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?") {
          end += 1
        }
        let written = String(decoding: bytes[0..<end], as: UTF8.self)
        do throws(CrossroadError) {
          source = try LinkSource(parsing: written)
        } catch {
          guard case .invalidSource(_, let reason) = error else { throw error }
          // The caret at the first byte no host holds, else at the host.
          let bad = bytes[start..<end].firstIndex { byte in
            byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "@")
              || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
          }
          throw .invalidPatternSource(
            pattern: text, source: written, reason: reason, offset: bad ?? start)
        }
        start = end
      } else {
        source = try LinkSource(parsing: scheme)
      }
    }
    if source == nil, let bad = Self.malformedScheme(bytes) {
      // `invalid_schema://x`: meant as a source, whose scheme no URL can have.
      let end = bytes.firstIndex(of: UInt8(ascii: ":"))!
      throw .invalidPatternSource(
        pattern: text, source: String(decoding: bytes[0..<end], as: UTF8.self),
        reason: "a scheme is a letter followed by letters, digits, '+', '-' or '.'",
        offset: bad)
    }
    var scanner = PatternScanner(text, start: start, types: types)
    do throws(PatternSyntaxError) {
      try scanner.checkLength()
      let rooted = scanner.current == UInt8(ascii: "/")
      if rooted { scanner.index += 1 }
      let pattern = try scanner.parsePathAndQuery { scanner throws(PatternSyntaxError) in
        try scanner.parseQuery()
      }
      // `/` alone is the root of every source (`pokedex://`, `https://example.com/`).
      if pattern.path.isEmpty && source == nil && !rooted {
        throw scanner.error(.emptyPattern, at: 0)
      }
      return Parsed(source: source, pattern: pattern)
    } catch {
      throw .syntax(error)
    }
  }

  /// For a pattern that starts with `text://` whose `text` is not a valid scheme, the offset
  /// of its first bad byte; nil otherwise.
  static func malformedScheme(_ bytes: [UInt8]) -> Int? {
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      colon + 2 < bytes.count, bytes[colon + 1] == UInt8(ascii: "/"),
      bytes[colon + 2] == UInt8(ascii: "/"),
      !bytes[..<colon].contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") })
    else { return nil }
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    if !isLetter(bytes[0]) { return 0 }
    return bytes[1..<colon].firstIndex { byte in
      !(isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D
        || byte == 0x2E)
    }
  }

  /// The offset of `://` after a valid scheme at the start, if any.
  static func schemeSeparator(_ bytes: [UInt8]) -> Int? {
    guard let first = bytes.first, (first | 0x20) >= 0x61, (first | 0x20) <= 0x7A else {
      return nil
    }
    var index = 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ":") {
        return index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")
          && bytes[index + 2] == UInt8(ascii: "/")
          ? index : nil
      }
      let isSchemeByte =
        ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
        || byte == 0x2B || byte == 0x2D || byte == 0x2E
      guard isSchemeByte else { return nil }
      index += 1
    }
    return nil
  }
}
