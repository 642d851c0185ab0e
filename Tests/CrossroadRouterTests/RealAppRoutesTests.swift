import Foundation
import PatternCore
import Testing

@testable import CrossroadRouter

@Suite("Crossroad: host wildcards, query conditions, types, forwarding")
struct CrossroadRealAppRoutesTests {
  @Test func hostWildcardAcceptsSubdomainsOnly() throws {
    #expect(LinkSource.host("uk.example.com", matches: "*.example.com"))
    #expect(LinkSource.host("a.b.example.com", matches: "*.example.com"))
    #expect(!LinkSource.host("example.com", matches: "*.example.com"))
    #expect(!LinkSource.host("badexample.com", matches: "*.example.com"))
    #expect(!LinkSource.host("example.com.evil.org", matches: "*.example.com"))
    #expect(throws: CrossroadError.self) { try LinkSource(parsing: "https://a.*.example.com") }
    #expect(throws: CrossroadError.self) { try LinkSource(parsing: "https://*example.com") }
    let router = DefaultRouter(accepting: ["https://*.example.com", "https://example.com"])
    try router.register(routes: [
      ("https://*.example.com/p/:id", { _ in true }), ("https://example.com/p/:id", { _ in true }),
    ])
    guard
      case .matched(let route, _, _) = router.resolve("https://UK.example.com/p/1", userInfo: ())
    else {
      Issue.record("no match")
      return
    }
    #expect(route == 0)
    guard case .matched(let bare, _, _) = router.resolve("https://example.com/p/1", userInfo: ())
    else {
      Issue.record("no match")
      return
    }
    #expect(bare == 1)
  }

  @Test func aHostWildcardRoutePrintsUnderTheHostGiven() throws {
    let router = DefaultRouter(accepting: ["https://*.example.com", "https://example.com"])
    try router.register(routes: [
      ("https://*.example.com/p/:id", { _ in true }), ("https://example.com/q/:id", { _ in true }),
    ])
    let pattern = "https://*.example.com/p/:id"
    #expect(
      try router.makeURL(for: pattern, arguments: ["id": 1], host: "UK.example.com").absoluteString
        == "https://uk.example.com/p/1")
    #expect(throws: ReverseRoutingError.hostNeeded(source: "https://*.example.com")) {
      try router.makeURL(for: pattern, arguments: ["id": 1])
    }
    for host in ["example.com", "badexample.com", "a..example.com", "a b.example.com"] {
      #expect(
        throws: ReverseRoutingError.hostNotAnswered(host: host, source: "https://*.example.com")
      ) {
        try router.makeURL(for: pattern, arguments: ["id": 1], host: host)
      }
    }
    // A plain origin takes its own host, or none.
    #expect(
      try router.makeURL(
        for: "https://example.com/q/:id", arguments: ["id": 2], host: "example.com"
      )
      .absoluteString == "https://example.com/q/2")
    #expect(
      router.url(for: "https://example.com/q/:id", arguments: ["id": 2], host: "x.org") == nil)
  }

  @Test func aRouteOfEverySourcePrintsUnderTheSourceThatAnswersTheHost() throws {
    let router = DefaultRouter(accepting: ["https://a.com", "https://*.b.com", "shop"])
    try router.register(routes: [("/p/:id", { _ in true })])
    #expect(
      try router.makeURL(for: "/p/:id", arguments: ["id": 1]).absoluteString == "https://a.com/p/1")
    #expect(
      try router.makeURL(for: "/p/:id", arguments: ["id": 1], host: "x.b.com").absoluteString
        == "https://x.b.com/p/1")
    #expect(
      try router.makeURL(for: "/p/:id", arguments: ["id": 1], host: "A.com").absoluteString
        == "https://a.com/p/1")
    #expect(router.url(for: "/p/:id", arguments: ["id": 1], host: "c.com") == nil)
  }

  @Test func patternsTakeDeepersQueryPartAndTheContextStillReadsTheRest() throws {
    let router = DefaultRouter(scheme: "shop")
    nonisolated(unsafe) var page: Int?
    try router.register(routes: [
      (
        "search?ref=app&:q",
        { context in
          page = context.parameter(for: "page")
          return true
        }
      )
    ])
    #expect(router.openIfPossible(URL(string: "shop://search?REF=app&q=x&page=2")!))
    #expect(page == 2)
    #expect(!router.openIfPossible(URL(string: "shop://search?ref=APP&q=x")!))
  }

  @Test func forwardingRoutesAreFollowed() throws {
    let router = DefaultRouter(scheme: "firefox")
    nonisolated(unsafe) var section: String?
    try router.register(forwarding: ["deep-link?:url"], queryItem: "url")
    try router.register(routes: [
      (
        "deep-link/settings/:section",
        { context in
          section = try? context.argument(named: "section")
          return true
        }
      )
    ])
    #expect(router.openIfPossible(URL(string: "firefox://deep-link?url=/settings/general")!))
    #expect(section == "general")
  }
}
