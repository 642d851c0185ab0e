import Foundation
import PatternCore
import Testing

@testable import DeepLinkTools

@Suite("deeplink-conformance logic")
struct ConformanceRunnerTests {
  func run(_ json: String) -> [ConformanceRunner.Result] {
    do {
      return ConformanceRunner().run(
        manifest: try ManifestLoader.parse(Array(json.utf8), path: "t.json"))
    } catch {
      return [
        ConformanceRunner.Result(
          file: "t.json", subject: "fixture",
          failure: .init(expected: "readable", actual: error.diagnostic.description))
      ]
    }
  }

  @Test func aWrongExpectationIsReportedWithExpectedAndActual() {
    let results = run(
      #"{"name":"t","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"p/:int(id)","intent":"show"}],"cases":[{"url":"myapp://p/1","intent":"show","params":{"id":"1"}},{"url":"myapp://p/2","intent":"show","params":{"id":2}}]}"#
    )
    #expect(results.count == 2)
    #expect(results[0].failure?.expected == #"intent `show`, params {"id":"1"}"#)
    #expect(
      results[0].failure?.actual
        == #"intent `show`, route 0 `p/:int(id)` in `t`, params {"id":1} (params differ)"#)
    #expect(results[1].failure == nil)
    #expect(ConformanceReport.summary(results) == "1 passed, 1 failed")
  }

  /// Text compares as bytes: U+00E9 and `e` with U+0301 are different values, keys and intents.
  @Test func textComparesByteForByteAndObjectsWithoutOrder() {
    let results = run(
      #"{"name":"t","dialect":"crossroad","sources":["myapp"],"routes":[{"pattern":"s/:s?*all","intent":"caf\u00e9"}],"cases":[{"url":"myapp://s/e%CC%81","intent":"caf\u00e9","params":{"s":"\u00e9","all":{}}},{"url":"myapp://s/x","intent":"cafe\u0301"},{"url":"myapp://s/x?b=1&a=2","params":{"s":"x","all":{"a":"2","b":"1"}}}]}"#
    )
    #expect(results.map { $0.failure == nil } == [false, false, true])
    #expect(results[0].failure?.actual.hasSuffix("(params differ)") == true)
    #expect(results[1].failure?.actual.hasSuffix("(intent differs)") == true)
  }

  /// A failure names the case's place in `cases` as well as its URL: two cases with the same
  /// URL are told apart, in the text and in the JUnit test names.
  @Test func aFailureNamesTheCaseItsPlaceAndItsURL() {
    let results = run(
      #"{"name":"t","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"p/:id","intent":"show"}],"cases":[{"url":"myapp://p/1","intent":"show"},{"url":"myapp://p/1","intent":"hide"}]}"#
    )
    #expect(results.map(\.subject) == ["cases[0] myapp://p/1", "cases[1] myapp://p/1"])
    #expect(ConformanceReport.text(results).hasPrefix("FAIL t.json [t] cases[1] myapp://p/1\n"))
    #expect(ConformanceReport.junit(results).contains(#"name="[t] cases[1] myapp://p/1""#))
  }

  /// Both sides of a failure keep their continuation lines under their first, and text from a
  /// fixture cannot drive the terminal: control characters are shown as escapes.
  @Test func aFailureIsOneReadableBlock() {
    let result = ConformanceRunner.Result(
      file: "f.json", subject: "cases[0] myapp://\u{1B}[31mred",
      failure: ConformanceRunner.Failure(expected: "Route {\n  a\n}", actual: "x\ny"))
    #expect(
      ConformanceReport.text([result]).split(separator: "\n").map(String.init) == [
        #"FAIL f.json cases[0] myapp://\u{1B}[31mred"#,
        "  expected: Route {",
        "              a",
        "            }",
        "  actual:   x",
        "            y",
        "0 passed, 1 failed",
      ])
  }

  /// A fixture named twice (itself and through its directory, or twice over) runs once.
  @Test func aFixtureNamedTwiceRunsOnce() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("conformance-twice-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("a.json").path
    try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
    let files = ConformanceRunner.fixtureFiles([
      file, directory.path + "/", directory.path + "/./a.json",
    ])
    #expect(files == [file])
  }

  @Test func aCaseThatContradictsItselfOrCannotRunFails() {
    let results = run(
      #"{"tables":[{"name":"t","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"p/:id","intent":"show"}],"cases":[{"url":"myapp://bad%zz","error":"invalid_url","params":{"id":"1"}}]},{"name":"l","dialect":"deeper","scheme":"myapp","loadError":"pattern_syntax","routes":[{"pattern":"p/(x","intent":"x"}],"cases":[{"url":"myapp://p"}]}]}"#
    )
    #expect(results.map(\.subject) == ["cases[0] myapp://bad%zz", "load", "cases"])
    #expect(results.map { $0.failure == nil } == [false, true, false])
  }

  /// A case that names a table expects a match in it: no match fails it.
  @Test func anExpectedTableWithoutAMatchFails() {
    let results = run(
      #"{"name":"t","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"p/:id","intent":"show"}],"cases":[{"url":"myapp://nothing","table":"t"},{"url":"myapp://nothing","intent":null,"table":"t"}]}"#
    )
    #expect(results.map { $0.failure?.actual.hasSuffix("(expected a match)") } == [true, true])
  }

  /// App-links matcher fixtures check what their cases say: a `cases` that is no array, an
  /// `opens` that is no boolean and a case without a URL are failures, not silent passes.
  @Test func aMalformedMatcherFixtureFails() throws {
    let aasa =
      #""os":"ios","appID":"A.b","aasa":{"applinks":{"details":[{"appIDs":["A.b"],"components":[{"/":"/x/*"}]}]}}"#
    for (cases, expected) in [
      (#"{"url":"https://e.com/y","opens":true}"#, "`cases` as an array of cases"),
      (#"[{"url":"https://e.com/y","opens":"yes"}]"#, "`opens` true or false"),
      (#"[{"opens":false}]"#, "a `url` string"),
    ] {
      let json = try JSONParser.parse("{\(aasa),\"cases\":\(cases)}")
      let results = AppLinksFixtures.run(json, file: "a.json")
      #expect(results.count == 1)
      #expect(results.first?.failure?.expected == expected, "\(cases)")
    }
  }

  @Test func aMessageWithoutAnErrorIsAnErrorNotASilentPass() {
    let results = run(
      #"{"name":"demo","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"p/:id","intent":"show"}],"cases":[{"url":"myapp://p/1","intent":"show","message":"whatever"}]}"#
    )
    #expect(results.count == 1)
    #expect(
      results.first?.failure?.actual.contains("`message` applies to a case with `error`") == true)
  }

  @Test func anUnknownKeyIsAnErrorNamingTheFileTableCaseAndKey() {
    let typo = run(
      #"{"name":"demo","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"p/:id","intent":"show"}],"cases":[{"url":"myapp://p/1","intent":"show"},{"url":"myapp://p/2","intnt":"show"}]}"#
    )
    #expect(typo.count == 1)
    #expect(
      typo.first?.failure?.actual == """
        error: invalid manifest: unknown key `intnt` in a case
          --> t.json, table `demo`, cases[1]
          = did you mean `intent`? known keys: url, intent, params, route, error, message, table, trace, context, handlingError, host, via, note
        """)
    for (json, key, place) in [
      (#"{"name":"d","dialect":"deeper","scheme":"m","parms":1,"routes":[]}"#, "parms", "a table"),
      (
        #"{"name":"d","dialect":"deeper","scheme":"m","routes":[{"pattern":"a","intent":"x","declined":true}]}"#,
        "declined", "a route"
      ),
      (
        #"{"name":"d","dialect":"mapping","scheme":"m","groups":[{"group":"g","maps":[{"route":"/a","target":"T","remak":"x"}]}],"cases":[{"url":"m://g/a"}]}"#,
        "remak", "a map"
      ),
    ] {
      let results = run(json)
      #expect(
        results.contains {
          $0.failure?.actual.contains("unknown key `\(key)` in \(place)") == true
        },
        "\(key)")
    }
  }

  @Test func loadErrorsAreCheckedByCode() {
    let good = run(
      #"{"tables":[{"name":"bad","dialect":"deeper","scheme":"m","routes":[{"pattern":"a/(b","intent":"x"}],"loadError":"pattern_syntax"}]}"#
    )
    #expect(good.count == 1 && good[0].failure == nil)
    let wrong = run(
      #"{"tables":[{"name":"ok","dialect":"deeper","scheme":"m","routes":[{"pattern":"a","intent":"x"}],"loadError":"pattern_syntax"}]}"#
    )
    #expect(wrong[0].failure?.actual == "the table loaded")
  }

  @Test(
    "malformed fixtures are failures, not crashes",
    arguments: [
      "{", "[]", #"{"dialect":"deeper","scheme":"m","routes":[{"intent":"x"}]}"#,
      #"{"dialect":"deeper","scheme":"m","routes":[],"cases":[{"intent":"x"}]}"#,
      #"{"dialect":"nope","scheme":"m","routes":[]}"#,
      #"{"dialect":"deeper","routes":[]}"#, #"{"dialect":"deeper","scheme":"my app","routes":[]}"#,
      #"{"dialect":"deeper","scheme":"m","routes":[],"cases":[{"url":"m://x","route":-1}]}"#,
      #"{"dialect":"deeper","scheme":"m","routes":[],"loadError":"oops"}"#,
    ])
  func malformed(json: String) {
    let results = run(json)
    #expect(results.contains { $0.failure != nil })
  }

  @Test func unreadableFilesAreFailures() {
    let results = ConformanceRunner().run(files: ["/nonexistent/x.json"])
    #expect(results.count == 1)
    #expect(results[0].failure?.actual.contains("cannot read `/nonexistent/x.json`") == true)
  }

  @Test func junitEscapesAndCounts() {
    let results = run(
      #"{"name":"t<1>","dialect":"deeper","scheme":"m","routes":[{"pattern":"a","intent":"x"}],"cases":[{"url":"m://a","intent":"y"},{"url":"m://a","intent":"x"}]}"#
    )
    let xml = ConformanceReport.junit(results)
    #expect(xml.contains(#"<testsuites name="deeplink-conformance" tests="2" failures="1">"#))
    #expect(xml.contains(#"name="[t&lt;1&gt;] cases[0] m://a""#))
    #expect(xml.contains("<failure message=\"expected intent `y`\">"))
  }

  @Test func aBadManifestRendersItsDiagnostic() {
    guard
      case .failure(let message) = ResolverSetup.load([
        repositoryRoot + "/Tests/DeepLinkToolsTests/Resources/bad-pattern.json"
      ])
    else {
      Issue.record("expected a failure")
      return
    }
    #expect(
      message.hasSuffix(
        """
        , table `broken`, routes[1]
          profile/(info/:userId
                  ^ '(' opened here is never closed
        """))
    #expect(message.hasPrefix("error: unclosed group\n  --> "))
  }
}

@Suite("Cross-dialect conformance")
struct SharedConformanceTests {
  func run(_ json: String) -> [ConformanceRunner.Result] {
    guard let manifest = try? ManifestLoader.parse(Array(json.utf8), path: "s.json") else {
      return []
    }
    return ConformanceRunner().run(manifest: manifest)
  }

  let tables = #"""
    [{"name":"d","dialect":"deeper","scheme":"m","routes":[{"pattern":"p/:int(id)","intent":"show"},{"pattern":"q?:x","intent":"query"}]},
     {"name":"c","dialect":"crossroad","sources":["m"],"routes":[{"pattern":"p/:id","intent":"show"}]}]
    """#

  @Test func differingAnswersNameTheDialectAndURL() {
    let results = run(
      #"{"shared":{"name":"s","tables":\#(tables),"urls":["m://p/1","m://p/x","m://q?x=1"],"inexpressible":[{"dialect":"crossroad","intent":"query","reason":"no query"}]}}"#
    )
    #expect(results.count == 2)  // m://q?x=1 is skipped for crossroad
    #expect(results[0].failure?.expected == #"deeper: intent `show`, params {"id":1}"#)
    #expect(results[0].failure?.actual == #"crossroad: intent `show`, params {"id":"1"}"#)
    #expect(results[1].subject == "m://p/x [deeper vs crossroad]")
    #expect(results[1].failure?.actual == #"crossroad: intent `show`, params {"id":"x"}"#)
  }

  /// A table of a cross-dialect fixture that must not load is checked for that, and compared
  /// with nothing.
  @Test func aTableThatMustNotLoadIsChecked() {
    let loads =
      #"{"name":"x","dialect":"crossroad","sources":["m"],"loadError":"pattern_syntax","routes":[{"pattern":"p/:id","intent":"show"}]}"#
    let refused =
      #"{"name":"y","dialect":"crossroad","sources":["m"],"loadError":"pattern_syntax","routes":[{"pattern":"p/(x","intent":"show"}]}"#
    let results = run(
      #"{"shared":{"name":"s","tables":[\#(tables.dropFirst().dropLast()),\#(loads),\#(refused)],"urls":["m://p/1"]}}"#
    )
    let loadResults = results.filter { $0.subject == "load" }
    #expect(loadResults.map(\.table) == ["x", "y"])
    #expect(loadResults.map { $0.failure == nil } == [false, true])
    #expect(loadResults.first?.failure?.actual == "the table loaded")
  }

  @Test func aDeclaredDifferenceMustReallyDiffer() {
    let results = run(
      #"{"shared":{"name":"s","tables":\#(tables),"urls":["m://p/x","m://zz"],"differences":[{"dialect":"crossroad","url":"m://p/x","reason":"types"},{"dialect":"crossroad","url":"m://zz","reason":"claimed"}]}}"#
    )
    #expect(results[0].failure == nil)
    #expect(results[1].failure?.actual == "the same answer: no intent")
  }

  /// An entry that checks nothing (a dialect with no table, a URL not listed) fails, naming
  /// itself.
  @Test func anEntryThatChecksNothingFails() {
    let results = run(
      #"{"shared":{"name":"s","tables":\#(tables),"urls":["m://p/x"],"differences":[{"dialect":"mapping","url":"m://p/x","reason":"r"},{"dialect":"crossroad","url":"m://other","reason":"r"}],"inexpressible":[{"dialect":"func","intent":"x","reason":"r"}]}}"#
    )
    let entries = results.filter { $0.subject.contains("[") && !$0.subject.contains("://") }
    #expect(entries.map(\.subject) == ["differences[0]", "differences[1]", "inexpressible[0]"])
    #expect(
      entries.map { $0.failure?.actual } == [
        "`mapping` has no table compared here", "`m://other` is not one of `urls`",
        "`func` has no table compared here",
      ])
  }

  /// The "Unknown keys" table of the Route manifests article lists exactly the keys the loader
  /// takes, so the article cannot fall behind a new key.
  @Test func theManifestArticleListsEveryKey() throws {
    let article = try String(
      contentsOfFile: "Apps/DeepLinkTools/DeepLinkTools.docc/RouteManifests.md", encoding: .utf8)
    func listed(_ object: String) -> Set<String>? {
      guard let row = article.split(separator: "\n").first(where: { $0.hasPrefix("| \(object) |") })
      else { return nil }
      let cell = row.split(separator: "|", omittingEmptySubsequences: true).last ?? ""
      return Set(
        cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map {
          String($0.element)
        })
    }
    let keys = ManifestLoader.Keys.self
    for (object, expected) in [
      ("a manifest with `tables` (its top level)", keys.tableList), ("a table", keys.table),
      ("a route", keys.route), ("a case", keys.case), ("a mapping group", keys.group),
      ("a mapping map", keys.map),
    ] {
      #expect(listed(object) == Set(expected), "\(object)")
    }
  }

  /// Every dialect's manifest table reports a route an earlier one covers, unless the earlier
  /// route declines (it may pass the URL on); query conditions and forbidden keys count.
  @Test func manifestTablesOfEveryDialectReportShadowedRoutes() throws {
    for dialect in ["deeper", "func", "crossroad"] {
      let prefix = dialect == "crossroad" ? "/" : ""
      func warnings(declines: Bool) throws -> [AnalysisWarning] {
        let json = """
          {"name": "t", "dialect": "\(dialect)", "\(dialect == "crossroad" ? "sources" : "scheme")": \(dialect == "crossroad" ? #"["myapp"]"# : #""myapp""#),
           "routes": [{"pattern": "\(prefix)r", "intent": "a", "declines": \(declines)},
                      {"pattern": "\(prefix)r?!t", "intent": "b"}]}
          """
        let manifest = try ManifestLoader.parse(Array(json.utf8), path: "t.json", readCases: false)
        return try TableLoader.load(manifest).tables[0].warnings
      }
      #expect(try warnings(declines: false).map(\.kind) == [.shadowedRoute], "\(dialect)")
      #expect(try warnings(declines: true).isEmpty, "\(dialect)")
    }
  }

  /// Every fixture loads as a manifest: an app-links checker fixture as its routes; a matcher
  /// fixture, which has no route, as no table, which the resolver answers with `unmatched`
  /// records (and a note on stderr).
  @Test func appLinksFixturesAsManifests() throws {
    for path in ConformanceRunner.fixtureFiles(["Fixtures/applinks"]) {
      let text = try String(contentsOfFile: path, encoding: .utf8)
      let manifest = try ManifestLoader.load(path: path, readCases: false)
      #expect(manifest.tables.isEmpty == !text.contains(#""check""#), "\(path)")
      var notes: [String] = []
      guard case .success(let tables) = ResolverSetup.load([path], colored: false, notes: &notes)
      else {
        Issue.record("\(path) does not load")
        continue
      }
      #expect(notes.count == (manifest.tables.isEmpty ? 1 : 0), "\(path)")
      if manifest.tables.isEmpty {
        let resolver = Resolver(tables: tables)
        #expect(
          resolver.respond(to: ArraySlice(Array(#""https://example.com/a""#.utf8)), number: 1)
            == #"{"line":1,"url":"https://example.com/a","status":"unmatched","nearest":null}"#)
      }
    }
  }

  /// A bad scheme is reported where it is written, `scheme` or `sources[0]`, in every dialect.
  @Test func aBadSchemeIsReportedWhereItIsWritten() throws {
    for dialect in ["deeper", "func", "mapping"] {
      for (key, place) in [
        (#""sources": ["1x"]"#, "sources[0]"), (#""scheme": "na tive""#, "scheme"),
      ] + (dialect == "mapping" ? [(#""sources": ["myapp", "other"]"#, "sources[1]")] : []) {
        // A mapping table answers one scheme: a second source is reported where it stands.
        let json = #"{"name": "t", "dialect": "\#(dialect)", \#(key), "routes": [], "groups": []}"#
          .replacingOccurrences(
            of: dialect == "mapping" ? #""routes": [], "# : #", "groups": []"#, with: "")
        let manifest = try ManifestLoader.parse(Array(json.utf8), path: "s.json", readCases: false)
        do {
          _ = try TableLoader.load(manifest)
          Issue.record("loaded: \(json)")
        } catch {
          #expect(error.diagnostic.origin == "s.json, table `t`, \(place)", "\(json): \(error)")
        }
      }
    }
  }

  /// A source that is not a string is reported at its own place in `sources`.
  @Test(arguments: [(#"["shopapp", 3]"#, "sources[1]"), (#"[null]"#, "sources[0]")])
  func aSourceOfTheWrongTypeIsReportedWhereItIsWritten(sources: String, place: String) {
    let json = #"{"name": "x", "dialect": "crossroad", "sources": \#(sources), "routes": []}"#
    do {
      _ = try ManifestLoader.parse(Array(json.utf8), path: "s.json", readCases: false)
      Issue.record("parsed: \(json)")
    } catch {
      #expect(error.diagnostic.origin == "s.json, table `x`, \(place)", "\(error)")
      #expect(error.diagnostic.message.contains("a source is a string"), "\(error)")
    }
  }

  /// A Crossroad route written for one source takes only that source's URLs: routes of other
  /// sources are not its duplicates; a route for every source does cover a later one.
  @Test func crossroadAnalysisKeepsSourcesApart() throws {
    let json = #"""
      {"name": "c", "dialect": "crossroad", "sources": ["pokedex", "https://example.com", "https://*.ex.org"],
       "routes": [{"pattern": "pokedex://pokemons/:id", "intent": "a"},
                  {"pattern": "https://example.com/pokemons/:id", "intent": "b"},
                  {"pattern": "https://*.ex.org/y", "intent": "c"},
                  {"pattern": "https://example.com/y", "intent": "d"},
                  {"pattern": "/z/:id", "intent": "e"},
                  {"pattern": "https://example.com/z/7", "intent": "f"}]}
      """#
    let manifest = try ManifestLoader.parse(Array(json.utf8), path: "c.json", readCases: false)
    let warnings = try TableLoader.load(manifest).tables[0].warnings
    #expect(warnings.map(\.routeIndex) == [5], "\(warnings)")
    #expect(warnings.first?.otherRouteIndex == 4)
  }
}
