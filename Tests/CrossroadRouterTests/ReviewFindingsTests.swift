import Foundation
import PatternCore
import Testing

@testable import CrossroadRouter

/// An argument type of the app's own that is not a `String`-backed enum.
struct Slug: Argument, Equatable {
  let text: String
  init?(argument text: String) {
    guard !text.isEmpty, text.allSatisfy({ $0.isLowercase || $0 == "-" }) else { return nil }
    self.text = text
  }
}

/// What outside reviews of the seed snippets found.
@Suite("CrossroadRouter review findings")
struct CrossroadReviewFindingsTests {
  /// A struct conforms by its one initializer and is read as the built-in arguments are.
  @Test func aStructArgumentIsRead() throws {
    let router = DefaultRouter(scheme: "pokedex")
    var read: [Slug?] = []
    try router.register(routes: [
      (
        "pokedex://articles/:slug",
        { context in
          read.append(try? context.argument(for: "slug") as Slug)
          return true
        }
      )
    ])
    #expect(router.openIfPossible(URL(string: "pokedex://articles/red-fire")!))
    #expect(router.openIfPossible(URL(string: "pokedex://articles/Red")!))
    #expect(read == [Slug(argument: "red-fire"), nil])
  }

  /// The payload variant takes the `URL?` that `URL(string:)` gives, as the one without does.
  @Test func payloadOpenTakesAnOptionalURL() async throws {
    struct UserInfo { let userID: Int64 }
    let router = Router<UserInfo>(scheme: "pokedex")
    var seen: [Int64] = []
    try router.register(routes: [
      (
        "pokedex://pokemons",
        { context in
          seen.append(context.userInfo.userID)
          return true
        }
      )
    ])
    #expect(
      router.openIfPossible(to: URL(string: "pokedex://pokemons"), userInfo: UserInfo(userID: 1)))
    #expect(!router.openIfPossible(to: URL(string: ""), userInfo: UserInfo(userID: 2)))
    #expect(
      await router.openIfPossible(
        to: URL(string: "pokedex://pokemons"), userInfo: UserInfo(userID: 3)))
    #expect(seen == [1, 3])
  }

  /// A URL from a port no source names is described with that port: `https://example.org`
  /// itself is a source (its default port is the source's `:443`).
  @Test func aForeignSourceKeepsItsPort() throws {
    let router = DefaultRouter(accepting: ["https://example.org:443"])
    try router.register(routes: [("/p/:id", { _ in true })])
    guard case .unmatched(let nearest?, _) = router.resolve("https://example.org:8443/p/1") else {
      Issue.record("a URL from another port matched or had no nearest route")
      return
    }
    #expect(nearest.1.message.contains("source `https://example.org:8443` is not a source"))
    guard case .matched = router.resolve("https://example.org/p/1") else {
      Issue.record("the default port is not the source's")
      return
    }
  }
}
