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
}
