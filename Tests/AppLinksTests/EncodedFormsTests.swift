import Testing

@testable import AppLinks

@Suite("Paths of a decoded-path pattern")
struct EncodedFormsTests {
  @Test func theEncodedFormsOfALanguageDecodeIntoIt() {
    let plain = ByteSet(Array("abcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8))
    let decoded = ByteNFA.literal(Array("/a bé/x".utf8)).encodedForms(plain: plain)
    for accepted in ["/a%20b%C3%A9/x", "/a%20b%c3%a9/x", "/%61%20b%C3%A9%2Fx", "/a%20b%C3%a9/%78"] {
      #expect(decoded.matches(accepted.utf8), "\(accepted)")
    }
    // A byte a URL must encode is never taken raw, and an escape must be whole.
    for refused in [
      "/a bé/x", "/a%20b%C3%A9/x/", "/a%2b%C3%A9/x", "/a%20b%C3%A/x", "/a%%20b%C3%A9/x",
    ] {
      #expect(!decoded.matches(refused.utf8), "\(refused)")
    }
  }
}
