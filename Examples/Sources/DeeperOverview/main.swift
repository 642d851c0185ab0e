// snippet
import DeeperRouter
import Foundation

enum Intent: Equatable {
  case showProfile(userId: String)
  case follow(userId: String, locale: String?)
}

extension DeepLinkRoute {
  static let profile = DeepLinkRoute("profile")
}

extension DeepLinkPatternParameter {
  static let userId = DeepLinkPatternParameter("userId")
  static let locale = DeepLinkPatternParameter("locale")
}

let router = DeepLinkRouter<Intent>(scheme: "myapp")
try router.add(routes: ["profile/:userId"]) { url, params in
  params[.userId].map { Intent.showProfile(userId: $0) }
}
try router.add(routes: [.any / .profile .? .userId &? .locale]) { url, params in
  params[.userId].map { Intent.follow(userId: $0, locale: params[.locale]) }
}

let shown = router.intent(for: URL(string: "myapp://profile/42")!)
// .showProfile(userId: "42")
let followed = router.intent(for: URL(string: "myapp://feed/profile?userId=7&locale=en")!)
// .follow(userId: "7", locale: "en")
// end snippet

precondition(shown == .showProfile(userId: "42"))
precondition(followed == .follow(userId: "7", locale: "en"))
print("DeeperOverview: ok")
