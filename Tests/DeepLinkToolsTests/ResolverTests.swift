import Testing

@testable import DeepLinkTools

@Suite("deeplink-resolve logic")
struct ResolverTests {
  let resolver: Resolver = {
    guard case .success(let tables) = ResolverSetup.load([]) else { fatalError("built-in example") }
    return Resolver(tables: tables)
  }()

  /// The general path's record; the byte-level path must write the same.
  func respond(_ line: String, _ number: Int = 1) -> String {
    let bytes = ArraySlice(Array(line.utf8))
    let general = resolver.respond(to: bytes, number: number)
    var copy = resolver
    var output: [UInt8] = []
    copy.respond(to: bytes, number: number, into: &output)
    #expect(String(decoding: output, as: UTF8.self) == general, "\(line)")
    return general
  }

  @Test func matchedRecordHasTheSpecFieldsInOrder() {
    #expect(
      respond(#"{"url":"myapp://profile/42","id":"a"}"#)
        == #"{"line":1,"id":"a","url":"myapp://profile/42","status":"matched","table":"example","dialect":"deeper","route":0,"pattern":"profile/:userId","intent":"showProfile","params":{"userId":"42"}}"#
    )
    #expect(
      respond(#""myapp://tweet/7/retweet""#, 3)
        == #"{"line":3,"url":"myapp://tweet/7/retweet","status":"matched","table":"example","dialect":"deeper","route":2,"pattern":"tweet/:int(tweetId)/retweet","intent":"retweet","params":{"tweetId":7}}"#
    )
  }

  /// A buffer is a value: a copy and its original written to after the copy keep their own
  /// records, on both paths (the byte-level one writes piece by piece into the buffer's
  /// storage, which has room for all of it here).
  @Test func aRecordBufferIsAValue() {
    var resolver = resolver
    let first = #""myapp://profile/42""#
    let second = #"{"url": 5}"#
    var original = RecordBuffer(capacity: 4096)
    original.append(contentsOf: Array("x".utf8))
    var copies = [original, original, original]
    resolver.respond(to: ArraySlice(Array(first.utf8)), number: 1, into: &copies[0])
    resolver.respond(to: ArraySlice(Array(second.utf8)), number: 2, into: &copies[1])
    copies[2].append(0x21)
    resolver.respond(to: ArraySlice(Array(first.utf8)), number: 3, into: &original)
    #expect(copies[0].bytes == Array(("x" + respond(first)).utf8))
    #expect(copies[1].bytes == Array(("x" + respond(second, 2)).utf8))
    #expect(copies[2].bytes == Array("x!".utf8))
    #expect(original.bytes == Array(("x" + respond(first, 3)).utf8))
    copies[0].removeAll()
    #expect(copies[0].isEmpty && copies[1].count > 1)
  }

  /// A request read in place (plain strings) and the same request that needs the JSON parser
  /// (an escape, another key order, spaces) are one request: the records are the same.
  @Test(arguments: [
    (#"{"url":"myapp://profile/42","id":7}"#, #"{ "id": 7, "url": "myapp:\/\/profile\/42" }"#),
    (#"{"url":"myapp://nothing/here","id":"x"}"#, #"{"id":"\u0078","url":"myapp://nothing/here"}"#),
    (#""myapp://tweet/7/retweet""#, #""myapp:\/\/tweet/7/retweet""#),
    ("myapp://user/3/follow\r", #""myapp://user/3/follow""#),
    // The keys `"url"` and `"id"` are read as bytes: in either order, and not taken for a
    // longer key that starts like one.
    (#"{"id":7,"url":"myapp://profile/42"}"#, #"{"url":"myapp://profile/42","\u0069d":7}"#),
    (#"{"idx":7,"url":"myapp://profile/42"}"#, #"{"url":"myapp://profile/42","idx":7}"#),
    (#"{"urls":"myapp://profile/42"}"#, #"{"url\u0073":"myapp://profile/42"}"#),
  ])
  func plainAndParsedReadingsAreOneRequest(plain: String, parsed: String) {
    #expect(respond(plain) == respond(parsed))
  }

  @Test func aPlainURLLineIsResolvedAsThatURL() {
    #expect(
      respond("myapp://profile/42")
        == #"{"line":1,"url":"myapp://profile/42","status":"matched","table":"example","dialect":"deeper","route":0,"pattern":"profile/:userId","intent":"showProfile","params":{"userId":"42"}}"#
    )
    // Surrounding blanks are not part of the URL; any scheme counts, even an unknown one.
    #expect(
      respond("\thttps://example.com/x  ").hasPrefix(
        #"{"line":1,"url":"https://example.com/x","status":"unmatched""#))
    #expect(respond("a+b.c-d:x").hasPrefix(#"{"line":1,"url":"a+b.c-d:x","status":"unmatched""#))
  }

  @Test func aLineThatIsNeitherJSONNorAURLSaysToQuoteIt() {
    #expect(
      respond("oops")
        == #"{"line":1,"status":"error","error":{"code":"invalid_json","message":"column 1: unexpected `oops`, expected a JSON value (a line is JSON, or a URL starting with its scheme such as myapp://...; quote anything else as a JSON string)","offset":0}}"#
    )
    // Whatever stands there is named the same way: a word, a character, a byte.
    #expect(
      respond("this line is not JSON").contains(
        "column 1: unexpected `this`, expected a JSON value"))
    #expect(respond("?x").contains("column 1: unexpected `?`, expected a JSON value"))
    #expect(respond("\u{7F}").contains("column 1: unexpected byte 0x7F, expected a JSON value"))
    #expect(respond("é").contains("column 1: unexpected `é`, expected a JSON value"))
    // Not a scheme: a digit first, or no colon.
    #expect(respond("1abc://x").contains(#""code":"invalid_json""#))
    #expect(respond("profile/42").contains(#""code":"invalid_json""#))
    // Broken JSON stays a JSON error, without the hint.
    #expect(
      respond(#"{"url": 3"#)
        == #"{"line":1,"status":"error","error":{"code":"invalid_json","message":"column 10: unexpected end of input in an object","offset":9}}"#
    )
  }

  @Test func idIsEchoedWhateverItIs() {
    #expect(
      respond(#"{"id":{"k":[1,null]},"url":"x://y"}"#).hasPrefix(
        #"{"line":1,"id":{"k":[1,null]},"url":"x://y","status":"unmatched""#))
  }

  @Test func unmatchedRecordNamesTheNearestRoute() {
    #expect(
      respond(#"{"url":"myapp://tweet/x/retweet"}"#)
        == #"{"line":1,"url":"myapp://tweet/x/retweet","status":"unmatched","nearest":{"table":"example","route":2,"pattern":"tweet/:int(tweetId)/retweet","reason":"component 2 `x` is not an int, as `:int(tweetId)` requires"}}"#
    )
  }

  @Test(
    "every bad line gets one error record",
    arguments: [
      ("not json", "invalid_json"), ("", "invalid_json"), ("   ", "invalid_json"),
      ("[1]", "invalid_request"), ("42", "invalid_request"), ("null", "invalid_request"),
      (#"{"id":1}"#, "invalid_request"), (#"{"url":5}"#, "invalid_request"),
      (#"{"url":"myapp://bad%zz"}"#, "invalid_url"), (#""no scheme""#, "invalid_url"),
      (#"{"url":"myapp://a b"}"#, "invalid_url"), ("{\"url\":\"x\u{0}\"}", "invalid_json"),
      (#"{"url":"a"} trailing"#, "invalid_json"), (#"{"url":"\ud800"}"#, "invalid_json"),
    ])
  func badLines(line: String, code: String) {
    let record = respond(line, 9)
    #expect(record.hasPrefix(#"{"line":9"#))
    #expect(record.contains(#""status":"error","error":{"code":"\#(code)""#), "\(record)")
    #expect(!record.contains("\n"))
  }

  @Test func fragmentsAreReportedNotMatched() {
    #expect(
      respond(#""myapp://profile/1#top""#).hasSuffix(#""params":{"userId":"1"},"fragment":"top"}"#))
    // On a miss too, with the fragment's own '#' and '?' as they are, and an empty one.
    #expect(respond("myapp://nothing/here#a?b#c").hasSuffix(#","fragment":"a?b#c"}"#))
    #expect(respond(#"{"url":"myapp://nothing#","id":2}"#).hasSuffix(#","fragment":""}"#))
    #expect(!respond("myapp://nothing/here").contains("fragment"))
  }

  @Test func everyURLAndJSONErrorCarriesAnOffset() {
    #expect(respond("").contains(#""offset":0"#))
    #expect(
      respond("\"myapp://" + String(repeating: "a", count: 9000) + "\"").contains(
        #""code":"limit_exceeded","message":"URL is 9008 bytes long; the limit is 8192","offset":8192"#
      ))
    // Too many components or query items: where the first one past the limit starts.
    let path = "myapp://a/" + Array(repeating: "x", count: 300).joined(separator: "/")
    #expect(
      respond(path).contains(
        #""message":"URL has 301 components; the limit is 256","offset":\#(10 + 255 * 2)"#))
    let query = "myapp://a?" + Array(repeating: "k=1", count: 300).joined(separator: "&")
    #expect(
      respond(query).contains(
        #""message":"URL has 300 query items; the limit is 256","offset":\#(10 + 256 * 4)"#))
  }

  @Test func aManifestsCasesAreIgnoredByTheResolver() throws {
    let manifest = try ManifestLoader.parse(
      Array(
        #"{"dialect":"deeper","scheme":"m","routes":[{"pattern":"a","intent":"x"}],"cases":5}"#.utf8
      ),
      path: "t.json", readCases: false)
    #expect(manifest.tables.count == 1)
    #expect(throws: ManifestError.self) {
      try ManifestLoader.parse(
        Array(#"{"dialect":"deeper","scheme":"m","routes":[],"cases":5}"#.utf8), path: "t.json")
    }
  }

  @Test func invalidUTF8AndCRLFAreHandled() {
    let invalid = resolver.respond(to: ArraySlice([0x22, 0xFF, 0x22]), number: 1)
    #expect(invalid.contains(#""code":"invalid_json""#))
    #expect(respond("\"myapp://profile/1\"\r").contains(#""status":"matched""#))
  }

  @Test func aThousandMixedLinesGiveAThousandRecordsInOrder() throws {
    let kinds = [
      #""myapp://profile/1""#, "garbage", "", #"{"url":"myapp://%zz"}"#, #"{"url":"q://x"}"#,
    ]
    for number in 1...1000 {
      let record = respond(kinds[number % kinds.count], number)
      let json = try JSONParser.parse(record)
      #expect(json["line"]?.intValue == Int64(number))
      #expect(json["status"] != nil)
    }
  }

  /// A URL line whose bytes are not UTF-8 is an invalid URL (not JSON), echoed with a
  /// replacement character, the offset that of the bad byte in the URL.
  @Test func aURLLineThatIsNotUTF8SaysWhere() {
    let line: [UInt8] = Array("\tmyapp://p%20a/".utf8) + [0xFF]
    let general = resolver.respond(to: ArraySlice(line), number: 1)
    var copy = resolver
    var output: [UInt8] = []
    copy.respond(to: ArraySlice(line), number: 1, into: &output)
    #expect(String(decoding: output, as: UTF8.self) == general)
    #expect(
      general
        == #"{"line":1,"url":"myapp://p%20a/\#u{FFFD}","status":"error","error":{"code":"invalid_url","message":"byte 0xFF is not UTF-8","offset":14}}"#
    )
    // Inside a JSON string, the offset is that of the bad byte in the line (a cut-short
    // sequence: its lead byte).
    let json: [UInt8] = Array(#"{"url": "myapp://p/"#.utf8) + [0xC3] + Array(#""}"#.utf8)
    #expect(
      resolver.respond(to: ArraySlice(json), number: 1)
        == #"{"line":1,"status":"error","error":{"code":"invalid_json","message":"column 20: string is not valid UTF-8","offset":19}}"#
    )
  }

  /// A printed URL must lead back to its route through every table: one an earlier route takes
  /// is refused with the route that takes it; a host form another route takes is printed with
  /// `:///`, whose first component keeps its case.
  @Test func aPrintedURLIsResolvedAgainByEveryTable() throws {
    let manifest = #"""
      {"tables": [
        {"name": "p", "dialect": "deeper", "scheme": "myapp", "routes": [
          {"pattern": "profile/:userId", "intent": "any"},
          {"pattern": "profile/:int(id)", "intent": "number"},
          {"pattern": "settings", "intent": "settings"},
          {"pattern": ":name", "intent": "one"}]}]}
      """#
    let tables = try TableLoader.load(
      ManifestLoader.parse(Array(manifest.utf8), path: "<p>", readCases: false))
    let resolver = Resolver(tables: tables)
    func respond(_ line: String) -> String {
      resolver.respond(to: ArraySlice(Array(line.utf8)), number: 1)
    }
    let taken = respond(#"{"intent": "number", "params": {"id": 5}}"#)
    #expect(
      taken.contains(
        "its URL `myapp://profile/5` is answered by route 0 `profile/:userId` of `p` first"),
      "\(taken)")
    #expect(
      respond(#"{"intent": "one", "params": {"name": "SETTINGS"}}"#)
        == #"{"line":1,"status":"printed","table":"p","dialect":"deeper","route":3,"intent":"one","url":"myapp:///SETTINGS"}"#
    )
    #expect(
      respond(#"{"intent": "one", "params": {"name": "x"}}"#).hasSuffix(#""url":"myapp://x"}"#))
  }

  /// Why a print request prints nothing, in words: a forwarding route answers no URL itself, a
  /// wildcard's component is empty, the URL would be over the length limit.
  @Test func printRequestsSayWhyNothingPrints() throws {
    let manifest = #"""
      {"name": "d", "dialect": "deeper", "scheme": "myapp", "routes": [
        {"pattern": "fw?:to", "forward": "to", "intent": "F"},
        {"pattern": "*/wild/:id", "intent": "W"}, {"pattern": "profile/:userId", "intent": "P"}]}
      """#
    let resolver = Resolver(
      tables: try TableLoader.load(
        ManifestLoader.parse(Array(manifest.utf8), path: "<d>", readCases: false)))
    func respond(_ line: String) -> String {
      resolver.respond(to: ArraySlice(Array(line.utf8)), number: 1)
    }
    let forwarded = respond(#"{"intent": "F", "params": {"to": "myapp://profile/1"}}"#)
    #expect(
      forwarded.contains("route 0 `fw?:to` of `d` forwards the value of `to`"), "\(forwarded)")
    for (wildcard, problem) in [
      (#""a//b""#, "has an empty component"), (#"["a", ""]"#, "has an empty component"),
      (#""""#, "`*` is empty"), ("[]", "`*` lists no component"),
    ] {
      let empty = respond(#"{"intent": "W", "params": {"id": "1", "*": \#(wildcard)}}"#)
      #expect(empty.contains(problem), "\(wildcard): \(empty)")
    }
    #expect(
      respond(#"{"intent": "W", "params": {"id": "1", "*": "a/b"}}"#)
        .hasSuffix(#""url":"myapp://a/b/wild/1"}"#))
    let long = respond(
      #"{"intent": "P", "params": {"userId": "\#(String(repeating: "x", count: 9000))"}}"#)
    #expect(
      long.contains("the URL would be refused: URL is 9016 bytes long; the limit is 8192"),
      "\(long.prefix(300))")
  }

  /// A print request's `host` puts a universal link under that host; a source with a host
  /// wildcard needs one.
  @Test func printRequestsTakeAHost() throws {
    let manifest = #"""
      {"name": "w", "dialect": "crossroad", "sources": ["https://*.example.com", "shop"], "routes": [
        {"pattern": "https://*.example.com/p/:id", "intent": "wild"},
        {"pattern": "shop://p/:id", "intent": "custom"}]}
      """#
    let web = Resolver(
      tables: try TableLoader.load(
        ManifestLoader.parse(Array(manifest.utf8), path: "<w>", readCases: false)))
    func respond(to line: String, number: Int) -> String {
      web.respond(to: ArraySlice(Array(line.utf8)), number: number)
    }
    #expect(
      respond(
        to: #"{"intent": "wild", "params": {"id": "1"}, "host": "uk.example.com"}"#, number: 1)
        == #"{"line":1,"status":"printed","table":"w","dialect":"crossroad","route":0,"intent":"wild","url":"https://uk.example.com/p/1"}"#
    )
    let needed = respond(to: #"{"intent": "wild", "params": {"id": "1"}}"#, number: 2)
    #expect(
      needed.contains(#""code":"invalid_request""#) && needed.contains("give the host"), "\(needed)"
    )
    let outside = respond(
      to: #"{"intent": "wild", "params": {"id": "1"}, "host": "example.com"}"#, number: 3)
    #expect(outside.contains("does not answer the host `example.com`"), "\(outside)")
    let custom = respond(
      to: #"{"intent": "custom", "params": {"id": "1"}, "host": "uk.example.com"}"#, number: 4)
    #expect(custom.contains("does not answer the host"), "\(custom)")
    #expect(
      respond(to: #"{"intent": "wild", "host": 5}"#, number: 5)
        == #"{"line":5,"status":"error","error":{"code":"invalid_request","message":"\"host\" must be a string, found a number"}}"#
    )
  }

  /// A route passed over because its source does not answer the host is not the reason given
  /// when a later route has a real problem; the reason names the route's table.
  @Test func aHostPassesOverRoutesOfOtherSources() throws {
    let manifest = #"""
      {"tables": [
        {"name": "app", "dialect": "deeper", "sources": ["wiki", "wiki-official"],
         "routes": [{"pattern": ":site/wiki/*title", "intent": "article"}]},
        {"name": "web", "dialect": "deeper", "sources": ["https://*.wikipedia.org"],
         "routes": [{"pattern": "wiki/*title", "intent": "article"}]}]}
      """#
    let resolver = Resolver(
      tables: try TableLoader.load(
        ManifestLoader.parse(Array(manifest.utf8), path: "<w>", readCases: false)))
    func respond(_ line: String) -> String {
      resolver.respond(to: ArraySlice(Array(line.utf8)), number: 1)
    }
    let empty = respond(
      #"{"intent": "article", "params": {"title": "/lead"}, "host": "en.wikipedia.org"}"#)
    #expect(
      empty.contains("route 0 `wiki/*title` of `web`: `title` = `/lead` has an empty piece"),
      "\(empty)")
    #expect(
      respond(#"{"intent": "article", "params": {"title": "A/b c"}, "host": "en.wikipedia.org"}"#)
        .hasSuffix(
          #""table":"web","dialect":"deeper","route":0,"intent":"article","url":"https://en.wikipedia.org/wiki/A/b%20c"}"#
        )
    )
    // The host is asked first: a route of another source is passed over before its values.
    let extra = respond(
      #"{"intent": "article", "params": {"title": "x", "extra": "1"}, "host": "en.wikipedia.org"}"#
    )
    #expect(extra.contains("of `web`: no capture named `extra`"), "\(extra)")
    let outside = respond(
      #"{"intent": "article", "params": {"title": "x"}, "host": "wikipedia.org"}"#)
    #expect(
      outside.contains("route 0 `:site/wiki/*title` of `app`: the source `wiki` does not answer"),
      "\(outside)")
    // The web origin's URLs route their path, under any host the wildcard answers.
    let matched = respond(#""https://EN.wikipedia.org:443/wiki/a/b?x=1""#)
    #expect(
      matched.contains(#""table":"web","dialect":"deeper","route":0"#)
        && matched.contains(#""params":{"title":"a/b"},"host":"en.wikipedia.org""#), "\(matched)")
    let own = respond(#""https://wikipedia.org/wiki/a""#)
    #expect(own.contains(#""status":"unmatched""#), "\(own)")
  }

  /// After forwarding, the record's fragment is the last URL's, or, when it has none, the one
  /// of the URL it came from (as a redirect keeps it).
  @Test func aForwardedURLKeepsAFragment() throws {
    let manifest = #"""
      {"name": "d", "dialect": "deeper", "scheme": "myapp", "routes": [
        {"pattern": "fw?:to", "forward": "to", "intent": "F"}, {"pattern": "fw/p/:id", "intent": "P"}]}
      """#
    let resolver = Resolver(
      tables: try TableLoader.load(
        ManifestLoader.parse(Array(manifest.utf8), path: "<d>", readCases: false)))
    func respond(_ url: String) -> String {
      resolver.respond(to: ArraySlice(Array("\"\(url)\"".utf8)), number: 1)
    }
    let kept = respond("myapp://fw?to=/p/1#top")
    #expect(kept.contains(#""intent":"P""#) && kept.hasSuffix(#""fragment":"top"}"#), "\(kept)")
    let own = respond("myapp://fw?to=%2Fp%2F1%23inner#outer")
    #expect(own.hasSuffix(#""fragment":"inner"}"#), "\(own)")
    let none = respond("myapp://fw?to=/p/1")
    #expect(!none.contains("fragment"), "\(none)")
  }
}
