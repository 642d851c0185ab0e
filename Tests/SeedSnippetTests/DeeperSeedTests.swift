// swift-format-ignore-file
// Pasted as the original READMEs write it (tabs, spacing); not reformatted.
import DeeperRouter
import Foundation
import Testing

// Deeper's README snippets, pasted as written. The only changes, each marked `// changed:`, are
// the ones the DeeperRouter article "Migrating from Deeper" lists, with the reason.

enum MyDeepLinkIntent: Equatable {
  case showProfile(userId: String)
  case follow(userId: String)
  case retweet(tweetId: String)
}

extension DeepLinkPatternParameter {
	static let userId = DeepLinkPatternParameter("userId")
	static let locale = DeepLinkPatternParameter("locale")
}

extension DeepLinkRoute {
	static let profile = DeepLinkRoute("profile")
}

// The seed's screen, without UIKit (Linux has none): the conformance is the seed's.
final class ProfileScreen: DeepLinkHandler {

	var deeplinkHandling: DeepLinkHandling<MyDeepLinkIntent>?
	var shown: String?

	func open(deeplink: DeepLink<MyDeepLinkIntent>, animated: Bool) -> DeepLinkHandling<MyDeepLinkIntent> {
		// handle deeplink here and return one of the states based on the state of the app
		switch deeplink.intent {
		case .showProfile(let userId):  // changed: the seed misspells the case `.shopProfile`
			return .opened(deeplink, { [unowned self] animated in
				//perform some side-effect that i.e. triggers loading of profile data
				self.shown = userId
			})
		default:
			// fail on any other deeplinks as they are not supported by this screen
			// you can also use assertions here if you like to catch this earlier
			return .rejected(deeplink, nil)
		}
	}

}

// changed: `extension AppDelegate: AnyDeepLinkHandler<MyDeepLinkIntent>` is not Swift (an
// extension cannot add a superclass); conform to `DeepLinkHandler` instead.
final class AppDelegate: DeepLinkHandler {
	var deeplinkHandling: DeepLinkHandling<MyDeepLinkIntent>?
	let profileScreen = ProfileScreen()
	var log: [String] = []

	func showProfileScreen(toOpen deeplink: DeepLink<MyDeepLinkIntent>, animanted: Bool) -> AnyDeepLinkHandler<MyDeepLinkIntent> {
		AnyDeepLinkHandler(profileScreen)
	}

	func open(deeplink: DeepLink<MyDeepLinkIntent>, animated: Bool) -> DeepLinkHandling<MyDeepLinkIntent> {
		switch deeplink.intent {
		case .showProfile:
			return .passedThrough(deeplink, { [unowned self] animated in
				// this method returns some other handler that will be invoked right after this closure returns
				return self.showProfileScreen(toOpen: deeplink, animanted: animated)
			})
		case .follow(let userId):
			return .opened(deeplink, { [unowned self] _ in  // changed: `in` needs the Bool parameter
				self.log.append("follow \(userId)")
			})
		case .retweet(let tweetId):
			return .opened(deeplink, { [unowned self] _ in  // changed: as above
				self.log.append("retweet \(tweetId)")
			})
		}
	}
}

// "You can also subclass `AnyDeepLinkHandler` class."
final class TweetScreen: AnyDeepLinkHandler<MyDeepLinkIntent> {
	var retweeted: [String] = []
	var states = 0

	override var deeplinkHandling: DeepLinkHandling<MyDeepLinkIntent>? {
		didSet { states += 1 }
	}

	override func open(deeplink: DeepLink<MyDeepLinkIntent>, animated: Bool) -> DeepLinkHandling<MyDeepLinkIntent> {
		guard case .retweet(let tweetId) = deeplink.intent else { return .rejected(deeplink, nil) }
		return .opened(deeplink, { [unowned self] _ in self.retweeted.append(tweetId) })
	}
}

@MainActor
@Suite("Deeper's README snippets")
struct DeeperSeedTests {
  let appDelegate = AppDelegate()

  @Test func registeringRoutes() throws {
    let router = DeepLinkRouter(scheme: "myapp", rootDeepLinkHandler: appDelegate)

    try router.add(routes: ["profile/:userId"]) { url, params in  // changed: `try`
    	guard let userId = params[DeepLinkPatternParameter("userId")] else { return nil }
    	return .showProfile(userId: userId)
    }
    #expect(router.intent(for: URL(string: "myapp://profile/42")!) == .showProfile(userId: "42"))
  }

  @Test func typeSafeParametersAndComponents() throws {
    let router = Router<MyDeepLinkIntent>(scheme: "myapp", rootDeepLinkHandler: appDelegate)
    try router.add(routes: [ "profile" / .userId ]) { url, params in  // changed: `try`
    	guard let userId = params[.userId] else { return nil }
    	return .showProfile(userId: userId)
    }
    try router.add(routes: [ .profile / .userId ]) { url, params in  // changed: `try`
    	guard let userId = params[.userId] else { return nil }
    	return .follow(userId: userId)
    }
    #expect(router.intent(for: URL(string: "myapp://profile/7")!) == .showProfile(userId: "7"))
    #expect(router.registeredRoutes.map(\.description) == ["profile/:userId", "profile/:userId"])
  }

  @Test func operatorsBuildTheSameRoutesAsStrings() throws {
    let pairs: [(DeepLinkRoute, DeepLinkRoute)] = [
      (.any / .profile / .userId, "*/profile/:userId"),
      ((.profile | "user") / .userId, "(profile|user)/:userId"),  // changed: parentheses, see below
      (.profile /? "info" / .userId, "profile/(info)/:userId"),
      (.profile / .num("userId"), "profile/:num(userId)"),
      (.any / .profile .? .userId & .locale, "*/profile?:userId&:locale"),
      (.any / .profile .? .userId &? .locale, "*/profile?:userId&(:locale)"),
    ]
    for (dsl, string) in pairs {
      #expect(try dsl.pattern == string.pattern)
    }
    // As written, `.profile | "user" / .userId` compiles but means `profile` or `user/:userId`:
    // Swift gives `|` a lower precedence than `/`.
    let unparenthesized: DeepLinkRoute = .profile | "user" / .userId
    #expect(try unparenthesized.pattern == DeepLinkRoute("(profile|user/:userId)").pattern)
  }

  /// The query examples' comments leave out the `?`; the URLs the routes match have it, and a
  /// component before `profile` for `*`.
  @Test func theQueryExamplesMatchURLsWithAQuery() throws {
    let router = DeepLinkRouter(scheme: "myapp", rootDeepLinkHandler: appDelegate)
    try router.add(routes: [ "*/profile?:userId&(:locale)" ]) { url, params in  // changed: `try`
      params[.userId].map { .showProfile(userId: $0 + (params[.locale] ?? "")) }
    }
    #expect(router.intent(for: URL(string: "myapp://profile/userId=123&locale=us")!) == nil)
    #expect(router.intent(for: URL(string: "myapp://profile?userId=123&locale=us")!) == nil)
    #expect(
      router.intent(for: URL(string: "myapp://app/profile?userId=123&locale=us")!)
        == .showProfile(userId: "123us"))
    #expect(
      router.intent(for: URL(string: "myapp://app/profile?userId=123")!)
        == .showProfile(userId: "123"))
  }

  @Test func openingALinkRunsTheHandlers() throws {
    let router = DeepLinkRouter(scheme: "myapp", rootDeepLinkHandler: appDelegate)
    try router.add(routes: ["profile/:userId"]) { url, params in
      params[.userId].map { .showProfile(userId: $0) }
    }
    #expect(router.open(url: URL(string: "myapp://profile/42")!))
    #expect(appDelegate.profileScreen.shown == "42")
  }

  @Test func aSubclassOfAnyDeepLinkHandlerHandlesLinks() throws {
    let screen = TweetScreen()
    let router = DeepLinkRouter(scheme: "myapp", rootDeepLinkHandler: screen)
    try router.add(routes: ["tweet/:tweetId"]) { url, params in
      params[DeepLinkPatternParameter("tweetId")].map { .retweet(tweetId: $0) }
    }
    try router.add(routes: ["profile/:userId"]) { url, params in
      params[.userId].map { .showProfile(userId: $0) }
    }
    #expect(router.open(url: URL(string: "myapp://tweet/9")!))
    #expect(screen.retweeted == ["9"])
    #expect(screen.states >= 1)
    guard case .opened? = screen.deeplinkHandling else {
      Issue.record("not opened: \(String(describing: screen.deeplinkHandling))")
      return
    }
    // The subclass rejects what it does not handle (`open(url:)` says a route matched); the
    // base class rejects everything.
    #expect(router.open(url: URL(string: "myapp://profile/1")!))
    guard case .rejected? = screen.deeplinkHandling else {
      Issue.record("not rejected: \(String(describing: screen.deeplinkHandling))")
      return
    }
    let handler = AnyDeepLinkHandler<MyDeepLinkIntent>()
    let base = DeepLinkRouter(scheme: "myapp", rootDeepLinkHandler: handler)
    try base.add(routes: ["tweet/:tweetId"]) { url, params in
      params[DeepLinkPatternParameter("tweetId")].map { .retweet(tweetId: $0) }
    }
    base.open(url: URL(string: "myapp://tweet/9")!)
    guard case .rejected? = handler.deeplinkHandling else {
      Issue.record("not rejected: \(String(describing: handler.deeplinkHandling))")
      return
    }
  }

  // The pattern block's comments: what each route takes.
  @Test func thePatternsMatchAsTheirCommentsSay() throws {
    let router = DeepLinkRouter(scheme: "myapp", rootDeepLinkHandler: appDelegate)
    try router.add(routes: [ .profile / .num("userId") ]) { url, params in
      params[.userId].map { .follow(userId: $0) }
    }
    try router.add(routes: [ .profile /? "info" / .userId ]) { url, params in
      params[.userId].map { .showProfile(userId: $0) }
    }
    try router.add(routes: [ .any / "tweet" .? .userId &? .locale ]) { url, params in
      params[.userId].map { .retweet(tweetId: $0 + (params[.locale] ?? "")) }
    }
    #expect(router.intent(for: URL(string: "myapp://profile/123")!) == .follow(userId: "123"))
    // `profile/abc` is no number: the next route, whose `info` is optional, takes it.
    #expect(router.intent(for: URL(string: "myapp://profile/abc")!) == .showProfile(userId: "abc"))
    #expect(router.intent(for: URL(string: "myapp://profile/info/123")!) == .showProfile(userId: "123"))
    // Query items in any order, extra ones ignored, the optional one may be absent.
    #expect(router.intent(for: URL(string: "myapp://x/tweet?locale=en&userId=5&x=1")!) == .retweet(tweetId: "5en"))
    #expect(router.intent(for: URL(string: "myapp://x/tweet?userId=5")!) == .retweet(tweetId: "5"))
    #expect(router.intent(for: URL(string: "myapp://x/tweet?locale=en")!) == nil)
  }
}
