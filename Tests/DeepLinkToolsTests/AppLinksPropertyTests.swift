import AppLinks
import Foundation
import Testing

@testable import DeepLinkTools

@Suite("deeplink-applinks: generate, then check")
struct AppLinksPropertyTests {
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
        let filters = AppLinksTool.generate(tables, appID: "T.app", format: "android")
        files.android = try AndroidManifest(
          data: Array(
            (#"<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>"#
              + filters + "</application></manifest>").utf8))
        let (output, _, _) = AppLinksTool.check(tables, files, json: true)
        #expect(!output.contains("unreachable_route"), "\(path) \(spec.name): \(output)")
        #expect(!output.contains("partly_reachable_route"), "\(path) \(spec.name): \(output)")
      }
    }
    #expect(checked >= 5, "fixtures with web routes: \(checked)")
  }

  /// A comparison the search cannot finish within its budget is reported as a warning that
  /// names the route and the host; with the usual budget the same check finishes and finds the
  /// unreachable route.
  @Test func anUnfinishedComparisonIsReportedNotDropped() throws {
    let manifest = #"""
      {"name": "shop", "dialect": "crossroad", "sources": ["https://example.com"], "routes": [
        {"pattern": "/orders/:id", "intent": "order"}]}
      """#
    let tables = try TableLoader.load(
      ManifestLoader.parse(Array(manifest.utf8), path: "<shop>", readCases: false))
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
}
