import Testing

@testable import PatternCore

/// Matching is linear in the URL for a fixed pattern: the search expands each (instruction,
/// component) state at most once. Proven by counting that work, not by timing it.
@Suite("Linear-time matching (issue 9)")
struct LinearTimeTests {
  static let pathological: [(String, [PathNode])] = [
    ("8 wildcards then a literal", Array(repeating: .wildcard, count: 8) + [.literal("x")]),
    (
      "nested optionals",
      Array(
        repeating: .optional([.optional([.capture(name: "a", type: .string)]), .wildcard]),
        count: 10) + [.literal("x")]
    ),
    (
      "many choices",
      Array(
        repeating: .choice([
          [.wildcard], [.capture(name: "b", type: .int)], [.literal("a"), .wildcard],
        ]), count: 10) + [.literal("x")]
    ),
    (
      "optional wildcards",
      Array(repeating: .optional([.wildcard, .literal("a")]), count: 12) + [.literal("x")]
    ),
  ]

  func input(_ count: Int) -> RoutingInput {
    RoutingInput(components: Array(repeating: "a", count: count - 1) + ["y"])
  }

  @Test(arguments: pathological)
  func workIsBoundedAndGrowsLinearly(name: String, path: [PathNode]) {
    let table = RouteTable(patterns: [RoutePattern(path: path)])
    var previous = 0
    for count in [32, 64, 128, 256] {
      let (steps, bound) = table.matchWork(routeAt: 0, input(count))
      #expect(steps <= bound, "\(name): \(steps) > \(bound) at \(count) components")
      if previous > 0 {
        // Doubling the URL at most about doubles the work (never squares it).
        #expect(Double(steps) <= Double(previous) * 2.2, "\(name): \(previous) -> \(steps)")
      }
      previous = steps
      #expect(table.firstMatch(input(count)) == nil)
    }
  }

  /// The compiled search and the nearest-miss walk over a chain of wildcards: each wildcard's
  /// ends are tried once per search, not once per position the wildcard is reached at (that
  /// was quadratic in the components).
  @Test(arguments: [1, 2, 10])
  func wildcardChainsAreLinearInTheCompiledSearch(wildcards: Int) {
    let chain = RoutePattern(path: Array(repeating: .wildcard, count: wildcards) + [.literal("z")])
    let rest = RoutePattern(path: [.literal("a"), .rest(name: "r"), .wildcard, .literal("z")])
    let table = RouteTable(patterns: [chain, rest])
    var previous: (lookup: Int, nearest: Int)?
    for count in [32, 64, 128, 256] {
      let work = table.searchWork(input(count))
      // Each wildcard edge tries each end at most once.
      #expect(work.lookup <= (wildcards + 2) * (count + 1), "\(count) components: \(work)")
      if let previous {
        #expect(Double(work.lookup) <= Double(previous.lookup) * 2.2, "\(previous) -> \(work)")
        #expect(Double(work.nearest) <= Double(previous.nearest) * 2.2, "\(previous) -> \(work)")
      }
      previous = work
      #expect(table.firstMatch(input(count)) == nil)
      let hit = RoutingInput(components: Array(repeating: "a", count: count - 1) + ["z"])
      #expect(table.firstMatch(hit)?.routeIndex == 0)
    }
  }

  @Test func theLimitsAreErrorsNotHangs() throws {
    let components = "myapp://" + Array(repeating: "a", count: 257).joined(separator: "/")
    let query = "myapp://a?" + Array(repeating: "k=v", count: 257).joined(separator: "&")
    for url in [components, query, "myapp://" + String(repeating: "a", count: 8200)] {
      do {
        _ = try ParsedURL(url)
        Issue.record("expected limit_exceeded")
      } catch {
        #expect(error.code == .limitExceeded)
      }
    }
  }

  @Test func queryMatchingIsLinearInTheItems() throws {
    // 256 items, the wanted one last: one pass over the items per query node.
    let items = (0..<255).map { "k\($0)=v" }.joined(separator: "&") + "&id=7"
    let table = RouteTable(patterns: [
      RoutePattern(
        path: [.literal("a")],
        query: (0..<32).map { .item(QueryItemPattern("id\($0)", required: false)) } + [
          .item(QueryItemPattern("id", type: .int))
        ])
    ])
    let match = table.firstMatch(try ParsedURL("myapp://a?" + items).routingInput)
    #expect(match?.captures["id"] == .int(7))
  }
}
