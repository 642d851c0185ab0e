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
    // An app the file does not name: no rule of its matched, none is named.
    #expect(
      aasa.decision(for: "https://e.com/x", appID: "T.other")
        == OpenDecision(opens: false, rule: nil))
  }

  /// Apple (`applinks.details`): "The first match wins, allowing you to designate one app to
  /// handle specified URLs in your website, and another app to handle the rest" — whichever
  /// app the first matching entry names.
  @Test func theFirstMatchingEntryWinsWhicheverAppItNames() throws {
    let aasa = try file(
      #"{"applinks":{"details":[{"appIDs":["T.one"],"components":[{"/":"/special/*"}]},"#
        + #"{"appIDs":["T.two"],"components":[{"/":"*"}]}]}}"#)
    #expect(
      aasa.decision(for: "https://e.com/special/x", appID: "T.two")
        == OpenDecision(opens: false, rule: "details[0].components[0]"))
    #expect(
      aasa.decision(for: "https://e.com/special/x", appID: "T.one")
        == OpenDecision(opens: true, rule: "details[0].components[0]"))
    #expect(
      aasa.decision(for: "https://e.com/other", appID: "T.two")
        == OpenDecision(opens: true, rule: "details[1].components[0]"))
  }

  @Test func everyItemOfAQueryNameMustMatch() throws {
    // Apple (WWDC 2019, "What's new in universal links"): all instances of a query item name
    // must match the dictionary's pattern; an absent one counts as the empty string.
    let aasa = try file(
      #"{"applinks":{"details":[{"appIDs":["T.app"],"components":[{"/":"/d","?":{"a":"?"}}]}]}}"#)
    #expect(aasa.decision(for: "https://e.com/d?a=1", appID: "T.app").opens)
    #expect(aasa.decision(for: "https://e.com/d?a=1&a=2", appID: "T.app").opens)
    #expect(!aasa.decision(for: "https://e.com/d?a=1&a=xx", appID: "T.app").opens)
    // An absent item, or one without a value, is the empty string, which `?` refuses.
    #expect(!aasa.decision(for: "https://e.com/d?b=1", appID: "T.app").opens)
    #expect(!aasa.decision(for: "https://e.com/d?a", appID: "T.app").opens)
    let any = try file(
      #"{"applinks":{"details":[{"appIDs":["T.app"],"components":[{"/":"/d","?":{"a":"*"}}]}]}}"#)
    #expect(any.decision(for: "https://e.com/d", appID: "T.app").opens)
    #expect(any.decision(for: "https://e.com/d?b=2", appID: "T.app").opens)
  }

  @Test func defaultsGiveComponentsTheKeysTheyLeaveOut() throws {
    // Apple: defaults are "a subclass of components"; the more specific level wins.
    let aasa = try file(
      ##"{"applinks":{"defaults":{"#":"top"},"details":[{"appIDs":["T.app"],"defaults":{"?":{"ref":"?*"}},"components":[{"/":"/a"},{"/":"/b","#":"*"},{"/":"/c","?":"*","#":"*"}]}]}}"##
    )
    #expect(aasa.decision(for: "https://e.com/a?ref=1#top", appID: "T.app").opens)
    #expect(!aasa.decision(for: "https://e.com/a?ref=1", appID: "T.app").opens)
    #expect(!aasa.decision(for: "https://e.com/a#top", appID: "T.app").opens)
    #expect(aasa.decision(for: "https://e.com/b?ref=1", appID: "T.app").opens)
    #expect(aasa.decision(for: "https://e.com/c", appID: "T.app").opens)
    // A bad pattern in defaults is reported where it is written.
    do {
      _ = try file(
        #"{"applinks":{"defaults":{"/":"/$(nope)"},"details":[{"appIDs":["T.app"],"components":[]}]}}"#
      )
      Issue.record("an unknown variable in defaults was accepted")
    } catch {
      #expect((error as? AppLinksError)?.origin == "applinks.defaults./", "\(error)")
    }
  }

  @Test func percentEncodedIsReadUnderEitherSpelling() throws {
    // `percentsEncoded` (the spelling of Apple's examples) and `percentEncoded` (of its
    // reference pages) mean the same; a `comment` may stand in `defaults` too.
    for key in ["percentsEncoded", "percentEncoded"] {
      let aasa = try file(
        #"{"applinks":{"defaults":{"comment":"all","\#(key)":false},"details":[{"appIDs":["T.app"],"components":[{"/":"/a b"}]}]}}"#
      )
      #expect(aasa.decision(for: "https://e.com/a%20b", appID: "T.app").opens, "\(key)")
      let component = try file(
        #"{"applinks":{"details":[{"appIDs":["T.app"],"components":[{"/":"/a b","\#(key)":false}]}]}}"#
      )
      #expect(component.decision(for: "https://e.com/a%20b", appID: "T.app").opens, "\(key)")
    }
    #expect(throws: AppLinksError.self) {
      try file(
        #"{"applinks":{"details":[{"appIDs":["T.app"],"components":[{"/":"/a","percentEncoded":false,"percentsEncoded":true}]}]}}"#
      )
    }
  }
}

@Suite("Automata, patterns and the Android reader")
struct AppLinksAutomataTests {
  @Test func aasaPatternsStarQuestionAndVariables() throws {
    let plain = try AASAPattern("/p/?*", variables: [:], caseSensitive: true, origin: "t")
    #expect(!plain.matches("/p/"))
    #expect(plain.matches("/p/a/b"))
    let food = try AASAPattern(
      "/$(lang)/$(food)", variables: ["food": ["pi*a"]], caseSensitive: true, origin: "t")
    // `$(lang)`: the platform's ISO language codes (two letters, or three where there is no
    // two-letter code), not any two or three letters.
    #expect(food.matches("/en/pizza"))
    #expect(food.matches("/haw/pia"))
    #expect(!food.matches("/e/pizza"))
    #expect(!food.matches("/qq/pizza"))
    let region = try AASAPattern("/$(region)", variables: [:], caseSensitive: true, origin: "t")
    #expect(region.matches("/US") && region.matches("/FR"))
    #expect(!region.matches("/QQ") && !region.matches("/us"))
    #expect(throws: AppLinksError.self) {
      try AASAPattern("/$(food", variables: [:], caseSensitive: true, origin: "t")
    }
    let folded = try AASAPattern("/Shop", variables: [:], caseSensitive: false, origin: "t")
    #expect(folded.matches("/sHOP"))
    // `?` is one character, however many bytes it takes in UTF-8.
    let one = try AASAPattern("/u/?", variables: [:], caseSensitive: true, origin: "t")
    #expect(one.matches("/u/é"))
    #expect(one.matches("/u/😀"))
    #expect(!one.matches("/u/éé"))
    #expect(!one.matches("/u/"))
  }

  @Test func androidSimpleGlobAndAdvancedPatterns() throws {
    let glob = try AndroidPatterns.simpleGlob("/a.*b\\*c*", origin: "t")
    #expect(glob.matches("/axyzb*".utf8))
    #expect(glob.matches("/ab*ccc".utf8))
    #expect(!glob.matches("/ab".utf8))
    // `.` is one character; a literal character takes all its bytes, also before `*`.
    let dot = try AndroidPatterns.simpleGlob("/u/.", origin: "t")
    #expect(dot.matches("/u/é".utf8))
    #expect(!dot.matches("/u/éé".utf8))
    let accents = try AndroidPatterns.simpleGlob("/é*x", origin: "t")
    #expect(accents.matches("/ééx".utf8))
    #expect(accents.matches("/x".utf8))
    let advanced = try AndroidPatterns.advanced("/o/[0-9]{2,3}[^a-c]+", origin: "t")
    #expect(advanced.matches("/o/12d".utf8))
    #expect(advanced.matches("/o/123zz".utf8))
    #expect(!advanced.matches("/o/1d".utf8))
    #expect(!advanced.matches("/o/12a".utf8))
    #expect(throws: AppLinksError.self) { try AndroidPatterns.advanced("/[a-", origin: "t") }
    #expect(throws: AppLinksError.self) { try AndroidPatterns.advanced("+a", origin: "t") }
  }

  @Test func xmlErrorsNameTheLine() {
    for (xml, line) in [
      ("<manifest>\n<a>\n</manifest>", "line 3"), ("<manifest a=b/>", "line 1"),
      ("<manifest>\n\n<!-- never closed", "line 3"), ("<m x='&bogus;'/>", "line 1"),
      // An unknown entity in text, and a resource reference the file cannot resolve.
      ("<manifest>\n<a/> &bogus;\n</manifest>", "line 2"),
      (
        "<manifest>\n<intent-filter>\n<data android:scheme=\"@string/scheme\"/>\n</intent-filter>\n</manifest>",
        "line 3"
      ),
    ] {
      do {
        _ = try AndroidManifest(data: Array(xml.utf8))
        Issue.record("parsed: \(xml)")
      } catch {
        #expect(error.origin == line, "\(xml): \(error)")
      }
    }
  }

  @Test func filesThatAreNotXMLTextSaySo() throws {
    for (bytes, message) in [
      ([], "the file is empty"), (Array(" \n".utf8), "the file is empty"),
      ([0x03, 0x00, 0x08, 0x00, 0x10, 0x02, 0x00, 0x00], "compiled (binary) AndroidManifest.xml"),
      (Array("manifest".utf8), "text outside an element: `manifest`"),
      (Array("<manifest/> trailing".utf8), "text outside an element: `trailing`"),
    ] as [([UInt8], String)] {
      do {
        _ = try AndroidManifest(data: bytes)
        Issue.record("parsed: \(bytes)")
      } catch {
        #expect(error.message.contains(message), "\(bytes): \(error)")
      }
    }
    // A byte-order mark may start a document.
    let marked = [0xEF, 0xBB, 0xBF] + Array("<manifest package=\"p\"/>".utf8)
    #expect(try AndroidManifest(data: marked).filters.isEmpty)
  }

  /// A `<uri-relative-filter-group>` (Android 15) is read as earlier versions read it,
  /// ignored, and said so: a note names its line and the filter's.
  @Test func aRelativeFilterGroupIsIgnoredWithANote() throws {
    let xml = """
      <intent-filter>
        <action android:name="android.intent.action.VIEW" />
        <category android:name="android.intent.category.DEFAULT" />
        <category android:name="android.intent.category.BROWSABLE" />
        <data android:scheme="https" android:host="project.example.com" />
        <uri-relative-filter-group android:allow="true">
          <data android:query="param1=value1" />
        </uri-relative-filter-group>
      </intent-filter>
      """
    let manifest = try AndroidManifest(data: Array(xml.utf8))
    #expect(manifest.notes.count == 1)
    #expect(manifest.notes.first?.hasPrefix("note: line 6: <uri-relative-filter-group>") == true)
    #expect(manifest.notes.first?.contains("the filter at line 1") == true)
    #expect(manifest.decision(for: "https://project.example.com/a?param1=x").opens)
  }

  @Test func productSearchFindsShortestWitnessOrProvesNone() {
    let route = ByteNFA.literal("/a/".utf8).then(ByteNFA.byte(.digits).plus)
    let claims = ByteNFA.literal("/a/".utf8).then(ByteNFA.byte(.all).star)
    let search = ProductSearch()
    // Claimed but not routed: the shortest such path.
    #expect(search.find([claims, route]) { $0[0] && !$0[1] } == .found(Array("/a/".utf8)))
    // Routed but not claimed: none exists.
    #expect(search.find([route, claims]) { $0[0] && !$0[1] } == .none)
  }

  func glob(_ text: String) throws -> LazyDFA {
    LazyDFA(
      try AASAPattern(text, variables: [:], caseSensitive: true, origin: "test").automaton)
  }

  /// Rules full of `*` make product states that differ only in how far each rule got: a search
  /// told which automata only reject leaves out states no better than one it has, and proves
  /// "none" within a budget the plain search runs out of.
  @Test func rejectingAutomataKeepTheSearchSmall() throws {
    let literals = ["issues", "labels", "milestones", "events", "comments", "forks", "hooks"]
    var earlier: [LazyDFA] = []
    for first in literals {
      for second in literals where second != first {
        earlier.append(try glob("/repos/?*/?*/\(first)/?*/\(second)"))
      }
    }
    let rule = try glob("/repos/?*/?*/issues/?*/labels")
    // The rule is among the earlier ones: no path is first matched by its second copy.
    let automata = earlier + [rule]
    let wanted: ([Bool]) -> Bool = { answers in
      !answers[0..<earlier.count].contains(true) && answers[earlier.count]
    }
    let small = ProductSearch(budget: 3000)
    #expect(small.find(automata, alive: [earlier.count], where: wanted) == .budgetExceeded)
    #expect(
      small.find(
        automata, alive: [earlier.count], rejecting: Array(earlier.indices), where: wanted)
        == .none)
  }

  /// A first rule that matches whatever follows (`/*` once past `/`) settles every string on
  /// from there: a search told so proves "none" where the plain one runs out of budget.
  @Test func aSettledStateIsNotExplored() throws {
    let literals = ["issues", "labels", "milestones", "events", "comments"]
    var rules = [try glob("/*")]
    for first in literals {
      for second in literals where second != first {
        rules.append(try glob("/repos/?*/\(first)/?*/\(second)"))
      }
    }
    let route = try glob("/?*")
    let automata = [route] + rules
    // A URL of the route that the first rule does not take.
    let wanted: ([Bool]) -> Bool = { $0[0] && !$0[1] }
    let small = ProductSearch(budget: 3000)
    #expect(small.find(automata, alive: [0], where: wanted) == .budgetExceeded)
    let settled: ([Int32]) -> Bool = { node in
      node.count > 2 && node[2] == 1 && automata[1].acceptsEverything(node[3])
    }
    #expect(small.find(automata, alive: [0], settled: settled, where: wanted) == .none)
  }

  /// Leaving out states no better than one found gives the same answer, the same shortest
  /// and most readable string, on random rule sets.
  @Test func rejectingAutomataGiveTheSameAnswer() throws {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["/", "a", "b", "ab", "*", "?", "?*", "/a", "b/"]
    func randomGlob() -> String {
      let count = Int.random(in: 1...5, using: &generator)
      return "/" + (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }
    let search = ProductSearch(budget: 20_000)
    for _ in 0..<300 {
      let texts = (0...Int.random(in: 1...4, using: &generator)).map { _ in randomGlob() }
      let automata = try texts.map(glob)
      let wanted: ([Bool]) -> Bool = { $0[0] && !$0[1...].contains(true) }
      let plain = search.find(automata, alive: [0], where: wanted)
      let pruned = search.find(
        automata, alive: [0], rejecting: Array(1..<automata.count), where: wanted)
      if plain != .budgetExceeded { #expect(plain == pruned, "\(texts)") }
    }
  }

  @Test func assetLinksDelegation() throws {
    let links = try AssetLinks(
      data: Array(
        #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.a","sha256_cert_fingerprints":["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:e5"]}},{"relation":["x"],"target":{"namespace":"web","site":"https://a.com"}}]"#
          .utf8))
    #expect(links.delegates(to: "com.a"))
    #expect(!links.delegates(to: "com.b"))
    #expect(throws: AppLinksError.self) { try AssetLinks(data: Array("{}".utf8)) }
    // A grant without a certificate verifies no app, and the finding says so.
    let unsigned = try AssetLinks(
      data: Array(
        #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.a"}}]"#
          .utf8))
    #expect(!unsigned.delegates(to: "com.a"))
    #expect(unsigned.whyNotDelegating(to: "com.a").contains("without sha256_cert_fingerprints"))
    // So does one whose fingerprint is not 32 hex bytes (Android compares it with the app's).
    for fingerprint in ["14:6D", "not a fingerprint", String(repeating: "AB:", count: 32)] {
      let malformed = try AssetLinks(
        data: Array(
          #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.a","sha256_cert_fingerprints":["\#(fingerprint)"]}}]"#
            .utf8))
      #expect(!malformed.delegates(to: "com.a"), "\(fingerprint)")
      #expect(malformed.whyNotDelegating(to: "com.a").contains("not a SHA-256 fingerprint"))
    }
    // An `include` statement names another file, which is not fetched: an error, not a pass.
    #expect(throws: AppLinksError.self) {
      try AssetLinks(data: Array(#"[{"include": "https://a.com/more.json"}]"#.utf8))
    }
  }
}
