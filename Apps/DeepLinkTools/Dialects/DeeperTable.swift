import DeeperRouter
import PatternCore

/// A `deeper` table: routes registered through ``DeeperRouter/Router``, whose handlers return
/// the route's intent name (or decline).
struct DeeperTable: LoadedTable {
  let name: String
  let dialect = "deeper"
  let router: Router<String>

  init(_ spec: TableSpec) throws(Diagnostic) {
    name = spec.name
    let scheme = try TableLoader.singleScheme(spec)
    router = Router<String>(scheme: scheme)
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
  }

  var patterns: [String] { router.registeredRoutes.map(\.text) }

  var warnings: [AnalysisWarning] { router.warnings }

  func resolve(_ url: String) -> TableOutcome {
    switch router.resolve(url) {
    case .matched(let match):
      return .matched(
        TableMatch(
          table: name, dialect: dialect, route: match.routeIndex, pattern: match.route.text,
          intent: match.intent, params: match.params.captures, trace: nil))
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
}
