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

  @Test func openingALinkRunsTheHandlers() throws {
    let router = DeepLinkRouter(scheme: "myapp", rootDeepLinkHandler: appDelegate)
    try router.add(routes: ["profile/:userId"]) { url, params in
      params[.userId].map { .showProfile(userId: $0) }
    }
    #expect(router.open(url: URL(string: "myapp://profile/42")!))
    #expect(appDelegate.profileScreen.shown == "42")
  }
}
