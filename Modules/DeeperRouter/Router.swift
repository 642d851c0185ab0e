import Foundation
import HandlingEngine
import PatternCore

/// Deeper's router (seeds 000, 004): routes are tried in registration order and the first whose
/// handler returns an intent wins; a handler returning nil passes the URL on.
///
///     let router = Router<Intent>(scheme: "myapp")
///     try router.add(routes: ["profile/:userId"]) { url, params in
///       params[.userId].map(Intent.showProfile)
///     }
///     router.intent(for: URL(string: "myapp://profile/42")!)  // .showProfile("42")
///
/// Unlike the original, `add(routes:handler:)` throws a ``PatternSyntaxError`` for a malformed
/// pattern instead of ignoring it.
///
/// A router may be shared between threads: registration and the compiled table are guarded by a
/// lock, and matching runs on a snapshot. Handlers run on the calling thread.
public final class Router<Intent>: @unchecked Sendable {
  /// A route handler: the URL and its captures in, an intent (or nil to decline) out.
  public typealias Handler = (URL, DeepLinkParams) -> Intent?

  /// The scheme this router answers, lower-cased.
  public let scheme: String
  /// The handler every resolved deep link is given to.
  public let rootDeepLinkHandler: AnyDeepLinkHandler<Intent>?
  /// The engine that drives resolved links through the handlers (nil without a root handler).
  public let engine: DeepLinkEngine<Intent>?
  /// The outcome of the last ``open(url:animated:)``.
  public var lastOpen: DeepLinkOpenResult<Intent>? { lock.withLock { lastOpenValue } }
  /// The URL size limits.
  public var limits: URLLimits {
    get { lock.withLock { limitsValue } }
    set { lock.withLock { limitsValue = newValue } }
  }

  private typealias Entry = (route: DeepLinkRoute, pattern: RoutePattern, handler: Handler)
  private let lock = NSLock()
  /// The engine's state (a delayed link) is not thread-safe: one open at a time.
  private let engineLock = NSLock()
  private var routes: [Entry] = []
  private var compiled: RouteTable?
  private var lastOpenValue: DeepLinkOpenResult<Intent>?
  private var limitsValue: URLLimits = .default

  /// Creates a router for one custom scheme.
  public init(scheme: String, rootDeepLinkHandler: AnyDeepLinkHandler<Intent>? = nil) {
    self.scheme = scheme.lowercased()
    self.rootDeepLinkHandler = rootDeepLinkHandler
    self.engine = rootDeepLinkHandler.map { DeepLinkEngine(root: $0) }
  }

  /// Creates a router whose root handler is any ``DeepLinkHandler`` (an app delegate, say).
  public convenience init<Root: DeepLinkHandler>(scheme: String, rootDeepLinkHandler: Root)
  where Root.Intent == Intent {
    // Typed as optional so this calls the designated init, not itself.
    let root: AnyDeepLinkHandler<Intent>? = .erasing(rootDeepLinkHandler)
    self.init(scheme: scheme, rootDeepLinkHandler: root)
  }

  /// Registers routes sharing one handler; earlier registrations have priority.
  /// - Throws: ``PatternSyntaxError`` for the first malformed pattern; nothing is added then.
  public func add(routes newRoutes: [DeepLinkRoute], handler: @escaping Handler)
    throws(PatternSyntaxError)
  {
    var parsed: [(DeepLinkRoute, RoutePattern, Handler)] = []
    for route in newRoutes {
      parsed.append((route, try route.pattern, handler))
    }
    lock.withLock {
      routes += parsed
      compiled = nil
    }
  }

  /// The registered routes, in priority order.
  public var registeredRoutes: [DeepLinkRoute] { lock.withLock { routes.map(\.route) } }

  /// The compiled table (built on first use after a change).
  public var table: RouteTable { snapshot().table }

  /// The routes and their compiled table, consistent with each other.
  private func snapshot() -> (routes: [Entry], table: RouteTable) {
    lock.withLock {
      if let compiled { return (routes, compiled) }
      let table = RouteTable(patterns: routes.map(\.pattern))
      compiled = table
      return (routes, table)
    }
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

  /// Resolves a URL string and reports the winning route, or why nothing matched.
  public func resolve(_ string: String) -> DeepLinkResolution<Intent> {
    let parsed: ParsedURL
    do {
      parsed = try URLParser(limits: limits).parse(string)
    } catch {
      return .invalid(error)
    }
    return resolve(parsed)
  }

  /// Resolves a parsed URL.
  public func resolve(_ url: ParsedURL) -> DeepLinkResolution<Intent> {
    let (routes, table) = snapshot()
    guard url.scheme == scheme else {
      let reason = MissReason.schemeMismatch(found: url.scheme, expected: scheme)
      return .unmatched(
        DeepLinkMiss(nearest: routes.isEmpty ? nil : (0, reason), declined: [], url: url))
    }
    let input = url.routingInput
    // Built once, and only when a handler is to be called (a miss never needs it).
    var foundationURL: URL?
    var declined: [Int] = []
    for match in table.matches(input) {
      let entry = routes[match.routeIndex]
      let params = DeepLinkParams(match.captures)
      let handlerURL = foundationURL ?? Self.foundationURL(url.string)
      foundationURL = handlerURL
      if let intent = entry.handler(handlerURL, params) {
        return .matched(
          DeepLinkMatch(
            routeIndex: match.routeIndex, route: entry.route, params: params, intent: intent,
            declined: declined, url: url))
      }
      declined.append(match.routeIndex)
    }
    let nearest: (Int, MissReason)?
    if let first = declined.first {
      nearest = (first, MissReason(message: "the handler declined", closeness: Int.max))
    } else {
      nearest = table.nearestMiss(input)
    }
    return .unmatched(DeepLinkMiss(nearest: nearest, declined: declined, url: url))
  }

  /// Resolves a URL and hands the deep link to the root handler (seed 004).
  /// - Returns: whether a route matched and produced an intent; the handling outcome is in
  ///   ``lastOpen``.
  @discardableResult
  public func open(url: URL, animated: Bool = true) -> Bool {
    open(url.absoluteString, animated: animated).resolution.intent != nil
  }

  /// Resolves a URL string and hands the deep link to the root handler.
  @discardableResult
  public func open(_ string: String, animated: Bool = true) -> DeepLinkOpenResult<Intent> {
    let resolution = resolve(string)
    var handling: DeepLinkHandlingResult<Intent>?
    if case .matched(let match) = resolution, let engine {
      handling = engineLock.withLock {
        engine.open(
          DeepLink(url: Self.foundationURL(match.url.string), intent: match.intent),
          animated: animated)
      }
    }
    let result = DeepLinkOpenResult(resolution: resolution, handling: handling)
    lock.withLock { lastOpenValue = result }
    return result
  }

  /// Resumes the deep link a handler delayed, if one is waiting.
  @discardableResult
  public func resumeDelayedDeepLink(animated: Bool = true) -> DeepLinkHandlingResult<Intent>? {
    engineLock.withLock { engine?.resume(animated: animated) }
  }

  /// Foundation's URL for the handler. Our parser accepts a few strings Foundation refuses
  /// (raw non-ASCII, `|`); those are handed over percent-encoded.
  static func foundationURL(_ string: String) -> URL {
    if let url = URL(string: string) { return url }
    let encoded = string.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed.union(["#", "%"]))
    return encoded.flatMap { URL(string: $0) } ?? URL(fileURLWithPath: "/")
  }
}
