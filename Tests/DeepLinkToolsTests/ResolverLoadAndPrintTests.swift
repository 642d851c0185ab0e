import Foundation
import Testing

@testable import DeepLinkTools

/// Loading the resolver's tables, and print requests a route cannot answer: what they say.
@Suite("deeplink-resolve: loading and print refusals")
struct ResolverLoadAndPrintTests {
  /// Every fixture is a manifest, and one with a table marked `loadError` (a table that must
  /// not load) is refused: the tools exit 2 on it.
  @Test func aFixtureWithATableMarkedLoadErrorIsRefused() {
    var notes: [String] = []
    guard
      case .failure(let message) = ResolverSetup.load(
        [repositoryRoot + "/Fixtures/deeper/forwarding.json"], colored: false, notes: &notes)
    else {
      Issue.record("the fixture loaded")
      return
    }
    #expect(message.contains("forward-names-no-item"), "\(message)")
  }

  /// `*` given to a route without a wildcard is refused for that, whatever its value.
  @Test func aWildcardValueForARouteWithoutOneSaysSo() throws {
    let manifest =
      #"{"name": "one", "dialect": "deeper", "scheme": "myapp", "routes": [{"pattern": "p/:id", "intent": "P"}]}"#
    let resolver = Resolver(
      tables: try TableLoader.load(
        ManifestLoader.parse(Array(manifest.utf8), path: "<one>", readCases: false)))
    for wildcard in ["[]", #"[""]"#, #""""#, #"["a"]"#] {
      let answer = resolver.respond(
        to: ArraySlice(Array(#"{"intent": "P", "params": {"id": "1", "*": \#(wildcard)}}"#.utf8)),
        number: 1)
      #expect(answer.contains("`*` is given but the pattern has no wildcard"), "\(answer)")
    }
  }

  /// Two manifests may give tables one name; records could not tell them apart: said so.
  @Test func aTableNameUsedInTwoManifestsIsANote() {
    var notes: [String] = []
    let basics = repositoryRoot + "/Fixtures/deeper/basics.json"
    guard case .success = ResolverSetup.load([basics, basics], colored: false, notes: &notes)
    else {
      Issue.record("did not load")
      return
    }
    #expect(notes.count == 1)
    #expect(notes.first?.contains("table name `basics` is used in") == true)
  }

  /// A handler entry for an intent no route gives (a misspelling) can never be used: a note.
  @Test func aHandlerEntryNoRouteReachesIsANote() throws {
    let json = #"""
      {"name": "t", "dialect": "deeper", "scheme": "myapp",
       "routes": [{"pattern": "profile/:id", "intent": "showProfile"}],
       "handlers": {"root": {"showProfle": {"open": true}, "showProfile": {"open": true},
                             "*": {"reject": true}}}}
      """#
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("handler-note-\(UInt32.random(in: 0...UInt32.max)).json").path
    try Data(json.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    var notes: [String] = []
    guard case .success = ResolverSetup.load([path], colored: false, notes: &notes) else {
      Issue.record("did not load")
      return
    }
    #expect(
      notes == [
        "note: table `t`: handler `root` has an entry for `showProfle`, which no route of the "
          + "table gives; it is never used (misspelt?)"
      ])
  }

  /// A route that declines passes its URL on to a later route: said so, not "answered first".
  @Test func aDecliningRouteSaysItDeclinesItsURL() throws {
    let manifest =
      #"{"name": "t", "dialect": "deeper", "scheme": "m", "routes": [{"pattern": "x/:id", "intent": "D", "declines": true}, {"pattern": "x/:id", "intent": "E"}]}"#
    let resolver = Resolver(
      tables: try TableLoader.load(
        ManifestLoader.parse(Array(manifest.utf8), path: "<t>", readCases: false)))
    let answer = resolver.respond(
      to: ArraySlice(Array(#"{"intent": "D", "params": {"id": "1"}}"#.utf8)), number: 1)
    #expect(
      answer.contains("its URL `m://x/1` is declined by it and answered by route 1 `x/:id` of `t`"),
      "\(answer)")
  }
}
