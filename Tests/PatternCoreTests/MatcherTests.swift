import Testing

@testable import PatternCore

@Suite("Matcher semantics (SPEC §3)")
struct MatcherTests {
  @Test func literalsAndCapturesMatchWholeComponentsOnly() throws {
    #expect(try bind([lit("profile"), cap("id")], "myapp://profile/42") == ["id": "42"])
    #expect(try bind([lit("profile"), cap("id")], "myapp://profile") == nil)
    #expect(try bind([lit("profile"), cap("id")], "myapp://profile/42/x") == nil)
    #expect(try bind([lit("profile")], "myapp://profiles") == nil)
  }

  @Test func hostComparesCaseInsensitivelyLaterLiteralsDoNot() throws {
    let path = [lit("profile"), lit("info")]
    #expect(try bind(path, "myapp://PROFILE/info") == [:])
    #expect(try bind(path, "myapp://profile/INFO") == nil)
    #expect(try bind(path, "myapp:///PROFILE/info") == nil)
    #expect(try bind([cap("name")], "FOOBAR://FOO") == ["name": "FOO"])
  }

  @Test func literalsIgnoreCaseWhenTheTableSaysSo() throws {
    let table = RouteTable(
      patterns: [RoutePattern(path: [lit("user"), lit("info")])],
      options: MatchOptions(literalsIgnoreCase: true))
    #expect(table.firstMatch(try ParsedURL("native://USER/Info").routingInput) != nil)
  }

  /// The search compares literal texts in steps of eight, four, two and one bytes: a literal
  /// of every length around those steps must differ from a component that differs in any one
  /// byte, or only in the case of one letter (literals after the host are case-sensitive).
  @Test func literalsOfEveryLengthCompareEveryByte() throws {
    for length in 1...19 {
      let letters = (0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) }
      let literal = String(letters)
      let mixed = String(
        letters.enumerated().map {
          $0.offset % 3 == 1 ? Character($0.element.uppercased()) : $0.element
        })
      let table = RouteTable(patterns: [
        RoutePattern(path: [lit("host"), lit(literal), lit("end")]),
        RoutePattern(path: [lit("host"), lit(mixed), lit("end")]),
      ])
      var lookup = RouteLookup()
      #expect(try table.lookup("app://host/\(literal)/end", into: &lookup) == 0)
      #expect(try table.lookup("app://host/\(mixed)/end", into: &lookup) == (length > 1 ? 1 : 0))
      for position in 0..<length {
        var other = Array(literal.utf8)
        other[position] =
          other[position] == UInt8(ascii: "z") ? UInt8(ascii: "y") : UInt8(ascii: "z")
        let changed = String(decoding: other, as: UTF8.self)
        #expect(try table.lookup("app://host/\(changed)/end", into: &lookup) == nil, "\(changed)")
        var upper = Array(literal.utf8)
        upper[position] -= 0x20
        let recased = String(decoding: upper, as: UTF8.self)
        let expected: Int? = recased == mixed ? 1 : nil
        #expect(
          try table.lookup("app://host/\(recased)/end", into: &lookup) == expected, "\(recased)")
      }
    }
  }

  @Test func wildcardTakesOneOrMoreAndPrefersFew() throws {
    #expect(try bind([.wildcard, lit("profile"), cap("id")], "myapp://profile/1") == nil)
    #expect(try bind([.wildcard, lit("profile"), cap("id")], "myapp://a/profile/1") == ["id": "1"])
    // No lookahead limits: the wildcard grows until the rest fits.
    #expect(
      try bind([lit("recipe"), .wildcard, cap("id")], "myapp://recipe/archive/details/123")
        == ["id": "123"])
    #expect(
      try bind([.wildcard, lit("profile"), cap("id")], "myapp://a/profile/b/profile/1")
        == ["id": "1"])
  }

  @Test func optionalPrefersPresentAndUntakenCapturesAreAbsent() throws {
    let path: [PathNode] = [lit("recipe"), .optional([lit("details"), cap("id")])]
    #expect(try bind(path, "myapp://recipe/details/7") == ["id": "7"])
    #expect(try bind(path, "myapp://recipe") == [:])
    #expect(try bind(path, "myapp://recipe/details") == nil)
    #expect(try bind([.optional([cap("a")]), cap("b")], "myapp://x") == ["b": "x"])
    #expect(try bind([.optional([cap("a")]), cap("b")], "myapp://x/y") == ["a": "x", "b": "y"])
  }

  @Test func choiceTriesLeftFirstWithoutLookaheadLimits() throws {
    let choice: PathNode = .choice([[lit("a"), lit("b")], [lit("a")]])
    #expect(try bind([choice, lit("b")], "myapp://a/b") == [:])
    #expect(try bind([choice, lit("b")], "myapp://a/b/b") == [:])
    let captures: PathNode = .choice([[cap("x", .int)], [cap("y")]])
    #expect(try bind([captures], "myapp://5") == ["x": "5"])
    #expect(try bind([captures], "myapp://z") == ["y": "z"])
  }

  @Test func earlierPreferenceOutranksLater() throws {
    // `*/:id/(:extra)` on a/b/c binds id=b, extra=c (SPEC §3).
    let path: [PathNode] = [.wildcard, cap("id"), .optional([cap("extra")])]
    #expect(try bind(path, "myapp://a/b/c") == ["id": "b", "extra": "c"])
    #expect(try bind(path, "myapp://a/b") == ["id": "b"])
  }

  @Test func typedCapturesFilterComponents() throws {
    #expect(try bind([lit("p"), cap("id", .int)], "myapp://p/abc") == nil)
    #expect(try bind([lit("p"), cap("id", .int)], "myapp://p/-12") == ["id": "-12"])
    let table = RouteTable(patterns: [RoutePattern(path: [cap("v", .double)])])
    let match = try #require(table.firstMatch(try ParsedURL("myapp://2.5e1").routingInput))
    #expect(match.captures["v"] == .double(25))
  }

  @Test func queryIsOrderFreeFirstValidValueAndOptional() throws {
    let query: [QueryNode] = [
      .item(QueryItemPattern("id", type: .int)),
      .item(QueryItemPattern("locale", required: false)),
    ]
    #expect(try bind([lit("p")], "myapp://p?x=1&id=abc&id=5&id=6", query: query) == ["id": "5"])
    #expect(
      try bind([lit("p")], "myapp://p?locale=en&id=1", query: query) == ["id": "1", "locale": "en"])
    #expect(try bind([lit("p")], "myapp://p?locale=en", query: query) == nil)
    #expect(try bind([lit("p")], "myapp://p?ID=1", query: query) == nil)
  }

  @Test func queryAliasesAndOneOf() throws {
    let aliased: [QueryNode] = [.item(QueryItemPattern(keys: ["id", "userId", "uid"], name: "id"))]
    #expect(try bind([lit("p")], "myapp://p?uid=9", query: aliased) == ["id": "9"])
    let oneOf: [QueryNode] = [.oneOf([QueryItemPattern("a"), QueryItemPattern("b", type: .int)])]
    #expect(try bind([lit("p")], "myapp://p?b=2", query: oneOf) == ["b": "2"])
    #expect(try bind([lit("p")], "myapp://p?a=1&b=2", query: oneOf) == ["a": "1"])
    #expect(try bind([lit("p")], "myapp://p?b=x", query: oneOf) == nil)
  }

  @Test func queryKeysIgnoreCaseWhenTheTableSaysSo() throws {
    let table = RouteTable(
      patterns: [RoutePattern(path: [lit("p")], query: [.item(QueryItemPattern("type"))])],
      options: MatchOptions(queryKeysIgnoreCase: true))
    let match = table.firstMatch(try ParsedURL("x://p?TYPE=fire").routingInput)
    #expect(match?.captures.text("type") == "fire")
  }

  @Test func registrationOrderWinsAndDeclinedRoutesFallThrough() throws {
    let table = RouteTable(patterns: [
      RoutePattern(path: [lit("p"), cap("a")]), RoutePattern(path: [lit("p"), cap("b", .int)]),
    ])
    let input = try ParsedURL("myapp://p/5").routingInput
    #expect(table.firstMatch(input)?.routeIndex == 0)
    #expect(table.firstMatch(input, where: { $0.routeIndex != 0 })?.routeIndex == 1)
    #expect(Array(table.matches(input)).map(\.routeIndex) == [0, 1])
  }

  @Test("pathological patterns stay polynomial", .timeLimit(.minutes(1)))
  func noExponentialBacktracking() throws {
    let stars = Array(repeating: PathNode.wildcard, count: 8) + [lit("x")]
    let url = "myapp://" + Array(repeating: "a", count: 255).joined(separator: "/") + "/y"
    #expect(try bind(stars, url) == nil)
    let nested: [PathNode] =
      Array(
        repeating: .optional([.optional([cap("a")]), .choice([[cap("b")], [.wildcard]])]), count: 12
      )
      + [lit("x")]
    #expect(try bind(nested, url) == nil)
  }

  @Test func explainsTheNearestMiss() throws {
    let table = RouteTable(patterns: [
      RoutePattern(path: [lit("profile"), cap("id")]),
      RoutePattern(path: [lit("tweet"), cap("id", .int), lit("retweet")]),
      RoutePattern(path: [.wildcard, lit("profile")], query: [.item(QueryItemPattern("u"))]),
    ])
    let miss = try #require(
      table.nearestMiss(try ParsedURL("myapp://tweet/x/retweet").routingInput))
    #expect(miss.routeIndex == 1)
    #expect(miss.reason.message == "component 2 `x` is not an int, as `:int(id)` requires")
    #expect(miss.reason.componentIndex == 1)
    let query = try #require(table.nearestMiss(try ParsedURL("myapp://a/profile?v=1").routingInput))
    #expect(query.routeIndex == 2)
    #expect(query.reason.message == "missing required query item `u`")
    let short = try #require(table.nearestMiss(try ParsedURL("myapp://profile").routingInput))
    #expect(
      short.reason.message == "the URL ends after 1 component; the pattern expects `:id` next")
  }
}
