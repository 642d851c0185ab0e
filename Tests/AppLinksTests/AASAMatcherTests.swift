import Testing

@testable import AppLinks

@Suite("apple-app-site-association matching")
struct AASAMatcherTests {
  func file(_ json: String) throws -> AASAFile {
    try AASAFile(data: Array(json.utf8))
  }

  @Test func firstMatchingComponentDecides() throws {
    let aasa = try file(
      #"{"applinks":{"details":[{"appIDs":["T.app"],"components":[{"/":"/buy/*","exclude":true},{"/":"/*"}]}]}}"#
    )
    #expect(
      aasa.decision(for: "https://e.com/buy/1", appID: "T.app")
        == OpenDecision(opens: false, rule: "details[0].components[0]"))
    #expect(
      aasa.decision(for: "https://e.com/x", appID: "T.app")
        == OpenDecision(opens: true, rule: "details[0].components[1]"))
    #expect(
      aasa.decision(for: "https://e.com/x", appID: "T.other")
        == OpenDecision(opens: false, rule: nil))
  }
}
