import AppLinks
import Foundation
import Testing

@testable import DeepLinkTools

@Suite("deeplink-applinks: generate, then check")
struct AppLinksPropertyTests {
  /// The tables of a manifest given as text.
  static func tables(_ manifest: String) throws -> TableSet {
    try TableLoader.load(
      ManifestLoader.parse(Array(manifest.utf8), path: "<test>", readCases: false))
  }

  /// Every fixture table with web routes: what `generate` writes for iOS and for Android leaves
  /// no route unreachable or partly reachable.
  @Test func generatedFilesReachEveryRoute() throws {
    var checked = 0
    for path in ConformanceRunner.fixtureFiles(["Fixtures"]) where !path.contains("/applinks/") {
      guard let manifest = try? ManifestLoader.load(path: path, readCases: false) else { continue }
      for spec in manifest.tables where spec.loadError == nil {
        guard let table = try? TableLoader.load(spec) else { continue }
        let tables = TableSet([table])
        guard !WebRoutes.of(tables).isEmpty else { continue }
        checked += 1
        var files = AppLinkFiles()
        let aasa = AppLinksTool.generate(tables, appID: "T.app", format: "aasa")
        files.aasa = try AASAFile(data: Array(aasa.utf8))
        files.appID = "T.app"
        // The bare <intent-filter> elements, as `generate` writes them.
        let filters = AppLinksTool.generate(tables, appID: "T.app", format: "android")
        files.android = try AndroidManifest(data: Array(filters.utf8))
        let (output, _, _) = AppLinksTool.check(tables, files, json: true)
        #expect(!output.contains("unreachable_route"), "\(path) \(spec.name): \(output)")
        #expect(!output.contains("partly_reachable_route"), "\(path) \(spec.name): \(output)")
      }
    }
    #expect(checked >= 5, "fixtures with web routes: \(checked)")
  }

  /// A table without case whose literal has letters beyond ASCII (which `caseSensitive` false
  /// does not fold): the checker takes the router's URLs in every case of those letters, and
  /// `generate` claims each, so its file leaves the route reachable in all of them.
  @Test func caseFreeLiteralsBeyondASCIIAreClaimedInEachCase() throws {
    let tables = try Self.tables(
      #"{"name": "m", "dialect": "mapping", "scheme": "https", "groups": [{"group": "example.com", "maps": [{"route": "/Caf%C3%A9", "target": "C"}]}]}"#
    )
    var files = AppLinkFiles()
    files.appID = "T.app"
    files.aasa = try AASAFile(
      data: Array(
        #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [{"/": "/café", "caseSensitive": false, "percentsEncoded": false}]}]}}"#
          .utf8))
    let handWritten = AppLinksTool.check(tables, files, json: true).output
    #expect(handWritten.contains("partly_reachable_route"), "\(handWritten)")
    #expect(handWritten.lowercased().contains("caf%c3%89"), "\(handWritten)")
    let generated = AppLinksTool.generate(tables, appID: "T.app", format: "aasa")
    #expect(generated.contains("/CafÉ"), "\(generated)")
    files.aasa = try AASAFile(data: Array(generated.utf8))
    let roundTrip = AppLinksTool.check(tables, files, json: true).output
    #expect(!roundTrip.contains("reachable_route"), "\(roundTrip)")
  }

  /// A comparison the search cannot finish within its budget is reported as a warning that
  /// names the route and the host; with the usual budget the same check finishes and finds the
  /// unreachable route.
  @Test func anUnfinishedComparisonIsReportedNotDropped() throws {
    let manifest = #"""
      {"name": "shop", "dialect": "crossroad", "sources": ["https://example.com"], "routes": [
        {"pattern": "/orders/:id", "intent": "order"}]}
      """#
    let tables = try Self.tables(manifest)
    var files = AppLinkFiles()
    files.aasa = try AASAFile(
      data: Array(
        #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [{"/": "/account"}]}]}}"#
          .utf8))
    files.appID = "T.app"
    let finished = AppLinksTool.check(tables, files, json: true)
    #expect(finished.warnings.isEmpty)
    #expect(finished.output.contains("unreachable_route"))
    var checker = LinkChecker()
    checker.search.budget = 1
    let cut = AppLinksTool.check(tables, files, json: true, checker: checker)
    #expect(!cut.output.contains("unreachable_route"))
    #expect(cut.warnings.count >= 1)
    #expect(
      cut.warnings.first?.hasPrefix(
        "warning: iOS example.com: route 0 `/orders/:id` of `shop`: could not decide") == true,
      "\(cut.warnings)")
  }

  /// A component that also asks something of the query opens the app for some URLs of its
  /// paths: a route under it is partly reachable (never unreachable), and both URLs shown are
  /// what the OS does with them; a link such a component opens that no route takes is found too.
  @Test func componentsWithQueryConditionsOpenSomeURLs() throws {
    let manifest = #"""
      {"name": "q", "dialect": "crossroad", "sources": ["https://example.com"], "routes": [
        {"pattern": "/p/:id", "intent": "p"}, {"pattern": "/h", "intent": "h"}]}
      """#
    let tables = try Self.tables(manifest)
    var files = AppLinkFiles()
    let aasa = #"""
      {"applinks": {"details": [{"appIDs": ["T.app"], "components": [
        {"/": "/p/*", "?": {"ref": "?*"}}, {"/": "/h", "?": "x=1", "#": "top"}]}]}}
      """#
    let file = try AASAFile(data: Array(aasa.utf8))
    files.aasa = file
    files.appID = "T.app"
    let (output, status, _) = AppLinksTool.check(tables, files, json: true)
    let findings = output.split(separator: "\n").map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }
    #expect(status == 1)
    #expect(!output.contains("unreachable_route"), "\(output)")
    let partly = findings.filter { $0["kind"] as? String == "partly_reachable_route" }
    #expect(partly.compactMap { $0["route"] as? Int }.sorted() == [0, 1], "\(output)")
    for finding in partly {
      let witness = try #require(finding["witness"] as? String)
      #expect(!file.decision(for: witness, appID: "T.app").opens, "\(witness)")
      let note = try #require(finding["note"] as? String)
      let opening = try #require(note.split(separator: " ").last.map(String.init))
      #expect(note.hasPrefix("opens: "), "\(note)")
      #expect(file.decision(for: opening, appID: "T.app").opens, "\(opening)")
    }
    // `/p/` with a `ref` opens the app, and `/p/:id` takes no empty component.
    let unhandled = findings.filter { $0["kind"] as? String == "unhandled_links" }
    let witness = try #require(unhandled.first?["witness"] as? String)
    #expect(unhandled.count == 1 && witness.hasPrefix("https://example.com/p/?ref="), "\(output)")
    #expect(file.decision(for: witness, appID: "T.app").opens)
  }

  /// Android matches the decoded path: generated filters hold literals decoded, so routes with
  /// escaped or non-ASCII literals are reached, and each URL shown opens the app.
  @Test func generatedAndroidFiltersHoldDecodedLiterals() throws {
    let manifest = #"""
      {"name": "g", "dialect": "crossroad", "sources": ["https://example.com"], "routes": [
        {"pattern": "/a%20a", "intent": "a"}, {"pattern": "/caf%C3%A9/:int(n)", "intent": "c"},
        {"pattern": "/account", "intent": "x"}]}
      """#
    let tables = try Self.tables(manifest)
    let filters = AppLinksTool.generate(tables, appID: "T.app", format: "android")
    #expect(filters.contains(#"android:pathPattern="/a a""#), "\(filters)")
    #expect(filters.contains(#"android:pathPattern="/account/""#), "\(filters)")
    #expect(!filters.contains("/*\""), "no trailing X*: \(filters)")
    var files = AppLinkFiles()
    let android = try AndroidManifest(data: Array(filters.utf8))
    files.android = android
    for url in [
      "https://example.com/a%20a", "https://example.com/caf%C3%A9/1", "https://example.com/account",
      "https://example.com/account/",
    ] {
      #expect(android.decision(for: url).opens, "\(url)")
    }
    let (output, _, _) = AppLinksTool.check(tables, files, json: true)
    #expect(!output.contains("unreachable_route"), "\(output)")
    #expect(!output.contains("partly_reachable_route"), "\(output)")
  }

  /// Generated files claim every way a route's URLs are written: a literal with escapes in any
  /// hex case (iOS: claimed decoded, `percentsEncoded` false), and a table whose literals compare
  /// without case (MappingInfo) in any letter case (iOS: `caseSensitive` false; Android, whose
  /// patterns compare with case: a letter is any one character).
  @Test func generatedFilesClaimEveryWrittenForm() throws {
    let manifest = #"""
      {"name": "m", "dialect": "mapping", "scheme": "https", "groups": [{"group": "example.com",
        "maps": [{"route": "/About", "target": "About"}, {"route": "/caf%C3%A9/:id", "target": "C"}]}]}
      """#
    let tables = try Self.tables(manifest)
    let aasa = try AASAFile(
      data: Array(AppLinksTool.generate(tables, appID: "T.app", format: "aasa").utf8))
    let android = try AndroidManifest(
      data: Array(AppLinksTool.generate(tables, appID: "T.app", format: "android").utf8))
    for url in [
      "https://example.com/about", "https://example.com/ABOUT/", "https://example.com/caf%c3%a9/1",
      "https://example.com/CAF%C3%A9/1", "https://example.com/caf%C3%a9/x",
    ] {
      if case .matched = tables.resolve(url) {} else { Issue.record("not matched: \(url)") }
      #expect(aasa.decision(for: url, appID: "T.app").opens, "\(url)")
      #expect(android.decision(for: url).opens, "\(url)")
    }
    var files = AppLinkFiles()
    files.aasa = aasa
    files.appID = "T.app"
    files.android = android
    let (output, _, _) = AppLinksTool.check(tables, files, json: true)
    #expect(!output.contains("unreachable_route"), "\(output)")
    #expect(!output.contains("partly_reachable_route"), "\(output)")
  }

  /// A link a component opens whose only refusal is a typed query item's value says that it
  /// depends on the value, with the URL the route takes once the value fits.
  @Test func anUnhandledLinkRefusedByATypedQueryItemSaysSo() throws {
    let manifest = #"""
      {"name": "w", "dialect": "crossroad", "sources": ["https://example.com"], "routes": [
        {"pattern": "/t?:int(n)", "intent": "t"}]}
      """#
    let tables = try Self.tables(manifest)
    var files = AppLinkFiles()
    files.aasa = try AASAFile(
      data: Array(
        #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [{"/": "/t", "?": {"n": "?*"}}]}]}}"#
          .utf8))
    files.appID = "T.app"
    let (output, _, _) = AppLinksTool.check(tables, files, json: true)
    let unhandled = output.split(separator: "\n").filter { $0.contains("unhandled_links") }
    #expect(unhandled.count == 1, "\(output)")
    #expect(
      unhandled.first?.contains(
        "depends on the value: https://example.com/t?n=1 is handled by route 0") == true,
      "\(output)")
  }

  /// One finding per rule: when its witness is refused whatever the values, a note names
  /// another link of the rule that only a route's value types refuse (not as if the witness
  /// were that link).
  @Test func aRuleWithTwoKindsOfUnhandledLinksSaysWhichIsWhich() throws {
    let manifest = #"""
      {"name": "s", "dialect": "crossroad", "sources": ["https://example.com"], "routes": [
        {"pattern": "/orders/:id", "intent": "o"}, {"pattern": "/products/:int(id)", "intent": "p"}]}
      """#
    let tables = try Self.tables(manifest)
    var files = AppLinkFiles()
    files.android = try AndroidManifest(
      data: Array(AppLinksTool.generate(tables, appID: "T.app", format: "android").utf8))
    let (output, _, _) = AppLinksTool.check(tables, files, json: true)
    let findings = output.split(separator: "\n")
    #expect(findings.count == 1, "\(output)")
    let finding = try #require(findings.first.map(String.init))
    #expect(finding.contains(#""witness":"https://example.com/orders/"#), "\(finding)")
    #expect(
      finding.contains(
        "it also opens links that depend on the value: https://example.com/products/"),
      "\(finding)")
  }
}
