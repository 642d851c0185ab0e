import Foundation
import Testing

@testable import DeepLinkTools

/// What outside reviews of the tools found: nearest routes across tables, forward errors in the
/// pattern as written, print requests for several wildcards and mapping parameters, and the
/// fixture keys `host` and `via`.
@Suite("deeplink-resolve and conformance: outside findings")
struct ReviewFindingsTests {
  func resolver(_ manifest: String) throws -> Resolver {
    Resolver(
      tables: try TableLoader.load(
        ManifestLoader.parse(Array(manifest.utf8), path: "<test>", readCases: false)))
  }

  func answer(_ resolver: Resolver, _ line: String) -> String {
    resolver.respond(to: ArraySlice(Array(line.utf8)), number: 1)
  }

  static let twoTables =
    #"{"tables":[{"name":"d","dialect":"deeper","scheme":"aa","routes":[{"pattern":"p/:slug?ref=welcome","intent":"w"},{"pattern":"q/:slug?!token","intent":"t"},{"pattern":"w2/*/x/*","intent":"w2"}]},{"name":"c","dialect":"crossroad","sources":["bb"],"routes":[{"pattern":"/p/:slug","intent":"x"},{"pattern":"/q/:slug","intent":"y"}]}]}"#

  /// A table of the URL's scheme whose route failed a query condition is nearer than a route
  /// of another table whose path matches but which does not answer the scheme.
  @Test func theURLsOwnTableNamesTheNearestRoute() throws {
    let resolver = try resolver(Self.twoTables)
    let forbidden = answer(resolver, "aa://q/x?token=1")
    #expect(forbidden.contains(#""table":"d","route":1"#), "\(forbidden)")
    #expect(forbidden.contains("query item `token` is present; the pattern forbids it"))
    let literal = answer(resolver, "aa://p/x?ref=nope")
    #expect(literal.contains(#""table":"d","route":0"#), "\(literal)")
    // A scheme no table answers: the route whose path matches, of the table with sources.
    let foreign = answer(resolver, "cc://q/x")
    #expect(foreign.contains(#""table":"c","route":1"#), "\(foreign)")
  }

  /// `"*"` as an array of arrays gives each wildcard of a pattern its components.
  @Test func eachWildcardGetsItsOwnValue() throws {
    let resolver = try resolver(Self.twoTables)
    let printed = answer(resolver, #"{"intent":"w2","params":{"*":[["a"],["b","c"]]}}"#)
    #expect(printed.contains(#""url":"aa://w2/a/x/b/c""#), "\(printed)")
    let mixed = answer(resolver, #"{"intent":"w2","params":{"*":[["a"],"b"]}}"#)
    #expect(mixed.contains(#""status":"error""#) && mixed.contains("`*` must list strings"))
  }

  /// A forward that names no capture shows the pattern as written and the capture names the
  /// key takes, in every dialect (mapping at its map's place).
  @Test func aBadForwardShowsThePatternAsWritten() throws {
    let cases: [(String, String, String)] = [
      (
        #"{"name":"f","dialect":"func","scheme":"wp","routes":[{"pattern":"mbar?redirect_to=:string(to)","forward":"redirect_to"}]}"#,
        "mbar?redirect_to=:string(to)", "its query captures: `to`"
      ),
      (
        #"{"name":"m","dialect":"mapping","scheme":"native","groups":[{"group":"g","maps":[{"route":"/mbar?{*redirect_to/r}","forward":"r"}]}]}"#,
        "g/mbar?{*redirect_to/r}", "its query captures: `redirect_to`"
      ),
    ]
    for (index, (manifest, written, hint)) in cases.enumerated() {
      let parsed = try ManifestLoader.parse(Array(manifest.utf8), path: "<test>", readCases: false)
      do {
        _ = try TableLoader.load(parsed)
        Issue.record("the manifest loaded")
      } catch {
        let text = error.description
        #expect(text.contains("\n  \(written)\n"), "\(text)")
        #expect(text.contains(hint), "\(text)")
        #expect(text.contains("forwarded capture"), "\(text)")
        if index == 1 {
          #expect(error.origin?.hasSuffix("groups[0], maps[0].forward") == true, "\(error)")
        }
      }
    }
  }

  /// A route whose conditions contradict each other prints nothing, and says why.
  @Test func aContradictoryRouteSaysItPrintsAURLItDoesNotMatch() throws {
    let resolver = try resolver(
      #"{"name":"d","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"d?!k&k=1","intent":"d"}]}"#
    )
    let printed = answer(resolver, #"{"intent":"d","params":{}}"#)
    #expect(
      printed.contains(
        "the pattern does not match the URL it prints, `myapp://d?k=1`: query item `k` is present"
      ), "\(printed)")
  }

  /// A mapping map prints parameters it does not name as extra items, an alias counts as its
  /// item, and a forbidden item is refused.
  @Test func mappingPrintsExtraParametersAsQueryItems() throws {
    let resolver = try resolver(
      #"{"name":"m","dialect":"mapping","scheme":"native","groups":[{"group":"user","maps":[{"route":"/info","target":"U"},{"route":"/x?{*id/userId/uid}&{!debug}","target":"X"}]}]}"#
    )
    let extra = answer(resolver, #"{"intent":"U","params":{"name":"a b","id":10086}}"#)
    #expect(extra.contains(#""url":"native://user/info?id=10086&name=a%20b""#), "\(extra)")
    let alias = answer(resolver, #"{"intent":"X","params":{"uid":5}}"#)
    #expect(alias.contains(#""url":"native://user/x?id=5""#), "\(alias)")
    let banned = answer(resolver, #"{"intent":"X","params":{"uid":5,"debug":"1"}}"#)
    #expect(banned.contains("`debug` would not be bound back"), "\(banned)")
  }

  /// `num` is a base of declared types, as it is a type of patterns.
  @Test func numIsADeclaredTypeBase() throws {
    let resolver = try resolver(
      #"{"name":"t","dialect":"deeper","scheme":"ty","types":{"ratio":{"base":"num","min":0,"max":1}},"routes":[{"pattern":"r/:ratio(x)","intent":"r"}]}"#
    )
    #expect(answer(resolver, "ty://r/0.5").contains(#""params":{"x":0.5}"#))
    #expect(answer(resolver, "ty://r/2").contains(#""status":"unmatched""#))
  }

  /// Loading `manifest` fails with a message that contains `text`.
  func expectLoadError(
    _ manifest: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let parsed = try ManifestLoader.parse(Array(manifest.utf8), path: "<test>", readCases: false)
    do {
      _ = try TableLoader.load(parsed)
      Issue.record("the manifest loaded", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description.contains(text), "\(error)", sourceLocation: sourceLocation)
    }
  }

  /// Crossroad: routes whose queries differ only in order are the same route; hosts with an
  /// empty label or a label at '-' are no sources.
  @Test func crossroadDuplicatesAndMalformedHosts() throws {
    try expectLoadError(
      #"{"name":"c","dialect":"crossroad","sources":["pokedex"],"routes":[{"pattern":"pokedex://a?:x&:y","intent":"a"},{"pattern":"pokedex://a?:y&:x","intent":"b"}]}"#,
      "duplicate route")
    for host in [".example.com", "a..com", "example.com.", "-bad.com", "bad-.com"] {
      try expectLoadError(
        #"{"name":"c","dialect":"crossroad","sources":["https://\#(host)"],"routes":[]}"#,
        "invalid link source")
    }
    _ = try resolver(
      #"{"name":"c","dialect":"crossroad","sources":["https://*.a-b.example.com","https://[::1]:8080"],"routes":[]}"#
    )
  }

  /// A source that names its scheme's default port answers URLs that name none.
  @Test func aDefaultPortIsTheSameOrigin() throws {
    let resolver = try resolver(
      #"{"name":"c","dialect":"crossroad","sources":["https://a.example:443","https://p.example:8443"],"routes":[{"pattern":"/p","intent":"p"}]}"#
    )
    #expect(answer(resolver, "https://a.example/p").contains(#""status":"matched""#))
    #expect(answer(resolver, "https://a.example:443/p").contains(#""status":"matched""#))
    #expect(answer(resolver, "https://p.example/p").contains(#""status":"unmatched""#))
    #expect(answer(resolver, "https://p.example:8443/p").contains(#""status":"matched""#))
  }

  /// Func: `=` is a path literal's character, as in the other dialects; a print request's
  /// `5e0` is the int 5; `|` after a query item says to use parentheses.
  @Test func funcPathEqualsPrintedNumbersAndQueryAlternatives() throws {
    let resolver = try resolver(
      #"{"name":"f","dialect":"func","scheme":"m","routes":[{"pattern":"list/sort=asc","intent":"l"},{"pattern":"n/:int","intent":"n"}]}"#
    )
    #expect(answer(resolver, "m://list/sort=asc").contains(#""status":"matched""#))
    #expect(answer(resolver, #"{"intent":"n","params":{"0":5e0}}"#).contains(#""url":"m://n/5""#))
    #expect(answer(resolver, #"{"intent":"n","params":{"0":5.5}}"#).contains("is not an int"))
    try expectLoadError(
      #"{"name":"f","dialect":"func","scheme":"m","routes":[{"pattern":"p?a=:int|b=:int","intent":"p"}]}"#,
      "wrap the alternatives in parentheses")
  }

  /// A misspelt key with two letters swapped is taken for the key it swaps.
  @Test func aSwapOfTwoLettersSuggestsTheKey() throws {
    let json =
      #"{"name":"d","dialect":"deeper","scheme":"m","routes":[{"pattern":"a","intnet":"a"}]}"#
    do {
      _ = try ManifestLoader.parse(Array(json.utf8), path: "<test>", readCases: false)
      Issue.record("the manifest loaded")
    } catch {
      #expect(error.description.contains("did you mean `intent`?"), "\(error)")
    }
  }

  /// `"handlingError": null` checks that the handling ended without an error.
  @Test func aNullHandlingErrorMeansNone() throws {
    let fixture = #"""
      {"name": "h", "dialect": "deeper", "scheme": "myapp",
       "routes": [{"pattern": "a", "intent": "a"}, {"pattern": "b", "intent": "b"}],
       "handlers": {"root": {"a": {"reject": "no a"}, "b": {"open": true}}},
       "cases": [
        {"url": "myapp://a", "intent": "a", "handlingError": null},
        {"url": "myapp://b", "intent": "b", "handlingError": null},
        {"url": "myapp://a", "intent": "a", "handlingError": "no a"}]}
      """#
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "handling-\(UUID().uuidString).json"
    ).path
    try fixture.write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let results = ConformanceRunner().run(files: [file])
    #expect(results.map { $0.failure == nil } == [false, true, true], "\(results)")
  }

  /// A fixture checks the host and the hops of a record; a wrong one fails the case, and an
  /// int capture equals any spelling of its number.
  @Test func fixturesCheckHostAndHops() throws {
    let fixture = #"""
      {"name": "w", "dialect": "deeper", "scheme": "https", "routes": [
        {"pattern": "a.com/mbar?:to", "forward": "to"},
        {"pattern": "a.com/post/:int(id)", "intent": "post"}],
       "cases": [
        {"url": "https://a.com/mbar?to=/post/3", "intent": "post", "params": {"id": 3.0}, "host": "a.com",
         "via": [{"table": "w", "route": 0, "pattern": "a.com/mbar?:to", "url": "https://a.com/mbar?to=/post/3"}]},
        {"url": "https://a.com/mbar?to=/post/3", "host": "b.com"},
        {"url": "https://a.com/mbar?to=/post/3", "via": [{"route": 1}]},
        {"url": "https://a.com/post/3", "via": [{"route": 0}]}]}
      """#
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "hops-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("hops.json").path
    try fixture.write(toFile: file, atomically: true, encoding: .utf8)
    let results = ConformanceRunner().run(files: [file])
    #expect(results.map { $0.failure == nil } == [true, false, false, false], "\(results)")
    #expect(results[1].failure?.actual.contains("host differs: `a.com`") == true)
  }

  /// A mapping print request's parameter goes to the map that names it, not to an earlier map
  /// as an extra item that opening would not give back to that map.
  @Test func aMappingParameterGoesToTheMapThatNamesIt() throws {
    let resolver = try resolver(
      #"{"name":"m","dialect":"mapping","scheme":"native","groups":[{"group":"user","maps":[{"route":"/home","target":"User"},{"route":"/info/:int(id)","target":"User"}]}]}"#
    )
    let named = answer(resolver, #"{"intent":"User","params":{"id":5}}"#)
    #expect(named.contains(#""route":1"#) && named.contains("native://user/info/5"), "\(named)")
    let unfit = answer(resolver, #"{"intent":"User","params":{"id":"x"}}"#)
    #expect(unfit.contains("`id` = `x` is not an int"), "\(unfit)")
    let extra = answer(resolver, #"{"intent":"User","params":{"ref":"a"}}"#)
    #expect(extra.contains("native://user/home?ref=a"), "\(extra)")
  }

  /// A route whose URL an earlier route answers prints another of its URLs: the choice's
  /// other alternative, an optional part left out, another source.
  @Test func anotherURLOfTheRoutePrints() throws {
    let choice = try resolver(
      #"{"name":"t","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"settings","intent":"old"},{"pattern":"(settings|prefs)","intent":"settings"},{"pattern":":a/:b/:c","intent":"abc"},{"pattern":":q/(x)/y","intent":"item"}]}"#
    )
    #expect(
      answer(choice, #"{"intent":"settings","params":{}}"#).contains(#""url":"myapp://prefs""#))
    #expect(
      answer(choice, #"{"intent":"item","params":{"q":"v"}}"#).contains(#""url":"myapp://v/y""#))
    let sources = try resolver(
      #"{"name":"c","dialect":"crossroad","sources":["https://example.com","app"],"routes":[{"pattern":"https://example.com/*","intent":"web"},{"pattern":"/item/:id","intent":"item"}]}"#
    )
    #expect(
      answer(sources, #"{"intent":"item","params":{"id":"1"}}"#).contains(#""url":"app://item/1""#))
  }
}
