import Foundation
import HandlingEngine
import PatternCore

/// DeeperFunc's router: intent constructors registered with typed routes or format
/// strings, and printed back to URLs.
///
///     enum Intent: Equatable { case showProfile(String), follow(String, locale: String?) }
///
///     let router = Router<Intent>(scheme: "myapp")
///     router.add(Intent.showProfile, route: "profile" /> string)
///     try router.add(Intent.follow, format: "user/:string/follow?(locale=:string)")
///     router.intent(for: URL(string: "myapp://profile/42")!)      // .showProfile("42")
///     router.url(for: .follow("7", locale: "en"))                  // myapp://user/7/follow?locale=en
///
/// Reverse routing needs no boilerplate: an `Equatable` intent is taken apart with `Mirror` and
/// rebuilt through each route's constructor until one gives the same intent back. Intents that
/// conform to the original's ``Route`` protocol use their `deconstruct` instead.
///
/// A router may be shared between threads: registration and the compiled table are guarded by a
/// lock, and matching runs on a snapshot.
public final class DeeperFuncRouter<Intent>: RootHandlingRouter, ValueTypeRegistering,
  @unchecked Sendable
{
  struct Entry {
    let text: String
    let pattern: RoutePattern
    let leaves: [Leaf]
    /// Builds the intent from leaf values (in order).
    let make: ([Any]) -> Intent?
    /// The leaf values of an intent, when the route's own way to take it apart is known.
    let extract: ((Intent) -> [Any]?)?
    /// For a forwarding route, the query capture whose value is resolved again.
    var forward: String? = nil
    /// Whether the route always declines (a manifest's `"declines": true`): a handler's
    /// choice, unlike a constructor that cannot take the values.
    var declines = false
  }

  /// The scheme this router answers, lower-cased.
  public let scheme: String
  /// The handler every resolved deep link is given to.
  public let rootDeepLinkHandler: AnyDeepLinkHandler<Intent>?
  /// The engine driving resolved links through the handlers (nil without a root handler).
  public let engine: DeepLinkEngine<Intent>?
  /// The URL size limits.
  public var limits: URLLimits {
    get { registry.limits }
    set { registry.limits = newValue }
  }
  private let registry = RouteRegistry<Entry>(pattern: \.pattern)

  /// The registered routes, in priority order.
  var entries: [Entry] { registry.entries }

  /// The routes and their compiled table, consistent with each other.
  func snapshot() -> (entries: [Entry], table: RouteTable) {
    registry.snapshot()
  }

  /// Creates a router for one scheme.
  public init(scheme: String, rootDeepLinkHandler: AnyDeepLinkHandler<Intent>? = nil) {
    self.scheme = scheme.lowercased()
    self.rootDeepLinkHandler = rootDeepLinkHandler
    self.engine = rootDeepLinkHandler.map { DeepLinkEngine(root: $0) }
  }

  /// The patterns, in priority order, as written (formats) or printed (combinators).
  public var patterns: [String] { entries.map(\.text) }

  /// The compiled table.
  public var table: RouteTable { snapshot().table }

  // MARK: Registration

  /// Registers a constructor with a typed route: `router.add(Intent.showProfile, route: "profile" /> string)`.
  public func add<each T>(
    _ constructor: @escaping (repeat each T) -> Intent, route: TypedRoute<(repeat each T)>
  ) {
    append(
      Entry(
        text: route.pattern.description, pattern: route.pattern, leaves: route.leaves,
        make: Self.maker(constructor), extract: nil))
  }

  /// Registers a one-value constructor: `router.add(Intent.showProfile, route: "profile" /> string)`.
  /// (A separate overload: the solver does not infer a one-element pack from a bare type.)
  public func add<A>(_ constructor: @escaping (A) -> Intent, route: TypedRoute<A>) {
    append(
      Entry(
        text: route.pattern.description, pattern: route.pattern, leaves: route.leaves,
        make: Self.maker(constructor), extract: nil))
  }

  /// Registers a case without values: `router.add(Intent.home, route: "home")`.
  public func add(_ intent: Intent, route: TypedRoute<Void>) {
    append(
      Entry(
        text: route.pattern.description, pattern: route.pattern, leaves: route.leaves,
        make: { _ in intent }, extract: nil))
  }

  /// Registers a constructor with a format string: `try router.add(Intent.follow, format: "user/:string/follow")`.
  /// - Throws: ``FuncRouteError`` for a malformed format or values that do not fit the
  ///   constructor's parameter types.
  public func add<each T>(_ constructor: @escaping (repeat each T) -> Intent, format: String)
    throws(FuncRouteError)
  {
    let parsed = try parse(format)
    var expected: [String] = []
    for type in repeat (each T).self {
      expected.append(String(describing: type))
    }
    let found = parsed.leaves.map(Self.swiftTypeName)
    // A value type of the app's own gives whatever its closure makes (`Any` here): it fits
    // any parameter type, and a value of another type makes the route not match.
    guard expected.count == found.count, zip(expected, found).allSatisfy(Self.fits) else {
      throw .typeMismatch(format: format, expected: expected, found: found)
    }
    append(
      Entry(
        text: format, pattern: parsed.pattern, leaves: parsed.leaves,
        make: Self.maker(constructor), extract: nil))
  }

  /// Declares a value type that patterns added afterwards can use like a built-in one
  /// (`:month(m)`).
  /// - Throws: `ValueTypeError` when the name is a built-in type's or not a name.
  public func register(valueType: CustomValueType) throws(ValueTypeError) {
    try registry.register(valueType)
  }

  /// A format parsed with the router's value types.
  private func parse(_ format: String) throws(FuncRouteError) -> FormatParser.Parsed {
    do {
      return try FormatParser(types: registry.valueTypes).parse(format)
    } catch {
      throw .syntax(error)
    }
  }

  /// Registers a fixed intent with a format string; its values stay available as captures.
  public func add(_ intent: Intent, format: String) throws(FuncRouteError) {
    try add(intent, format: format, declines: false)
  }

  /// Registers a fixed intent with a format string; a declining route never builds its intent
  /// (the tools use it for manifests' `"declines": true`).
  package func add(_ intent: Intent, format: String, declines: Bool) throws(FuncRouteError) {
    let parsed = try parse(format)
    append(
      Entry(
        text: format, pattern: parsed.pattern, leaves: parsed.leaves,
        make: { _ in declines ? nil : intent },
        extract: parsed.leaves.isEmpty ? nil : { _ in nil }, declines: declines))
  }

  func append(_ entry: Entry) {
    registry.append(contentsOf: [entry])
  }

  /// Builds intents from leaf values by casting each to its parameter's type, in order.
  static func maker<each T>(_ constructor: @escaping (repeat each T) -> Intent) -> ([Any]) ->
    Intent?
  {
    { values in
      var index = 0
      var count = 0
      for _ in repeat (each T).self { count += 1 }
      guard values.count == count else { return nil }
      func next<X>(_: X.Type) throws(LeafMismatch) -> X {
        defer { index += 1 }
        guard let value = values[index] as? X else { throw LeafMismatch() }
        return value
      }
      do {
        return constructor(repeat try next((each T).self))
      } catch {
        return nil
      }
    }
  }

  /// Whether a parameter type (as Swift names it) takes a format's value type, where `Any` (a
  /// custom type's value) stands for any type: `Month` takes `Any`, `Optional<Month>` takes
  /// `Optional<Any>`.
  static func fits(_ expected: String, _ found: String) -> Bool {
    let parts = found.components(separatedBy: "Any")
    guard parts.count > 1 else { return expected == found }
    guard expected.hasPrefix(parts[0]), expected.hasSuffix(parts[parts.count - 1]),
      expected.count > parts[0].count + parts[parts.count - 1].count
    else { return false }
    var rest = expected.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
    for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
      guard let range = rest.range(of: middle) else { return false }
      rest = rest[range.upperBound...]
    }
    return true
  }

  static func swiftTypeName(_ leaf: Leaf) -> String {
    switch leaf {
    case .required(_, let type): typeName(type)
    case .optional(let inner): "Optional<\(swiftTypeName(inner))>"
    case .either(let left, _, _): swiftTypeName(left)
    }
  }

  static func typeName(_ type: ValueType) -> String {
    switch type {
    case .int: "Int"
    case .double: "Double"
    case .bool: "Bool"
    case .string: "String"
    case .list(let element): "Array<\(typeName(element))>"
    case .uuid: "String"
    case .custom: "Any"
    }
  }

  // MARK: Resolving

  /// The intent for a URL: the first route whose values build one.
  public func intent(for url: URL) -> Intent? {
    resolve(url.absoluteString).intent
  }

  /// Registers a forwarding route (`"deep-link?url=:string(url)"`): when it wins, the value of
  /// its query capture `queryItem` is resolved again, a URL with a scheme as that URL, a path
  /// starting with `/` under the scheme and authority of the URL that matched, and the answer
  /// is that URL's. At most `ForwardChain.maximumHops` forwards and no URL twice; a chain
  /// that cannot go on is a miss whose reason says why.
  /// `queryItem` is the query item's key (`url`), or its capture's name.
  /// - Throws: ``FuncRouteError`` for a malformed format, or one whose query has no string
  ///   capture `queryItem`.
  public func add(forwarding format: String, queryItem: String) throws(FuncRouteError) {
    let parsed = try parse(format)
    let capture: String
    do {
      capture = try parsed.pattern.forwardedCapture(queryItem)
    } catch {
      throw .syntax(error)
    }
    append(
      Entry(
        text: format, pattern: parsed.pattern, leaves: [], make: { _ in nil }, extract: nil,
        forward: capture))
  }

  /// Resolves a URL string and reports the winning route, or why nothing matched. Forwarding
  /// routes are followed (see ``add(forwarding:queryItem:)``).
  public func resolve(_ string: String) -> FuncResolution<Intent> {
    var chain = ForwardChain(start: string)
    return resolve(string, chain: &chain)
  }

  private enum Answer {
    case intent(Intent, Captures)
    case forward(String, Captures)
  }

  private func resolve(_ string: String, chain: inout ForwardChain) -> FuncResolution<Intent> {
    let url: ParsedURL
    do {
      url = try URLParser(limits: limits).parse(string)
    } catch {
      return .invalid(error)
    }
    let (entries, table) = snapshot()
    guard url.scheme == scheme else {
      let reason = MissReason.schemeMismatch(found: url.scheme, expected: scheme)
      return .unmatched(nearest: entries.isEmpty ? nil : (0, reason))
    }
    let input = url.routingInput
    // The first route that declined (a handler's choice).
    var firstDeclined: Int?
    let (accepted, _) = RouteRegistry<Entry>.firstAccepted(table.matches(input)) {
      match -> Answer? in
      let entry = entries[match.routeIndex]
      if let name = entry.forward { return .forward(name, match.captures) }
      var values: [Any] = []
      for leaf in entry.leaves {
        guard let value = leaf.decode(match.captures) else { return nil }
        values.append(value)
      }
      guard let intent = entry.make(values) else {
        if entry.declines { firstDeclined = firstDeclined ?? match.routeIndex }
        return nil
      }
      return .intent(intent, match.captures)
    }
    switch accepted {
    case (let route, .intent(let intent, let captures))?:
      return .matched(routeIndex: route, intent: intent, captures: captures)
    case (let route, .forward(let name, let captures))?:
      let step = chain.next(value: captures.text(name) ?? "")
      if let problem = ForwardChain.problem(step, name: name) {
        return .unmatched(
          nearest: (route, MissReason(.forwardStopped(problem), closeness: .max - 1)))
      }
      return resolve(chain.current, chain: &chain)
    case nil:
      break
    }
    // A route that declined is the nearest, as in the other routers. A constructor that cannot
    // take the values is not a handler's choice: the nearest route is the one that came closest.
    if let firstDeclined { return .unmatched(nearest: (firstDeclined, .handlerDeclined)) }
    return .unmatched(nearest: table.nearestMiss(input))
  }

  /// Resolves a URL and hands the intent to the root handler (on the main actor, where
  /// handlers live).
  @MainActor
  @discardableResult
  public func open(url: URL, animated: Bool = true) -> Bool {
    guard let intent = intent(for: url) else { return false }
    engine?.open(DeepLink(url: url, intent: intent), animated: animated)
    return true
  }
}

struct LeafMismatch: Error {}

/// What a router made of a URL.
public enum FuncResolution<Intent> {
  /// A route built an intent; `captures` are its values by position (`0`, `1`, …) or name.
  case matched(routeIndex: Int, intent: Intent, captures: Captures)
  /// No route built an intent.
  case unmatched(nearest: (Int, MissReason)?)
  /// The URL could not be parsed.
  case invalid(URLParseError)

  /// The intent, when a route matched.
  public var intent: Intent? {
    if case .matched(_, let intent, _) = self { intent } else { nil }
  }
}

/// DeeperFunc's name for ``DeeperFuncRouter``. In a file that imports another router module too,
/// write `DeeperFuncRouter`: each module's `Router` is its own type.
public typealias Router<Intent> = DeeperFuncRouter<Intent>
