import FuncRouter
import PatternCore

/// A `func` table: format strings registered through ``FuncRouter/Router``. Positional values
/// are reported in `params` as `"0"`, `"1"`, …; named ones under their names.
struct FuncTable: LoadedTable {
  let name: String
  let dialect = "func"
  let router: DeeperFuncRouter<String>
  let scheme: String

  init(_ spec: TableSpec) throws(Diagnostic) {
    name = spec.name
    scheme = try TableLoader.singleScheme(spec)
    router = DeeperFuncRouter<String>(scheme: scheme)
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
  }

  let routeRemarks: [String?]

  let intents: [String]

  let patterns: [String]

  var warnings: [AnalysisWarning] {
    RouteTableAnalysis.analyze(
      (0..<router.table.count).map {
        AnalyzedRoute(pattern: router.table.pattern(at: $0), text: patterns[$0])
      })
  }

  var printableRoutes: [PrintableRoute] {
    (0..<router.table.count).map {
      PrintableRoute(intent: intents[$0], pattern: router.table.pattern(at: $0), base: scheme)
    }
  }

  var remarks: [String?] { routeRemarks }

  func explainAll(_ url: String) -> Result<[RouteVerdict], Diagnostic> {
    DeeperTable.explain(url, scheme: scheme, table: router.table)
  }

  func resolve(_ url: String) -> TableOutcome {
    switch router.resolve(url) {
    case .matched(let index, let intent, let captures):
      return .matched(
        TableMatch(
          table: name, dialect: dialect, route: index, pattern: patterns[index], intent: intent,
          params: captures))
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
