import AppLinks
import Foundation
import Testing

@testable import DeepLinkTools

/// What an outside review of `deeplink-applinks` found: routes whose host is not one literal,
/// an upper-case filter host, and where an association file's mistake is.
@Suite("deeplink-applinks: outside findings")
struct AppLinksFindingsTests {
  static let hosts =
    #"{"name":"h","dialect":"deeper","scheme":"https","routes":[{"pattern":"(example.com|example.org)/x","intent":"x"},{"pattern":"*/b/:id","intent":"b"},{"pattern":":host/c","intent":"c"}]}"#

  /// A choice of hosts is a route on each host; a host that is a capture or a wildcard names
  /// no site, and the check and the generated file say they leave the route out.
  @Test func routesWhoseHostIsNotOneLiteral() throws {
    let tables = try AppLinksPropertyTests.tables(Self.hosts)
    #expect(AppLinksTool.webHosts(tables) == ["example.com", "example.org"])
    #expect(
      AppLinksTool.unknownHostRoutes(tables) == [
        "route 1 `*/b/:id` of `h`", "route 2 `:host/c` of `h`",
      ])
    var files = AppLinkFiles()
    files.appID = "T.app"
    files.aasa = try AASAFile(
      data: Array(
        #"{"applinks":{"details":[{"appIDs":["T.app"],"components":[{"/":"/y"}]}]}}"#.utf8))
    let (output, _, warnings) = AppLinksTool.check(tables, files, json: true)
    #expect(output.contains(#""host":"example.com","table":"h","route":0"#), "\(output)")
    #expect(output.contains(#""host":"example.org","table":"h","route":0"#), "\(output)")
    let one = AppLinksTool.check(tables, files, json: true, host: "example.org").output
    #expect(one.contains(#""host":"example.org""#) && !one.contains(#""host":"example.com""#))
    let generated = AppLinksTool.generate(
      tables, appID: "T.app", format: "aasa", host: "example.org")
    #expect(generated.contains(#""/" : "/x""#) && !generated.contains("/c"), "\(generated)")
    #expect(warnings.filter { $0.contains("no site's file can be named") }.count == 2)
  }

  /// A filter host with upper-case letters takes no link: a note says so, and no warning says
  /// the search could not decide.
  @Test func anUpperCaseFilterHostTakesNoLink() throws {
    let tables = try AppLinksPropertyTests.tables(
      #"{"name":"o","dialect":"crossroad","sources":["https://example.com"],"routes":[{"pattern":"/orders/:id","intent":"o"}]}"#
    )
    var files = AppLinkFiles()
    files.android = try AndroidManifest(
      data: Array(
        #"<intent-filter><action android:name="android.intent.action.VIEW" /><category android:name="android.intent.category.DEFAULT" /><category android:name="android.intent.category.BROWSABLE" /><data android:scheme="https" android:host="Other.com" android:pathPrefix="/zzz" /></intent-filter>"#
          .utf8))
    let (_, _, warnings) = AppLinksTool.check(tables, files, json: true)
    #expect(
      warnings.count == 1 && warnings[0].contains("host `Other.com`, which takes no link"),
      "\(warnings)")
  }

  /// A legacy `paths` item that is not a string is named by its index; a `?` of the wrong
  /// type says what it may be.
  @Test func anAssociationFileMistakeIsWhereItIs() {
    func origin(_ json: String) -> (String, String)? {
      do {
        _ = try AASAFile(data: Array(json.utf8))
        return nil
      } catch {
        return (error.origin, error.message)
      }
    }
    #expect(
      origin(#"{"applinks":{"details":[{"appIDs":["A.b"],"paths":["/x",3]}]}}"#)?.0
        == "applinks.details[0].paths[1]")
    #expect(
      origin(#"{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"?":["a"]}]}]}}"#)?.1
        .contains("dictionary") == true)
  }
}
