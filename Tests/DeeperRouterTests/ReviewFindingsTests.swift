import Foundation
import PatternCore
import Testing

@testable import DeeperRouter

extension DeepLinkPatternParameter {
  static let items = DeepLinkPatternParameter("items")
}

/// What outside reviews of the Swift API found.
@MainActor @Suite("Deeper Router: outside findings")
struct DeeperReviewFindingsTests {
  /// An escape that is not part of a UTF-8 character is an error at the escape: no URL could
  /// match the literal it would make.
  @Test func escapesThatAreNotUTF8AreRefused() {
    for (text, offset) in [("a/%C3", 2), ("b/x%FF%FE", 3), ("c?k=%C3", 4), ("d/%C3%A9", nil)] {
      do {
        _ = try DeeperPatternParser().parse(text)
        #expect(offset == nil, "`\(text)` parsed")
      } catch {
        #expect(error.offset == offset, "\(text): \(error)")
        #expect(error.description.contains("do not decode to UTF-8"), "\(error)")
      }
    }
  }

  /// Hints say what the pattern needs there, not to percent-encode syntax.
  @Test func hintsSayWhatThePatternNeeds() {
    let cases = [
      ("p?(:a&:b)", "put '&' between groups"),
      ("p?(:a)(:b)", "separated by '&'"),
      ("p/:int(x)(y)", "components are separated by '/'"),
      ("p/:int(x y)", "letters, digits and '_'"),
      ("p/:id(int)", "did you mean `:int(id)`?"),
      ("p?(:a|)", "needs a query item"),
    ]
    for (pattern, hint) in cases {
      do {
        _ = try DeeperPatternParser().parse(pattern)
        Issue.record("`\(pattern)` parsed")
      } catch {
        #expect(error.hint.contains(hint), "\(pattern): \(error)")
      }
    }
  }

  /// `canOpen(url:)`, as in Deeper: a route matches and its handler gives an intent.
  @Test func canOpenSaysWhetherALinkWouldOpen() throws {
    let router = Router<Intent>(scheme: "myapp")
    try router.add(routes: ["page/:int(n)"]) { _, params in
      params.int(DeepLinkPatternParameter("n")).map(Intent.page)
    }
    try router.add(routes: ["never"]) { _, _ in nil }
    #expect(router.canOpen(url: URL(string: "myapp://page/3")!))
    #expect(!router.canOpen(url: URL(string: "myapp://page/x")!))
    #expect(!router.canOpen(url: URL(string: "myapp://never")!))
    #expect(!router.canOpen(url: URL(string: "http://recipes")!))
  }

  /// The items of a `?*name` object are given as a dictionary (printed in key order) or as
  /// ordered pairs.
  @Test func aQueryObjectTakesItsItemsFromSwiftValues() throws {
    let router = Router<Intent>(scheme: "myapp")
    try router.add(routes: ["all?*items"]) { _, _ in .page(1) }
    #expect(
      try router.makeURL(forRouteAt: 0, params: [.items: ["b": "x y", "a": 1]]).absoluteString
        == "myapp://all?a=1&b=x%20y")
    let pairs: KeyValuePairs<String, String> = ["z": "1", "a": "2"]
    #expect(
      try router.makeURL(forRouteAt: 0, params: [.items: pairs]).absoluteString
        == "myapp://all?z=1&a=2")
    #expect(throws: ReverseRoutingError.self) {
      try router.makeURL(forRouteAt: 0, params: [.items: "a=1"])
    }
  }

  /// When an earlier route answers a route's URL, another shape of the route prints: the
  /// choice's other alternative.
  @Test func anotherShapePrintsWhenTheFirstIsTaken() throws {
    let router = DeepLinkRouter<String>(scheme: "myapp")
    try router.add(routes: ["settings"]) { _, _ in "old" }
    try router.add(routes: ["(settings|prefs)"]) { _, _ in "settings" }
    #expect(try router.makeURL(for: "settings", params: [:]).absoluteString == "myapp://prefs")
  }
}
