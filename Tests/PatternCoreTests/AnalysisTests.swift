import Testing

@testable import PatternCore

@Suite("Route-table analysis")
struct AnalysisTests {
  func analyze(_ patterns: [RoutePattern], declining: Set<Int> = []) -> [AnalysisWarning] {
    RouteTableAnalysis.analyze(
      patterns.enumerated().map { AnalyzedRoute(pattern: $1, mayDecline: declining.contains($0)) })
  }

  @Test func duplicatesUpToCaptureNamesNameBothPatterns() {
    let warnings = analyze([
      RoutePattern(path: [lit("profile"), cap("userId")]),
      RoutePattern(path: [lit("profile"), cap("id")]),
    ])
    #expect(warnings.map(\.kind) == [.duplicateRoute])
    #expect(
      warnings.first?.message
        == "route 1 `profile/:id` duplicates route 0 `profile/:userId` (identical up to capture names); it can never win"
    )
  }

  @Test func routesAreComparedWithEveryEarlierRouteThatCanStartAsTheyDo() {
    // A capture first can take any first component; a choice or an optional, each of its
    // literals; an empty path, none. Each pair below is found whatever the index skips.
    let shadowed: [[RoutePattern]] = [
      [RoutePattern(path: [cap("a"), lit("x")]), RoutePattern(path: [lit("b"), lit("x")])],
      [
        RoutePattern(path: [.choice([[lit("a")], [lit("b")]]), lit("x")]),
        RoutePattern(path: [lit("b"), lit("x")]),
      ],
      [RoutePattern(path: [.optional([lit("a")]), lit("x")]), RoutePattern(path: [lit("x")])],
      [RoutePattern(path: [.wildcard]), RoutePattern(path: [lit("q"), cap("id")])],
    ]
    for pair in shadowed {
      #expect(analyze(pair).map(\.kind) == [.shadowedRoute], "\(pair)")
    }
    // A route that can start with a literal the earlier one cannot is not shadowed by it.
    let distinct = [
      RoutePattern(path: [lit("a"), lit("x")]),
      RoutePattern(path: [.choice([[lit("a")], [lit("b")]]), lit("x")]),
    ]
    #expect(analyze(distinct).isEmpty)
    #expect(FirstComponents.of([.optional([lit("A")]), lit("b")]) == ["a", "b"])
    #expect(FirstComponents.of([.optional([lit("a")])]) == ["a", ""])
    #expect(FirstComponents.of([lit("a"), cap("b")]) == ["a"])
    #expect(FirstComponents.of([.choice([[cap("c")], [lit("a")]])]) == nil)
    // A table of thousands of routes, each with its own first literal, then one shadowed by a
    // route far before it: found.
    var many = (0..<3000).map { RoutePattern(path: [lit("s\($0)"), cap("id")]) }
    many.append(RoutePattern(path: [lit("s7"), lit("new")]))
    let warnings = analyze(many)
    #expect(warnings.map(\.kind) == [.shadowedRoute])
    #expect(warnings.first?.otherRouteIndex == 7)
  }

  @Test func routeIdentityFoldsWhatTheTableComparesWithoutCase() {
    let hostCase = [
      RoutePattern(path: [lit("Profile"), cap("a")]),
      RoutePattern(path: [lit("profile"), cap("b")]),
    ]
    // The first component is the host of `myapp://Profile/1`, compared without case, but in
    // `myapp:///profile/1` it is a path component, case-sensitive: route 1 can win there, so
    // analysis does not warn. The dialects' duplicate checks fold it (Crossroad's host rule).
    #expect(analyze(hostCase).isEmpty)
    #expect(
      hostCase[0].identity(options: MatchOptions())
        == hostCase[1].identity(options: MatchOptions()))
    #expect(
      hostCase[0].identity(options: MatchOptions(), foldingFirst: false)
        != hostCase[1].identity(options: MatchOptions(), foldingFirst: false))
    // A rest capture is `*` with a name.
    let rests = [
      RoutePattern(path: [lit("f"), .wildcard]), RoutePattern(path: [lit("f"), .rest(name: "p")]),
    ]
    #expect(analyze(rests).map(\.kind) == [.duplicateRoute])
    let laterCase = [
      RoutePattern(path: [lit("p"), lit("Info")]), RoutePattern(path: [lit("p"), lit("info")]),
    ]
    #expect(analyze(laterCase).isEmpty)
    let ignoringCase = MatchOptions(literalsIgnoreCase: true)
    #expect(
      RouteTableAnalysis.analyze(
        laterCase.map { AnalyzedRoute(pattern: $0, mayDecline: true) }, options: ignoringCase
      ).map(\.kind) == [.duplicateRoute])
    let keys = [
      RoutePattern(path: [lit("a")], query: [.item(QueryItemPattern("Page"))]),
      RoutePattern(path: [lit("a")], query: [.item(QueryItemPattern("page"))]),
    ]
    #expect(keys[0].identity(options: MatchOptions()) != keys[1].identity(options: MatchOptions()))
    #expect(
      keys[0].identity(options: MatchOptions(queryKeysIgnoreCase: true))
        == keys[1].identity(options: MatchOptions(queryKeysIgnoreCase: true)))
    #expect(
      keys[0].identity(options: MatchOptions(), includingQuery: false)
        == RoutePattern(path: [lit("a")]).identity(options: MatchOptions()))
  }

  @Test func shadowedByAMoreGeneralEarlierRoute() {
    let warnings = analyze([
      RoutePattern(path: [.wildcard, lit("profile"), cap("id")]),
      RoutePattern(path: [lit("a"), lit("profile"), cap("id", .int)]),
      RoutePattern(path: [lit("profile"), cap("id")]),
    ])
    #expect(warnings.map(\.kind) == [.shadowedRoute])
    #expect(warnings.first?.routeIndex == 1)
    #expect(warnings.first?.otherRouteIndex == 0)
  }

  @Test func typedAndQueryConstraintsAreRespected() {
    // An int route after a string route is covered; a string route after an int route is not.
    #expect(
      analyze([RoutePattern(path: [cap("a")]), RoutePattern(path: [cap("b", .int)])]).map(\.kind)
        == [.shadowedRoute])
    #expect(
      analyze([RoutePattern(path: [cap("a", .int)]), RoutePattern(path: [cap("b")])]).isEmpty)
    // A route needing a query item covers nothing that lacks it.
    let withQuery = RoutePattern(path: [lit("p")], query: [.item(QueryItemPattern("id"))])
    #expect(analyze([withQuery, RoutePattern(path: [lit("p")])]).isEmpty)
    #expect(analyze([RoutePattern(path: [lit("p")]), withQuery]).map(\.kind) == [.shadowedRoute])
  }

  @Test func aDecliningRouteShadowsNothing() {
    let patterns = [RoutePattern(path: [cap("a")]), RoutePattern(path: [cap("b", .int)])]
    #expect(analyze(patterns, declining: [0]).isEmpty)
  }

  @Test func optionalsAndChoicesAreUnderstood() {
    // `(a|b)/x` covers `b/x`; `a/(x)` covers `a`; `a/(x)` does not cover `a/y`.
    let choice = RoutePattern(path: [.choice([[lit("a")], [lit("b")]]), lit("x")])
    #expect(
      analyze([choice, RoutePattern(path: [lit("b"), lit("x")])]).map(\.kind) == [.shadowedRoute])
    let optional = RoutePattern(path: [lit("a"), .optional([lit("x")])])
    #expect(analyze([optional, RoutePattern(path: [lit("a")])]).map(\.kind) == [.shadowedRoute])
    #expect(analyze([optional, RoutePattern(path: [lit("a"), lit("y")])]).isEmpty)
  }

  @Test func unreachableAlternativesAndDuplicateNames() {
    let pattern = RoutePattern(path: [.choice([[cap("x")], [lit("me")]]), cap("x")])
    let warnings = analyze([pattern])
    #expect(warnings.map(\.kind) == [.duplicateCaptureName, .unreachableAlternative])
    #expect(warnings[1].message.contains("alternative `me` can never bind"))
    // The same name in different alternatives is fine.
    #expect(analyze([RoutePattern(path: [.choice([[cap("x")], [lit("a"), cap("x")]])])]).isEmpty)
    // A `*name` query object binds its name too.
    let bagAndCapture = RoutePattern(path: [lit("p"), cap("all")], query: [.all(name: "all")])
    #expect(analyze([bagAndCapture]).map(\.kind) == [.duplicateCaptureName])
    let twoBags = RoutePattern(path: [lit("q")], query: [.all(name: "a"), .all(name: "a")])
    #expect(analyze([twoBags]).map(\.kind) == [.duplicateCaptureName])
    // A query one-of alternative the ones before it always take: a capture of every value of
    // its key, or the same condition; a condition before a capture leaves the capture its turn.
    func oneOf(_ items: [QueryItemPattern]) -> RoutePattern {
      RoutePattern(path: [lit("p")], query: [.oneOf(items)])
    }
    let any = QueryItemPattern(keys: ["ref"], name: "ref", type: .string)
    let condition = QueryItemPattern(keys: ["ref"], equals: "x")
    let taken = analyze([oneOf([any, condition])])
    #expect(taken.map(\.kind) == [.unreachableAlternative])
    #expect(taken.first?.message.contains("alternative `ref=x` can never bind") == true)
    #expect(analyze([oneOf([condition, condition])]).map(\.kind) == [.unreachableAlternative])
    #expect(analyze([oneOf([condition, any])]).isEmpty)
    let number = QueryItemPattern(keys: ["a"], name: "a", type: .int)
    #expect(
      analyze([oneOf([number, QueryItemPattern(keys: ["b"], name: "b", type: .string)])]).isEmpty)
  }

  @Test func conditionsBindNoName() {
    // `a?ref=a&x=b` and `d?(x=1|y=2)&:id` hold two conditions each; neither binds a value, so
    // neither binds one twice. A name captured twice in the query still does.
    func condition(_ key: String, _ value: String) -> QueryItemPattern {
      QueryItemPattern(keys: [key], equals: value)
    }
    let two = RoutePattern(
      path: [lit("a")], query: [.item(condition("ref", "a")), .item(condition("x", "b"))])
    let oneOf = RoutePattern(
      path: [lit("d")],
      query: [.oneOf([condition("x", "1"), condition("y", "2")]), .item(QueryItemPattern("id"))])
    #expect(RouteTableAnalysis.duplicateNames(two).isEmpty)
    #expect(RouteTableAnalysis.duplicateNames(oneOf).isEmpty)
    #expect(analyze([two, oneOf]).isEmpty)
    let twice = RoutePattern(
      path: [lit("f")],
      query: [
        .item(QueryItemPattern("id")), .oneOf([QueryItemPattern("id"), condition("x", "1")]),
      ])
    #expect(RouteTableAnalysis.duplicateNames(twice) == ["id"])
  }

  @Test func aHostWildcardSourceShadowsTheOriginsItAnswers() {
    let path = RoutePattern(path: [lit("p")])
    func kinds(_ first: String, _ second: String) -> [AnalysisWarning.Kind] {
      RouteTableAnalysis.analyze([
        AnalyzedRoute(pattern: path, sources: [first]),
        AnalyzedRoute(pattern: path, sources: [second]),
      ]).map(\.kind)
    }
    #expect(kinds("https://*.example.com", "https://a.example.com") == [.shadowedRoute])
    #expect(kinds("https://*.example.com", "https://example.com").isEmpty)
    #expect(kinds("https://*.example.com", "https://a.example.com:8443").isEmpty)
    #expect(kinds("https://*.example.com", "http://a.example.com").isEmpty)
    #expect(kinds("https://a.example.com", "https://*.example.com").isEmpty)
    // The same source is a duplicate, as before.
    #expect(kinds("https://a.example.com", "https://a.example.com") == [.duplicateRoute])
  }
}
