// swift-format-ignore-file
// Pasted as the original READMEs write it (tabs, spacing); not reformatted.
import Foundation
import FuncRouter
import Testing

// DeeperFunc's README snippets, pasted as written; changes are marked `// changed:` and listed
// in the FuncRouter article "Migrating from DeeperFunc".

enum Intent {
  case showProfile(String)
  case follow(String)
  case retweet(Int)
}

extension Intent: Equatable {}

extension Intent: Route {

  func deconstruct<A>(_ constructor: ((A) -> Intent)) -> A? {
  	switch self {
  	  case let .showProfile(values as A) where self == constructor(values): return values
  	  case let .follow(values as A) where self == constructor(values): return values
  	  case let .retweet(values as A) where self == constructor(values): return values
  	  default: return nil  // changed: a `switch` over `A`-casts needs a default
  	}
  }

}

final class FuncAppDelegate: DeepLinkHandler {
  var deeplinkHandling: DeepLinkHandling<Intent>?
  func open(deeplink: DeepLink<Intent>, animated: Bool) -> DeepLinkHandling<Intent> {
    .opened(deeplink, nil)
  }
}

@MainActor
@Suite("DeeperFunc's README snippets")
struct FuncSeedTests {
  @Test func registeringAConstructor() throws {
    let appDelegate = FuncAppDelegate()
    let router = Router<Intent>(scheme: "myapp", rootDeepLinkHandler: appDelegate)

    router.add(Intent.showProfile, route: "profile" /> string )
    router.add(Intent.retweet, route: "profile" /> int)
    router.add(Intent.follow, route: any /> "profile" / string)
    router.add(Intent.follow, route: ("profile" | "user") /> string)
    router.add(Intent.follow, route: "profile" /? "info" /> string)
    try router.add(Intent.follow, format: "(profile|user)/:string")  // changed: `try`

    #expect(router.intent(for: URL(string: "myapp://profile/42")!) == .showProfile("42"))
    #expect(router.url(for: .showProfile("42"))?.absoluteString == "myapp://profile/42")
    #expect(router.open(url: URL(string: "myapp://user/7")!))
  }

  @Test func queryParameters() throws {
    enum Search: Equatable { case search(Int, String?) }
    let router = Router<Search>(scheme: "myapp")
    // changed: the seed's stray `])` after each route is removed
    router.add(Search.search, route: any /> "profile" .? int("userId") &? string("locale"))
    try router.add(Search.search, format: "*/profile?userId=:int&(locale=:string)")
    #expect(router.intent(for: URL(string: "myapp://a/profile?userId=1&locale=us")!) == .search(1, "us"))
    #expect(router.intent(for: URL(string: "myapp://a/profile?userId=1")!) == .search(1, nil))
  }
}
