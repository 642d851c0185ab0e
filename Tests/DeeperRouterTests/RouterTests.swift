import Foundation
import HandlingEngine
import PatternCore
import Testing

@testable import DeeperRouter

enum Intent: Equatable {
  case showProfile(userId: String)
  case follow(userId: String)
  case page(Int)
}

extension DeepLinkPatternParameter {
  static let userId = DeepLinkPatternParameter("userId")
}

@MainActor @Suite("Deeper Router (seed 000)")
struct RouterTests {
  @Test func seedExampleResolvesAnIntent() throws {
    let router = Router<Intent>(scheme: "myapp")
    try router.add(routes: ["profile/:userId"]) { url, params in
      guard let userId = params[DeepLinkPatternParameter("userId")] else { return nil }
      return .showProfile(userId: userId)
    }
    #expect(router.intent(for: URL(string: "myapp://profile/42")!) == .showProfile(userId: "42"))
    #expect(router.intent(for: URL(string: "myapp://profile")!) == nil)
    #expect(router.intent(for: URL(string: "other://profile/42")!) == nil)
  }

  @Test func paramsFindCapturesByNameWhateverTheirType() throws {
    let router = Router<Intent>(scheme: "myapp")
    try router.add(routes: ["page/:int(userId)"]) { _, params in
      #expect(params[.userId] == "7")
      return params.int(.userId).map(Intent.page)
    }
    #expect(router.intent(for: URL(string: "myapp://page/7")!) == .page(7))
  }

  @Test func aHandlerReturningNilPassesTheURLOn() throws {
    let router = Router<Intent>(scheme: "myapp")
    try router.add(routes: ["(profile|user)/:userId"]) { _, params in
      params[.userId] == "me" ? nil : .showProfile(userId: params[.userId]!)
    }
    try router.add(routes: ["*/:userId"]) { _, params in .follow(userId: params[.userId]!) }
    #expect(router.intent(for: URL(string: "myapp://user/7")!) == .showProfile(userId: "7"))
    guard case .matched(let match) = router.resolve("myapp://user/me") else {
      Issue.record("expected a match")
      return
    }
    #expect(match.intent == .follow(userId: "me"))
    #expect(match.routeIndex == 1)
    #expect(match.declined == [0])
  }

  @Test func aMalformedPatternThrowsAndAddsNothing() throws {
    let router = Router<Intent>(scheme: "myapp")
    #expect(throws: PatternSyntaxError(.unclosedGroup, pattern: "b/(c", offset: 2)) {
      try router.add(routes: ["a", "b/(c"]) { _, _ in nil }
    }
    #expect(router.registeredRoutes.isEmpty)
  }

  @Test func resolveReportsInvalidURLsAndTheNearestRoute() throws {
    let router = Router<Intent>(scheme: "myapp")
    try router.add(routes: ["profile/:int(id)"]) { _, _ in .page(1) }
    guard case .invalid(let error) = router.resolve("myapp://bad%zz") else {
      Issue.record("expected an invalid URL")
      return
    }
    #expect(error.offset == 11)
    guard case .unmatched(let miss) = router.resolve("myapp://profile/abc") else {
      Issue.record("expected a miss")
      return
    }
    #expect(miss.nearest?.routeIndex == 0)
    #expect(
      miss.nearest?.reason.message == "component 2 `abc` is not an int, as `:int(id)` requires")
  }

  @Test func warningsReportExactDuplicates() throws {
    let router = Router<Intent>(scheme: "myapp")
    try router.add(routes: ["profile/:userId", "profile/:id"]) { _, _ in nil }
    #expect(router.warnings.map(\.kind) == [.duplicateRoute])
  }

  @Test func rootHandlerIsKept() {
    let root = AnyDeepLinkHandler<Intent> { deeplink, _ in .opened(deeplink, nil) }
    let router = Router<Intent>(scheme: "MyApp", rootDeepLinkHandler: root)
    #expect(router.rootDeepLinkHandler === root)
    #expect(router.scheme == "myapp")
  }
}

@MainActor @Suite("Deeper Router open(url:) (seed 004)")
struct RouterOpenTests {
  final class Root: DeepLinkHandler {
    var deeplinkHandling: DeepLinkHandling<Intent>?
    var opened: [Intent] = []
    func open(deeplink: DeepLink<Intent>, animated: Bool) -> DeepLinkHandling<Intent> {
      if case .follow = deeplink.intent { return .rejected(deeplink, nil) }
      return .opened(deeplink) { [unowned self] _ in self.opened.append(deeplink.intent) }
    }
  }

  @Test func openResolvesAndHandsTheLinkToTheRoot() throws {
    let root = Root()
    let router = Router<Intent>(scheme: "myapp", rootDeepLinkHandler: root)
    try router.add(routes: ["profile/:userId"]) { _, params in
      .showProfile(userId: params[.userId]!)
    }
    try router.add(routes: ["follow/:userId"]) { _, params in .follow(userId: params[.userId]!) }
    #expect(router.open(url: URL(string: "myapp://profile/42")!))
    #expect(root.opened == [.showProfile(userId: "42")])
    #expect(router.lastOpen?.handling?.trace.map(\.description) == ["Root:opened"])
    // A matched route returns true even when the handler rejects; the outcome says so.
    #expect(router.open(url: URL(string: "myapp://follow/1")!))
    #expect(router.lastOpen?.handling?.state == .rejected)
    #expect(!router.open(url: URL(string: "myapp://nothing")!))
    #expect(router.lastOpen?.handling == nil)
  }
}
