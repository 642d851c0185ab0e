import PatternCore
import Testing

@testable import DeepLinkTools

/// Bad manifests and fixtures: each error says why, and points where the mistake is written.
@Suite("Load errors say where and why")
struct LoadErrorPlacesTests {
  /// The rendered error of loading `json` as a manifest and its tables; nil when it loads.
  func loadError(_ json: String) -> String? {
    let manifest: Manifest
    do {
      manifest = try ManifestLoader.parse(Array(json.utf8), path: "t.json")
    } catch {
      return error.diagnostic.description
    }
    do {
      _ = try TableLoader.load(manifest)
      return nil
    } catch {
      return error.description
    }
  }

  func mapping(_ groups: String) -> String {
    #"{"name":"m","dialect":"mapping","scheme":"native","groups":"# + groups + "}"
  }

  @Test(arguments: ["deeper", "func"])
  func anEmptySourceListIsCalledEmpty(_ dialect: String) throws {
    let error = try #require(
      loadError(
        #"{"name":"t","dialect":""# + dialect
          + #"","sources":[],"routes":[{"pattern":"a","intent":"x"}]}"#))
    #expect(error.contains("`sources` is empty"))
    #expect(error.contains("--> t.json, table `t`, sources"))
  }

  /// A member of the wrong JSON type is reported at that member, not at its table.
  @Test(arguments: [
    (
      #"{"name":"t","dialect":"deeper","scheme":"m","routes":{}}"#,
      "`routes` must be an array, found an object", "t.json, table `t`, routes"
    ),
    (
      #"{"name":"t","dialect":"deeper","sources":"m","routes":[]}"#,
      "`sources` must be an array of strings, found a string", "t.json, table `t`, sources"
    ),
    (
      #"{"name":1,"dialect":"deeper","scheme":"m","routes":[]}"#, "`name` must be a string",
      "t.json, name"
    ),
    (
      #"{"name":"t","dialect":"deeper","scheme":2,"routes":[]}"#, "`scheme` must be a string",
      "t.json, table `t`, scheme"
    ),
    (
      #"{"name":"t","dialect":"deeper","scheme":"m","routes":[],"handlers":[]}"#,
      "`handlers` must be an object", "t.json, table `t`, handlers"
    ),
    (
      #"{"name":"t","dialect":"deeper","scheme":"m","routes":[],"handlers":{"root":[]}}"#,
      "handler `root` must be an object", "t.json, table `t`, handlers.root"
    ),
    (
      #"{"name":"t","dialect":"mapping","scheme":"m","groups":[{"group":"g","maps":[{"route":"/a","target":1}]}]}"#,
      "`target` must be a string, found a number", "t.json, table `t`, groups[0], maps[0].target"
    ),
  ])
  func aMemberOfTheWrongTypeIsReportedAtItsPlace(_ json: String, _ message: String, _ place: String)
    throws
  {
    let error = try #require(loadError(json))
    #expect(error.contains(message), "\(error)")
    #expect(error.contains("--> \(place)\n") || error.hasSuffix("--> \(place)"), "\(error)")
  }

  /// JSON numbers are values: an integer may be written with a fraction or an exponent, as
  /// JSON Schema's `integer` takes it (`"route": 0.0`, `"min": 1e0`).
  @Test func anIntegerMayBeWrittenAnyWay() throws {
    #expect(JSONValue.number("2.0").intValue == 2)
    #expect(JSONValue.number("1e2").intValue == 100)
    #expect(JSONValue.number("250e-2").intValue == nil)
    #expect(JSONValue.number("-0.0").intValue == 0)
    #expect(JSONValue.number("1e400").intValue == nil)
    #expect(JSONValue.number("9223372036854775807.0").intValue == .max)
    #expect(JSONValue.number("9223372036854775808.0").intValue == nil)
    #expect(
      loadError(
        #"{"name":"t","dialect":"deeper","scheme":"m","types":{"d":{"base":"int","min":1.0,"max":1e2}},"routes":[{"pattern":"d/:d(x)","intent":"x"}]}"#
      ) == nil)
  }

  @Test func aMappingGroupErrorPointsAtTheGroupAndTheCharacter() throws {
    let error = try #require(loadError(mapping(#"[{"group":"a/b","maps":[]}]"#)))
    #expect(error.contains("invalid group `a/b`"))
    #expect(error.contains("--> t.json, table `m`, groups[0]"))
    // The caret under the `/`.
    #expect(error.contains("\n  a/b\n   ^ "))
  }

  @Test(arguments: [
    (#"[5]"#, "a group is a JSON object, found a number", "groups[0]"),
    (#"[{"group":5,"maps":[]}]"#, "`group` must be a string, found a number", "groups[0]"),
    (#"[{"group":"u","maps":{}}]"#, "`maps` must be an array, found an object", "groups[0]"),
    (
      #"[{"group":"u","maps":[5]}]"#, "a map is a JSON object, found a number", "groups[0], maps[0]"
    ),
  ])
  func aGroupOrMapOfTheWrongShapeSaysSo(_ groups: String, _ message: String, _ place: String)
    throws
  {
    let error = try #require(loadError(mapping(groups)))
    #expect(error.contains(message))
    #expect(error.contains("--> t.json, table `m`, \(place)\n") || error.hasSuffix(place))
  }

  @Test func aGroupWrittenAsAPathIsItsComponent() {
    // `/user` is the group `user`; `/` is the empty group, whose maps start the URL.
    #expect(loadError(mapping(#"[{"group":"/","maps":[{"route":"x","target":"T"}]}]"#)) == nil)
  }

  @Test func twoTablesWithOneNameAreRefused() throws {
    let error = try #require(
      loadError(
        #"{"tables":[{"name":"a","dialect":"deeper","scheme":"x","routes":[]},"#
          + #"{"name":"a","dialect":"deeper","scheme":"y","routes":[]}]}"#))
    #expect(error.contains("table name `a` is used twice (tables[0] and tables[1])"))
    #expect(error.contains("--> t.json, tables[1]"))
  }

  @Test func aForwardOfTheWrongTypePointsAtForward() throws {
    let error = try #require(
      loadError(
        #"{"name":"w","dialect":"deeper","scheme":"wp","routes":[{"pattern":"m?:r","forward":5}]}"#
      ))
    #expect(error.contains("`forward` must be a string, found a number"))
    #expect(error.contains("routes[0].forward"))
  }

  @Test func aMisspeltVerbIsNamed() throws {
    let error = try #require(
      loadError(
        #"{"name":"w","dialect":"deeper","scheme":"wp","routes":[{"pattern":"a","intent":"A"}],"#
          + #""handlers":{"root":{"A":{"opn":true}}}}"#))
    #expect(error.contains("unknown member `opn` in an action"))
  }

  @Test func anOriginSourceTakesAPatternWithALeadingSlash() {
    #expect(
      loadError(
        #"{"name":"c","dialect":"deeper","sources":["https://*.example.com","myapp"],"#
          + #""routes":[{"pattern":"/p/:id","intent":"a"}]}"#) == nil)
  }

  @Test func aCheckerFixtureWithNoOSFileFails() {
    let results = AppLinksFixtures.run(
      try! JSONParser.parse(
        #"{"check":{"routes":{"name":"t","dialect":"crossroad","sources":["https://a.com"],"#
          + #""routes":[{"pattern":"/p","intent":"p"}]}},"findings":[]}"#), file: "f.json")
    #expect(results.count == 1)
    #expect(results[0].failure?.expected == "an OS file under `check.aasa` or `check.android`")
  }

  @Test func aCheckerFixtureWhoseCheckIsNotAnObjectSaysWhatItIs() {
    let results = AppLinksFixtures.run(
      try! JSONParser.parse(#"{"check":5,"findings":[]}"#), file: "f.json")
    #expect(results[0].failure?.actual == "found a number")
  }
}

@Suite("App-link files")
struct AppLinkFilesNoteTests {
  func files(appID: String) throws -> AppLinkFiles {
    try AppLinkFiles.load(
      aasa: repositoryRoot + "/Examples/AppLinks/apple-app-site-association", appID: appID,
      androidManifest: nil, assetLinks: nil, package: nil
    ).get()
  }

  /// An app the association file does not name opens none of its links: said at the start.
  @Test func anAppTheFileDoesNotNameIsANote() throws {
    let note = try #require(try files(appID: "NOTIN.app").unknownAppNote)
    #expect(note.contains("names no app `NOTIN.app`"))
    #expect(note.contains("`ABCDE12345.com.example.shop`"))
    #expect(try files(appID: "ABCDE12345.com.example.shop").unknownAppNote == nil)
  }
}
