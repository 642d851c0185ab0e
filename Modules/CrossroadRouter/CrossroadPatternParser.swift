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
    if source == nil, let prefix = Self.schemePrefix(bytes), let bad = prefix.firstBad {
      // `invalid_schema://x`: meant as a source, whose scheme no URL can have.
      throw .invalidPatternSource(
        pattern: text, source: String(decoding: bytes[0..<prefix.colon], as: UTF8.self),
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

  /// The offset of `://` after a valid scheme at the start, if any.
  static func schemeSeparator(_ bytes: [UInt8]) -> Int? {
    guard let prefix = schemePrefix(bytes), prefix.firstBad == nil else { return nil }
    return prefix.colon
  }

  /// A pattern that starts with `text://` (no `/` or `?` in `text`): the offset of its `:`, and
  /// of the first byte a scheme cannot have there (a letter first, then letters, digits, `+`,
  /// `-` or `.`), nil when `text` is a scheme.
  static func schemePrefix(_ bytes: [UInt8]) -> (colon: Int, firstBad: Int?)? {
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
      colon + 2 < bytes.count, bytes[colon + 1] == UInt8(ascii: "/"),
      bytes[colon + 2] == UInt8(ascii: "/"),
      !bytes[..<colon].contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") })
    else { return nil }
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    if !isLetter(bytes[0]) { return (colon, 0) }
    let bad = bytes[1..<colon].firstIndex { byte in
      !(isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B || byte == 0x2D
        || byte == 0x2E)
    }
    return (colon, bad)
  }
}
