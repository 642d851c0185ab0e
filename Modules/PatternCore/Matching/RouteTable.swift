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
  /// A route's pattern and program, shared (not copied) by every search that reads them.
  final class CompiledRoute: Sendable {
    let pattern: RoutePattern
    let program: PathProgram

    init(pattern: RoutePattern, program: PathProgram) {
      self.pattern = pattern
      self.program = program
    }
  }

  let routes: [CompiledRoute]
  /// The comparison options.
  public let options: MatchOptions
  /// The compiled trie that finds the first matching route.
  let trie: CompiledTrie

  /// Compiles `patterns` (index = priority).
  public init(patterns: [RoutePattern], options: MatchOptions = MatchOptions()) {
    self.routes = patterns.map { CompiledRoute(pattern: $0, program: PathProgram($0.path)) }
    self.options = options
    self.trie = CompiledTrie(patterns, options: options)
  }

  /// The number of routes.
  public var count: Int { routes.count }

  /// The pattern of route `index`.
  public func pattern(at index: Int) -> RoutePattern { routes[index].pattern }

  /// Matches route `index` alone.
  public func match(routeAt index: Int, _ input: RoutingInput) -> RouteMatch? {
    // Most routes of a table fail on the URL's length or an early literal: say so before
    // laying out the input's bytes.
    if routes[index].program.rejects(
      input.components, firstIsHost: input.firstComponentIsHost,
      literalsIgnoreCase: options.literalsIgnoreCase)
    {
      return nil
    }
    var layout = URLLayout()
    layout.load(input)
    return match(routeAt: index, layout, first: 0, firstIsHost: input.firstComponentIsHost)
  }

  /// ``match(routeAt:_:)`` over components `first...` of `layout`, by the route's program.
  func match(routeAt index: Int, _ layout: URLLayout, first: Int, firstIsHost: Bool)
    -> RouteMatch?
  {
    guard
      let slots = withExtendedLifetime(
        layout,
        {
          matcher(routes[index], layout, first: first, firstIsHost: firstIsHost).run()
        }),
      let captures = captures(ofRoute: index, slots.map(Int32.init), layout, first: first)
    else { return nil }
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

  /// The program of `route` over components `first...` of `layout` (valid while the layout is
  /// neither changed nor released).
  func matcher(_ route: CompiledRoute, _ layout: URLLayout, first: Int, firstIsHost: Bool)
    -> PathMatcher
  {
    PathMatcher(
      route: route, components: ComponentBytes(layout, first: first),
      firstIsHost: firstIsHost, literalsIgnoreCase: options.literalsIgnoreCase)
  }
}

/// The matches of one input in priority order, each found (and bound) by a fresh compiled
/// search for the first route after the previous one.
struct MatchSequence: Sequence, IteratorProtocol {
  let table: RouteTable
  let input: RoutingInput
  var lookup = RouteLookup()
  var nextRoute = 0
  var prepared = false

  init(table: RouteTable, input: RoutingInput) {
    self.table = table
    self.input = input
  }

  mutating func next() -> RouteMatch? {
    if !prepared {
      lookup.layout.load(input)
      lookup.layout.fold()
      prepared = true
    }
    guard nextRoute < table.count,
      let route = table.firstRoute(
        from: nextRoute, firstIsHost: input.firstComponentIsHost, &lookup)
    else {
      nextRoute = table.count
      return nil
    }
    nextRoute = route + 1
    table.bindSlots(ofRoute: route, firstIsHost: input.firstComponentIsHost, &lookup)
    let captures = table.captures(ofRoute: route, lookup.slots.buffer, lookup.layout, first: 0)
    return RouteMatch(routeIndex: route, captures: captures ?? Captures())
  }
}

extension RouteTable {
  /// The first route at or after `low` that matches the components of `lookup.layout`, or
  /// nil; `lookup.scratch.state.best` and `.bestPath` describe the winning line. The lookup is
  /// passed whole, by address: its layout borrowed beside its scratch space being changed was
  /// copied (and its buffers retained) at every call.
  func firstRoute(from low: Int, firstIsHost: Bool, _ lookup: inout RouteLookup) -> Int? {
    lookup.scratch.state.low = Int32(low) << PathIndex.lineBits
    let view = componentsView(lookup.layout, first: 0, firstIsHost: firstIsHost)
    trie.search(view, &lookup.scratch.state)
    let key = lookup.scratch.state.best
    var best = key == .max ? nil : Int(key >> PathIndex.lineBits)
    // Routes too branchy to expand are checked by their programs, in order.
    if !trie.index.fallbackRoutes.isEmpty {
      for route in trie.index.fallbackRoutes.lazy.map(Int.init) where route >= low {
        if let best, route >= best { break }
        if match(routeAt: route, lookup.layout, first: 0, firstIsHost: firstIsHost) != nil {
          best = route
          lookup.scratch.state.best = Int32(route) << PathIndex.lineBits
          break
        }
      }
    }
    return best
  }
}

extension RouteTable {
  /// The search's view of components `first...` of `layout`, which the scan (or
  /// ``URLLayout/fold()``) folded. The buffers are borrowed: the view is valid
  /// while `layout` is neither changed nor released.
  func componentsView(_ layout: borrowing URLLayout, first: Int, firstIsHost: Bool)
    -> ComponentsView
  {
    precondition(layout.folded, "a layout is folded before it is searched")
    return ComponentsView(
      bytes: layout.bytes.buffer,
      bounds: UnsafeBufferPointer(rebasing: layout.bounds.buffer[(2 * first)...]),
      count: layout.componentCount - first,
      foldedBounds: UnsafeBufferPointer(rebasing: layout.foldedBounds.buffer[(2 * first)...]),
      query: layout.query.buffer,
      anyCaseBelow: options.literalsIgnoreCase ? .max : (firstIsHost ? 1 : 0),
      keysIgnoreCase: options.queryKeysIgnoreCase)
  }
}
