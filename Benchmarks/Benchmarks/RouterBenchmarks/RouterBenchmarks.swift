import Benchmark
import DeepLinkTools
import PatternCore
import RoutingKit

// Every lookup benchmark runs 1,000 lookups per sample (`scalingFactor: .kilo`), cycling through
// its URLs, and reports per lookup. "ours" is the compiled table (`RouteTable.lookup`, URL string
// in, reusable `RouteLookup` storage); "linear" is the design of the original routers on our AST:
// parse the URL, then try each route in registration order; "routingkit" is vapor/routing-kit's
// TrieRouter given the URL split into components, as a server would.

/// Runs `body` over `urls` round-robin for every scaled iteration.
@inline(__always)
func cycle(_ benchmark: Benchmark, _ urls: [String], _ body: (String) -> Void) {
  var next = 0
  for _ in benchmark.scaledIterations {
    body(urls[next])
    next += 1
    if next == urls.count { next = 0 }
  }
}

/// The original routers' loop: parse, then try every route in order.
func linearLookup(_ table: RouteTable, _ url: String) -> Int? {
  guard let input = try? ParsedURL(url).routingInput else { return nil }
  for index in 0..<table.count where table.match(routeAt: index, input) != nil {
    return index
  }
  return nil
}

func routingKitRouter() -> TrieRouter<Int> {
  let router = TrieRouter(Int.self)
  for (index, route) in Workloads.gitHubRoutes.enumerated() {
    let path = ([route.method] + route.segments).map { segment -> PathComponent in
      segment.hasPrefix(":") ? .parameter(String(segment.dropFirst())) : .constant(segment)
    }
    router.register(index, at: path)
  }
  return router
}

/// routing-kit takes components: split what follows `scheme://`.
func routingKitLookup(_ router: TrieRouter<Int>, _ url: String) -> Int? {
  let rest = url.utf8.firstRange(of: "://".utf8).map { url[$0.upperBound...] } ?? url[...]
  var parameters = Parameters()
  return router.route(path: rest.split(separator: "/").map(String.init), parameters: &parameters)
}

func ours(_ table: RouteTable, _ lookup: inout RouteLookup, _ url: String) -> Int? {
  (try? table.lookup(url, into: &lookup)) ?? nil
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal, .throughput],
    timeUnits: .nanoseconds,
    scalingFactor: .kilo,
    maxDuration: .seconds(2),
    maxIterations: 100_000
  )

  // Sanity: the three designs agree on the GitHub set before anything is timed.
  let gitHub = Workloads.gitHubTable
  let trie = routingKitRouter()
  var check = RouteLookup()
  for url in Workloads.gitHubHits + Workloads.gitHubMisses {
    let expected = linearLookup(gitHub, url)
    precondition(ours(gitHub, &check, url) == expected, "ours disagrees on \(url)")
    precondition(routingKitLookup(trie, url) == expected, "routing-kit disagrees on \(url)")
  }

  Benchmark("github hit ours") { benchmark in
    var lookup = RouteLookup()
    cycle(benchmark, Workloads.gitHubHits) { blackHole(ours(gitHub, &lookup, $0)) }
  }
  Benchmark("github hit routingkit") { benchmark in
    cycle(benchmark, Workloads.gitHubHits) { blackHole(routingKitLookup(trie, $0)) }
  }
  Benchmark("github hit linear") { benchmark in
    cycle(benchmark, Workloads.gitHubHits) { blackHole(linearLookup(gitHub, $0)) }
  }
  Benchmark("github miss ours") { benchmark in
    var lookup = RouteLookup()
    cycle(benchmark, Workloads.gitHubMisses) { blackHole(ours(gitHub, &lookup, $0)) }
  }
  Benchmark("github miss routingkit") { benchmark in
    cycle(benchmark, Workloads.gitHubMisses) { blackHole(routingKitLookup(trie, $0)) }
  }
  Benchmark("github miss linear") { benchmark in
    cycle(benchmark, Workloads.gitHubMisses) { blackHole(linearLookup(gitHub, $0)) }
  }

  for size in [10, 100, 1_000, 10_000] {
    let table = Workloads.syntheticTable(size)
    let requests = Workloads.syntheticRequests(size)
    var sanity = RouteLookup()
    for url in requests {
      precondition(ours(table, &sanity, url) != nil, "synthetic request \(url) misses")
    }
    Benchmark("synthetic \(size) ours") { benchmark in
      var lookup = RouteLookup()
      cycle(benchmark, requests) { blackHole(ours(table, &lookup, $0)) }
    }
    if size <= 1_000 {
      Benchmark("synthetic \(size) linear") { benchmark in
        cycle(benchmark, requests) { blackHole(linearLookup(table, $0)) }
      }
    }
  }

  let wildcards = Workloads.wildcardTable
  for url in Workloads.wildcardRequests {
    precondition(ours(wildcards, &check, url) == linearLookup(wildcards, url), "wildcard \(url)")
  }
  Benchmark("wildcard ours") { benchmark in
    var lookup = RouteLookup()
    cycle(benchmark, Workloads.wildcardRequests) { blackHole(ours(wildcards, &lookup, $0)) }
  }
  Benchmark("wildcard linear") { benchmark in
    cycle(benchmark, Workloads.wildcardRequests) { blackHole(linearLookup(wildcards, $0)) }
  }

  // The resolver in-process: one JSON line in, one JSON record out, per iteration.
  var resolver: Resolver
  do {
    let manifest = try ManifestLoader.parse(
      Array(Workloads.resolverManifest.utf8), path: "<github>", readCases: false)
    resolver = Resolver(tables: try TableLoader.load(manifest))
  } catch {
    preconditionFailure("benchmark manifest: \(error)")
  }
  let lines = Workloads.resolverLines
  Benchmark("resolver line") { benchmark in
    var next = 0
    var output = RecordBuffer()
    for _ in benchmark.scaledIterations {
      // As deeplink-resolve does: one reused output buffer, a record per line.
      output.removeAll()
      resolver.respond(to: lines[next][...], number: next + 1, into: &output)
      blackHole(output.count)
      next += 1
      if next == lines.count { next = 0 }
    }
  }
}
