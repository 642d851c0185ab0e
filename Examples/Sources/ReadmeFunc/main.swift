// snippet
import Foundation
import FuncRouter

enum Intent: Equatable {
  case showProfile(String)
  case follow(String, locale: String?)
}

let router = DeeperFuncRouter<Intent>(scheme: "myapp")
router.add(Intent.showProfile, route: "profile" /> string)
try router.add(Intent.follow, format: "user/:string/follow?(locale=:string)")

let intent = router.intent(for: URL(string: "myapp://profile/42")!)   // .showProfile("42")
let url = router.url(for: .follow("7", locale: "en"))                // myapp://user/7/follow?locale=en
// end snippet

precondition(intent == .showProfile("42"))
precondition(url?.absoluteString == "myapp://user/7/follow?locale=en")
print("ReadmeFunc: ok")
