import Testing

@testable import PatternCore

@Suite("URL parser (SPEC §2)")
struct URLParserTests {
  @Test(
    "the host is the first component of a custom scheme, however the URL is written",
    arguments: [
      "myapp://profile/42", "myapp:///profile/42", "myapp:profile/42", "MYAPP://profile/42",
    ])
  func hostIsFirstComponent(url: String) throws {
    let parsed = try ParsedURL(url)
    #expect(parsed.scheme == "myapp")
    #expect(parsed.components == ["profile", "42"])
  }

  @Test func emptyComponentsAreDroppedAndDotsAreOrdinary() throws {
    #expect(try ParsedURL("myapp://profile//42/").components == ["profile", "42"])
    #expect(try ParsedURL("myapp://a/./../b").components == ["a", ".", "..", "b"])
    #expect(try ParsedURL("myapp://").components == [])
  }

  @Test func componentsAreDecodedOnceAfterSplitting() throws {
    let parsed = try ParsedURL("myapp://profile/a%2Fb/%2541/caf%C3%A9/x+y")
    #expect(parsed.components == ["profile", "a/b", "%41", "café", "x+y"])
    #expect(try ParsedURL("myapp://pro%66ile").components == ["profile"])
  }

  @Test func hostKeepsItsLettersAndIsMarked() throws {
    let parsed = try ParsedURL("FOOBAR://FOO/Bar")
    #expect(parsed.components == ["FOO", "Bar"])
    #expect(parsed.firstComponentIsHost)
    #expect(try !ParsedURL("myapp:///FOO").firstComponentIsHost)
  }

  @Test func userinfoIgnoredPortReadFragmentKept() throws {
    let parsed = try ParsedURL("https://me:pw@example.com:8080/a?x=1#frag?y")
    #expect(parsed.host == "example.com")
    #expect(parsed.port == 8080)
    #expect(parsed.pathComponents == ["a"])
    #expect(parsed.query == [QueryItem(key: "x", value: "1")])
    #expect(parsed.fragment == "frag?y")
  }

  @Test func queryIsAnOrderedMultimap() throws {
    let parsed = try ParsedURL("myapp://x?b=2&a=1&&b=3&flag&k=v=w&%61=%20")
    #expect(
      parsed.query == [
        QueryItem(key: "b", value: "2"), QueryItem(key: "a", value: "1"),
        QueryItem(key: "b", value: "3"), QueryItem(key: "flag", value: ""),
        QueryItem(key: "k", value: "v=w"), QueryItem(key: "a", value: " "),
      ])
  }

  @Test(
    "invalid URLs name the byte offset",
    arguments: [
      ("myapp://bad%zz", 11), ("myapp://x%4", 9), ("myapp://a b", 9), ("myapp://a\tb", 9),
      ("myapp://%FF", 8), ("1app://x", 0), ("://x", 0), ("a b:c", 1), ("myapp://h:ab/x", 10),
      ("myapp://x#%zz", 10), ("myapp://caf\u{7F}", 11), ("myapp://p/1#%FF", 12),
      ("myapp://p/1#%C3", 12), ("myapp://us%FFer@p/1", 10), ("myapp://[::1/x", 8),
      ("myapp://h:99999999999999999999/x", 10),
      // An escape that starts an ill-formed sequence, not the component's first escape.
      ("myapp://p/%41%C3", 13), ("myapp://p/%C3%A9%FF", 16), ("myapp://u%41%FF@p/x", 12),
      ("myapp://p#%41%FF", 13), ("myapp://p?k=%41%C3%41", 15),
      // A malformed scheme at its first bad byte.
      ("my_app://x", 2), ("a.b!c:d", 3),
    ])
  func invalid(url: String, offset: Int) {
    #expect(throws: URLParseError.self) { try ParsedURL(url) }
    do {
      _ = try ParsedURL(url)
    } catch {
      #expect(error.code == .invalidURL)
      #expect(error.offset == offset)
    }
  }

  /// Text after an IP literal's `]` is named as such (it was "port is not a number").
  @Test func textAfterAnIPLiteralIsNamed() {
    #expect(
      throws: URLParseError.textAfterIPLiteral(
        url: "https://[::1].wikipedia.org/wiki/X", offset: 13)
    ) { try ParsedURL("https://[::1].wikipedia.org/wiki/X") }
    #expect(
      URLParseError.textAfterIPLiteral(url: "x", offset: 0).diagnostic.message
        == "text after the IP literal's ']'")
  }

  @Test func relativeReferencesHaveNoScheme() throws {
    let relative = try ParsedURL("profile/42?x=1#f")
    #expect(relative.scheme == "")
    #expect(relative.components == ["profile", "42"])
    #expect(relative.query == [QueryItem(key: "x", value: "1")])
    #expect(try ParsedURL("").components == [])
    #expect(try ParsedURL("static").components == ["static"])
    #expect(throws: URLParseError.self) { try ParsedURL("profile/%zz") }
  }

  @Test func nonASCIIIsAcceptedRaw() throws {
    #expect(try ParsedURL("myapp://profile/café").components == ["profile", "café"])
  }

  @Test func limitsAreErrorsNotCrashes() throws {
    let parser = URLParser(limits: URLLimits(maxLength: 20, maxComponents: 3, maxQueryItems: 2))
    #expect(
      throws: URLParseError.tooLong(
        url: "myapp://" + String(repeating: "a", count: 20), length: 28, limit: 20)
    ) {
      try parser.parse("myapp://" + String(repeating: "a", count: 20))
    }
    #expect(throws: URLParseError.self) { try parser.parse("myapp://a/b/c/d") }
    #expect(try parser.parse("myapp://a/b/c").components == ["a", "b", "c"])
    #expect(throws: URLParseError.self) { try parser.parse("m://x?a&b&c") }
    do {
      _ = try parser.parse("m://x?a&b&c")
    } catch {
      #expect(error.code == .limitExceeded)
    }
    // The default component limit is 256, host included.
    let many = "myapp://h/" + Array(repeating: "c", count: 255).joined(separator: "/")
    #expect(try ParsedURL(many).components.count == 256)
    #expect(throws: URLParseError.self) { try ParsedURL(many + "/c") }
  }
}
