import CrossroadRouter
import DeeperRouter
import FuncRouter
import MappingRouter
import PatternCore
import Testing

@testable import DeepLinkTools

/// Routers and compiled tables are shared between tasks; Scripts/test.sh runs this suite under
/// the thread sanitizer (`swift test --sanitize=thread --filter Concurrency`).
@Suite("Concurrency")
struct ConcurrencyTests {
  static let tasks = 8
  static let lookups = 300

  @Test func routersResolveFromManyTasksAtOnce() async throws {
    let deeper = DeeperRouter.Router<String>(scheme: "myapp")
    try deeper.add(routes: ["profile/:userId", "*/tweet/:int(id)"]) { _, params in
      params["userId"] ?? params["id"]
    }
    let function = FuncRouter.Router<String>(scheme: "myapp")
    try function.add("follow", format: "user/:string/follow?(locale=:string)")
    let mapping = try MappingRouter.Router.load(
      scheme: "myapp",
      mappingInfo: MappingInfo(
        group: "user", maps: [.named(.route, "/info?{*id/uid}", target: "Info")]))
    let crossroad = CrossroadRouter.DefaultRouter(accepting: ["myapp", "https://example.com"])
    try crossroad.register(routes: [("/pokemons/:int(id)", { _ in true })])

    let counts = await withTaskGroup(of: Int.self) { group in
      for task in 0..<Self.tasks {
        group.addTask {
          var hits = 0
          for lookup in 0..<Self.lookups {
            let n = task * Self.lookups + lookup
            if deeper.resolve("myapp://a/b/tweet/\(n)").intent == String(n) { hits += 1 }
            if function.resolve("myapp://user/\(n)/follow?locale=en").intent == "follow" {
              hits += 1
            }
            if case .matched = mapping.resolve("myapp://user/info?uid=\(n)") { hits += 1 }
            if case .matched = crossroad.resolve("https://example.com/pokemons/\(n)") { hits += 1 }
          }
          return hits
        }
      }
      var total = 0
      for await count in group { total += count }
      return total
    }
    #expect(counts == Self.tasks * Self.lookups * 4)
  }

  @Test func registeringWhileResolvingIsSafe() async throws {
    let router = DeeperRouter.Router<String>(scheme: "myapp")
    try router.add(routes: ["start"]) { _, _ in "start" }
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        for index in 0..<200 {
          try? router.add(routes: [DeepLinkRoute("r\(index)/:id")]) { _, _ in "r\(index)" }
        }
      }
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<200 { #expect(router.resolve("myapp://start").intent == "start") }
        }
      }
    }
    #expect(router.registeredRoutes.count == 201)
    #expect(router.resolve("myapp://r199/x").intent == "r199")
  }

  @Test func aCompiledTableIsSendable() async throws {
    let table = RouteTable(patterns: [
      RoutePattern(path: [.wildcard, .capture(name: "id", type: .int)])
    ])
    let input = try ParsedURL("myapp://a/b/42").routingInput
    let found = await withTaskGroup(of: Bool.self) { group in
      for _ in 0..<Self.tasks {
        group.addTask {
          (0..<Self.lookups).allSatisfy { _ in table.firstMatch(input)?.captures["id"] == .int(42) }
        }
      }
      var all = true
      for await ok in group { all = all && ok }
      return all
    }
    #expect(found)
  }
}
