import Foundation
import PatternCore

/// A router without a payload.
public typealias DefaultRouter = LinkRouter<Void>

/// Crossroad's router: routes for one or more link sources, tried in registration
/// order; a handler returning false (or throwing) passes the URL to the next matching route.
///
///     let router = DefaultRouter(scheme: "pokedex")
///     try router.register(routes: [
///       ("pokedex://pokemons/:pokedexID", { context in (try? context.pokedexID as Int) != nil }),
///     ])
///     router.responds(to: URL(string: "pokedex://pokemons/25")!)      // true: patterns only
///     router.openIfPossible(URL(string: "pokedex://pokemons/25")!)    // runs the handler
///
/// Sources are checked when routes are registered: a malformed source, a well-known scheme used
/// as a custom one, a universal link source with a path, a pattern naming an unknown source, a
/// duplicate route and a malformed pattern all throw ``CrossroadError``.
///
/// A router may be shared between threads: registration and the compiled table are guarded by a
/// lock, and matching runs on a snapshot. Handlers run on the calling thread.
public final class LinkRouter<UserInfo>: ValueTypeRegistering, @unchecked Sendable {
  /// A route handler: true when it handled the URL.
  public typealias Handler = (Context<UserInfo>) throws -> Bool
  /// A route handler that may suspend (load data, ask a service) before answering.
  public typealias AsyncHandler = (Context<UserInfo>) async throws -> Bool

  enum Body {
    case sync(Handler)
    case async(AsyncHandler)
    /// A forwarding route: the value of this query capture is resolved again.
    case forward(String)
  }

  /// One registered route.
  public struct Route {
    /// The pattern as written.
    public let text: String
    /// The source it is for, or nil for every source.
    public let source: LinkSource?
    /// Its AST.
    public let pattern: RoutePattern
    let handler: Body
  }

  /// The sources as given.
  public let sourceTexts: [String]
  /// The URL size limits.
  public var limits: URLLimits {
    get { registry.limits }
    set { registry.limits = newValue }
  }
  /// The routes, in priority order.
  public var routes: [Route] { registry.entries }
  private let registry = RouteRegistry<Route>(
    options: MatchOptions(queryKeysIgnoreCase: true), pattern: \.pattern)
  /// Every route registered, by what makes two routes the same (see
  /// ``identityKeys(_:_:)``): the text of the first with each key. Registration holds
  /// `registering` while it checks and adds, so a table of thousands of routes, registered
  /// one by one, loads in linear time.
  private var identities: [IdentityKey: String] = [:]
  private let registering = RegistryLock()

  /// The routes and their compiled table, consistent with each other.
  func snapshot() -> (routes: [Route], table: RouteTable) {
    let (entries, table) = registry.snapshot()
    return (entries, table)
  }

  /// A router for one custom scheme (checked at registration).
  public convenience init(scheme: String) {
    self.init(accepting: [scheme])
  }

  /// A router for several sources: custom schemes (`pokedex`) and universal link origins
  /// (`https://example.com`). They are checked when routes are registered.
  public init(accepting sources: [String]) {
    self.sourceTexts = sources
    // Parsed once: every URL is checked against them.
    self.parsedSources = Result { () throws(CrossroadError) -> [LinkSource] in
      guard !sources.isEmpty else {
        throw .invalidSource("", reason: "a router needs at least one source")
      }
      var result: [LinkSource] = []
      for text in sources { result.append(try LinkSource(parsing: text)) }
      return result
    }
    // Universal link origins are more specific than a scheme, so they are tried first.
    let valid = (try? parsedSources.get()) ?? []
    self.acceptingOrder =
      valid.filter(\.isUniversalLink) + valid.filter { !$0.isUniversalLink }
  }

  private let parsedSources: Result<[LinkSource], CrossroadError>
  private let acceptingOrder: [LinkSource]

  /// The parsed sources.
  /// - Throws: ``CrossroadError/invalidSource(_:reason:)`` for the first bad one.
  public func sources() throws(CrossroadError) -> [LinkSource] {
    try parsedSources.get()
  }

  /// Registers routes; all or nothing.
  /// - Throws: ``CrossroadError``.
  public func register(routes newRoutes: [(String, Handler)]) throws(CrossroadError) {
    try register(newRoutes.map { ($0.0, Body.sync($0.1)) })
  }

  /// Registers routes whose handlers may suspend; they run through the `async` entry points
  /// (`await router.openIfPossible(url)`), and the synchronous ones pass them over.
  /// - Throws: ``CrossroadError``.
  public func register(routes newRoutes: [(String, AsyncHandler)]) throws(CrossroadError) {
    try register(newRoutes.map { ($0.0, Body.async($0.1)) })
  }

  /// Declares a value type that patterns added afterwards can use like a built-in one
  /// (`:month(m)`).
  /// - Throws: `ValueTypeError` when the name is a built-in type's or not a name.
  public func register(valueType: CustomValueType) throws(ValueTypeError) {
    try registry.register(valueType)
  }

  private func register(_ newRoutes: [(String, Body)]) throws(CrossroadError) {
    let sources = try sources()
    let outcome = registering.withLock {
      Result { () throws(CrossroadError) in try register(newRoutes, sources) }
    }
    try outcome.get()
  }

  /// ``register(_:)`` while holding `registering`: all or nothing.
  private func register(_ newRoutes: [(String, Body)], _ sources: [LinkSource])
    throws(CrossroadError)
  {
    var added: [Route] = []
    // The new routes' keys, added to `identities` once every route is accepted.
    var pending: [IdentityKey: String] = [:]
    for (text, handler) in newRoutes {
      let parsed = try CrossroadPatternParser(types: registry.valueTypes).parse(text)
      if let source = parsed.source, !sources.contains(source) {
        throw .unknownSource(
          pattern: text, source: source.description, known: sources.map(\.description))
      }
      var handler = handler
      if case .forward(let item) = handler {
        // A forward follows the capture of its query item, whichever name the pattern gives it.
        do {
          handler = .forward(try parsed.pattern.forwardedCapture(item))
        } catch {
          throw .syntax(error)
        }
      }
      let route = Route(
        text: text, source: parsed.source, pattern: parsed.pattern, handler: handler)
      let keys = Self.identityKeys(route, sources)
      if let existing = keys.lazy.compactMap({ self.identities[$0] ?? pending[$0] }).first {
        throw .duplicateRoute(pattern: text, existing: existing)
      }
      for key in keys where pending[key] == nil { pending[key] = text }
      added.append(route)
    }
    identities.merge(pending) { first, _ in first }
    registry.append(contentsOf: added)
  }

  /// A route's pattern as one of its sources reads it.
  struct IdentityKey: Hashable {
    let source: LinkSource
    let pattern: RoutePattern
  }

  /// Two routes are the same when they have the same AST up to capture names under a source
  /// both answer (a route without a source answers every source of the router). Under a
  /// custom scheme the first literal is folded as the URL's host; a universal link's path
  /// starts after its host, and is case-sensitive from its first component on.
  static func identityKeys(_ route: Route, _ sources: [LinkSource]) -> [IdentityKey] {
    let answered = route.source.map { [$0] } ?? sources
    return answered.map { source in
      IdentityKey(
        source: source,
        pattern: route.pattern.identity(
          options: MatchOptions(queryKeysIgnoreCase: true), foldingFirst: !source.isUniversalLink))
    }
  }

  /// The compiled table.
  public var table: RouteTable { snapshot().table }

  /// Whether some route's pattern matches (no handler runs).
  public func responds(to url: URL) -> Bool {
    responds(to: url.absoluteString)
  }

  /// The original library's spelling of ``responds(to:)-(URL)``.
  public func responds(_ url: URL) -> Bool {
    responds(to: url.absoluteString)
  }

  /// Whether some route's pattern matches a URL string (no handler runs).
  public func responds(to string: String) -> Bool {
    guard let (url, source) = try? accept(string) else { return false }
    let (routes, table) = snapshot()
    return candidates(url, source, routes, table).first { _ in true } != nil
  }

  /// Opens a URL with a payload: the first matching route whose handler returns true wins.
  @discardableResult
  public func openIfPossible(_ url: URL, userInfo: UserInfo) -> Bool {
    if case .matched = resolve(url.absoluteString, userInfo: userInfo) { return true }
    return false
  }

  /// The original library's spelling of `openIfPossible(_:userInfo:)`, for a URL that may be
  /// nil (`URL(string:)`): false for nil.
  @discardableResult
  public func openIfPossible(to url: URL?, userInfo: UserInfo) -> Bool {
    url.map { openIfPossible($0, userInfo: userInfo) } ?? false
  }

  /// Resolves a URL string, running handlers in order until one accepts.
  public func resolve(_ string: String, userInfo: UserInfo) -> CrossroadResolution<UserInfo> {
    var chain = ForwardChain(start: string)
    return resolveNow(string, userInfo: userInfo, chain: &chain)
  }

  /// Registers forwarding routes (Firefox's `deep-link?url=/settings`): when one wins, the value
  /// of its query capture `queryItem` is resolved again, a URL with a scheme as that URL, a path
  /// starting with `/` under the scheme and authority of the URL that matched, and the answer
  /// is that URL's. At most `ForwardChain.maximumHops` forwards and no URL twice; a chain that
  /// cannot go on is a miss whose reason says why.
  ///
  ///     try router.register(forwarding: ["https://example.com/r?:to"], queryItem: "to")
  ///
  /// `queryItem` is the query item's key, or its capture's name.
  /// - Throws: ``CrossroadError``, as `register(routes:)` does, and for a pattern whose query
  ///   has no string capture `queryItem`.
  public func register(forwarding patterns: [String], queryItem: String) throws(CrossroadError) {
    try register(patterns.map { ($0, Body.forward(queryItem)) })
  }

  /// Follows a winning forwarding route; the resolution of the next URL, or the miss when the
  /// chain cannot go on.
  func follow(
    _ name: String, _ index: Int, _ context: Context<UserInfo>, _ declined: [Int],
    _ chain: inout ForwardChain
  ) -> CrossroadResolution<UserInfo>? {
    let step = chain.next(value: context.arguments.text(name) ?? "")
    if let problem = ForwardChain.problem(step, name: name) {
      let reason = MissReason(.forwardStopped(problem), closeness: .max - 1)
      return .unmatched(nearest: (index, reason), declined: declined)
    }
    return nil
  }

  func resolveNow(_ string: String, userInfo: UserInfo, chain: inout ForwardChain)
    -> CrossroadResolution<UserInfo>
  {
    let url: ParsedURL
    let source: LinkSource
    switch Result(catching: { () throws(AcceptFailure) in try accept(string) }) {
    case .success(let accepted):
      (url, source) = accepted
    case .failure(.invalid(let error)):
      return .invalid(error)
    case .failure(.noSource(let url)):
      // Ranked by path: a route that differs only by its source comes first.
      let (from, input) = LinkSource.foreign(url)
      return .unmatched(
        nearest: snapshot().table.nearestMiss(input, fromSource: from, expected: sourceTexts),
        declined: [])
    }
    var declined: [Int] = []
    // Whether the first route passed on was passed over: its handler is `async`.
    var firstIsAsync = false
    let (routes, table) = snapshot()
    for (index, context) in contexts(string, url, source, routes, table, userInfo) {
      if case .forward(let name) = routes[index].handler {
        if let stop = follow(name, index, context, declined, &chain) { return stop }
        return resolveNow(chain.current, userInfo: userInfo, chain: &chain)
      }
      if case .sync(let handler) = routes[index].handler, (try? handler(context)) == true {
        return .matched(routeIndex: index, context: context, declined: declined)
      }
      // An `async` handler cannot run here: passed on, and said so if no route takes the URL.
      if case .async = routes[index].handler, declined.isEmpty { firstIsAsync = true }
      declined.append(index)
    }
    return unmatched(url, source, routes, table, declined: declined, firstIsAsync: firstIsAsync)
  }

  /// The context of each matching route of the URL's source, in priority order, lazily.
  func contexts(
    _ string: String, _ url: ParsedURL, _ source: LinkSource, _ routes: [Route],
    _ table: RouteTable, _ userInfo: UserInfo
  ) -> some Sequence<(Int, Context<UserInfo>)> {
    let foundationURL = URL(string: string) ?? URL(fileURLWithPath: "/")
    return candidates(url, source, routes, table).lazy.map { match in
      (
        match.routeIndex,
        Context(
          url: foundationURL, urlString: string, userInfo: userInfo, arguments: match.captures,
          queryItems: url.query)
      )
    }
  }

  enum AcceptFailure: Error {
    case invalid(URLParseError)
    case noSource(ParsedURL)
  }

  func accept(_ string: String) throws(AcceptFailure) -> (ParsedURL, LinkSource) {
    let url: ParsedURL
    do {
      url = try URLParser(limits: limits).parse(string)
    } catch {
      throw .invalid(error)
    }
    guard let source = source(accepting: url) else { throw .noSource(url) }
    return (url, source)
  }

  /// The source a URL comes from, if any. Universal link origins are more specific than a
  /// scheme, so they are tried first.
  public func source(accepting url: ParsedURL) -> LinkSource? {
    acceptingOrder.first { $0.accepts(url) }
  }

  private func candidates(
    _ url: ParsedURL, _ source: LinkSource, _ routes: [Route], _ table: RouteTable
  ) -> some Sequence<RouteMatch> {
    // Every source that accepts the URL is of one kind (a custom scheme is never http or
    // https), so the routes of all of them see the same components.
    table.matches(source.input(url)).lazy.filter { Self.serves(routes[$0.routeIndex], url) }
  }
}

/// What a router made of a URL.
public enum CrossroadResolution<UserInfo> {
  /// A route's handler accepted it; `declined` lists earlier matching routes that did not.
  case matched(routeIndex: Int, context: Context<UserInfo>, declined: [Int])
  /// No handler accepted it; the nearest route and why, and the routes that declined.
  case unmatched(nearest: (Int, MissReason)?, declined: [Int])
  /// The URL could not be parsed.
  case invalid(URLParseError)
}

/// Crossroad's name for ``LinkRouter``. In a file that imports another router module too, write
/// `LinkRouter` (or ``DefaultRouter``): each module's `Router` is its own type.
public typealias Router<UserInfo> = LinkRouter<UserInfo>
