import Testing

@testable import PatternCore

/// What outside reviews of the library found.
@Suite("PatternCore: outside findings")
struct PatternCoreReviewFindingsTests {
  /// `?!k&k=1` needs the item it forbids: analysis says the route never matches, and printing
  /// it says the pattern does not match the URL it prints (and why), not a value's name.
  @Test func contradictoryConditionsNeverMatch() throws {
    let pattern = RoutePattern(
      path: [lit("d")],
      query: [.forbidden(keys: ["k"]), .item(QueryItemPattern(keys: ["k"], equals: "1"))])
    let warnings = RouteTableAnalysis.analyze([AnalyzedRoute(pattern: pattern)])
    #expect(warnings.map(\.kind) == [.neverMatches])
    #expect(warnings.first?.message.contains("needs query item `k` and forbids it") == true)
    #expect(throws: ReverseRoutingError.self) {
      try URLPrinter.url(base: "myapp", pattern: pattern, values: [:])
    }
    do throws(ReverseRoutingError) {
      _ = try URLPrinter.url(base: "myapp", pattern: pattern, values: [:])
    } catch {
      #expect(
        error.message
          == "the pattern does not match the URL it prints, `myapp://d?k=1`: query item `k` is "
          + "present; the pattern forbids it")
    }
    // Two different required values of one key are no contradiction: `?k=1&k=2` meets both.
    let both = RoutePattern(
      path: [lit("d")],
      query: [
        .item(QueryItemPattern(keys: ["k"], equals: "1")),
        .item(QueryItemPattern(keys: ["k"], equals: "2")),
      ])
    #expect(RouteTableAnalysis.analyze([AnalyzedRoute(pattern: both)]).isEmpty)
  }

  /// A URL from a source the router does not answer ranks below every real attempt of a
  /// router that answers it, a path match before a path that fails.
  @Test func foreignSourcesRankBelowRealAttempts() throws {
    let table = RouteTable(patterns: [RoutePattern(path: [lit("q"), cap("slug")])])
    let input = try ParsedURL("cc://q/x").routingInput
    let matched = try #require(table.nearestMiss(input, fromSource: "cc", expected: ["bb"]))
    let failed = try #require(
      table.nearestMiss(
        try ParsedURL("cc://z/x/y").routingInput, fromSource: "cc", expected: ["bb"]))
    let literalMiss = MissReason(
      .componentMismatch(position: 0, found: "z", expected: ["q"]), closeness: 0)
    #expect(matched.reason < literalMiss)
    #expect(failed.reason < MissReason.schemeMismatch(found: "cc", expected: "aa"))
    #expect(MissReason.schemeMismatch(found: "cc", expected: "aa") < matched.reason)
  }

  /// A manifest's forward names the capture; its error names capture names and shows the
  /// pattern as written.
  @Test func aForwardByCaptureNameSaysWhichCapturesThereAre() throws {
    let pattern = RoutePattern(
      path: [lit("mbar")], query: [.item(QueryItemPattern(keys: ["redirect_to"], name: "to"))])
    do throws(PatternSyntaxError) {
      _ = try pattern.forwardedCapture("redirect_to", byKey: false, written: "mbar?as-written")
      Issue.record("the item's key was taken for its capture's name")
    } catch {
      #expect(error.pattern == "mbar?as-written")
      #expect(error.description.contains("its query captures: `to`"), "\(error)")
    }
    #expect(try pattern.forwardedCapture("redirect_to") == "to")
  }

  /// An optional that prints no value (its choice took the literal) is left out when printing
  /// it would make an earlier optional bind: `p/(:a)/((x|:d))` with no values is `myapp://p`.
  @Test func anOptionalChoiceThatPrintsNoValueIsLeftOut() throws {
    let pattern = RoutePattern(
      path: [
        lit("p"), .optional([cap("a")]), .optional([.choice([[lit("x")], [cap("d")]])]),
      ])
    #expect(try URLPrinter.url(base: "myapp", pattern: pattern, values: [:]) == "myapp://p")
  }

  /// Routes whose queries differ only in the order of their terms are one route.
  @Test func theQueryOrderIsNoPartOfARoutesIdentity() {
    let a = RoutePattern(
      path: [lit("a")], query: [.item(QueryItemPattern("x")), .forbidden(keys: ["t"])])
    let b = RoutePattern(
      path: [lit("a")], query: [.forbidden(keys: ["t"]), .item(QueryItemPattern("x"))])
    #expect(a.identity(options: MatchOptions()) == b.identity(options: MatchOptions()))
    let c = RoutePattern(path: [lit("a")], query: [.item(QueryItemPattern("y"))])
    #expect(a.identity(options: MatchOptions()) != c.identity(options: MatchOptions()))
  }

  /// A decoded component with control characters is quoted with them escaped in a miss reason,
  /// and a rendered diagnostic escapes them in its message: neither breaks a line nor reaches
  /// the terminal as a control sequence.
  @Test func controlCharactersAreEscapedInReasonsAndDiagnostics() throws {
    let table = RouteTable(patterns: [RoutePattern(path: [lit("t"), cap("id", .int)])])
    let input = try ParsedURL("myapp://t/a%0Ab%1B%5B31m").routingInput
    let reason = try #require(table.nearestMiss(input)).reason.message
    #expect(reason.contains(#"`a\nb\u001b[31m`"#), "\(reason)")
    #expect(!reason.unicodeScalars.contains { $0.value < 0x20 })
    // A backslash the URL holds is written `\\`: it reads apart from an escape.
    let slash = try #require(
      table.nearestMiss(try ParsedURL("myapp://t/a%5Cnb").routingInput)
    ).reason.message
    #expect(slash.contains(#"`a\\nb`"#), "\(slash)")
    let rendered = DiagnosticRenderer().render(
      Diagnostic(code: .invalidRequest, message: "cannot read `x\u{1B}[31m`", hint: "a\u{7}"))
    #expect(rendered == "error: cannot read `x\\u001b[31m`\n  = a\\u0007", "\(rendered)")
  }

  /// A route's other shapes print after its own URL, fewest changes first: each alternative of
  /// a choice, an optional part left out, each URL binding the given values under the whole
  /// pattern.
  @Test func otherShapesPrintInPreferenceOrder() throws {
    let choice = RoutePattern(path: [.choice([[lit("settings")], [lit("prefs")]])])
    #expect(
      URLPrinter.otherURLs(base: "myapp", pattern: choice, values: [:], first: "myapp://settings")
        == ["myapp://prefs"])
    let optional = RoutePattern(path: [cap("q"), .optional([lit("x")]), lit("y")])
    #expect(
      URLPrinter.otherURLs(
        base: "myapp", pattern: optional, values: ["q": .string("v")], first: nil)
        == ["myapp://v/x/y", "myapp://v/y"])
    // Without `(:id)`, `p/info` would bind `info` as `id`: that shape prints nothing.
    let binding = RoutePattern(path: [lit("p"), .optional([cap("id")]), .optional([lit("info")])])
    let urls = URLPrinter.otherURLs(base: "myapp", pattern: binding, values: [:], first: nil)
    #expect(!urls.contains("myapp://p/info"), "\(urls)")
    #expect(urls.contains("myapp://p"))
    // An early choice still changes when many optionals follow it (one change at a time first).
    let many = RoutePattern(
      path: [.choice([[lit("settings")], [lit("prefs")]])]
        + ["a", "b", "c", "d", "e"].map { .optional([lit($0)]) })
    #expect(
      URLPrinter.otherURLs(base: "myapp", pattern: many, values: [:], first: nil).contains(
        "myapp://prefs/a/b/c/d/e"))
    // With wildcard components given, another shape could give them to another wildcard.
    let twoWildcards = RoutePattern(path: [
      lit("p"), .optional([.wildcard]), lit("q"), .optional([.wildcard]),
    ])
    #expect(
      URLPrinter.otherURLs(
        base: "myapp", pattern: twoWildcards, values: [:], wildcards: [["a"]], first: nil
      )
      .isEmpty)
  }

}
