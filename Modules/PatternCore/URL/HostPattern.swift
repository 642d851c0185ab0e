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
    guard host.count > suffix.count, host.hasSuffix(suffix) else { return false }
    let labels = host.dropLast(suffix.count)
    // Labels of a host: a decoded `%2F` or `%3A` (`evil.com%2F.example.com`) makes no host.
    return !labels.hasSuffix(".") && !labels.utf8.contains(where: Self.isNotHostByte)
  }

  /// Bytes a decoded host cannot hold: separators of the URL, spaces and controls.
  private static func isNotHostByte(_ byte: UInt8) -> Bool {
    byte <= 0x20 || byte == 0x7F || "/:@?#[]\\%".utf8.contains(byte)
  }

  /// A host `pattern` answers, to show it by: the pattern itself, or `www.example.com` for
  /// `*.example.com`.
  package static func example(of pattern: some StringProtocol) -> String {
    pattern.hasPrefix("*.") ? "www" + pattern.dropFirst() : String(pattern)
  }

  /// A host `pattern` answers that is none of `taken` (hosts checked on their own): for
  /// `*.example.com`, `www.example.com`, else `other.example.com`, `other2.example.com`, …
  package static func example(of pattern: some StringProtocol, avoiding taken: [String])
    -> String
  {
    let first = example(of: pattern)
    guard pattern.hasPrefix("*."), taken.contains(first) else { return first }
    let suffix = pattern.dropFirst()
    var number = 1
    while true {
      let host = "other" + (number == 1 ? "" : String(number)) + suffix
      if !taken.contains(host) { return host }
      number += 1
    }
  }
}
