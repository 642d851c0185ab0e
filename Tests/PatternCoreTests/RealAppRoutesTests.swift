import Testing

@testable import PatternCore

/// Rest captures, query conditions, declared types and forwarding in the core (issue 17's
/// text is the reference for every expected value).
@Suite("Real-app routes in the core")
struct RealAppRoutesTests {
  let wiki = RoutePattern(path: [lit("wiki"), .rest(name: "title")])

  @Test func restCaptureJoinsDecodedComponents() throws {
    #expect(try bind(wiki.path, "myapp://wiki/foo/bar") == ["title": "foo/bar"])
    #expect(try bind(wiki.path, "myapp://wiki/a%2Fb/c%20d") == ["title": "a/b/c d"])
    #expect(try bind(wiki.path, "myapp://wiki") == nil)
    // Lazy like `*`: the shortest rest that lets the rest of the pattern match.
    let edit = [.rest(name: "p"), lit("edit"), cap("id", .int)]
    #expect(try bind(edit, "myapp://x/edit/edit/4") == ["p": "x/edit", "id": "4"])
    // `(*rest)` is zero or more and absent when empty.
    let files = [lit("files"), .optional([.rest(name: "path")])]
    #expect(try bind(files, "myapp://files") == [:])
    #expect(try bind(files, "myapp://files/a/b") == ["path": "a/b"])
  }

  @Test func restCaptureBindsTheSameThroughTheFastLookup() throws {
    let table = RouteTable(patterns: [wiki, RoutePattern(path: [lit("x"), .wildcard])])
    var lookup = RouteLookup()
    let route = try table.lookup("myapp://wiki/a/b%20c", into: &lookup)
    #expect(route == 0)
    #expect(table.captures(of: lookup).text("title") == "a/b c")
  }

  @Test func conditionsForbiddenKeysAndAllItems() throws {
    let welcome: [QueryNode] = [
      .item(QueryItemPattern(keys: ["ref"], equals: "welcome")), .item(QueryItemPattern("id")),
      .forbidden(keys: ["token"]),
    ]
    #expect(try bind([lit("p")], "myapp://p?id=1&ref=welcome", query: welcome) == ["id": "1"])
    #expect(try bind([lit("p")], "myapp://p?id=1&ref=Welcome", query: welcome) == nil)
    #expect(try bind([lit("p")], "myapp://p?id=1&ref=welcome&token", query: welcome) == nil)
    let all: [QueryNode] = [.all(name: "q")]
    let table = RouteTable(patterns: [RoutePattern(path: [lit("s")], query: all)])
    let match = table.firstMatch(try ParsedURL("myapp://s?b=2&a=1&b=3").routingInput)
    #expect(
      match?.captures["q"]
        == .object([QueryItem(key: "b", value: "2"), QueryItem(key: "a", value: "1")]))
  }

  @Test func forbiddenKeysFollowTheTablesKeyRule() throws {
    let pattern = RoutePattern(path: [lit("login")], query: [.forbidden(keys: ["token"])])
    let crossroad = RouteTable(
      patterns: [pattern], options: MatchOptions(queryKeysIgnoreCase: true))
    #expect(crossroad.firstMatch(try ParsedURL("myapp://login?TOKEN=1").routingInput) == nil)
    let deeper = RouteTable(patterns: [pattern])
    #expect(deeper.firstMatch(try ParsedURL("myapp://login?TOKEN=1").routingInput) != nil)
  }

  @Test func missReasonsNameTheFailedCondition() throws {
    let pattern = RoutePattern(
      path: [lit("p")],
      query: [
        .item(QueryItemPattern(keys: ["ref"], equals: "welcome")), .forbidden(keys: ["token"]),
      ])
    let table = RouteTable(patterns: [pattern])
    guard
      case .missed(let present) = table.explain(
        routeAt: 0, try ParsedURL("myapp://p?ref=welcome&token=1").routingInput)
    else { Issue.record("expected a miss"); return }
    #expect(present.message == "query item `token` is present; the pattern forbids it")
    guard
      case .missed(let other) = table.explain(
        routeAt: 0, try ParsedURL("myapp://p?ref=other").routingInput)
    else { Issue.record("expected a miss"); return }
    #expect(other.message == "query item `ref` is `other`; the pattern needs `welcome`")
  }

  @Test func reversePrintsConditionsAndRestsNeverForbiddenItems() throws {
    let pattern = RoutePattern(
      path: [lit("wiki"), .rest(name: "title")],
      query: [
        .item(QueryItemPattern(keys: ["ref"], equals: "a b")), .forbidden(keys: ["token"]),
        .item(QueryItemPattern("id", type: .int)),
      ])
    #expect(
      try URLPrinter.url(
        base: "myapp", pattern: pattern, values: ["title": .string("AC/DC x"), "id": .int(3)])
        == "myapp://wiki/AC/DC%20x?ref=a%20b&id=3")
    #expect(throws: ReverseRoutingError.self) {
      try URLPrinter.url(
        base: "myapp", pattern: pattern, values: ["title": .string("a//b"), "id": .int(3)])
    }
  }

  /// `(*rest)` is absent when empty: an empty value prints the URL without it, as matching
  /// that URL leaves it; a required `*rest` has no empty value.
  @Test func anEmptyOptionalRestPrintsAsAbsent() throws {
    let files = RoutePattern(path: [lit("files"), .optional([.rest(name: "path")])])
    #expect(
      try URLPrinter.url(base: "myapp", pattern: files, values: ["path": .string("")])
        == "myapp://files")
    #expect(
      try URLPrinter.url(base: "myapp", pattern: files, values: ["path": .string("a/b")])
        == "myapp://files/a/b")
    #expect(throws: ReverseRoutingError.self) {
      try URLPrinter.url(base: "myapp", pattern: wiki, values: ["title": .string("")])
    }
  }

  @Test func componentsForAWildcardThePatternLacksAreAnError() throws {
    let plain = RoutePattern(path: [lit("profile"), cap("id")])
    #expect(throws: ReverseRoutingError.unusedValue(name: "*", pattern: "profile/:id")) {
      try URLPrinter.url(
        base: "myapp", pattern: plain, values: ["id": .string("1")], wildcards: [["a", "b"]])
    }
    let choice = RoutePattern(path: [lit("p"), .choice([[lit("x")], [.wildcard]])])
    #expect(
      try URLPrinter.url(base: "myapp", pattern: choice, values: [:], wildcards: [["a", "b"]])
        == "myapp://p/a/b")
    #expect(try URLPrinter.url(base: "myapp", pattern: choice, values: [:]) == "myapp://p/x")
    let wild = RoutePattern(path: [.wildcard, lit("profile"), cap("id")])
    #expect(
      try URLPrinter.url(
        base: "myapp", pattern: wild, values: ["id": .string("1")], wildcards: [["a", "b"]])
        == "myapp://a/b/profile/1")
  }

  @Test func aQueryObjectPrintsEachItemOnceAndUnderTheRoutersKeyRule() throws {
    let id = QueryItemPattern("id")
    let named = RoutePattern(path: [lit("p")], query: [.item(id), .all(name: "all")])
    let object: PatternValue = .object([
      QueryItem(key: "x", value: "1"), QueryItem(key: "id", value: "2"),
    ])
    // The object's items in its order; the capture's item is not printed twice.
    #expect(
      try URLPrinter.url(
        base: "myapp", pattern: named, values: ["id": .string("2"), "all": object])
        == "myapp://p?x=1&id=2")
    #expect(
      try URLPrinter.url(base: "myapp", pattern: named, values: ["id": .string("2")])
        == "myapp://p?id=2")
    // An object item that an optional capture would bind too: no URL gives the object alone.
    var optional = id
    optional.required = false
    let onlyObject = RoutePattern(path: [lit("q")], query: [.item(optional), .all(name: "all")])
    #expect(throws: ReverseRoutingError.unexpectedValue(name: "id", pattern: "q?(:id)&*all")) {
      try URLPrinter.url(
        base: "myapp", pattern: onlyObject,
        values: ["all": .object([QueryItem(key: "id", value: "2")])])
    }
    // Crossroad compares keys without case: `Token` is the forbidden `token`, and `A` and `a`
    // are one key.
    let forbidding = RoutePattern(
      path: [lit("p")], query: [.forbidden(keys: ["token"]), .all(name: "all")])
    let crossroad = MatchOptions(queryKeysIgnoreCase: true)
    let token: PatternValue = .object([QueryItem(key: "Token", value: "1")])
    #expect(
      try URLPrinter.url(base: "myapp", pattern: forbidding, values: ["all": token])
        == "myapp://p?Token=1")
    #expect(throws: ReverseRoutingError.self) {
      try URLPrinter.url(
        base: "myapp", pattern: forbidding, values: ["all": token], options: crossroad)
    }
  }

  @Test func declaredTypesKeepTheirBounds() throws {
    let month = CustomValueType.constrained(
      name: "month", base: .int, constraints: ValueConstraints(minimum: 1, maximum: 12))
    #expect(PatternValue(parsing: "12", as: .custom(month)) == .int(12))
    #expect(PatternValue(parsing: "13", as: .custom(month)) == nil)
    #expect(ValueType.custom(month).isSubtype(of: .int))
    let web = CustomValueType.constrained(
      name: "web", base: .string, constraints: ValueConstraints(schemes: ["http", "https"]))
    #expect(PatternValue(parsing: "https://a.b/c", as: .custom(web)) == .string("https://a.b/c"))
    #expect(PatternValue(parsing: "mailto:a@b.c", as: .custom(web)) == nil)
    #expect(PatternValue(parsing: "a/b", as: .custom(web)) == nil)
    let closure = CustomValueType(name: "even") { Int($0).flatMap { $0 % 2 == 0 ? $0 : nil } }
    #expect(PatternValue(parsing: "4", as: .custom(closure))?.converted(as: Int.self) == 4)
    #expect(PatternValue(parsing: "5", as: .custom(closure)) == nil)
    #expect(!ValueType.custom(closure).isSubtype(of: .int))
    #expect(throws: ValueTypeError.redefinesBuiltIn(name: "uuid")) {
      try CustomValueType(name: "uuid") { $0 }.validate()
    }
  }

  @Test func uuidIsEightFourFourFourTwelveHexDigits() {
    #expect(PatternValue(parsing: "123e4567-E89B-12d3-a456-426614174000", as: .uuid) != nil)
    #expect(PatternValue(parsing: "123e4567e89b12d3a456426614174000", as: .uuid) == nil)
    #expect(PatternValue(parsing: "123e4567-e89b-12d3-a456-42661417400g", as: .uuid) == nil)
  }

  @Test func forwardChainRules() {
    var chain = ForwardChain(start: "https://wordpress.com/mbar?redirect_to=/post/3")
    #expect(chain.next(value: "/post/3?x=1") == .url("https://wordpress.com/post/3?x=1"))
    #expect(chain.next(value: "myapp://a") == .url("myapp://a"))
    #expect(chain.next(value: "post") == .notAURL(value: "post"))
    #expect(
      chain.next(value: "https://wordpress.com/post/3?x=1")
        == .loop(next: "https://wordpress.com/post/3?x=1"))
    var long = ForwardChain(start: "x://a")
    for hop in 1...ForwardChain.maximumHops {
      #expect(long.next(value: "x://a/\(hop)") == .url("x://a/\(hop)"))
    }
    #expect(long.next(value: "x://a/9") == .tooManyHops(next: "x://a/9"))
    // A custom-scheme URL's authority is its host, its first component, however it is spelt.
    for start in [
      "firefox://deep-link?url=/settings", "firefox:///deep-link?url=/settings",
      "firefox:deep-link?url=/settings", "firefox:/deep-link/x?url=/settings",
    ] {
      var custom = ForwardChain(start: start)
      #expect(custom.next(value: "/settings") == .url("firefox://deep-link/settings"), "\(start)")
    }
  }

  @Test func analysisSeesConditionsAndForbiddenKeys() {
    let login = RoutePattern(path: [lit("login")], query: [.forbidden(keys: ["token"])])
    let token = RoutePattern(path: [lit("login")], query: [.item(QueryItemPattern("token"))])
    // Distinct: neither covers the other.
    #expect(
      RouteTableAnalysis.analyze(
        [login, token].map { AnalyzedRoute(pattern: $0, mayDecline: false) }
      )
      .isEmpty)
    // A condition is covered by a capture of the same key.
    let anyRef = RoutePattern(path: [lit("p")], query: [.item(QueryItemPattern("ref"))])
    let welcome = RoutePattern(
      path: [lit("p")], query: [.item(QueryItemPattern(keys: ["ref"], equals: "welcome"))])
    let warnings = RouteTableAnalysis.analyze(
      [anyRef, welcome].map { AnalyzedRoute(pattern: $0, mayDecline: false) })
    #expect(warnings.map(\.kind) == [.shadowedRoute])
  }

  @Test func analysisKnowsWhatUUIDsAndDeclaredTypesAccept() {
    func kinds(_ patterns: [RoutePattern]) -> [AnalysisWarning.Kind] {
      RouteTableAnalysis.analyze(patterns.map { AnalyzedRoute(pattern: $0, mayDecline: false) })
        .map(\.kind)
    }
    let tab = ValueType.custom(
      .constrained(name: "tab", base: .string, constraints: ValueConstraints(allowed: ["stats"])))
    let month = ValueType.custom(
      .constrained(
        name: "month", base: .int, constraints: ValueConstraints(minimum: 1, maximum: 12)))
    let big = ValueType.custom(
      .constrained(
        name: "big", base: .int,
        constraints: ValueConstraints(integerMinimum: 0, integerMaximum: 1_000_000)))
    let longer = RoutePattern(path: [lit("w"), cap("m", .int), lit("x")])
    // Neither type's texts reach the earlier, longer route: no warning.
    #expect(kinds([longer, RoutePattern(path: [lit("w"), cap("t", tab)])]).isEmpty)
    #expect(kinds([longer, RoutePattern(path: [lit("w"), cap("t", .uuid)])]).isEmpty)
    // Covered: every tab is a string, every month an int.
    let anyText = RoutePattern(path: [lit("w"), cap("s")])
    #expect(kinds([anyText, RoutePattern(path: [lit("w"), cap("t", tab)])]) == [.shadowedRoute])
    let anyInt = RoutePattern(path: [lit("w"), cap("i", .int)])
    #expect(kinds([anyInt, RoutePattern(path: [lit("w"), cap("m", month)])]) == [.shadowedRoute])
    // Not covered: an int may be above the bound.
    #expect(kinds([RoutePattern(path: [lit("w"), cap("b", big)]), anyInt]).isEmpty)
    #expect(kinds([RoutePattern(path: [lit("w"), cap("m", month)]), anyInt]).isEmpty)
  }
}
