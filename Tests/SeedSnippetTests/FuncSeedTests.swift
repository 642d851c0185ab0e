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

  // The pattern and query blocks line by line, each route with what its comment promises.
  @Test func eachPatternLineMatchesAsItsCommentSays() throws {
    enum Both: Equatable { case both(Int, String) }
    // match `profile/userId=123&locale=us`
    let required = Router<Both>(scheme: "myapp")
    required.add(Both.both, route: any /> "profile" .? int("userId") & string("locale"))  // changed: no `])`
    try required.add(Both.both, format: "*/profile?userId=:int&locale=:string")  // changed: `try`, no `])`
    #expect(required.intent(for: URL(string: "myapp://a/profile?locale=us&userId=123&x=1")!) == .both(123, "us"))
    #expect(required.intent(for: URL(string: "myapp://a/profile?userId=123")!) == nil)

    let router = Router<Intent>(scheme: "myapp")
    // match any number of paths before "profile"
    try router.add(Intent.showProfile, format: "*/profile/:string")  // changed: `try`
    #expect(router.intent(for: URL(string: "myapp://a/b/profile/x")!) == .showProfile("x"))
    // match "profile/123" but not "profile/abc"
    let numbers = Router<Intent>(scheme: "myapp")
    try numbers.add(Intent.retweet, format: "profile/:int")  // changed: `try`
    #expect(numbers.intent(for: URL(string: "myapp://profile/123")!) == .retweet(123))
    #expect(numbers.intent(for: URL(string: "myapp://profile/abc")!) == nil)
    // match "profile/info/123" or just "profile/123"
    let optional = Router<Intent>(scheme: "myapp")
    try optional.add(Intent.follow, format: "profile/(info)/:string")  // changed: `try`, the closing quote
    #expect(optional.intent(for: URL(string: "myapp://profile/info/123")!) == .follow("123"))
    #expect(optional.intent(for: URL(string: "myapp://profile/123")!) == .follow("123"))

    // The README's optional-query format names `userId` where it means an int: with a
    // constructor that takes an `Int`, registering it says so.
    enum Search: Equatable { case search(Int, String?) }
    let search = Router<Search>(scheme: "myapp")
    #expect {
      try search.add(Search.search, format: "*/profile?userId=:userId&(locale=:string)")
    } throws: { error in
      if case FuncRouteError.typeMismatch = error { return true }
      return false
    }
  }
}
