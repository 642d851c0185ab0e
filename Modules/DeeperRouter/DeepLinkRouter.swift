import Foundation
import HandlingEngine
import PatternCore

/// Deeper's router: routes are tried in registration order and the first whose handler returns
/// an intent wins; a handler returning nil passes the URL on. `Router<Intent>` is the same type.
///
///     let router = DeepLinkRouter<Intent>(scheme: "myapp")
///     try router.add(routes: ["profile/:userId"]) { url, params in
///       params[.userId].map(Intent.showProfile)
///     }
///     router.intent(for: URL(string: "myapp://profile/42")!)  // .showProfile("42")
///
/// Unlike the original, `add(routes:handler:)` throws a `PatternSyntaxError` for a malformed
/// pattern instead of ignoring it.
///
/// A router may be shared between threads: registration and the compiled table are guarded by a
/// lock, and matching runs on a snapshot. Route handlers run on the calling thread (or task, for
/// `async` ones); `open(url:animated:)` and the root handler run on the main actor.
public final class DeepLinkRouter<Intent>: RootHandlingRouter, ValueTypeRegistering,
  @unchecked Sendable
{
  /// A route handler: the URL and its captures in, an intent (or nil to decline) out.
  public typealias Handler = (URL, DeepLinkParams) -> Intent?
  /// A route handler that may suspend (look something up) before answering.
  public typealias AsyncHandler = (URL, DeepLinkParams) async -> Intent?

  /// The scheme this router answers, lower-cased.
  public let scheme: String
  /// The handler every resolved deep link is given to.
  public let rootDeepLinkHandler: AnyDeepLinkHandler<Intent>?
  /// The engine that drives resolved links through the handlers (nil without a root handler).
  public let engine: DeepLinkEngine<Intent>?
  /// The outcome of the last `open(url:animated:)`.
  public var lastOpen: DeepLinkOpenResult<Intent>? { lock.withLock { lastOpenValue } }
  /// The URL size limits.
  public var limits: URLLimits {
    get { registry.limits }
    set { registry.limits = newValue }
  }

  enum Body {
    case sync(Handler)
    case async(AsyncHandler)
    /// A forwarding route: the value of this query capture is resolved again.
    case forward(String)
  }
  typealias Entry = (route: DeepLinkRoute, pattern: RoutePattern, handler: Body)
  private let registry = RouteRegistry<Entry>(pattern: \.pattern)
  private let lock = RegistryLock()
  private var lastOpenValue: DeepLinkOpenResult<Intent>?

  /// Creates a router for one custom scheme.
  public init(scheme: String, rootDeepLinkHandler: AnyDeepLinkHandler<Intent>? = nil) {
    self.scheme = scheme.lowercased()
    self.rootDeepLinkHandler = rootDeepLinkHandler
    self.engine = rootDeepLinkHandler.map { DeepLinkEngine(root: $0) }
  }

  /// Registers routes sharing one handler; earlier registrations have priority.
  ///
  ///     try router.add(routes: ["profile/:userId"]) { url, params in
  ///       params[.userId].map(Intent.showProfile)
  ///     }
  ///
  /// - Throws: `PatternSyntaxError` for the first malformed pattern; nothing is added then.
  public func add(routes newRoutes: [DeepLinkRoute], handler: @escaping Handler)
    throws(PatternSyntaxError)
  {
    try append(newRoutes, .sync(handler))
  }

  /// Registers routes whose handler may suspend before answering (say, to check that a profile
  /// exists). They run only through the `async` entry points (`open(url:animated:)-(URL,_)`
  /// with `await`, `intent(for:)-(URL)` with `await`); the synchronous ones pass them over.
  /// - Throws: `PatternSyntaxError` for the first malformed pattern; nothing is added then.
  public func add(routes newRoutes: [DeepLinkRoute], handler: @escaping AsyncHandler)
    throws(PatternSyntaxError)
  {
    try append(newRoutes, .async(handler))
  }

  /// Registers forwarding routes (WordPress's `/mbar?redirect_to=…`): when one wins, the value
  /// of its query capture `queryItem` is resolved again, a URL with a scheme as that URL, a path
  /// starting with `/` under the scheme and authority of the URL that matched, and the answer
  /// is that URL's (``DeepLinkMatch/via`` lists the URLs that forwarded). At most
  /// `ForwardChain.maximumHops` forwards and no URL twice; a chain that cannot go on is a miss
  /// whose reason says why.
  ///
  ///     try router.add(forwarding: ["mbar?:redirect_to"], queryItem: "redirect_to")
  ///
  /// `queryItem` is the query item's key, or its capture's name.
  ///
  /// - Throws: `PatternSyntaxError` for the first malformed pattern, or one whose query has no
  ///   string capture `queryItem`; nothing is added then.
  public func add(forwarding newRoutes: [DeepLinkRoute], queryItem: String)
    throws(PatternSyntaxError)
  {
    try append(newRoutes, .forward(queryItem))
  }

  private func append(_ newRoutes: [DeepLinkRoute], _ body: Body) throws(PatternSyntaxError) {
    let types = registry.valueTypes
    var parsed: [Entry] = []
    for route in newRoutes {
      let pattern = try route.pattern(types: types)
      // A forward follows the capture of its query item, whichever name the pattern gives it.
      if case .forward(let item) = body {
        parsed.append((route, pattern, .forward(try pattern.forwardedCapture(item))))
      } else {
        parsed.append((route, pattern, body))
      }
    }
    registry.append(contentsOf: parsed)
  }

  /// Declares a value type that routes added afterwards can use like a built-in one
  /// (`:month(m)`); its values are read with ``DeepLinkParams`` as the type's base values, or
  /// with `PatternValue.converted(as:)` for a type made by a closure.
  /// - Throws: `ValueTypeError` when the name is a built-in type's or not a name.
  public func register(valueType: CustomValueType) throws(ValueTypeError) {
    try registry.register(valueType)
  }

  /// The registered routes, in priority order.
  public var registeredRoutes: [DeepLinkRoute] { registry.entries.map(\.route) }

  /// The compiled table (built on first use after a change).
  public var table: RouteTable { snapshot().table }

  /// The routes and their compiled table, consistent with each other.
  func snapshot() -> (routes: [Entry], table: RouteTable) {
    let (entries, table) = registry.snapshot()
    return (entries, table)
  }

  /// Routes that can never win or look like mistakes. Handlers are closures, so every route is
  /// assumed able to decline: a covered route is reported only when it is an exact duplicate.
  public var warnings: [AnalysisWarning] {
    RouteTableAnalysis.analyze(
      snapshot().routes.map {
        AnalyzedRoute(pattern: $0.pattern, text: $0.route.text, mayDecline: true)
      })
  }

  /// The intent for a URL: the first matching route whose handler returns one.
  public func intent(for url: URL) -> Intent? {
    resolve(url.absoluteString).intent
  }

  /// Whether `open(url:animated:)` would open a deep link for `url`: a route matches and its
  /// handler returns an intent (a synchronous check: an `async` handler is not run).
  public func canOpen(url: URL) -> Bool {
    intent(for: url) != nil
  }

  /// The intent for a URL, running `async` route handlers too. It runs on the caller's actor
  /// (`isolation`), as the synchronous call does on the caller's thread: a handler written in
  /// `@MainActor` code runs on the main actor.
  public func intent(for url: URL, isolation: isolated (any Actor)? = #isolation) async
    -> Intent?
  {
    await resolveAsync(url.absoluteString).intent
  }

  /// Resolves a URL string and reports the winning route, or why nothing matched. Forwarding
  /// routes are followed (see ``add(forwarding:queryItem:)``).
  public func resolve(_ string: String) -> DeepLinkResolution<Intent> {
    var chain = ForwardChain(start: string)
    while true {
      var declined: [Int] = []
      var forward: Forward?
      // Whether the first route passed on was passed over: its handler is `async`, which
      // cannot run here.
      var firstIsAsync = false
      let resolution = walk(chain.current) { url, match, entry, params in
        if case .forward(let name) = entry.handler {
          forward = Forward(match: match, name: name, url: url, declined: declined)
          // Stops the walk; the chain goes on with the forwarded URL.
          return .unmatched(DeepLinkMiss(nearest: nil, declined: declined, url: url))
        }
        guard case .sync(let handler) = entry.handler,
          let intent = handler(Self.foundationURL(url.string), params)
        else {
          if case .async = entry.handler, declined.isEmpty { firstIsAsync = true }
          declined.append(match.routeIndex)
          return nil
        }
        return .matched(
          DeepLinkMatch(
            routeIndex: match.routeIndex, route: entry.route, params: params, intent: intent,
            declined: declined, url: url, via: chain.urls.dropLast()))
      }
      guard let forward else {
        return resolution.finished(declined: declined, firstIsAsync: firstIsAsync)
      }
      if let stop = forward.follow(&chain) { return stop }
    }
  }

  /// A forwarding route that won.
  struct Forward {
    let match: RouteMatch
    let name: String
    let url: ParsedURL
    let declined: [Int]

    /// Moves the chain on; the miss to answer when it cannot go on.
    func follow(_ chain: inout ForwardChain) -> DeepLinkResolution<Intent>? {
      let value = match.captures.text(name) ?? ""
      let step = chain.next(value: value)
      guard let problem = ForwardChain.problem(step, name: name) else { return nil }
      return .unmatched(
        DeepLinkMiss(
          nearest: (match.routeIndex, MissReason(.forwardStopped(problem), closeness: .max - 1)),
          declined: declined, url: url))
    }
  }

  /// Resolves a parsed URL.
  public func resolve(_ url: ParsedURL) -> DeepLinkResolution<Intent> {
    resolve(url.string)
  }

  /// Resolves a URL string, running `async` route handlers too, on the caller's actor.
  public func resolveAsync(_ string: String, isolation: isolated (any Actor)? = #isolation) async
    -> DeepLinkResolution<Intent>
  {
    var chain = ForwardChain(start: string)
    next: while true {
      let step = prepare(chain.current)
      guard case .candidates(let url, let matches, let routes, let table) = step else {
        return step.finished(declined: [])
      }
      var declined: [Int] = []
      let handlerURL = Self.foundationURL(url.string)
      for match in matches {
        let entry = routes[match.routeIndex]
        let params = DeepLinkParams(match.captures)
        let intent: Intent?
        switch entry.handler {
        case .sync(let handler): intent = handler(handlerURL, params)
        case .async(let handler): intent = await handler(handlerURL, params)
        case .forward(let name):
          let forward = Forward(match: match, name: name, url: url, declined: declined)
          if let stop = forward.follow(&chain) { return stop }
          continue next
        }
        if let intent {
          return .matched(
            DeepLinkMatch(
              routeIndex: match.routeIndex, route: entry.route, params: params, intent: intent,
              declined: declined, url: url, via: chain.urls.dropLast()))
        }
        declined.append(match.routeIndex)
      }
      return Step.missed(url, table).finished(declined: declined)
    }
  }

  /// Where a resolution stands before (or after) handlers run.
  enum Step {
    case done(DeepLinkResolution<Intent>)
    case candidates(ParsedURL, [RouteMatch], [Entry], RouteTable)
    case missed(ParsedURL, RouteTable)

    func finished(declined: [Int], firstIsAsync: Bool = false) -> DeepLinkResolution<Intent> {
      switch self {
      case .done(let resolution): return resolution
      case .candidates(let url, _, _, let table), .missed(let url, let table):
        let nearest = RouteRegistry<Entry>.nearest(
          declined: declined, firstIsAsync: firstIsAsync
        ) { table.nearestMiss(url.routingInput) }
        return .unmatched(DeepLinkMiss(nearest: nearest, declined: declined, url: url))
      }
    }
  }

  private func prepare(_ string: String) -> Step {
    let url: ParsedURL
    do {
      url = try URLParser(limits: limits).parse(string)
    } catch {
      return .done(.invalid(error))
    }
    let (routes, table) = snapshot()
    guard url.scheme == scheme else {
      let reason = MissReason.schemeMismatch(found: url.scheme, expected: scheme)
      return .done(
        .unmatched(
          DeepLinkMiss(nearest: routes.isEmpty ? nil : (0, reason), declined: [], url: url)))
    }
    return .candidates(url, Array(table.matches(url.routingInput)), routes, table)
  }

  /// Runs `body` on each matching route in order until it returns a resolution.
  private func walk(
    _ string: String,
    _ body: (ParsedURL, RouteMatch, Entry, DeepLinkParams) -> DeepLinkResolution<Intent>?
  ) -> Step {
    guard case .candidates(let url, let matches, let routes, let table) = prepare(string) else {
      return prepare(string)
    }
    for match in matches {
      if let done = body(url, match, routes[match.routeIndex], DeepLinkParams(match.captures)) {
        return .done(done)
      }
    }
    return .missed(url, table)
  }

  /// Resolves a URL and hands the deep link to the root handler.
  /// - Returns: whether a route matched and produced an intent; the handling outcome is in
  ///   ``lastOpen``.
  @MainActor
  @discardableResult
  public func open(url: URL, animated: Bool = true) -> Bool {
    open(url.absoluteString, animated: animated).resolution.intent != nil
  }

  /// Resolves a URL, running `async` route handlers too, and hands the deep link to the root
  /// handler.
  @MainActor
  @discardableResult
  public func open(url: URL, animated: Bool = true) async -> Bool {
    let resolution = await resolveAsync(url.absoluteString)
    return hand(resolution, animated: animated).resolution.intent != nil
  }

  /// Resolves a URL string and hands the deep link to the root handler.
  @MainActor
  @discardableResult
  public func open(_ string: String, animated: Bool = true) -> DeepLinkOpenResult<Intent> {
    hand(resolve(string), animated: animated)
  }

  @MainActor
  private func hand(_ resolution: DeepLinkResolution<Intent>, animated: Bool)
    -> DeepLinkOpenResult<Intent>
  {
    var handling: DeepLinkHandlingResult<Intent>?
    if case .matched(let match) = resolution, let engine {
      handling = engine.open(
        DeepLink(url: Self.foundationURL(match.url.string), intent: match.intent),
        animated: animated)
    }
    let result = DeepLinkOpenResult(resolution: resolution, handling: handling)
    lock.withLock { lastOpenValue = result }
    return result
  }

  /// Resumes the deep link a handler delayed, if one is waiting, with `animated` or else the
  /// flag of the delayed state.
  @MainActor
  @discardableResult
  public func resumeDelayedDeepLink(animated: Bool? = nil) -> DeepLinkHandlingResult<Intent>? {
    engine?.resume(animated: animated)
  }

  /// Foundation's URL for the handler. Our parser accepts a few strings Foundation refuses
  /// (raw non-ASCII, `|`); those are handed over percent-encoded.
  static func foundationURL(_ string: String) -> URL {
    if let url = URL(string: string) { return url }
    let encoded = string.addingPercentEncoding(
      withAllowedCharacters: .urlFragmentAllowed.union(["#", "%"]))
    return encoded.flatMap { URL(string: $0) } ?? URL(fileURLWithPath: "/")
  }
}

/// Deeper's name for ``DeepLinkRouter``. In a file that imports another router module too, write
/// `DeepLinkRouter`: each module's `Router` is its own type.
public typealias Router<Intent> = DeepLinkRouter<Intent>
