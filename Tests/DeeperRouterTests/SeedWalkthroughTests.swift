import Foundation
import HandlingEngine
import Testing

@testable import DeeperRouter

// The code of DeeperRouter.docc/HandlingDeepLinks.md, run as a test so the article stays true.

enum MyDeepLinkIntent: Equatable {
  case showProfile(userId: String)
  case follow(userId: String)
  case retweet(tweetId: String)
}

extension DeepLinkPatternParameter {
  static let tweetId = DeepLinkPatternParameter("tweetId")
}

final class ProfileScreen: DeepLinkHandler {
  var deeplinkHandling: DeepLinkHandling<MyDeepLinkIntent>?
  private(set) var shownUserId: String?

  func open(deeplink: DeepLink<MyDeepLinkIntent>, animated: Bool)
    -> DeepLinkHandling<MyDeepLinkIntent>
  {
    switch deeplink.intent {
    case .showProfile(let userId):
      return .opened(deeplink) { [unowned self] _ in self.shownUserId = userId }
    default:
      return .rejected(deeplink, nil)
    }
  }
}

final class AppRoot: DeepLinkHandler {
  var deeplinkHandling: DeepLinkHandling<MyDeepLinkIntent>?
  let profileScreen = ProfileScreen()
  var timelineLoaded = false
  private(set) var log: [String] = []

  func open(deeplink: DeepLink<MyDeepLinkIntent>, animated: Bool)
    -> DeepLinkHandling<MyDeepLinkIntent>
  {
    switch deeplink.intent {
    case .showProfile:
      return .passedThrough(deeplink) { [unowned self] _ in AnyDeepLinkHandler(self.profileScreen) }
    case .follow(let userId):
      return .opened(deeplink) { [unowned self] _ in self.log.append("follow \(userId)") }
    case .retweet(let tweetId):
      guard timelineLoaded else { return .delayed(deeplink, animated, nil) }
      return .opened(deeplink) { [unowned self] _ in self.log.append("retweet \(tweetId)") }
    }
  }
}

@MainActor @Suite("Seed 004 walkthrough (DocC article)")
struct SeedWalkthroughTests {
  @Test func theArticleRunsAsWritten() throws {
    let root = AppRoot()
    let router = Router<MyDeepLinkIntent>(scheme: "myapp", rootDeepLinkHandler: root)
    try router.add(routes: ["profile" / .userId]) { _, params in
      params[.userId].map { .showProfile(userId: $0) }
    }
    try router.add(routes: ["user" / .userId / "follow"]) { _, params in
      params[.userId].map { .follow(userId: $0) }
    }
    try router.add(routes: ["tweet" / .tweetId / "retweet"]) { _, params in
      params[.tweetId].map { .retweet(tweetId: $0) }
    }

    #expect(router.open(url: URL(string: "myapp://profile/42")!))
    #expect(
      router.lastOpen?.handling?.trace.map(\.description)
        == ["AppRoot:passedThrough", "ProfileScreen:opened"])
    #expect(root.profileScreen.shownUserId == "42")

    #expect(router.open(url: URL(string: "myapp://user/5/follow")!))
    #expect(root.log == ["follow 5"])

    #expect(router.open(url: URL(string: "myapp://tweet/99/retweet")!))
    #expect(router.lastOpen?.handling?.state == .delayed)
    root.timelineLoaded = true
    #expect(router.resumeDelayedDeepLink()?.trace.map(\.description) == ["AppRoot:opened"])
    #expect(root.log == ["follow 5", "retweet 99"])
  }
}
