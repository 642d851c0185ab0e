import Foundation
import PatternCore
import Testing

@testable import FuncRouter

/// Intents declared as Deeper's README declares them: labelled associated values.
enum LabelledIntent: Equatable {
  case showProfile(userId: String)
  case follow(userId: String, locale: String)
  case edit(page: Int)
}

/// What outside reviews of the seed snippets found.
@Suite("FuncRouter review findings")
struct FuncReviewFindingsTests {
  /// A literal after one value, written inside `add(_:route:)` (where the route's type is
  /// inferred from the one-value constructor), compiles and matches.
  @Test func trailingLiteralAfterOneValue() {
    let router = Router<Intent>(scheme: "myapp")
    router.add(Intent.showProfile, route: "user" /> string /> "follow")
    router.add(Intent.retweet, route: "p" /> int /? "edit")
    router.add(Intent.retweet, route: "q" /> int >/> "edit")
    router.add(Intent.showProfile, route: "r" / string / "x")
    // Built on its own, the same route continues with `>/>` as before.
    let standalone = "s" /> string /> "follow"
    router.add(Intent.search, route: "t" /> int >/> "x" >/> string)
    router.add(Intent.showProfile, route: standalone)
    #expect(router.intent(for: URL(string: "myapp://user/42/follow")!) == .showProfile("42"))
    #expect(router.intent(for: URL(string: "myapp://user/42")!) == nil)
    #expect(router.intent(for: URL(string: "myapp://p/7/edit")!) == .retweet(7))
    #expect(router.intent(for: URL(string: "myapp://p/7")!) == .retweet(7))
    #expect(router.intent(for: URL(string: "myapp://q/8/edit")!) == .retweet(8))
    #expect(router.intent(for: URL(string: "myapp://r/a/x")!) == .showProfile("a"))
    #expect(router.intent(for: URL(string: "myapp://s/b/follow")!) == .showProfile("b"))
    #expect(router.intent(for: URL(string: "myapp://t/1/x/y")!) == .search(1, "y"))
    #expect(router.url(for: .showProfile("42"))?.absoluteString == "myapp://user/42/follow")
  }

  /// A case with one labelled value prints back as one with an unlabelled value does.
  @Test func labelledOneValueCasePrints() throws {
    let router = Router<LabelledIntent>(scheme: "myapp")
    router.add(LabelledIntent.showProfile, route: "profile" /> string)
    router.add(LabelledIntent.follow, route: "follow" /> string >/> string)
    router.add(LabelledIntent.edit, route: "edit" /> int)
    #expect(router.url(for: .showProfile(userId: "42"))?.absoluteString == "myapp://profile/42")
    #expect(try router.makeURL(for: .edit(page: 3)).absoluteString == "myapp://edit/3")
    #expect(
      router.url(for: .follow(userId: "1", locale: "en"))?.absoluteString == "myapp://follow/1/en")
  }
}
