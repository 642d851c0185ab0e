import Foundation
import PatternCore
import Testing

@testable import FuncRouter

enum Intent: Equatable {
  case home
  case showProfile(String)
  case follow(String, locale: String?)
  case retweet(Int)
  case search(Int, String)
  case page(String, Int?, Bool, Double)
}

/// Seed 001, as written, and the SPEC's fixes.
@Suite("FuncRouter (seed 001)")
struct FuncRouterTests {
  func makeRouter() -> Router<Intent> { Router<Intent>(scheme: "myapp") }

  @Test func seedCombinatorsResolve() {
    let router = makeRouter()
    router.add(Intent.showProfile, route: "profile" /> string)
    #expect(router.intent(for: URL(string: "myapp://profile/42")!) == .showProfile("42"))
    let any = Router<Intent>(scheme: "myapp")
    any.add(Intent.showProfile, route: FuncRouter.any /> "profile" / string)
    #expect(any.intent(for: URL(string: "myapp://a/b/profile/7")!) == .showProfile("7"))
    let either = makeRouter()
    either.add(Intent.showProfile, route: ("profile" | "user") /> string)
    #expect(either.intent(for: URL(string: "myapp://user/9")!) == .showProfile("9"))
    let optional = makeRouter()
    optional.add(Intent.showProfile, route: "profile" /? "info" /> string)
    #expect(optional.intent(for: URL(string: "myapp://profile/info/1")!) == .showProfile("1"))
    #expect(optional.intent(for: URL(string: "myapp://profile/1")!) == .showProfile("1"))
    let typed = makeRouter()
    typed.add(Intent.retweet, route: "profile" /> int)
    #expect(typed.intent(for: URL(string: "myapp://profile/123")!) == .retweet(123))
    #expect(typed.intent(for: URL(string: "myapp://profile/abc")!) == nil)
  }

  @Test func queryCombinators() {
    let router = makeRouter()
    router.add(Intent.search, route: any /> "profile" .? int("userId") & string("locale"))
    #expect(
      router.intent(for: URL(string: "myapp://x/profile?locale=us&userId=123")!)
        == .search(123, "us"))
    #expect(router.intent(for: URL(string: "myapp://x/profile?userId=123")!) == nil)
    let optional = Router<Intent>(scheme: "myapp")
    optional.add(Intent.follow, route: any /> "profile" .? string("userId") &? string("locale"))
    #expect(
      optional.intent(for: URL(string: "myapp://x/profile?userId=1")!) == .follow("1", locale: nil))
    #expect(
      optional.intent(for: URL(string: "myapp://x/profile?userId=1&locale=fr")!)
        == .follow("1", locale: "fr"))
  }

  @Test func aOneValueRouteMayBeAQueryItem() {
    // `r .? int("k")` and `r .?? int("k")` with one value, given straight to a constructor.
    enum One: Equatable {
      case number(Int)
      case optional(Int?)
      case name(String)
      case page(Int)
    }
    let router = Router<One>(scheme: "myapp")
    router.add(One.number, route: "profile" .? int("userId"))
    router.add(One.optional, route: "list" .?? int("page"))
    router.add(One.name, route: any /> "user" .? string("userId"))
    router.add(One.page, route: "search" & int("page"))
    #expect(router.intent(for: URL(string: "myapp://profile?userId=7")!) == .number(7))
    #expect(router.intent(for: URL(string: "myapp://list")!) == .optional(nil))
    #expect(router.intent(for: URL(string: "myapp://list?page=2")!) == .optional(2))
    #expect(router.intent(for: URL(string: "myapp://a/user?userId=x")!) == .name("x"))
    #expect(router.intent(for: URL(string: "myapp://search?page=3")!) == .page(3))
    #expect(router.url(for: .optional(2))?.absoluteString == "myapp://list?page=2")
  }

  @Test func aValueTypeOfTheAppsOwnGoesToATypedConstructor() throws {
    // `:month` made by the app's closure reaches `case month(Month)`, and prints back.
    struct Month: Equatable, Sendable, CustomStringConvertible {
      let number: Int
      var description: String { String(number) }
    }
    enum Archive: Equatable {
      case month(Month)
      case maybe(Month?)
    }
    let router = Router<Archive>(scheme: "myapp")
    try router.register(valueType: "month") { text in
      Int(text).flatMap { (1...12).contains($0) ? Month(number: $0) : nil }
    }
    try router.add(Archive.month, format: "archive/:month")
    #expect(router.intent(for: URL(string: "myapp://archive/3")!) == .month(Month(number: 3)))
    #expect(router.intent(for: URL(string: "myapp://archive/13")!) == nil)
    // A constructor whose parameter is not the closure's type: the route never builds one.
    #expect(throws: FuncRouteError.self) {
      try router.add(Archive.month, format: "archive/:int")
    }
    #expect(router.url(for: .month(Month(number: 4)))?.absoluteString == "myapp://archive/4")
  }

  @Test func fourValuesFlattenWithoutNestedTuples() {
    let router = makeRouter()
    let route: TypedRoute<(String, Int, Bool, Double)> =
      "page" /> string .? int("n") & bool("b") & double("d")
    router.add(Intent.page, route: "page" /> string /? int >/> bool >/> double)
    #expect(
      router.intent(for: URL(string: "myapp://page/a/5/true/1.5")!) == .page("a", 5, true, 1.5))
    #expect(router.intent(for: URL(string: "myapp://page/a/false/2")!) == .page("a", nil, false, 2))
    #expect(route.pattern.description == "page/:0?n=:int(1)&b=:bool(2)&d=:double(3)")
  }

  @Test func formatsRegisterConstructors() throws {
    let router = makeRouter()
    try router.add(Intent.follow, format: "user/:string/follow?(locale=:string)")
    try router.add(Intent.home, format: "home")
    try router.add(Intent.search, format: "*/search?userId=:int&q=:string")
    #expect(
      router.intent(for: URL(string: "myapp://user/7/follow?locale=en")!)
        == .follow("7", locale: "en"))
    #expect(router.intent(for: URL(string: "myapp://user/7/follow")!) == .follow("7", locale: nil))
    #expect(router.intent(for: URL(string: "myapp://home")!) == .home)
    #expect(router.intent(for: URL(string: "myapp://a/search?q=x&userId=3")!) == .search(3, "x"))
  }

  @Test func theOriginalsFormatBugsAreFixed() throws {
    // Text after `(x)` is kept, and `(a|b)` is a choice.
    let router = makeRouter()
    try router.add(Intent.showProfile, format: "profile/(info)/:string/tail")
    #expect(router.intent(for: URL(string: "myapp://profile/info/1/tail")!) == .showProfile("1"))
    #expect(router.intent(for: URL(string: "myapp://profile/1")!) == nil)
    try router.add(Intent.retweet, format: "(tweet|status)/:int")
    #expect(router.intent(for: URL(string: "myapp://status/5")!) == .retweet(5))
  }

  @Test func formatErrorsAreThrownWithCarets() {
    let router = makeRouter()
    #expect(throws: FuncRouteError.self) {
      try router.add(Intent.showProfile, format: "profile/(:string")
    }
    do {
      try router.add(Intent.retweet, format: "tweet/:string")
      Issue.record("expected a type mismatch")
    } catch {
      #expect(
        error.diagnostic.message == "the format gives (String) but the constructor takes (Int)")
      // The caret under the value whose type differs.
      #expect(error.diagnostic.offset == 6, "\(error)")
    }
    do {
      try router.add(Intent.showProfile, format: "p?page")
      Issue.record("expected a syntax error")
    } catch {
      #expect(
        error.description == """
          error: expected '=' after the query key
            p?page
                  ^ write items as page=:type
          """)
    }
  }

  @Test func reverseRoutingPrintsTheFirstRouteThatCan() throws {
    let router = makeRouter()
    router.add(Intent.home, route: "home")
    router.add(Intent.showProfile, route: "profile" /> string)
    try router.add(Intent.follow, format: "user/:string/follow?(locale=:string)")
    router.add(Intent.page, route: "page" /> string /? int >/> bool >/> double)
    #expect(router.urlString(for: .home) == "myapp://home")
    #expect(router.urlString(for: .showProfile("a b/c")) == "myapp://profile/a%20b%2Fc")
    #expect(router.urlString(for: .follow("7", locale: nil)) == "myapp://user/7/follow")
    #expect(router.urlString(for: .follow("7", locale: "en")) == "myapp://user/7/follow?locale=en")
    #expect(router.urlString(for: .page("x", nil, true, 0.5)) == "myapp://page/x/true/0.5")
    #expect(router.urlString(for: .retweet(1)) == nil)
    #expect(router.url(for: .showProfile("42")) == URL(string: "myapp://profile/42"))
  }

  @Test func parsePrintRoundTripsOverGeneratedValues() throws {
    let router = makeRouter()
    router.add(Intent.page, route: "page" /> string /? int >/> bool >/> double)
    try router.add(Intent.follow, format: "(user|u)/:string/follow?(locale=:string)")
    var seed: UInt64 = 99
    func next() -> UInt64 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return seed >> 11
    }
    let alphabet = Array("ab/?#&=%+ :é😀-._~()")
    func text() -> String {
      String((0...(next() % 6)).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
    }
    for _ in 0..<300 {
      let intents: [Intent] = [
        .page(
          text(), next() % 2 == 0 ? nil : Int(Int64(bitPattern: next() << 1) >> 1), next() % 2 == 0,
          Double(Int64(next() % 100_000) - 50_000) / 8),
        .follow(text(), locale: next() % 2 == 0 ? nil : text()),
      ]
      for intent in intents {
        let url = try #require(router.urlString(for: intent), "\(intent)")
        #expect(router.resolve(url).intent == intent, "\(intent) -> \(url)")
        #expect(router.urlString(for: intent) == url)  // deterministic
      }
    }
  }
}

/// The seed's hand-written `deconstruct` still works, for intents that provide it.
enum SeedIntent: Route {
  case showProfile(String)
  case follow(String, String)

  func deconstruct<A>(_ constructor: (A) -> SeedIntent) -> A? {
    switch self {
    case let .showProfile(values as A) where self == constructor(values): return values
    case let .follow(a, b):
      guard let values = (a, b) as? A, self == constructor(values) else { return nil }
      return values
    default: return nil
    }
  }
}

@Suite("FuncRouter Route protocol")
struct RouteProtocolTests {
  @Test func deconstructDrivesReverseRouting() {
    let router = Router<SeedIntent>(scheme: "myapp")
    router.add(SeedIntent.showProfile, route: "profile" /> string)
    router.add(SeedIntent.follow, route: "user" /> string /> "follow" >/> string)
    #expect(router.urlString(for: .showProfile("1")) == "myapp://profile/1")
    #expect(router.urlString(for: .follow("a", "b")) == "myapp://user/a/follow/b")
    #expect(router.resolve("myapp://user/a/follow/b").intent == .follow("a", "b"))
  }
}

@Suite("FuncRouter: rest combinator, conditions, forwarding")
struct FuncRealAppRoutesTests {
  enum Page: Equatable {
    case article(String)
  }

  @Test func restCombinatorConditionsAndForwarding() throws {
    let router = DeeperFuncRouter<Page>(scheme: "myapp")
    router.add(Page.article, route: "wiki" /> rest)
    try router.add(forwarding: "go?to=:string(to)", queryItem: "to")
    #expect(router.intent(for: URL(string: "myapp://wiki/a/b%20c")!) == .article("a/b c"))
    #expect(
      router.intent(for: URL(string: "myapp://go?to=myapp%3A%2F%2Fwiki%2Fx")!) == .article("x"))
    #expect(router.url(for: .article("a/b")) == URL(string: "myapp://wiki/a/b"))
    // The item is named by its key: Func's positional capture has no name of its own.
    try router.add(forwarding: "deep-link?url=:string", queryItem: "url")
    #expect(
      router.intent(for: URL(string: "myapp://deep-link?url=myapp%3A%2F%2Fwiki%2Fy")!)
        == .article("y"))
    #expect(throws: FuncRouteError.self) {
      try router.add(forwarding: "other?url=:string", queryItem: "to")
    }
  }
}

@Suite("FuncRouter reverse-routing reasons")
struct FuncReverseReasonTests {
  enum Page: Equatable { case profile(String), retweet(Int) }

  /// A URL that prints but goes to an earlier route first is named, with that route.
  @Test func aURLAnEarlierRouteTakesIsTheReason() throws {
    let router = DeeperFuncRouter<Page>(scheme: "myapp")
    try router.add(Page.profile, format: "user/:string")
    try router.add(Page.retweet, format: "user/:int")
    #expect(
      throws: ReverseRoutingError.takenFirst(
        url: "myapp://user/5", route: 0, pattern: "user/:string"),
      performing: { try router.makeURL(for: .retweet(5)) })
    #expect(
      ReverseRoutingError.takenFirst(url: "myapp://user/5", route: 0, pattern: "user/:string")
        .message == "the URL it prints, `myapp://user/5`, is taken first by route 0 `user/:string`")
  }
}

@Suite("FuncRouter misses")
struct FuncRouterMissTests {
  @Test func aRouteThatDeclinedIsTheNearest() throws {
    let router = DeeperFuncRouter<String>(scheme: "app")
    try router.add("A", format: "a/:int", declines: true)
    try router.add("B", format: "b", declines: false)
    guard case .unmatched(let nearest?) = router.resolve("app://a/1") else {
      Issue.record("expected a miss with a nearest route")
      return
    }
    #expect(nearest.0 == 0)
    #expect(nearest.1 == .handlerDeclined)
  }
}
