import PatternCore

/// The analysis of a manifest table, one rule for every dialect: a route with
/// `"declines": true` may pass a URL on, so it shadows nothing; every other route of a
/// manifest answers what it matches (its handler is the manifest's), so a route it covers can
/// never win and is reported.
enum TableWarnings {
  static func of(
    _ patterns: [RoutePattern], texts: [String], declines: [Bool], options: MatchOptions,
    sources: [Set<String>?] = []
  ) -> [AnalysisWarning] {
    RouteTableAnalysis.analyze(
      patterns.indices.map {
        AnalyzedRoute(
          pattern: patterns[$0], text: texts[$0],
          mayDecline: $0 < declines.count && declines[$0],
          sources: $0 < sources.count ? sources[$0] : nil)
      },
      options: options)
  }

  /// The same for every route of `table`, with the table's options.
  static func of(_ table: RouteTable, texts: [String], declines: [Bool]) -> [AnalysisWarning] {
    of(
      (0..<table.count).map(table.pattern(at:)), texts: texts, declines: declines,
      options: table.options)
  }
}
