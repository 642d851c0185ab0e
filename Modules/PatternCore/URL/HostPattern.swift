/// The host of a link source: a host, or a host wildcard (`*.example.com`) that answers every
/// host ending with `.example.com` after at least one more label (`uk.example.com`,
/// `a.b.example.com`; not `example.com`, which is its own source). The one rule of the routers,
/// the link checker and reverse routing.
package enum HostPattern {
  /// Whether `host` (lower-cased) is `pattern` or one its wildcard answers.
  package static func host(_ host: some StringProtocol, matches pattern: some StringProtocol)
    -> Bool
  {
    guard pattern.hasPrefix("*.") else { return host == pattern }
    let suffix = pattern.dropFirst()  // ".example.com"
    return host.count > suffix.count && host.hasSuffix(suffix)
      && !host.dropLast(suffix.count).hasSuffix(".")
  }

  /// A host `pattern` answers, to show it by: the pattern itself, or `www.example.com` for
  /// `*.example.com`.
  package static func example(of pattern: some StringProtocol) -> String {
    pattern.hasPrefix("*.") ? "www" + pattern.dropFirst() : String(pattern)
  }
}
