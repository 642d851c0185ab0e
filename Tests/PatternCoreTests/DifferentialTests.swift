import Testing

@testable import PatternCore

/// The compiled table (segment trie with branch and bound, byte-level lookup) against the
/// plain "try every route in order" loop of the original routers, on thousands of random
/// tables and URLs: the same routes in the same order, the same captures, the same errors.
@Suite("Compiled table vs. linear reference")
struct DifferentialTests {
  struct Generator {
    var random: SplitMix
    let words = ["a", "b", "A", "profile", "1", "x", "é", "É"]

    mutating func chance(_ one: UInt64) -> Bool { random.next() % one == 0 }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    mutating func type() -> ValueType {
      pick([.string, .string, .int, .bool, .double, .list(.int)])
    }

    mutating func node(depth: Int) -> PathNode {
      switch random.next() % (depth > 1 ? 5 : 8) {
      case 0, 1: return .literal(pick(words))
      case 2: return .capture(name: pick(["c0", "c1", "c2", ""]), type: type())
      case 3: return .wildcard
      case 4: return .rest(name: pick(["r0", "c1"]))
      case 5: return .optional(path(depth: depth + 1, maximum: 2))
      default:
        return .choice(
          (0...(random.next() % 2)).map { _ in path(depth: depth + 1, maximum: 2) }
            + [path(depth: depth + 1, maximum: 2)])
      }
    }

    mutating func path(depth: Int, maximum: Int) -> [PathNode] {
      (0...Int(random.next() % UInt64(maximum))).map { _ in node(depth: depth) }
    }

    mutating func queryItem() -> QueryItemPattern {
      if chance(5) {
        return QueryItemPattern(keys: [pick(["q", "r"])], equals: pick(["1", "x"]))
      }
      return QueryItemPattern(
        keys: chance(3) ? ["q", "Q2"] : [pick(["q", "r"])], name: pick(["q", "c1"]), type: type(),
        required: chance(2))
    }

    mutating func pattern() -> RoutePattern {
      var query: [QueryNode] = []
      if chance(4) { query.append(.item(queryItem())) }
      if chance(8) { query.append(.oneOf([queryItem(), queryItem()])) }
      if chance(10) { query.append(.forbidden(keys: [pick(["r", "Q2"])])) }
      if chance(10) { query.append(.all(name: "all")) }
      if chance(25) {
        // Too many lines to expand: the route is checked by its program.
        let optionals = (0..<7).map { _ in PathNode.optional([.literal(pick(words))]) }
        return RoutePattern(path: optionals, query: query)
      }
      return RoutePattern(path: path(depth: 0, maximum: 4), query: query)
    }

    mutating func component() -> String {
      pick(words + ["7", "true", "zz", "2.5", "1,2", "%41", "%C3%A9", "PROFILE", "-3"])
    }

    mutating func url() -> String {
      let count = Int(random.next() % 5)
      let path = (0..<count).map { _ in component() }.joined(separator: "/")
      var query = ""
      if chance(2) {
        query =
          "?"
          + (0...(random.next() % 2)).map { _ in
            "\(pick(["q", "Q", "r", "q2", "Q2"]))=\(pick(["1", "x", "true", "1,2", "%31"]))"
          }.joined(separator: "&")
      }
      let start = pick(["myapp://", "myapp:///", "myapp:/", "MyApp://"])
      return start + path + query + (chance(9) ? "#frag" : "")
    }
  }

  static let allOptions = [
    MatchOptions(), MatchOptions(literalsIgnoreCase: true),
    MatchOptions(queryKeysIgnoreCase: true),
  ]

  /// Runs `body` on random tables: `tables` sets of 1 to `maxRoutes` patterns, each compiled
  /// with every option set, and `urls` random URLs for each compiled table.
  static func forEachRandomTable(
    seed: UInt64, tables: Int, maxRoutes: UInt64, urls: Int,
    _ body: (_ patterns: [RoutePattern], _ table: RouteTable, _ url: String) throws -> Void
  ) rethrows {
    var generator = Generator(random: SplitMix(seed: seed))
    for _ in 0..<tables {
      let patterns = (0..<Int(1 + generator.random.next() % maxRoutes)).map { _ in
        generator.pattern()
      }
      for options in allOptions {
        let table = RouteTable(patterns: patterns, options: options)
        for _ in 0..<urls { try body(patterns, table, generator.url()) }
      }
    }
  }

  @Test func matchesAndLookupsAgreeWithTheLinearLoop() throws {
    var lookup = RouteLookup()
    var compared = 0
    try Self.forEachRandomTable(seed: 7, tables: 1_000, maxRoutes: 12, urls: 6) {
      patterns, table, url in
      let input = try ParsedURL(url).routingInput
      let linear = (0..<table.count).compactMap { table.match(routeAt: $0, input) }
      #expect(Array(table.matches(input)) == linear, "\(patterns) \(url)")
      let route = try table.lookup(url, into: &lookup)
      #expect(route == linear.first?.routeIndex, "\(patterns) \(url)")
      #expect(
        table.captures(of: lookup) == linear.first?.captures ?? Captures(), "\(patterns) \(url)")
      compared += 1
    }
    #expect(compared == 18_000)
  }

  @Test func nearestMissAgreesWithTheLinearLoop() throws {
    try Self.forEachRandomTable(seed: 11, tables: 600, maxRoutes: 16, urls: 20) {
      patterns, table, url in
      let input = try ParsedURL(url).routingInput
      var best: (Int, MissReason)?
      for index in 0..<table.count {
        let verdict = table.explain(routeAt: index, input)
        // The diagnosis the search ranks by is the explained reason, and none for a match.
        if case .missed(let reason) = verdict {
          #expect(table.diagnose(routeAt: index, input) == reason)
        } else {
          #expect(table.diagnose(routeAt: index, input) == nil)
        }
        if case .missed(let reason) = verdict,
          best == nil || reason.closeness > best!.1.closeness
        {
          best = (index, reason)
        }
      }
      let nearest = table.nearestMiss(input)
      #expect(nearest?.routeIndex == best?.0, "\(patterns) \(input)")
      #expect(nearest?.reason == best?.1)
    }
  }

  /// The search among some routes (a router's routes of one source) finds what the linear
  /// loop over those routes finds.
  @Test func nearestMissAmongSomeRoutesAgreesWithTheLinearLoop() throws {
    var generator = SplitMix(seed: 47)
    try Self.forEachRandomTable(seed: 13, tables: 400, maxRoutes: 16, urls: 10) {
      patterns, table, url in
      let input = try ParsedURL(url).routingInput
      let eligible = (0..<table.count).map { _ in generator.next() % 3 != 0 }
      var best: (Int, MissReason)?
      for index in 0..<table.count where eligible[index] {
        if case .missed(let reason) = table.explain(routeAt: index, input),
          best == nil || reason.closeness > best!.1.closeness
        {
          best = (index, reason)
        }
      }
      let nearest = table.nearestMiss(input, among: { eligible[$0] })
      #expect(nearest?.routeIndex == best?.0, "\(patterns) \(eligible) \(input)")
      #expect(nearest?.reason == best?.1)
    }
  }

  /// A straight-line route is diagnosed by one pass instead of the backtracking search: the
  /// pass must find the same outcome and record the same failure (the reason and its
  /// closeness are read from it).
  @Test func straightLineDiagnosisAgreesWithTheSearch() throws {
    var linear = 0
    try Self.forEachRandomTable(seed: 29, tables: 400, maxRoutes: 8, urls: 10) { _, table, url in
      let input = try ParsedURL(url).routingInput
      var layout = URLLayout()
      layout.load(input)
      for route in table.routes where route.program.isLinear {
        let matcher = table.matcher(
          route, layout, first: 0, firstIsHost: input.firstComponentIsHost)
        var onePass = FailureTracker()
        var search = FailureTracker()
        let passMatched = matcher.runLinear(tracker: &onePass)
        let searchMatched =
          withUnsafeMutablePointer(to: &search) { matcher.runBacktracking(tracker: $0) } != nil
        #expect(passMatched == searchMatched, "\(route.pattern) \(input)")
        #expect(onePass.furthest == search.furthest, "\(route.pattern) \(input)")
        #expect(onePass.literals == search.literals, "\(route.pattern) \(input)")
        #expect(
          onePass.failedInstruction == search.failedInstruction, "\(route.pattern) \(input)")
        linear += 1
      }
      withExtendedLifetime(layout) {}
    }
    // Most generated routes are straight lines: the comparison ran thousands of times.
    #expect(linear > 5_000)
  }

  /// Wildcard-heavy tables where bindings are ambiguous: the lookup's captures must be the ones
  /// the backtracking program chooses.
  @Test func wildcardBindingsAgree() throws {
    var generator = Generator(random: SplitMix(seed: 23))
    var lookup = RouteLookup()
    for _ in 0..<500 {
      let patterns = (0..<Int(1 + generator.random.next() % 4)).map { _ in
        RoutePattern(
          path: (0..<Int(2 + generator.random.next() % 4)).map { _ -> PathNode in
            switch generator.random.next() % 5 {
            case 0: .wildcard
            case 4: .rest(name: "r")
            case 1: .capture(name: "c\(generator.random.next() % 3)", type: generator.type())
            case 2: .optional([.capture(name: "o", type: .int)])
            default: .literal(generator.pick(["a", "1"]))
            }
          })
      }
      let table = RouteTable(patterns: patterns)
      for _ in 0..<10 {
        let url =
          "app://"
          + (0..<Int(1 + generator.random.next() % 7)).map { _ in generator.pick(["a", "1", "b"]) }
          .joined(separator: "/")
        let linear = (0..<table.count).lazy.compactMap {
          table.match(routeAt: $0, try! ParsedURL(url).routingInput)
        }.first
        #expect(try table.lookup(url, into: &lookup) == linear?.routeIndex, "\(patterns) \(url)")
        #expect(table.captures(of: lookup) == linear?.captures ?? Captures(), "\(patterns) \(url)")
      }
    }
  }

  @Test(arguments: [
    "myapp://a b", "myapp://x/%zz", "myapp://x/%C3", "1app://x", "myapp://h:99999/x",
    "myapp://[::1/x", "myapp://h:8x/y", "a/b%2",
  ])
  func lookupThrowsWhatTheParserThrows(url: String) {
    let table = RouteTable(patterns: [RoutePattern(path: [.wildcard])])
    var lookup = RouteLookup()
    var parserError: URLParseError?
    do { _ = try ParsedURL(url) } catch { parserError = error }
    var lookupError: URLParseError?
    do { _ = try table.lookup(url, into: &lookup) } catch { lookupError = error }
    #expect(parserError != nil)
    #expect(lookupError == parserError)
  }

  @Test func relativeReferencesMatchNothing() throws {
    let table = RouteTable(patterns: [RoutePattern(path: [.wildcard])])
    var lookup = RouteLookup()
    #expect(try table.lookup("profile/42", into: &lookup) == nil)
    #expect(try table.lookup("myapp://profile/42", into: &lookup) == 0)
  }

  /// A copy of the lookup storage keeps what its lookup bound while the original goes on: the
  /// scratch buffers are shared until one of them starts a new lookup.
  @Test func aCopiedLookupKeepsItsCaptures() throws {
    let table = RouteTable(patterns: [
      RoutePattern(path: [lit("profile"), cap("id", .int)]),
      RoutePattern(path: [lit("a"), .wildcard, lit("b"), cap("x")]),
    ])
    var lookup = RouteLookup()
    #expect(try table.lookup("myapp://profile/42", into: &lookup) == 0)
    let kept = lookup
    #expect(try table.lookup("myapp://a/1/2/b/7", into: &lookup) == 1)
    #expect(kept.routeIndex == 0)
    #expect(kept.component(1) == "42")
    #expect(table.captures(of: kept)["id"] == .int(42))
    #expect(table.captures(of: lookup).text("x") == "7")
    var second = kept
    #expect(try table.lookup("myapp://a/x/b/y", into: &second) == 1)
    #expect(table.captures(of: kept)["id"] == .int(42))
    #expect(table.captures(of: second).text("x") == "y")
    #expect(table.captures(of: lookup).text("x") == "7")
  }
}
