import Foundation
import PatternCore
import Testing

@testable import MappingRouter

/// What outside reviews of the Swift API found.
@MainActor @Suite("MappingRouter: outside findings")
struct MappingReviewFindingsTests {
  /// Parameters a map does not name print as extra query items, which opening the URL reads
  /// under their own keys; a value under an alias is its item's; a forbidden item is refused.
  @Test func extraParametersPrintAsQueryItems() throws {
    let router = try Router.load(
      mappingInfo: MappingInfo(
        group: "user",
        maps: [
          .route("/info", target: UserController.self, remark: "user info"),
          .named(.route, "/x?{*id/userId/uid}&{!debug}", target: "X", remark: nil),
        ]))
    let url = try router.makeURL(for: UserController.self, parameters: ["id": 10086, "age": 3])
    #expect(url.absoluteString == "native://user/info?age=3&id=10086")
    guard case .matched(let match) = router.resolve(url.absoluteString) else {
      Issue.record("the printed URL does not open its map")
      return
    }
    #expect(match.parameters["id"] == "10086")
    #expect(
      try router.makeURL(forTargetNamed: "X", parameters: ["uid": 5]).absoluteString
        == "native://user/x?id=5")
    #expect(throws: ReverseRoutingError.self) {
      try router.makeURL(forTargetNamed: "X", parameters: ["uid": 5, "debug": 1])
    }
  }

  /// An alias after a value, or a second `=`, is an error at that character, as `k=v=w` is in
  /// the other dialects; an escaped one is part of the value.
  @Test func aValueHoldsNoAliasAndNoSecondEquals() throws {
    for (path, offset) in [("/a?{*ref=a/r=b}", 10), ("/a?{*ref=a=b}", 10)] {
      do {
        _ = try MappingPatternParser().parse(path, group: "g")
        Issue.record("`\(path)` parsed")
      } catch {
        #expect(error.offset == offset, "\(path): \(error)")
      }
    }
    let escaped = try MappingPatternParser().parse("/a?{*ref=a%2Fb%3Dc}", group: "g")
    #expect(escaped.queryItems.first?.equals == "a/b=c")
  }

  /// A group is written as its URLs read it: an escape in it is refused, not kept as text no
  /// URL can match.
  @Test func aGroupWithAnEscapeIsRefused() {
    do {
      _ = try Router.load(
        mappingInfo: MappingInfo(group: "%zz", maps: [.route("/a", target: UserController.self)]))
      Issue.record("the group loaded")
    } catch {
      #expect(error.description.contains("without `%` escapes"), "\(error)")
    }
  }

  /// A `URL` opens and resolves as its absolute string does, as Deeper and Crossroad take one.
  @Test func aURLOpensAsItsString() throws {
    let router = try Router.load(
      mappingInfo: MappingInfo(
        group: "user", maps: [.route("/info?{*id}", target: UserController.self)]))
    let url = try #require(URL(string: "native://user/info?id=7"))
    guard case .route(let target as UserController, _) = router.open(url) else {
      Issue.record("a URL did not open its map")
      return
    }
    #expect(target.id == "7")
    guard case .missingParameters = router.resolve(URL(string: "native://user/info")!) else {
      Issue.record("a URL without the required item resolved")
      return
    }
  }

  /// A parameter another map of the target names is that map's to carry: not printed as an
  /// extra item of a map that would open without it, and refused there when it does not fit.
  @Test func aParameterGoesToTheMapThatNamesIt() throws {
    let router = try Router.load(
      mappingInfo: MappingInfo(
        group: "user",
        maps: [
          .named(.route, "/home", target: "U", remark: nil),
          .named(.route, "/info/:int(id)", target: "U", remark: nil),
        ]))
    #expect(
      try router.makeURL(forTargetNamed: "U", parameters: ["id": 5]).absoluteString
        == "native://user/info/5")
    do {
      _ = try router.makeURL(forTargetNamed: "U", parameters: ["id": "x"])
      Issue.record("a value no map can carry printed")
    } catch {
      #expect(error.message.contains("is not an int"), "\(error.message)")
    }
    #expect(
      try router.makeURL(forTargetNamed: "U", parameters: ["ref": "a"]).absoluteString
        == "native://user/home?ref=a")
    // No map names both: the first prints the other as an extra item, as before.
    let split = try Router.load(
      mappingInfo: MappingInfo(
        group: "g",
        maps: [
          .named(.route, "/a?{name}", target: "T", remark: nil),
          .named(.route, "/b?{*id}", target: "T", remark: nil),
        ]))
    #expect(
      try split.makeURL(forTargetNamed: "T", parameters: ["name": "x", "id": 1]).absoluteString
        == "native://g/a?name=x&id=1")
  }
}
