import Testing

@testable import PatternCore

@Suite("The plain URL scan agrees with the full one")
struct PlainScanTests {
  /// What a scan found, as strings.
  struct Found: Equatable {
    var schemeEnd: Int
    var hasAuthority: Bool
    var hasHost: Bool
    var components: [String]
    var query: [QueryItem]
  }

  func found(_ layout: URLLayout) -> Found {
    Found(
      schemeEnd: layout.schemeEnd, hasAuthority: layout.hasAuthority, hasHost: layout.hasHost,
      components: (0..<layout.componentCount).map(layout.component), query: layout.queryItems)
  }

  /// Scans `url` both ways; nil when the plain scan leaves it to the full one.
  func compare(_ url: String, limits: URLLimits = .default) throws -> Bool? {
    var string = url
    var plain = URLLayout()
    var full = URLLayout()
    let parser = URLParser(limits: limits)
    let accepted = string.withUTF8 { parser.scanPlain($0, into: &plain) }
    guard accepted else { return nil }
    try string.withUTF8 { bytes in
      try parser.scanFull(bytes, original: url, into: &full)
    }
    #expect(found(plain) == found(full), "\(url)")
    #expect(plain.hashed)
    for component in 0..<plain.componentCount {
      let folded = plain.component(component).lowercased()
      var text = folded
      let expected = text.withUTF8 { PathIndex.textHash($0) }
      #expect(plain.hashes[component] == expected, "\(url) component \(component)")
      let start = plain.foldedBounds[2 * component]
      let end = plain.foldedBounds[2 * component + 1]
      #expect(plain.string(start, end) == folded, "\(url) component \(component)")
    }
    return true
  }

  @Test(
    "plain URLs are scanned in one pass",
    arguments: [
      "gh://GET/repos/v1/v2/pulls/v3/comments", "myapp://profile/42", "myapp:profile/42",
      "myapp:///profile//42/", "https://Example.COM/a/B/c?x=1&y&&z=a=b&=v", "myapp://",
      "myapp://h?", "myapp://h/?q=/?", "a+b.c-d:x", "myapp://h/a:b@c[d]",
    ])
  func plain(url: String) throws {
    #expect(try compare(url) == true)
  }

  @Test(
    "anything else is left to the full scan",
    arguments: [
      "myapp://h/a%20b", "myapp://u@h/p", "myapp://h:80/p", "myapp://[::1]/p", "myapp://h/p#f",
      "myapp://h/caf\u{E9}", "profile/42", "myapp://h/a b", "myapp://h/p?a=%41",
    ])
  func leftToTheFullScan(url: String) throws {
    #expect(try compare(url) == nil)
  }

  @Test func limitsAreLeftToTheFullScan() throws {
    #expect(try compare("myapp://a/b/c", limits: URLLimits(maxComponents: 2)) == nil)
    #expect(try compare("myapp://a?x&y", limits: URLLimits(maxQueryItems: 1)) == nil)
    #expect(try compare("myapp://a", limits: URLLimits(maxLength: 4)) == nil)
  }

  @Test func randomURLsAgree() throws {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("aZ9/?&=:@[.-_~!$'()*+,;%#".utf8)
    var plainCount = 0
    for _ in 0..<3000 {
      let length = Int.random(in: 0...24, using: &generator)
      let tail = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
      let prefix = Bool.random(using: &generator) ? "x://" : "x:"
      let url = prefix + String(decoding: tail, as: UTF8.self)
      // The full scan may reject what the plain one leaves to it; never the reverse.
      if (try? compare(url)) ?? nil == true { plainCount += 1 }
      #expect(URLParser().plainScanAgrees(url), "\(url)")
    }
    #expect(plainCount > 100)
  }
}
