// snippet
import DeeperRouter
import Foundation

enum MyDeepLinkIntent: Equatable {
  case showProfile(userId: String)
  case follow(userId: String)
  case retweet(tweetId: String)
}

extension DeepLinkPatternParameter {
  static let userId = DeepLinkPatternParameter("userId")
  static let tweetId = DeepLinkPatternParameter("tweetId")
}
// end snippet

// snippet
@MainActor
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
// end snippet

// snippet
@MainActor
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
// end snippet

// snippet
let root = AppRoot()
let router = DeepLinkRouter<MyDeepLinkIntent>(scheme: "myapp", rootDeepLinkHandler: root)
try router.add(routes: ["profile" / .userId]) { _, params in
  params[.userId].map { .showProfile(userId: $0) }
}
try router.add(routes: ["user" / .userId / "follow"]) { _, params in
  params[.userId].map { .follow(userId: $0) }
}
try router.add(routes: ["tweet" / .tweetId / "retweet"]) { _, params in
  params[.tweetId].map { .retweet(tweetId: $0) }
}

let opened = router.open(url: URL(string: "myapp://profile/42")!)   // true
let trace = router.lastOpen?.handling?.trace.map(\.description)
// ["AppRoot:passedThrough", "ProfileScreen:opened"]; root.profileScreen.shownUserId == "42"

router.open(url: URL(string: "myapp://tweet/99/retweet")!)          // true, and delayed:
let state = router.lastOpen?.handling?.state                        // .delayed
root.timelineLoaded = true
let resumed = router.resumeDelayedDeepLink()?.trace.map(\.description)   // ["AppRoot:opened"]
// root.log == ["retweet 99"]
// end snippet

precondition(opened)
precondition(trace == ["AppRoot:passedThrough", "ProfileScreen:opened"])
precondition(root.profileScreen.shownUserId == "42")
precondition(state == .delayed)
precondition(resumed == ["AppRoot:opened"])
precondition(root.log == ["retweet 99"])
print("HandlingWalkthrough: ok")
