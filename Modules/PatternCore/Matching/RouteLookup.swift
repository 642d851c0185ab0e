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
  /// Storage for explaining a miss, made the first time one is explained (a lookup that only
  /// finds, such as the one a route sequence keeps, allocates none).
  var near: NearScratch?
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

  /// The byte offset in the last URL where its fragment starts (after `#`), or -1.
  ///
  /// This and ``text(ofSlot:)`` are for the resolver's per-line path, in another module:
  /// `mutating` only so that the lookup is passed by address, where a plain getter on this
  /// large value would copy it (and retain its buffers) at every call.
  package var fragmentStart: Int { mutating get { layout.fragmentStart } }

  /// The decoded bytes slot `slot` bound in the last successful lookup, nil when it bound
  /// nothing. They live in this lookup's storage: valid while it is neither changed nor released
  /// (a pointer, not a closure, so a caller can write them while it holds the lookup).
  package mutating func text(ofSlot slot: Int) -> UnsafeBufferPointer<UInt8>? {
    let position = Int(slots[slot])
    guard position >= 0 else { return nil }
    let start = Int(layout.bounds[2 * position])
    let end = Int(layout.bounds[2 * position + 1])
    return UnsafeBufferPointer(rebasing: layout.bytes.buffer[start..<end])
  }

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
    // The closure is untyped `rethrows`; carry the typed error out in a Result.
    let result = url.withUTF8Bytes { bytes in
      Result { () throws(URLParseError) in
        try self.lookup(utf8: bytes, scheme: scheme, limits: limits, into: &lookup)
      }
    }
    return try result.get()
  }

  /// ``lookup(_:scheme:limits:into:)`` over the URL's UTF-8 bytes (a `String` is made only for
  /// an error's message).
  package func lookup(
    utf8 url: UnsafeBufferPointer<UInt8>, scheme: String? = nil, limits: URLLimits = .default,
    into lookup: inout RouteLookup
  ) throws(URLParseError) -> Int? {
    lookup.routeIndex = nil
    lookup.schemeMismatch = false
    try URLParser(limits: limits).scan(utf8: url, into: &lookup.layout)
    if let scheme, !Self.hasScheme(url, scheme, end: lookup.layout.schemeEnd) {
      lookup.schemeMismatch = true
      let end = lookup.layout.schemeEnd
      lookup.foundScheme =
        end < 0
        ? ""
        : String(decoding: UnsafeBufferPointer(rebasing: url[..<end]), as: UTF8.self)
          .lowercased()
      return nil
    }
    guard lookup.layout.schemeEnd >= 0,
      let route = firstRoute(from: 0, firstIsHost: lookup.layout.hasHost, &lookup)
    else { return nil }
    lookup.routeIndex = route
    bindSlots(ofRoute: route, firstIsHost: lookup.layout.hasHost, &lookup)
    return route
  }

  /// Whether the first `end` bytes of `url` are `scheme` (lower-case), ignoring ASCII case.
  static func hasScheme(_ url: UnsafeBufferPointer<UInt8>, _ scheme: String, end: Int) -> Bool {
    guard end >= 0 else { return false }
    return scheme.withUTF8Bytes { expected in
      guard end == expected.count else { return false }
      for index in 0..<end {
        let byte = url[index]
        if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != expected[index] { return false }
      }
      return true
    }
  }

  /// The route that came closest to matching the URL of the last lookup, when it found none:
  /// ``nearestMiss(_:)`` for that URL, without parsing it again.
  public func nearestMiss(of lookup: RouteLookup) -> (routeIndex: Int, reason: MissReason)? {
    // The scan folded and hashed the components already.
    var scratch = NearScratch()
    return nearestMiss(lookup.layout, firstIsHost: lookup.layout.hasHost, &scratch)
  }

  /// ``nearestMiss(of:)`` with the lookup's own storage for the search, which then allocates
  /// nothing once it has grown.
  package func nearestMiss(of lookup: inout RouteLookup) -> (routeIndex: Int, reason: MissReason)? {
    if lookup.near == nil { lookup.near = NearScratch() }
    return nearestMiss(lookup.layout, firstIsHost: lookup.layout.hasHost, &lookup.near!)
  }

  /// The typed values the last successful ``lookup(_:scheme:limits:into:)`` bound, exactly as
  /// ``match(routeAt:_:)`` binds them; empty when it found nothing.
  public func captures(of lookup: RouteLookup) -> Captures {
    guard let route = lookup.routeIndex else { return Captures() }
    return captures(ofRoute: route, lookup.slots.buffer, lookup.layout, first: 0) ?? Captures()
  }

  /// Sets `lookup.slots` to the component each capture slot of route `route` bound (-1 for
  /// none) once ``firstRoute(from:firstIsHost:_:)`` found the route. The search recorded the
  /// positions on its way down; only a route whose binding is its program's (a wildcard and
  /// several lines, or too branchy to expand) runs the program, over the same components.
  func bindSlots(ofRoute route: Int, firstIsHost: Bool, _ lookup: inout RouteLookup) {
    let index = trie.index
    if index.routeRebinds[route] {
      lookup.slots.reset()
      let bound = withExtendedLifetime(lookup.layout) {
        matcher(routes[route], lookup.layout, first: 0, firstIsHost: firstIsHost).run()
      }
      for position in bound ?? [] { lookup.slots.append(Int32(position)) }
      return
    }
    lookup.slots.fill(-1, count: routes[route].program.slotNames.count)
    let best = lookup.scratch.state.best
    for (offset, position) in zip(
      index.slotRange(ofKey: best), lookup.scratch.state.bestPath.buffer)
    {
      lookup.slots[Int(index.keySlots[offset])] = position
    }
  }

  /// The typed values route `route` binds with `slots` (as ``bindSlots(ofRoute:firstIsHost:_:)``
  /// set them) on components `first...` of `layout`, then its query items; nil when the query
  /// does not match. A rest capture binds its components, each decoded, joined with `/`.
  func captures(
    ofRoute route: Int, _ slots: UnsafeBufferPointer<Int32>, _ layout: URLLayout, first: Int
  ) -> Captures? {
    var captures = Captures()
    // Read in place: the route is shared, its program is not copied.
    let compiled = routes[route]
    for (slot, position) in slots.enumerated()
    where position >= 0 && !compiled.program.slotNames[slot].isEmpty {
      let start = first + Int(position)
      let end = compiled.program.restEnds[slot]
      let text =
        end < 0
        ? layout.component(start)
        : (start..<first + Int(slots[end])).map(layout.component).joined(separator: "/")
      if let value = PatternValue(parsing: text, as: compiled.program.slotTypes[slot]) {
        captures.bind(compiled.program.slotNames[slot], value, text: text)
      }
    }
    let failures = withExtendedLifetime(layout) {
      trie.index.queries.bind(route: route, QueryView(layout), into: &captures)
    }
    return failures.isEmpty ? captures : nil
  }

  /// ``captures(ofRoute:_:_:first:)`` for slots in an array.
  func captures(ofRoute route: Int, _ slots: [Int32], _ layout: URLLayout, first: Int)
    -> Captures?
  {
    slots.withUnsafeBufferPointer { captures(ofRoute: route, $0, layout, first: first) }
  }
}

extension RouteTable {
  /// The capture slots and names of route `route` when every value it binds is a path string
  /// that ``captures(of:)`` would bind as it is (no query pattern, no rest capture, no binding
  /// left to the program, names bound once), so a caller can write them straight from the
  /// URL's bytes with ``RouteLookup/text(ofSlot:)``; nil for any other route.
  package func stringSlots(ofRoute route: Int) -> [(slot: Int, name: String)]? {
    let compiled = routes[route]
    let program = compiled.program
    guard compiled.pattern.query.isEmpty, !trie.index.routeRebinds[route],
      !program.restEnds.contains(where: { $0 >= 0 }),
      program.slotTypes.allSatisfy({ $0 == .string })
    else { return nil }
    let named = program.slotNames.enumerated().filter { !$0.element.isEmpty }
    guard Set(named.map(\.element)).count == named.count else { return nil }
    return named.map { (slot: $0.offset, name: $0.element) }
  }
}
