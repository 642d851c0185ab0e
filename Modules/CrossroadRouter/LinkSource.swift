import Foundation
import PatternCore

/// Where links come from: a custom URL scheme, or a universal link origin (https + host [+ port]).
public enum LinkSource: Sendable, Hashable, CustomStringConvertible {
  /// `pokedex`: URLs `pokedex://...`; the host is the first component.
  case urlScheme(String)
  /// `https://example.com`: the host (and port, when named) must match; the path is matched.
  /// A host `*.example.com` accepts every host that ends with `.example.com` and has at least
  /// one more label (`a.example.com`, `a.b.example.com`, not `example.com`).
  case universalLink(scheme: String, host: String, port: Int?)

  /// Schemes that belong to the system and cannot be a custom scheme.
  public static let wellKnownSchemes: Set<String> = ["http", "https", "tel", "mailto", "facetime"]

  /// Parses `pokedex` or `https://example.com[:port]`.
  /// - Throws: ``CrossroadError/invalidSource(_:reason:)``.
  public init(parsing text: String) throws(CrossroadError) {
    let lower = text.lowercased()
    if let range = lower.range(of: "://") {
      let scheme = String(lower[..<range.lowerBound])
      let rest = String(text[range.upperBound...])
      guard scheme == "http" || scheme == "https" else {
        throw .invalidSource(
          text,
          reason:
            "a universal link source is http(s)://host; a custom scheme is written without ://")
      }
      guard !rest.isEmpty else { throw .invalidSource(text, reason: "the source has no host") }
      var hostPart = Substring(rest)
      if hostPart.hasSuffix("/") { hostPart = hostPart.dropLast() }
      guard !hostPart.contains("/"), !hostPart.contains("?"), !hostPart.contains("#") else {
        throw .invalidSource(text, reason: "a universal link source names a host, not a path")
      }
      var host = String(hostPart)
      var port: Int?
      // An IP literal is bracketed whole, as a URL's is (`[::1]`, `[::1]:8443`); a bracket
      // anywhere else can be in no URL's host.
      if host.hasPrefix("[") {
        guard let close = host.firstIndex(of: "]") else {
          throw .invalidSource(text, reason: "the IP literal `[` is never closed with `]`")
        }
        let address = host[host.index(after: host.startIndex)..<close]
        // An IPv6 address (with a zone, `%25eth0`), or an IPvFuture one (`v1.x`).
        guard !address.isEmpty,
          address.allSatisfy({
            $0.isASCII && ($0.isLetter || $0.isNumber || ":.%-_~".contains($0))
          }),
          address.contains(":") || address.first == "v" || address.first == "V"
        else {
          throw .invalidSource(
            text, reason: "`\(host[...close])` is not an IP literal (an IPv6 address in brackets)")
        }
        let after = host[host.index(after: close)...]
        guard after.isEmpty || after.hasPrefix(":") else {
          throw .invalidSource(text, reason: "only a port may follow the IP literal's `]`")
        }
      } else if host.contains("[") || host.contains("]") {
        throw .invalidSource(text, reason: "the host has `[` or `]` outside an IP literal")
      }
      if let colon = host.lastIndex(of: ":"), !host.hasSuffix("]") {
        let digits = host[host.index(after: colon)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
          throw .invalidSource(text, reason: "the port is not a number")
        }
        guard let value = Int(digits), value < 65536 else {
          throw .invalidSource(text, reason: "the port is out of range (0 to 65535)")
        }
        port = value
        host = String(host[..<colon])
      }
      guard !host.isEmpty else { throw .invalidSource(text, reason: "the source has no host") }
      if host.contains("@") {
        throw .invalidSource(
          text, reason: "a source names a host, not a user (`user@`): give the host alone")
      }
      if let bad = host.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
        throw .invalidSource(
          text,
          reason: bad == " "
            ? "the host has a space"
            : "the host has a control character (U+\(String(bad.value, radix: 16, uppercase: true)))"
        )
      }
      // A URL's host is compared decoded (`b%C3%BCcher.de` is `bücher.de`): so is a source's.
      if host.contains("%") {
        guard !host.lowercased().contains("%2a"), let decoded = PatternScanner.percentDecoded(host),
          !decoded.contains(where: { "/:@%".contains($0) })
        else {
          throw .invalidSource(
            text,
            reason:
              "the host has a malformed escape, or one that decodes to `/`, `:`, `@`, `%` or `*`")
        }
        host = decoded
      }
      if host.contains("*") {
        let rest = host.dropFirst(2)
        guard host.hasPrefix("*."), !rest.isEmpty, !rest.contains("*"), !rest.hasPrefix("."),
          !rest.hasSuffix("."), !rest.contains("..")
        else {
          throw .invalidSource(
            text,
            reason:
              "a host wildcard is `*.` before the rest of the host, as in https://*.example.com")
        }
        // `*.com` would answer every site of a top-level domain: a wildcard is under a domain.
        guard rest.contains(".") else {
          throw .invalidSource(
            text,
            reason:
              "a host wildcard answers the hosts under one domain: `*.\(rest)` would answer "
              + "every `.\(rest)` site; give the domain, as in https://*.example.com")
        }
      }
      // A name's labels (an IP literal aside): none empty (`.example.com` is a typo of
      // `*.example.com`, and no URL has `a..com`), none that starts or ends with '-'.
      if !host.hasPrefix("[") {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.contains(where: \.isEmpty) {
          throw .invalidSource(
            text, reason: "the host has an empty label (`..`, or a '.' at its start or end)")
        }
        if labels.contains(where: { $0.hasPrefix("-") || $0.hasSuffix("-") }) {
          throw .invalidSource(text, reason: "a label of the host starts or ends with '-'")
        }
      }
      self = .universalLink(scheme: scheme, host: host.lowercased(), port: port)
      return
    }
    guard let first = lower.unicodeScalars.first, ("a"..."z").contains(first),
      lower.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
      })
    else {
      throw .invalidSource(
        text, reason: "a scheme is a letter followed by letters, digits, '+', '-' or '.'")
    }
    guard !Self.wellKnownSchemes.contains(lower) else {
      throw .invalidSource(
        text,
        reason: "`\(lower)` is a well-known scheme, not a custom one"
          + (lower.hasPrefix("http")
            ? "; use a universal link source such as https://example.com" : ""))
    }
    self = .urlScheme(lower)
  }

  public var description: String {
    switch self {
    case .urlScheme(let scheme): scheme
    case .universalLink(let scheme, let host, let port):
      "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }
  }

  /// Whether this is a universal link origin (its URLs' paths are routed, the host apart).
  public var isUniversalLink: Bool {
    if case .universalLink = self { true } else { false }
  }

  /// Whether a parsed URL comes from this source.
  public func accepts(_ url: ParsedURL) -> Bool {
    switch self {
    case .urlScheme(let scheme):
      return url.scheme == scheme
    case .universalLink(let scheme, let host, let port):
      guard url.scheme == scheme, let urlHost = url.host?.lowercased(),
        Self.host(urlHost, matches: host)
      else { return false }
      // A URL without a port is at its scheme's default one (RFC 3986, 6.2.3): a source
      // that names `:443` for https answers `https://host/…` too.
      return port == nil || (url.port ?? Self.defaultPort(scheme)) == port
    }
  }

  /// The components routes see: the host first for a custom scheme, the path alone otherwise.
  public func input(_ url: ParsedURL) -> RoutingInput {
    switch self {
    case .urlScheme: url.routingInput
    case .universalLink: url.pathOnlyRoutingInput
    }
  }
}

extension LinkSource {
  /// The port a URL of `scheme` is at when it names none: 443 for https, 80 for http.
  static func defaultPort(_ scheme: String) -> Int? {
    switch scheme {
    case "https": 443
    case "http": 80
    default: nil
    }
  }

  /// Whether a lower-cased host is `pattern` or, for `*.example.com`, ends with `.example.com`
  /// after at least one more label.
  public static func host(_ host: String, matches pattern: String) -> Bool {
    HostPattern.host(host, matches: pattern)
  }

  /// A URL that no source of a router accepts, as the router describes and matches it: its own
  /// source as written (`foo`, `https://other.example`; empty without a scheme) and its
  /// components as a route of that kind of source would see them.
  public static func foreign(_ url: ParsedURL) -> (source: String, input: RoutingInput) {
    url.foreignSource
  }
}
