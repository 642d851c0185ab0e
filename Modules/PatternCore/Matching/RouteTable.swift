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

  /// Compiles `patterns` (index = priority).
  public init(patterns: [RoutePattern], options: MatchOptions = MatchOptions()) {
    self.routes = patterns.map { CompiledRoute(pattern: $0, program: PathProgram($0.path)) }
    self.options = options
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
    (0..<routes.count).lazy.compactMap { match(routeAt: $0, input) }
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
