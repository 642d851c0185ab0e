import Testing

@testable import PatternCore

@Suite("Reverse routing (SPEC §3)")
struct ReverseRoutingTests {
  let profile = RoutePattern(
    path: [lit("profile"), .optional([lit("info")]), cap("id", .int)],
    query: [
      .item(QueryItemPattern("locale", required: false)),
      .item(QueryItemPattern("tab")),
    ])

  @Test func printsQueryInPatternOrderAndOmitsAbsentOptionals() throws {
    // An optional of literals alone has no value to be absent: it is printed, as matching
    // prefers it present (DeeperFunc prints `recipes/data/(info)?(t=:int)` as
    // `recipes/data/info?t=1`).
    #expect(
      try URLPrinter.url(
        base: "myapp", pattern: profile, values: ["id": .int(42), "tab": .string("likes")])
        == "myapp://profile/info/42?tab=likes")
    #expect(
      try URLPrinter.url(
        base: "myapp", pattern: profile,
        values: ["tab": .string("a"), "id": .int(1), "locale": .string("en")])
        == "myapp://profile/info/1?locale=en&tab=a")
    let withCapture = RoutePattern(path: [lit("p"), .optional([lit("x"), cap("n")])])
    #expect(try URLPrinter.url(base: "myapp", pattern: withCapture, values: [:]) == "myapp://p")
    // Where the literals would be read as a capture's value, they are left out.
    let ambiguous = RoutePattern(path: [lit("p"), .optional([cap("id")]), .optional([lit("info")])])
    #expect(try URLPrinter.url(base: "myapp", pattern: ambiguous, values: [:]) == "myapp://p")
  }

  @Test func printsUnderAnOrigin() throws {
    let pattern = RoutePattern(path: [lit("pokemons"), cap("id", .int)])
    #expect(
      try URLPrinter.url(base: "https://example.com", pattern: pattern, values: ["id": .int(25)])
        == "https://example.com/pokemons/25")
  }

  @Test func choicePrintsTheAlternativeThatUsesTheValues() throws {
    let pattern = RoutePattern(path: [.choice([[lit("me")], [lit("user"), cap("id")]]), lit("x")])
    #expect(try URLPrinter.url(base: "a", pattern: pattern, values: [:]) == "a://me/x")
    #expect(
      try URLPrinter.url(base: "a", pattern: pattern, values: ["id": .string("7")])
        == "a://user/7/x")
  }

  @Test func aQueryOneOfPrintsTheAlternativeThatUsesTheValues() throws {
    // `d?(ref=a|:id)`: with `id` given, `?id=3` (which binds it back); with nothing, the
    // condition.
    let pattern = RoutePattern(
      path: [lit("d")],
      query: [.oneOf([QueryItemPattern(keys: ["ref"], equals: "a"), QueryItemPattern("id")])])
    #expect(
      try URLPrinter.url(base: "myapp", pattern: pattern, values: ["id": .string("3")])
        == "myapp://d?id=3")
    #expect(try URLPrinter.url(base: "myapp", pattern: pattern, values: [:]) == "myapp://d?ref=a")
  }

  @Test func reasonsPointAtTheCapture() {
    // The caret goes under the capture the reason is about, or the wildcard.
    #expect(
      ReverseRoutingError.missingValue(name: "title", pattern: "wiki/*title").description
        == "error: no value for `title`\n  wiki/*title\n       ^")
    #expect(
      ReverseRoutingError.invalidValue(
        name: "id", value: "abc", expected: .int, pattern: "page/:int(id)"
      ).description.hasSuffix("  page/:int(id)\n       ^"))
    #expect(
      ReverseRoutingError.missingWildcard(pattern: "u/files/*").description.hasSuffix(
        "  u/files/*\n          ^"))
  }

  @Test func wildcardsNeedValues() throws {
    let pattern = RoutePattern(path: [.wildcard, lit("profile"), cap("id")])
    #expect(throws: ReverseRoutingError.missingWildcard(pattern: "*/profile/:id")) {
      try URLPrinter.url(base: "a", pattern: pattern, values: ["id": .string("1")])
    }
    #expect(
      try URLPrinter.url(
        base: "a", pattern: pattern, values: ["id": .string("1")], wildcards: [["x", "y"]])
        == "a://x/y/profile/1")
  }

  @Test func refusesValuesItCannotPrintFaithfully() throws {
    let pattern = RoutePattern(path: [lit("p"), cap("id", .int)])
    #expect(throws: ReverseRoutingError.self) {
      try URLPrinter.url(base: "a", pattern: pattern, values: ["id": .string("x")])
    }
    #expect(throws: ReverseRoutingError.missingValue(name: "id", pattern: "p/:int(id)")) {
      try URLPrinter.url(base: "a", pattern: pattern, values: [:])
    }
    #expect(throws: ReverseRoutingError.self) {
      try URLPrinter.url(base: "a", pattern: pattern, values: ["id": .int(1), "other": .int(2)])
    }
    // An empty string cannot be a path component (empty components are dropped).
    #expect(throws: ReverseRoutingError.self) {
      try URLPrinter.url(
        base: "a", pattern: RoutePattern(path: [cap("s")]), values: ["s": .string("")])
    }
  }

  /// parse(print(values)) == values over many generated values, including characters that
  /// have a meaning in URLs.
  @Test func roundTripsGeneratedValues() throws {
    let pattern = RoutePattern(
      path: [
        cap("host"), lit("items"), cap("name"), cap("n", .int), cap("x", .double), cap("b", .bool),
      ],
      query: [
        .item(QueryItemPattern("q")),
        .item(QueryItemPattern(keys: ["k", "key"], name: "k", required: false)),
      ])
    let alphabet = Array("aZ09 /?#&=%+:@[]!$'()*,;é€😀\\\"<>|^`{}~.-_")
    var generator = SplitMix(seed: 42)
    let table = RouteTable(patterns: [pattern])
    for _ in 0..<500 {
      func text(_ minimum: Int) -> String {
        String(
          (0..<(minimum + Int(generator.next() % 8))).map { _ in
            alphabet[Int(generator.next() % UInt64(alphabet.count))]
          })
      }
      let values: [String: PatternValue] = [
        "host": .string(text(1)), "name": .string(text(1)),
        "n": .int(Int64(bitPattern: generator.next())),
        "x": .double(Double(Int64(bitPattern: generator.next() % 1_000_000)) / 64),
        "b": .bool(generator.next() % 2 == 0), "q": .string(text(0)), "k": .string(text(0)),
      ]
      let url = try URLPrinter.url(base: "myapp", pattern: pattern, values: values)
      let match = try #require(table.firstMatch(try ParsedURL(url).routingInput), "\(url)")
      for (name, value) in values {
        #expect(match.captures[name] == value, "\(name) in \(url)")
      }
    }
  }
}

/// A small deterministic generator so failures reproduce.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
