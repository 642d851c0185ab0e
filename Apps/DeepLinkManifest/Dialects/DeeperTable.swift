import DeeperRouter
import PatternCore

/// A `deeper` table: routes registered through ``DeeperRouter/Router``, whose handlers return
/// the route's intent name (or decline).
package struct DeeperTable: LoadedTable {
  package let forwards: [String?]
  package let name: String
  package let dialect = "deeper"
  package let router: DeepLinkRouter<String>
  package let graph: HandlerGraph?
  package let intents: [String]
  package let routeRemarks: [String?]
  /// Per route, `"declines": true`.
  package let declines: [Bool]
  /// Set when no route declines and there is no handler graph: the first match is the answer.
  package private(set) var direct: DirectTable?

  package init(_ spec: TableSpec) throws(Diagnostic) {
    name = spec.name
    let scheme = try TableLoader.singleScheme(spec)
    graph = try spec.json["handlers"].map { json throws(Diagnostic) in
      try HandlerGraph(json, origin: spec.origin)
    }
    router = DeepLinkRouter<String>(scheme: scheme, rootDeepLinkHandler: graph?.root)
    // A graph is finite: its chains end or repeat a handler, which is reported as a cycle.
    if let graph { router.engine?.configuration.maxChainLength = graph.longestChain }
    for type in try DeclaredTypes.load(spec) {
      try? router.register(valueType: type)  // validated by DeclaredTypes
    }
    intents = spec.routes.map(\.intent)
    patterns = spec.routes.map(\.pattern)
    routeRemarks = spec.routes.map(\.remark)
    forwards = spec.routes.map(\.forward)
    declines = spec.routes.map(\.declines)
    for (index, route) in spec.routes.enumerated() {
      let intent = route.intent
      let declines = route.declines
      do {
        try router.add(routes: [DeepLinkRoute(route.pattern)]) { _, _ in
          declines ? nil : intent
        }
      } catch {
        var diagnostic = error.diagnostic
        diagnostic.origin = "\(spec.origin), routes[\(index)]"
        throw diagnostic
      }
    }
    if graph == nil, !spec.routes.contains(where: { $0.declines || $0.forward != nil }) {
      direct = DirectTable(
        table: router.table, scheme: router.scheme, limits: router.limits, name: name,
        dialect: dialect, patterns: patterns, intents: intents)
    }
    try Forwarding.check(
      forwards, router.table, written: patterns, origin: Forwarding.routeOrigin(spec.origin))
  }

  package var runsHandlers: Bool { graph != nil }

  /// The patterns as written, kept once (lookups must not rebuild them).
  package let patterns: [String]

  package var printableRoutes: [PrintableRoute] {
    // The compiled patterns: a route's own parse knows no declared type (`:month(m)`).
    let table = router.table
    return (0..<table.count).map {
      PrintableRoute(intent: intents[$0], pattern: table.pattern(at: $0), base: router.scheme)
    }
  }

  package var warnings: [AnalysisWarning] {
    TableWarnings.of(router.table, texts: patterns, declines: declines)
  }

  package var remarks: [String?] { routeRemarks }

  package func explainAll(_ url: String) -> Result<[RouteVerdict], Diagnostic> {
    Self.explain(url, scheme: router.scheme, table: router.table)
  }

  package func resolve(_ url: String) -> TableOutcome {
    let resolution = router.resolve(url)
    guard let graph, case .matched(let match) = resolution, router.engine != nil else {
      return outcome(resolution, steps: nil)
    }
    // Handlers run on the main actor, as in an app.
    let intent = match.intent
    let steps = MainActorBridge.run { graph.drive(HandlerGraph.link(url, intent), router.engine!) }
    return outcome(resolution, steps: steps)
  }

  private func outcome(_ resolution: DeepLinkResolution<String>, steps: [DeepLinkTraceStep]?)
    -> TableOutcome
  {
    switch resolution {
    case .matched(let match):
      return .matched(
        TableMatch(
          table: name, dialect: dialect, route: match.routeIndex, pattern: match.route.text,
          intent: match.intent, params: match.params.captures,
          trace: steps?.map(\.description), handlingError: steps?.last?.error))
    case .unmatched(let miss):
      return .unmatched(
        miss.nearest.map {
          NearestRoute(
            table: name, route: $0.routeIndex, pattern: patterns[$0.routeIndex], reason: $0.reason)
        })
    case .invalid(let error):
      return .error(error.diagnostic)
    }
  }

  /// Every route's verdict for a single-scheme table.
  package static func explain(_ url: String, scheme: String, table: RouteTable)
    -> Result<[RouteVerdict], Diagnostic>
  {
    let parsed: ParsedURL
    do {
      parsed = try ParsedURL(url)
    } catch {
      return .failure(error.diagnostic)
    }
    guard parsed.scheme == scheme else {
      let reason = MissReason.schemeMismatch(found: parsed.scheme, expected: scheme)
      return .success((0..<table.count).map { _ in .missed(reason) })
    }
    return .success(table.explainAll(parsed.routingInput))
  }
}
