// snippet
import DeeperRouter
import Foundation

enum Intent: Equatable {
  case showProfile(userId: String)
  case showPage(id: Int)
}

// The names the patterns and handlers use, declared once as statics.
extension DeepLinkPatternParameter {
  static let userId = DeepLinkPatternParameter("userId")
  static let pageId = DeepLinkPatternParameter.int("id")
}

extension DeepLinkRoute {
  static let profile = DeepLinkRoute("profile")
}

let router = DeepLinkRouter<Intent>(scheme: "myapp")
try router.add(routes: ["profile/:userId", "*/profile?:userId"]) { url, params in
  params[.userId].map { Intent.showProfile(userId: $0) }
}
try router.add(routes: [.profile /? "info" / .pageId]) { url, params in
  params.int(.pageId).map { Intent.showPage(id: $0) }
}

let profile = router.intent(for: URL(string: "myapp://profile/42")!)     // .showProfile(userId: "42")
let page = router.intent(for: URL(string: "myapp://profile/info/7")!)    // .showPage(id: 7)
let link = router.url(for: .showProfile(userId: "42"), params: [.userId: "42"])
// myapp://profile/42
// end snippet

precondition(profile == .showProfile(userId: "42"))
precondition(page == .showPage(id: 7))
precondition(router.intent(for: URL(string: "myapp://a/b/profile?userId=9")!) == .showProfile(userId: "9"))
precondition(link?.absoluteString == "myapp://profile/42")
print("ReadmeDeeper: ok")
