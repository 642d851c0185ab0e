import Testing

@testable import PatternCore

/// The compiled table (first-component index, exact nearest-miss shortcut) against the plain
/// "try every route in order" loop of the original routers, on random tables and URLs.
@Suite("Compiled table vs. linear reference")
struct DifferentialTests {
  struct Generator {
    var random: SplitMix
    let words = ["a", "b", "A", "profile", "1", "x"]

    mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

    mutating func node(depth: Int) -> PathNode {
      switch random.next() % (depth > 1 ? 4 : 7) {
      case 0, 1: return .literal(pick(words))
      case 2: return .capture(name: "c\(random.next() % 3)", type: pick([.string, .int, .bool]))
      case 3: return .wildcard
      case 4: return .optional(path(depth: depth + 1, maximum: 2))
      default: return .choice([path(depth: depth + 1, maximum: 2), path(depth: depth + 1, maximum: 2)])
      }
    }

    mutating func path(depth: Int, maximum: Int) -> [PathNode] {
      (0...Int(random.next() % UInt64(maximum))).map { _ in node(depth: depth) }
    }

    mutating func pattern() -> RoutePattern {
      let query: [QueryNode] =
        random.next() % 4 == 0 ? [.item(QueryItemPattern("q", type: .int, required: random.next() % 2 == 0))] : []
      return RoutePattern(path: path(depth: 0, maximum: 4), query: query)
    }

    mutating func url() -> String {
      let count = Int(random.next() % 5)
      let path = (0..<count).map { _ in pick(words + ["7", "true", "zz"]) }.joined(separator: "/")
      let query = random.next() % 3 == 0 ? "?q=\(pick(["1", "x"]))" : ""
      return "myapp://" + path + query
    }
  }

  @Test func firstMatchAndNearestMissAgreeWithTheLinearLoop() throws {
    var generator = Generator(random: SplitMix(seed: 7))
    for _ in 0..<300 {
      let patterns = (0..<Int(1 + generator.random.next() % 12)).map { _ in generator.pattern() }
      for options in [MatchOptions(), MatchOptions(literalsIgnoreCase: true)] {
        let table = RouteTable(patterns: patterns, options: options)
        for _ in 0..<20 {
          let input = try ParsedURL(generator.url()).routingInput
          let linear = (0..<table.count).compactMap { table.match(routeAt: $0, input) }
          #expect(Array(table.matches(input)) == linear, "\(patterns) \(input)")
          var best: (Int, MissReason)?
          for index in 0..<table.count {
            if case .missed(let reason) = table.explain(routeAt: index, input),
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
    }
  }
}
