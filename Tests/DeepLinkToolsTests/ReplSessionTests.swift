import AppLinks
import Foundation
import Testing

@testable import DeepLinkTools

@Suite("deeplink-repl session (no terminal)")
struct ReplSessionTests {
  func session() -> ReplSession {
    let session = ReplSession(style: ReplStyle(colored: false))
    _ = session.execute(":load \(repositoryRoot)/Fixtures/examples/twitter-handlers.json")
    return session
  }

  @Test(arguments: [":routes all", ":clear everything", ":quit now"])
  func aCommandWithoutArgumentsRefusesOne(_ line: String) {
    let session = session()
    let output = session.execute(line)
    #expect(output.text.contains("takes no argument"))
    #expect(!output.quit)
    // Nothing was cleared.
    #expect(session.execute("myapp://profile/42").text.hasPrefix("matched"))
  }

  /// `:add` alone says what it needs without a caret under nothing; a map that repeats one of a
  /// mapping table names the map it repeats, not the group made for it.
  @Test func addExplainsWhatItNeedsAndWhatARouteRepeats() {
    let session = ReplSession(style: ReplStyle(colored: false))
    let bare = session.execute(":add").text
    #expect(bare.hasPrefix("error: `:add` needs `PATTERN -> INTENT`"), "\(bare)")
    #expect(!bare.contains("^"), "\(bare)")
    #expect(bare.contains("= e.g. :add profile/:userId -> showProfile"), "\(bare)")
    _ = session.execute(":load \(repositoryRoot)/Fixtures/examples/mapping.json")
    let repeated = session.execute(":add user/logout -> Z").text
    #expect(repeated.hasPrefix("error: duplicate path `user/logout`"), "\(repeated)")
    #expect(
      repeated.contains("the table routes it already: groups[0] `user` map 1 `/logout`"),
      "\(repeated)")
    #expect(!repeated.contains("groups[2]"), "\(repeated)")
  }

  /// The fragment never takes part in matching; it is reported, as the resolver's record does.
  @Test func theFragmentIsShownNotMatched() {
    let session = session()
    let matched = session.execute("myapp://profile/42#top").text
    #expect(matched.hasPrefix("matched twitter route 0"), "\(matched)")
    #expect(matched.contains("  fragment  top  (not matched)"), "\(matched)")
    #expect(session.execute("myapp://nothing#top").text.contains("  fragment  top"))
    #expect(!session.execute("myapp://profile/42").text.contains("fragment"))
    #expect(session.execute(":explain myapp://profile/42#top").text.contains("fragment: top"))
  }

  @Test func loadReadsATildePathUnderHome() {
    #expect(ReplSession.expandingHome("~/r.json", home: "/home/u") == "/home/u/r.json")
    #expect(ReplSession.expandingHome("~", home: "/home/u") == "/home/u")
    #expect(ReplSession.expandingHome("~other/r.json", home: "/home/u") == "~other/r.json")
    #expect(ReplSession.expandingHome("a/~/r.json", home: "/home/u") == "a/~/r.json")
    #expect(ReplSession.expandingHome("~/r.json", home: nil) == "~/r.json")
  }

  @Test func aMatchShowsRoutePatternIntentTypedParamsAndTrace() {
    #expect(
      session().execute("myapp://profile/42").text == """
        matched twitter route 0  profile/:userId  -> showProfile
          userId = "42"  (string)
          trace  root:passedThrough -> ProfileScreen:opened
        """)
  }

  @Test func aMissShowsTheNearestRouteWithACaretUnderTheFailingComponent() {
    let session = session()
    _ = session.execute(":add deeper item/:int(id)/edit -> edit")
    #expect(
      session.execute("myapp://item/abc/edit").text == """
        no match  nearest: twitter route 3  item/:int(id)/edit
          myapp://item/abc/edit
                       ^ component 2 `abc` is not an int, as `:int(id)` requires
        """)
  }

  @Test func fixingAPatternWithAddMakesTheURLResolve() {
    let session = session()
    #expect(session.execute("myapp://tweet/99").text.hasPrefix("no match"))
    #expect(
      session.execute(":add tweet/:tweetId -> retweet").text == """
        added route 3 to twitter (deeper): tweet/:tweetId -> retweet
          tried after routes 0-2; twitter is table 1 of 1 in the order tried
        """)
    #expect(session.execute("myapp://tweet/99").text.hasPrefix("matched twitter route 3"))
  }

  @Test func addGoesToTheNamedTableOrTheLastLoadedOne() {
    let session = session()
    _ = session.execute(":load \(repositoryRoot)/Fixtures/examples/mapping.json")
    // No table named: the last loaded one (the mapping table, whose first component is a group).
    #expect(
      session.execute(":add user/card?{*id} -> CardController").text.hasPrefix(
        "added route 3 to user-mapping (mapping): user/card?{*id} -> CardController"))
    #expect(
      session.execute("native://user/card?id=1").text.hasPrefix("matched user-mapping route 3"))
    // A table named first.
    #expect(
      session.execute(":add twitter help -> help").text.hasPrefix(
        "added route 3 to twitter (deeper): help -> help"))
    // A dialect with no loaded table: a scratch table of it, tried after the others.
    #expect(
      session.execute(":add func page/:int -> page").text == """
        added route 0 to repl-func (func): page/:int -> page
          its first route; repl-func is table 3 of 3 in the order tried
        """)
    #expect(session.execute("myapp://page/2").text.hasPrefix("matched repl-func route 0"))
    // Then none named again: still the last loaded table, not the scratch table.
    #expect(
      session.execute(":add user/badge -> BadgeController").text.hasPrefix(
        "added route 4 to user-mapping (mapping): user/badge -> BadgeController"))
  }

  /// Loading a table of a name already loaded replaces it in its place, and says so.
  @Test func reloadingATableKeepsItsPlace() {
    let session = session()
    let path = "\(repositoryRoot)/Fixtures/examples/mapping.json"
    _ = session.execute(":load \(path)")
    _ = session.execute(":add user/badge -> BadgeController")
    let again = session.execute(":load \(path)").text
    #expect(again.contains("(replaces the table of that name, in its place"), "\(again)")
    let routes = session.execute(":routes").text
    #expect(!routes.contains("BadgeController"), "\(routes)")
    #expect(
      session.execute(":add user/x -> X").text.contains(
        "user-mapping is table 2 of 2 in the order tried"))
    // The table loaded last is where a route named nowhere goes, wherever it is in the order:
    // `twitter`, loaded again, is first in the order and still takes the route.
    _ = session.execute(":load \(repositoryRoot)/Fixtures/examples/twitter-handlers.json")
    let added = session.execute(":add help2 -> help").text
    #expect(added.hasPrefix("added route") && added.contains(" to twitter (deeper)"), "\(added)")
  }

  /// A scratch table named keeps its dialect.
  @Test func aScratchTableNamedKeepsItsDialect() {
    let session = ReplSession(style: ReplStyle(colored: false))
    _ = session.execute(":add func p/:int -> F")
    #expect(
      session.execute(":add repl-func q/:int -> G").text.hasPrefix(
        "added route 1 to repl-func (func)"))
  }

  /// With no table loaded (the built-in example set aside), a route named nowhere goes to the
  /// scratch table of the current dialect, whatever scratch table was used last.
  @Test func addWithNoLoadedTableUsesTheCurrentDialect() {
    let session = ReplSession(style: ReplStyle(colored: false))
    _ = session.execute(":add crossroad /p/:id -> pp")
    #expect(
      session.execute(":add profile/:x -> mine").text.hasPrefix(
        "added route 0 to repl-deeper (deeper): profile/:x -> mine"))
  }

  @Test func addToATableThatIsNotThereSaysSo() {
    let session = ReplSession(style: ReplStyle(colored: false))
    let answer = session.execute(":add nosuchtable x/:id -> y").text
    #expect(answer.hasPrefix("error: no table or dialect named `nosuchtable`"), "\(answer)")
    #expect(answer.contains("tables: none loaded; dialects: deeper"), "\(answer)")
  }

  @Test func mappingPatternsShowAsWritten() {
    // `/info?{*id}` stays `/info?{*id}` in :routes and in answers (not `info/?{*id}`).
    let session = ReplSession(style: ReplStyle(colored: false))
    #expect(
      session.execute(":add mapping /info?{*id} -> Info").text.hasPrefix(
        "added route 0 to repl-mapping (mapping): /info?{*id} -> Info"))
    _ = session.execute(":add mapping /mx -> Mx")
    let routes = session.execute(":routes").text
    #expect(routes.contains("  0  /info?{*id}  -> Info"), "\(routes)")
    #expect(routes.contains("  1  /mx          -> Mx"), "\(routes)")
    #expect(
      session.execute("native://info?id=1").text.hasPrefix(
        "matched repl-mapping route 0  /info?{*id}"))
  }

  @Test func withoutTablesAddMakesAScratchTableOfTheDialect() {
    let session = ReplSession(style: ReplStyle(colored: false))
    #expect(session.execute(":dialect").text.hasPrefix("dialect: deeper"))
    _ = session.execute(":dialect crossroad")
    #expect(session.execute(":dialect").text.hasPrefix("dialect: crossroad"))
    #expect(
      session.execute(":add pokedex://pokemons/:int(id) -> detail").text.hasPrefix(
        "added route 0 to repl-crossroad (crossroad)"))
  }

  @Test func theBuiltInExampleIsThereUntilAFileIsLoaded() {
    let session = ReplSession(style: ReplStyle(colored: false))
    #expect(session.loadBuiltInExample() == "loaded example (deeper, 5 routes)")
    #expect(session.execute("myapp://profile/42").text.hasPrefix("matched example route 0"))
    #expect(
      session.execute(":load \(repositoryRoot)/Fixtures/examples/mapping.json").text == """
        loaded user-mapping (mapping, 3 routes)
        (replaces the built-in example)
        """)
    #expect(session.execute("myapp://profile/42").text.hasPrefix("no match"))
  }

  @Test func urlPrintsForAnIntentAndSaysWhyItCannot() {
    let session = session()
    #expect(
      session.execute(":url showProfile userId=a b").text.hasPrefix("error: `b` is not name=value"))
    // An escape is decoded once, so the URL encodes the value once; quotes keep spaces.
    #expect(
      session.execute(":url showProfile userId=a%20b").text
        == "myapp://profile/a%20b  (twitter route 0)")
    #expect(
      session.execute(":url showProfile userId=\"a b\"").text
        == "myapp://profile/a%20b  (twitter route 0)")
    #expect(
      session.execute(":url showProfile userId='50%'").text
        == "myapp://profile/50%25  (twitter route 0)")
    #expect(
      session.execute(":url showProfile userId=\"a b").text.hasPrefix("error: unclosed quote"))
    #expect(session.execute(":url nothing").text == "error: no route produces the intent `nothing`")
  }

  @Test func urlTakesTheHostOfAUniversalLink() throws {
    let session = ReplSession(style: ReplStyle(colored: false))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "repl-host-\(UUID().uuidString).json")
    try
      #"{"name":"shop","dialect":"crossroad","sources":["https://*.example.com"],"routes":[{"pattern":"https://*.example.com/products/:id","intent":"regionalProduct"}]}"#
      .write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    _ = session.execute(":load \(file.path)")
    #expect(
      session.execute(":url regionalProduct id=3 @uk.example.com").text
        == "https://uk.example.com/products/3  (shop route 0)")
    #expect(
      session.execute(":url regionalProduct id=3").text.hasPrefix(
        "error: cannot print `regionalProduct`: route 0 `https://*.example.com/products/:id` of `shop`: the source `https://*.example.com` answers many hosts"
      ))
  }

  @Test func errorsAreOneCaretDiagnostic() {
    let session = session()
    #expect(
      session.execute(":add deeper profile/(x -> y").text == """
        error: unclosed group
          --> adding to table `twitter` (deeper)
          profile/(x
                  ^ '(' opened here is never closed
        """)
    #expect(
      session.execute(":load /nonexistent.json").text.hasPrefix(
        "error: cannot read `/nonexistent.json`"))
    #expect(session.execute(":dialect klingon").text.hasPrefix("error: unknown dialect `klingon`"))
    #expect(
      session.execute(":nope").text
        == "error: unknown command `:nope`\n  = :help lists the commands")
  }

  @Test func explainListsEveryRouteInOrder() {
    #expect(
      session().execute(":explain myapp://user/7/follow").text == """
        twitter (deeper)
          0  profile/:userId         no: component 1 is `user`, the pattern expects `profile`
          1  user/:userId/follow     yes: matches
          2  tweet/:tweetId/retweet  no: component 1 is `user`, the pattern expects `tweet`
        result: route 1 of twitter -> follow
        """)
  }

  /// A forwarding route's value is explained too: every URL of the chain, then the answer.
  @Test func explainFollowsAForward() throws {
    let session = ReplSession(style: ReplStyle(colored: false))
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "repl-forward-\(UUID().uuidString).json")
    try
      #"{"name":"d","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"fw?:to","forward":"to","intent":"F"},{"pattern":"fw/p/:id","intent":"P"}]}"#
      .write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    _ = session.execute(":load \(file.path)")
    #expect(
      session.execute(":explain myapp://fw?to=/p/1").text == """
        d (deeper)
          0  fw?:to    yes: matches
          1  fw/p/:id  no: the URL ends after 1 component; the pattern expects `p` next
        forwarded to myapp://fw/p/1
        d (deeper)
          0  fw?:to    no: component 2 `p` is extra; the pattern ends before it
          1  fw/p/:id  yes: matches
        result: route 1 of d -> P
        """)
  }

  @Test func routesShowRemarksAndWarnings() {
    let session = session()
    _ = session.execute(":add profile/:id -> again")
    _ = session.execute(":add profile/:other -> twice")
    let text = session.execute(":routes").text
    #expect(text.contains("twitter (deeper, 5 routes)"))
    #expect(text.contains("warning: route 4 `profile/:other` duplicates route 0 `profile/:userId`"))
    let mapping = ReplSession(style: ReplStyle(colored: false))
    _ = mapping.execute(":load \(repositoryRoot)/Fixtures/examples/mapping.json")
    #expect(mapping.execute(":routes").text.contains("-> UserActions  (user logout action)"))
  }

  @Test func completionListsFollowTheTables() {
    let session = session()
    #expect(session.commandNames.contains(":explain"))
    #expect(session.intentNames == ["showProfile", "follow", "retweet"])
    #expect(session.urlStarts == ["myapp://profile", "myapp://user", "myapp://tweet"])
  }

  /// URL beginnings come from every source a route answers (a host wildcard under a host it
  /// takes) and from each literal a path can begin with (a choice's, an optional's).
  @Test func urlCompletionCoversEverySourceAndEveryLiteralBeginning() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("repl-completion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let crossroad = directory.appendingPathComponent("cr.json")
    try
      #"{"name":"cr","dialect":"crossroad","sources":["https://*.example.com","shopapp"],"routes":[{"pattern":"/products/:int(id)","intent":"p"},{"pattern":"shopapp://only","intent":"o"}]}"#
      .write(to: crossroad, atomically: true, encoding: .utf8)
    let choices = directory.appendingPathComponent("ch.json")
    try
      #"{"name":"c","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"(c1|c2)/:a","intent":"c"},{"pattern":"(x)/y","intent":"y"}]}"#
      .write(to: choices, atomically: true, encoding: .utf8)
    let session = ReplSession(style: ReplStyle(colored: false))
    _ = session.execute(":load \(crossroad.path)")
    #expect(
      session.urlStarts == [
        "https://www.example.com/products", "shopapp://products", "shopapp://only",
      ])
    _ = session.execute(":clear")
    _ = session.execute(":load \(choices.path)")
    #expect(session.urlStarts == ["myapp://c1", "myapp://c2", "myapp://x/y", "myapp://y"])
  }

  @Test func quitAndClear() {
    let session = session()
    #expect(session.execute(":quit").quit)
    #expect(session.execute(":clear").text == "cleared: no tables")
    #expect(
      session.execute("myapp://profile/1").text == "no tables; :load FILE or :add PATTERN -> INTENT"
    )
  }

  @Test func colourOnlyWhenAsked() {
    let colored = ReplSession(style: ReplStyle(colored: true))
    _ = colored.execute(":add a -> b")
    #expect(colored.execute("myapp://a").text.contains("\u{1B}["))
    #expect(!session().execute("myapp://profile/1").text.contains("\u{1B}["))
  }

  @Test func aFileWithNoRouteTableSaysSoAndReplacesNothing() {
    let session = ReplSession(style: ReplStyle(colored: false))
    _ = session.loadBuiltInExample()
    let text = session.execute(":load \(repositoryRoot)/Fixtures/applinks/apple-components.json")
      .text
    #expect(text.hasPrefix("note: "))
    #expect(text.contains("holds no route table"))
    #expect(!text.contains("replaces"))
    // The example is still there, and a later :load still replaces it.
    #expect(session.execute("myapp://profile/42").text.hasPrefix("matched example route 0"))
    let replaced = session.execute(
      ":load \(repositoryRoot)/Fixtures/examples/twitter-handlers.json")
    #expect(replaced.text.contains("(replaces the built-in example)"))
  }

  @Test func aScratchMappingTableAnswersNativeAsAManifestDoes() {
    let session = ReplSession(style: ReplStyle(colored: false))
    _ = session.loadBuiltInExample()  // a myapp table
    _ = session.execute(":add mapping user/info?{*id} -> UserController")
    #expect(session.execute("native://user/info?id=1").text.hasPrefix("matched repl-mapping"))
  }

  @Test func aPrintedWebLinkSaysWhetherEachSystemOpensTheApp() throws {
    let session = ReplSession(style: ReplStyle(colored: false))
    _ = session.execute(":load \(repositoryRoot)/Fixtures/examples/shop.json")
    var files = AppLinkFiles()
    files.aasa = try AASAFile(
      data: Array(
        #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [{"/": "/orders/*"}]}]}}"#
          .utf8))
    files.appID = "T.app"
    session.appLinks = files
    let lines = session.execute(":url order id=7").text.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("https://shop.example.com/orders/7") == true)
    #expect(lines.last == "  opens app: iOS yes (details[0].components[0])")
  }
}
