import Testing

@testable import PatternCore

@Suite("The plain URL scan agrees with the full one")
struct PlainScanTests {
  /// Whether the plain scan agrees with the full one on `url`; nil when the plain scan leaves
  /// `url` to the full one.
  func compare(_ url: String, limits: URLLimits = .default) -> Bool? {
    var string = url
    var plain = URLLayout()
    let parser = URLParser(limits: limits)
    guard string.withUTF8({ parser.scanPlain($0, into: &plain) }) else { return nil }
    return parser.plainScanAgrees(url)
  }

  @Test(
    "plain URLs are scanned in one pass",
    arguments: [
      "gh://GET/repos/v1/v2/pulls/v3/comments", "myapp://profile/42", "myapp:profile/42",
      "myapp:///profile//42/", "https://Example.COM/a/B/c?x=1&y&&z=a=b&=v", "myapp://",
      "myapp://h?", "myapp://h/?q=/?", "a+b.c-d:x", "myapp://h/a:b@c[d]",
      // Components longer than eight bytes, upper case late in a component, every byte class
      // right after a run of letters and digits.
      "myapp://HostNameExample.COM/abcdefghijklmnopq/ABCDEFGHIJKLMNOPQRSTUVWXYZ0123/x-y_z~",
      "myapp://abcdefgh/abcdefghABCDEFGH/12345678/1234567/123456789?k=v",
      "myapp://h/abcdefg.hijklmn:opq@rst[uvw]xyz!$'()*+,;=abc",
    ])
  func plain(url: String) {
    #expect(compare(url) == true)
  }

  @Test(
    "anything else is left to the full scan",
    arguments: [
      "myapp://h/a%20b", "myapp://u@h/p", "myapp://h:80/p", "myapp://[::1]/p", "myapp://h/p#f",
      "myapp://h/caf\u{E9}", "profile/42", "myapp://h/a b", "myapp://h/p?a=%41",
    ])
  func leftToTheFullScan(url: String) {
    #expect(compare(url) == nil)
  }

  @Test func limitsAreLeftToTheFullScan() {
    #expect(compare("myapp://a/b/c", limits: URLLimits(maxComponents: 2)) == nil)
    #expect(compare("myapp://a?x&y", limits: URLLimits(maxQueryItems: 1)) == nil)
    #expect(compare("myapp://a", limits: URLLimits(maxLength: 4)) == nil)
  }

  @Test func randomURLsAgree() {
    var generator = SystemRandomNumberGenerator()
    // Runs of letters and digits broken by every other class, and non-ASCII bytes.
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789aZ9/?&=:@[.-_~!$'()*+,;%#\u{E9}".utf8)
    var plainCount = 0
    for _ in 0..<3000 {
      let length = Int.random(in: 0...40, using: &generator)
      let tail = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
      let prefix = Bool.random(using: &generator) ? "x://" : "x:"
      let url = prefix + String(decoding: tail, as: UTF8.self)
      // The full scan may reject what the plain one leaves to it; never the reverse.
      let agrees = compare(url)
      #expect(agrees != false, "\(url)")
      if agrees == true { plainCount += 1 }
    }
    #expect(plainCount > 100)
  }
}
