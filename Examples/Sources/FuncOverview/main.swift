// snippet
import Foundation
import FuncRouter

enum Intent: Equatable {
  case home
  case showProfile(String)
  case follow(String, locale: String?)
  case search(Int, String)
}

let router = DeeperFuncRouter<Intent>(scheme: "myapp")
router.add(Intent.home, route: "home")
router.add(Intent.showProfile, route: "profile" /> string)
router.add(Intent.search, route: any /> "search" .? int("userId") & string("q"))
try router.add(Intent.follow, format: "user/:string/follow?(locale=:string)")

let intent = router.intent(for: URL(string: "myapp://user/7/follow?locale=en")!)
// .follow("7", locale: "en")
let url = router.url(for: .follow("7", locale: nil))            // myapp://user/7/follow
// A wildcard has no value in the intent: give it one, or ask why not.
let search = router.url(for: .search(1, "swift"), wildcards: [["feed"]])
// myapp://feed/search?userId=1&q=swift
do {
  _ = try router.makeURL(for: .search(1, "swift"))
} catch {
  print(error)   // error: a wildcard `*` needs a value (one or more non-empty components)
}
// end snippet

precondition(intent == .follow("7", locale: "en"))
precondition(url?.absoluteString == "myapp://user/7/follow")
precondition(search?.absoluteString == "myapp://feed/search?userId=1&q=swift")
precondition(router.url(for: .search(1, "swift")) == nil)
print("FuncOverview: ok")
