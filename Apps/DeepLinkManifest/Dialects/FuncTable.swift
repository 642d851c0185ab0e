import Foundation
import FuncRouter
import HandlingEngine
import PatternCore

/// A `func` table: format strings registered through ``FuncRouter/Router``. Positional values
/// are reported in `params` as `"0"`, `"1"`, …; named ones under their names.
package struct FuncTable: LoadedTable {
  package let forwards: [String?]
  package let name: String
  package let dialect = "func"
  package let router: DeeperFuncRouter<String>
  package let scheme: String
  /// The handler graph the intent is driven through, as a deeper table's (DeeperFunc's router
  /// takes a root handler too).
  package let graph: HandlerGraph?

  package init(_ spec: TableSpec) throws(Diagnostic) {
    name = spec.name
    scheme = try TableLoader.singleScheme(spec)
    graph = try spec.json["handlers"].map { json throws(Diagnostic) in
      try HandlerGraph(json, origin: spec.origin)
    }
    router = DeeperFuncRouter<String>(scheme: scheme, rootDeepLinkHandler: graph?.root)
    if let graph { router.engine?.configuration.maxChainLength = graph.longestChain }
    for type in try DeclaredTypes.load(spec) {
      try? router.register(valueType: type)  // validated by DeclaredTypes
    }
    for (index, route) in spec.routes.enumerated() {
      do {
        try router.add(route.intent, format: route.pattern, declines: route.declines)
      } catch {
        var diagnostic = error.diagnostic
        diagnostic.origin = "\(spec.origin), routes[\(index)]"
        throw diagnostic
      }
    }
    intents = spec.routes.map(\.intent)
    patterns = spec.routes.map(\.pattern)
    routeRemarks = spec.routes.map(\.remark)
    forwards = spec.routes.map(\.forward)
    declines = spec.routes.map(\.declines)
    try Forwarding.check(
      forwards, router.table, written: patterns, origin: Forwarding.routeOrigin(spec.origin))
  }

  package let routeRemarks: [String?]

  package let intents: [String]

  package let patterns: [String]

  package var warnings: [AnalysisWarning] {
    TableWarnings.of(router.table, texts: patterns, declines: declines)
  }

  /// Per route, `"declines": true`.
  package let declines: [Bool]

  package var printableRoutes: [PrintableRoute] {
    (0..<router.table.count).map {
      PrintableRoute(intent: intents[$0], pattern: router.table.pattern(at: $0), base: scheme)
    }
  }

  package var remarks: [String?] { routeRemarks }

  package func explainAll(_ url: String) -> Result<[RouteVerdict], Diagnostic> {
    DeeperTable.explain(url, scheme: scheme, table: router.table)
  }

  package var runsHandlers: Bool { graph != nil }

  package func resolve(_ url: String) -> TableOutcome {
    switch router.resolve(url) {
    case .matched(let index, let intent, let captures):
      var match = TableMatch(
        table: name, dialect: dialect, route: index, pattern: patterns[index], intent: intent,
        params: captures)
      if let graph, router.engine != nil {
        // Handlers run on the main actor, as in an app.
        let steps = MainActorBridge.run {
          graph.drive(HandlerGraph.link(url, intent), router.engine!)
        }
        match.trace = steps.map(\.description)
        match.handlingError = steps.last?.error
      }
      return .matched(match)
    case .unmatched(let nearest):
      return .unmatched(
        nearest.map {
          NearestRoute(table: name, route: $0.0, pattern: patterns[$0.0], reason: $0.1)
        })
    case .invalid(let error):
      return .error(error.diagnostic)
    }
  }
}
