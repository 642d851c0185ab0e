import Testing

@testable import PatternCore

@Suite("Misses as data")
struct MissReasonTests {
  func reason(_ pattern: [PathNode], query: [QueryNode] = [], _ url: String) throws -> MissReason {
    let table = RouteTable(patterns: [RoutePattern(path: pattern, query: query)])
    guard case .missed(let reason) = table.explain(routeAt: 0, try ParsedURL(url).routingInput)
    else {
      Issue.record("expected a miss for \(url)")
      return .handlerDeclined
    }
    return reason
  }

  @Test func eachKindOfFailureIsItsOwnCause() throws {
    let tweet: [PathNode] = [.literal("tweet"), .capture(name: "id", type: .int)]
    #expect(
      try reason(tweet, "myapp://tweet/abc").cause
        == .typeMismatch(position: 1, found: "abc", capture: ":int(id)", type: .int))
    #expect(
      try reason(tweet, "myapp://post/1").cause
        == .componentMismatch(position: 0, found: "post", expected: ["tweet"]))
    #expect(
      try reason(tweet, "myapp://tweet").cause
        == .urlTooShort(components: 1, expected: [":int(id)"]))
    #expect(try reason(tweet, "myapp://tweet/1/x").cause == .urlTooLong(position: 2, found: "x"))
    let query: [QueryNode] = [.item(QueryItemPattern("page", type: .int))]
    #expect(
      try reason([.literal("a")], query: query, "myapp://a").cause
        == .missingQueryItem(keys: ["page"]))
    #expect(
      try reason([.literal("a")], query: query, "myapp://a?page=x").cause
        == .queryValueMismatch(key: "page", value: "x", type: .int))
  }

  /// A component that no alternative of a choice takes is reported with every alternative's
  /// literal, once each, in pattern order.
  @Test func aFailedChoiceNamesEveryLiteralItTakes() throws {
    let choice: [PathNode] = [
      .choice([[.literal("alpha")], [.literal("beta")], [.literal("alpha"), .literal("x")]]),
      .capture(name: "a", type: .string),
    ]
    let failed = try reason(choice, "myapp://gamma/1")
    #expect(
      failed.cause == .componentMismatch(position: 0, found: "gamma", expected: ["alpha", "beta"]))
    #expect(failed.message == "component 1 is `gamma`, the pattern expects `alpha` or `beta`")
    // Where the URL ends, every part the pattern may take next: the optional and what
    // follows it, as where a component is there (`a/(b)/c` on `myapp://a/x` and `myapp://a`).
    let optional: [PathNode] = [.literal("a"), .optional([.literal("b")]), .literal("c")]
    #expect(
      try reason(optional, "myapp://a/x").cause
        == .componentMismatch(position: 1, found: "x", expected: ["b", "c"]))
    let ended = try reason(optional, "myapp://a")
    #expect(ended.cause == .urlTooShort(components: 1, expected: ["b", "c"]))
    #expect(ended.message == "the URL ends after 1 component; the pattern expects `b` or `c` next")
    // A failure further on is reported alone (the choice was passed).
    #expect(
      try reason(choice + [.literal("end")], "myapp://beta/1/x").cause
        == .componentMismatch(position: 2, found: "x", expected: ["end"]))
  }

  @Test func aPositionalCaptureIsNamedAsItsFormatWritesIt() throws {
    // DeeperFunc's `:int` is named by its position ("0"); a reason shows `:int`, not `:int(0)`.
    let positional: [PathNode] = [.literal("a"), .capture(name: "0", type: .int)]
    #expect(
      try reason(positional, "myapp://a/x").cause
        == .typeMismatch(position: 1, found: "x", capture: ":int", type: .int))
    #expect(
      try reason(positional, "myapp://a").cause == .urlTooShort(components: 1, expected: [":int"]))
  }

  @Test func aOneOfGroupSaysWhichConditionFailed() throws {
    // `b?(ref=a|ref=b)`: on `ref=c` the key is there and its value is wrong; with no `ref` at
    // all, none is present (each key named once).
    let conditions: [QueryNode] = [
      .oneOf([
        QueryItemPattern(keys: ["ref"], equals: "a"), QueryItemPattern(keys: ["ref"], equals: "b"),
      ])
    ]
    let wrong = try reason([.literal("b")], query: conditions, "myapp://b?ref=c")
    #expect(wrong.cause == .queryValueNotEqual(key: "ref", value: "c", expected: ["a", "b"]))
    #expect(wrong.message == "query item `ref` is `c`; the pattern needs `a` or `b`")
    let none = try reason([.literal("b")], query: conditions, "myapp://b?x=1")
    #expect(none.cause == .noneOfQueryItems(keys: ["ref"]))
    #expect(none.message == "missing query item `ref`")
    #expect(
      try reason([.literal("b")], query: conditions, "myapp://b?ref").message
        == "query item `ref` is empty; the pattern needs `a` or `b`")
    // Typed alternatives: the first whose key is there names its value.
    let typed: [QueryNode] = [
      .oneOf([QueryItemPattern("a", type: .int), QueryItemPattern("b", type: .int)])
    ]
    #expect(
      try reason([.literal("b")], query: typed, "myapp://b?b=x").cause
        == .queryValueMismatch(key: "b", value: "x", type: .int))
  }

  @Test func oneRendererWritesTheWords() {
    #expect(
      MissReason(
        .typeMismatch(position: 1, found: "abc", capture: ":int(id)", type: .int), closeness: 0
      )
      .message == "component 2 `abc` is not an int, as `:int(id)` requires")
    #expect(
      MissReason(.urlTooShort(components: 2, expected: ["retweet"]), closeness: 0).message
        == "the URL ends after 2 components; the pattern expects `retweet` next")
    #expect(
      MissReason(
        .unknownSource(
          found: "foo", expected: ["native"], then: .missingQueryItem(keys: ["id", "uid"])),
        closeness: -1
      ).message
        == "source `foo` is not a source of this router (sources: `native`); and missing required "
        + "query item `id` or `uid`")
    #expect(MissReason.handlerDeclined.message == "the handler declined")
  }

  @Test func closenessOrdersReasons() throws {
    let tweet: [PathNode] = [.literal("tweet"), .capture(name: "id", type: .int)]
    let typeMiss = try reason(tweet, "myapp://tweet/abc")
    let literalMiss = try reason(tweet, "myapp://post/1")
    #expect(literalMiss < typeMiss)
    #expect(typeMiss < .handlerDeclined)
    #expect(MissReason.schemeMismatch(found: "x", expected: "y") < literalMiss)
  }
}
