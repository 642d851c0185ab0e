/// How a table compares text.
public struct MatchOptions: Sendable, Hashable {
  /// Literals compare case-insensitively everywhere (MappingRouter). The host component always
  /// does, whatever this says.
  public var literalsIgnoreCase: Bool
  /// Query keys compare case-insensitively (CrossroadRouter).
  public var queryKeysIgnoreCase: Bool

  /// Creates options; the defaults are Deeper's (case-sensitive).
  public init(literalsIgnoreCase: Bool = false, queryKeysIgnoreCase: Bool = false) {
    self.literalsIgnoreCase = literalsIgnoreCase
    self.queryKeysIgnoreCase = queryKeysIgnoreCase
  }
}

/// Collects patterns in registration order, then freezes them into a ``RouteTable``.
///
///     var builder = RouteTableBuilder()
///     builder.add(pattern)        // route 0
///     let table = builder.build()
///     let match = table.firstMatch(try ParsedURL("myapp://profile/42").routingInput)
public struct RouteTableBuilder: Sendable {
  /// The patterns added so far.
  public private(set) var patterns: [RoutePattern] = []
  /// The comparison options the table will use.
  public var options: MatchOptions

  /// Creates an empty builder.
  public init(options: MatchOptions = MatchOptions()) {
    self.options = options
  }

  /// Registers a pattern and returns its index (its priority: lower wins).
  @discardableResult
  public mutating func add(_ pattern: RoutePattern) -> Int {
    patterns.append(pattern)
    return patterns.count - 1
  }

  /// Compiles the routes into an immutable table.
  public func build() -> RouteTable {
    RouteTable(patterns: patterns, options: options)
  }
}

/// An immutable, compiled route table. Routes are tried in registration order.
public struct RouteTable: Sendable {
  struct CompiledRoute: Sendable {
    var pattern: RoutePattern
    var program: PathProgram
  }

  let routes: [CompiledRoute]
  /// The comparison options.
  public let options: MatchOptions
  /// Routes by the lower-cased literal their first component must equal, in priority order.
  let buckets: [String: [Int]]
  /// Routes whose first component can be anything (a capture, a wildcard, an optional).
  let anyFirst: [Int]
  /// The compiled trie that finds the first matching route.
  let index: PathIndex

  /// Compiles `patterns` (index = priority).
  public init(patterns: [RoutePattern], options: MatchOptions = MatchOptions()) {
    self.routes = patterns.map { CompiledRoute(pattern: $0, program: PathProgram($0.path)) }
    self.options = options
    var buckets: [String: [Int]] = [:]
    var anyFirst: [Int] = []
    for (index, pattern) in patterns.enumerated() {
      if let keys = Self.firstLiterals(pattern.path) {
        for key in keys { buckets[key, default: []].append(index) }
      } else {
        anyFirst.append(index)
      }
    }
    self.buckets = buckets
    self.anyFirst = anyFirst
    self.index = PathIndex(patterns, options: options)
  }

  /// The lower-cased texts the first component must be one of, or nil when it can be anything.
  static func firstLiterals(_ path: [PathNode]) -> Set<String>? {
    switch path.first {
    case .literal(let text)?: return [text.lowercased()]
    case .choice(let alternatives)?:
      var keys = Set<String>()
      for alternative in alternatives {
        guard let inner = firstLiterals(alternative) else { return nil }
        keys.formUnion(inner)
      }
      return keys
    default: return nil
    }
  }

  /// The routes that can match `input`, in priority order: those whose first literal is the
  /// first component (folded, so this is a superset under every case rule) and those that can
  /// start with anything.
  func candidates(_ input: RoutingInput) -> [Int] {
    guard let first = input.components.first else { return anyFirst }
    let bucket = buckets[first.lowercased()] ?? []
    if bucket.isEmpty { return anyFirst }
    if anyFirst.isEmpty { return bucket }
    var merged: [Int] = []
    merged.reserveCapacity(bucket.count + anyFirst.count)
    var i = 0
    var j = 0
    while i < bucket.count || j < anyFirst.count {
      if j == anyFirst.count || (i < bucket.count && bucket[i] < anyFirst[j]) {
        merged.append(bucket[i])
        i += 1
      } else {
        merged.append(anyFirst[j])
        j += 1
      }
    }
    return merged
  }

  /// The number of routes.
  public var count: Int { routes.count }

  /// The pattern of route `index`.
  public func pattern(at index: Int) -> RoutePattern { routes[index].pattern }

  /// Matches route `index` alone.
  public func match(routeAt index: Int, _ input: RoutingInput) -> RouteMatch? {
    let route = routes[index]
    guard let slots = matcher(route, input).run() else { return nil }
    var captures = Captures()
    for (slot, position) in slots.enumerated()
    where position >= 0 && !route.program.slotNames[slot].isEmpty {
      let text = input.components[position]
      if let value = PatternValue(parsing: text, as: route.program.slotTypes[slot]) {
        captures.bind(route.program.slotNames[slot], value, text: text)
      }
    }
    let failures = QueryMatcher(
      nodes: route.pattern.query, keysIgnoreCase: options.queryKeysIgnoreCase
    ).bind(input.query, into: &captures)
    guard failures.isEmpty else { return nil }
    return RouteMatch(routeIndex: index, captures: captures)
  }

  /// Every matching route in priority order, lazily: a front-end asks its handler about each
  /// one and stops at the first that accepts.
  public func matches(_ input: RoutingInput) -> some Sequence<RouteMatch> {
    MatchSequence(table: self, input: input)
  }

  /// The first matching route, if any.
  public func firstMatch(_ input: RoutingInput) -> RouteMatch? {
    matches(input).first { _ in true }
  }

  /// The first matching route whose handler accepts it (`accept` returns true).
  public func firstMatch(_ input: RoutingInput, where accept: (RouteMatch) throws -> Bool)
    rethrows -> RouteMatch?
  {
    for match in matches(input) where try accept(match) { return match }
    return nil
  }

  func matcher(_ route: CompiledRoute, _ input: RoutingInput) -> PathMatcher {
    PathMatcher(
      program: route.program, components: input.components,
      firstIsHost: input.firstComponentIsHost, literalsIgnoreCase: options.literalsIgnoreCase)
  }
}

/// The matches of one input in priority order, each found by a fresh compiled search for the
/// first route after the previous one.
struct MatchSequence: Sequence, IteratorProtocol {
  let table: RouteTable
  let input: RoutingInput
  var layout = URLLayout()
  var scratch = SearchScratch()
  var nextRoute = 0
  var prepared = false

  init(table: RouteTable, input: RoutingInput) {
    self.table = table
    self.input = input
  }

  mutating func next() -> RouteMatch? {
    if !prepared {
      layout.load(input)
      prepared = true
    }
    while nextRoute < table.count {
      guard
        let route = table.firstRoute(
          from: nextRoute, layout, first: 0, firstIsHost: input.firstComponentIsHost, &scratch)
      else {
        nextRoute = table.count
        return nil
      }
      nextRoute = route + 1
      // The program binds the captures exactly as the linear loop would.
      if let match = table.match(routeAt: route, input) { return match }
    }
    return nil
  }
}

extension RouteTable {
  /// The first route at or after `low` that matches the components `first...` of `layout`,
  /// or nil; `scratch.state.best` and `.bestPath` describe the winning line.
  func firstRoute(
    from low: Int, _ layout: URLLayout, first: Int, firstIsHost: Bool,
    _ scratch: inout SearchScratch
  ) -> Int? {
    scratch.folds.prepare(layout, first: first)
    let count = layout.componentCount - first
    scratch.state.low = Int32(low) << PathIndex.lineBits
    let view = ComponentsView(
      bytes: layout.bytes.buffer,
      bounds: UnsafeBufferPointer(rebasing: layout.bounds.buffer[(2 * first)...]),
      count: count, folded: scratch.folds.folded.buffer,
      foldedBounds: scratch.folds.foldedBounds.buffer,
      foldedHash: scratch.folds.foldedHash.buffer, query: layout.query.buffer,
      firstIsHost: firstIsHost, ignoreCase: options.literalsIgnoreCase,
      keysIgnoreCase: options.queryKeysIgnoreCase)
    index.search(view, &scratch.state)
    var best = scratch.state.best == .max ? nil : Int(scratch.state.best >> PathIndex.lineBits)
    // Routes too branchy to expand are checked by their programs, in order.
    if !index.fallbackRoutes.isEmpty {
      var input: RoutingInput?
      for route in index.fallbackRoutes.lazy.map(Int.init) where route >= low {
        if let best, route >= best { break }
        if input == nil { input = layout.routingInput(first: first, firstIsHost: firstIsHost) }
        if match(routeAt: route, input!) != nil {
          best = route
          scratch.state.best = Int32(route) << PathIndex.lineBits
          break
        }
      }
    }
    return best
  }
}
