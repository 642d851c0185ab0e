/// Reusable storage for ``RouteTable/lookup(_:scheme:limits:into:)``: the URL's decoded bytes, the search's
/// scratch space and the winner's capture positions. Keep one per thread and reuse it; after it
/// has grown to the URLs it sees, a lookup allocates nothing.
///
///     var lookup = RouteLookup()
///     if let route = try table.lookup("myapp://profile/42", into: &lookup) {
///       let captures = table.captures(of: lookup)   // builds strings only now
///     }
public struct RouteLookup: Sendable {
  var layout = URLLayout()
  var scratch = SearchScratch()
  /// The component each capture slot of the winning route bound, or -1.
  var slots = ScratchArray<Int32>()

  /// The winning route of the last lookup, if any.
  public internal(set) var routeIndex: Int?
  /// Whether the last lookup was given a scheme and the URL had another one (or none).
  public internal(set) var schemeMismatch = false
  /// The URL's scheme, lower-cased ("" for a relative reference), when the scheme mismatched.
  public internal(set) var foundScheme = ""

  /// Creates empty storage.
  public init() {}

  /// The decoded text of path component `index` of the last URL (the host is component 0).
  public func component(_ index: Int) -> String { layout.component(index) }

  /// The number of components of the last URL, the host included.
  public var componentCount: Int { layout.componentCount }

  /// The decoded host of the last URL, if it has a non-empty one.
  public var host: String? { layout.hasHost ? layout.component(0) : nil }
}

extension RouteTable {
  /// Finds the first route that matches `url` (custom-scheme rule: the host is the first
  /// component), keeping what the match bound in `lookup`. A relative reference (no scheme)
  /// matches nothing. Equivalent to `firstMatch(ParsedURL(url).routingInput)?.routeIndex`.
  ///
  /// With `scheme` (lower-case), a URL of another scheme (compared case-insensitively) matches
  /// nothing and sets ``RouteLookup/schemeMismatch``, as a single-scheme router answers it.
  /// - Throws: ``URLParseError`` when the URL is malformed, as ``URLParser/parse(_:)`` does with
  ///   the same `limits`.
  public func lookup(
    _ url: String, scheme: String? = nil, limits: URLLimits = .default,
    into lookup: inout RouteLookup
  ) throws(URLParseError) -> Int? {
    lookup.routeIndex = nil
    lookup.schemeMismatch = false
    lookup.slots.reset()
    try URLParser(limits: limits).scan(url, into: &lookup.layout)
    if let scheme, !Self.hasScheme(url, scheme, end: lookup.layout.schemeEnd) {
      lookup.schemeMismatch = true
      let end = lookup.layout.schemeEnd
      lookup.foundScheme = end < 0 ? "" : String(url.utf8.prefix(end))!.lowercased()
      return nil
    }
    guard lookup.layout.schemeEnd >= 0,
      let route = firstRoute(
        from: 0, lookup.layout, first: 0, firstIsHost: lookup.layout.hasHost, &lookup.scratch)
    else { return nil }
    lookup.routeIndex = route
    let program = routes[route].program
    let index = trie.index
    if index.routeRebinds[route] {
      // Wildcards with choices: the program decides the binding.
      let input = lookup.layout.routingInput(first: 0, firstIsHost: lookup.layout.hasHost)
      let bound = matcher(routes[route], input).run() ?? []
      for position in bound { lookup.slots.append(Int32(position)) }
    } else {
      for _ in 0..<program.slotNames.count { lookup.slots.append(-1) }
      let bestPath = lookup.scratch.state.bestPath.buffer
      let slots = index.slotRange(ofKey: lookup.scratch.state.best)
      for (offset, position) in zip(slots, bestPath) {
        lookup.slots[Int(index.keySlots[offset])] = position
      }
    }
    return route
  }

  /// Whether the first `end` bytes of `url` are `scheme` (lower-case), ignoring ASCII case.
  static func hasScheme(_ url: String, _ scheme: String, end: Int) -> Bool {
    guard end >= 0 else { return false }
    var url = url
    var scheme = scheme
    return url.withUTF8 { bytes in
      scheme.withUTF8 { expected in
        guard end == expected.count else { return false }
        for index in 0..<end {
          let byte = bytes[index]
          if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != expected[index] { return false }
        }
        return true
      }
    }
  }

  /// The route that came closest to matching the URL of the last lookup, when it found none:
  /// ``nearestMiss(_:)`` for that URL, without parsing it again.
  public func nearestMiss(of lookup: RouteLookup) -> (routeIndex: Int, reason: MissReason)? {
    nearestMiss(lookup.layout.routingInput(first: 0, firstIsHost: lookup.layout.hasHost))
  }

  /// The typed values the last successful ``lookup(_:scheme:limits:into:)`` bound, exactly as
  /// ``match(routeAt:_:)`` binds them; empty when it found nothing.
  public func captures(of lookup: RouteLookup) -> Captures {
    var captures = Captures()
    guard let route = lookup.routeIndex else { return captures }
    let program = routes[route].program
    if program.restEnds.contains(where: { $0 >= 0 }) {
      let input = lookup.layout.routingInput(first: 0, firstIsHost: lookup.layout.hasHost)
      return match(routeAt: route, input)?.captures ?? captures
    }
    for (slot, position) in lookup.slots.buffer.enumerated()
    where position >= 0 && !program.slotNames[slot].isEmpty {
      let text = lookup.layout.component(Int(position))
      if let value = PatternValue(parsing: text, as: program.slotTypes[slot]) {
        captures.bind(program.slotNames[slot], value, text: text)
      }
    }
    _ = QueryMatcher(
      nodes: routes[route].pattern.query, keysIgnoreCase: options.queryKeysIgnoreCase
    )
    .bind(lookup.layout.queryItems, into: &captures)
    return captures
  }
}
