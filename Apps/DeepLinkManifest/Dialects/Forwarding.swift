import PatternCore

/// One step of a forwarding chain: the route that forwarded and the URL it matched.
public struct ForwardHop: Sendable {
  /// The table of the forwarding route.
  public var table: String
  /// Its registration index.
  public var route: Int
  /// Its pattern as written.
  public var pattern: String
  /// The URL this hop matched.
  public var url: String
}

/// A URL resolved through forwarding routes: the final outcome and the hops before it.
public struct ForwardedOutcome: Sendable {
  /// What the last URL of the chain resolved to.
  public var outcome: TableOutcome
  /// The forwarding routes that matched, in order (empty when the first URL's route answered).
  public var via: [ForwardHop]
  /// The last URL of the chain (the one `outcome` is about).
  public var url: String
}

/// The rules of forwarding routes (`{"pattern": "mbar?:redirect_to", "forward": "redirect_to"}`).
///
/// When a forwarding route wins, the value of its named query capture is resolved again: a value
/// with a scheme as that URL; a value starting with `/` as that path (and its own query) under
/// the scheme and authority of the URL that matched. At most ``maximumHops`` forwards, and no
/// URL twice in one chain; beyond that the answer is the error `limit_exceeded`.
public enum Forwarding {
  /// The most forwards one URL may go through.
  public static let maximumHops = 8

  /// The URL a forwarded value stands for, or nil when it is neither a URL with a scheme nor a
  /// path starting with `/`.
  public static func target(of value: String, from url: String) -> String? {
    if hasScheme(value) { return value }
    guard value.hasPrefix("/") else { return nil }
    return origin(of: url) + value
  }

  /// `scheme://authority` of a URL (`scheme:` without an authority).
  static func origin(of url: String) -> String {
    let bytes = Array(url.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return "" }
    var end = colon + 1
    if end + 1 < bytes.count, bytes[end] == UInt8(ascii: "/"), bytes[end + 1] == UInt8(ascii: "/") {
      end += 2
      while end < bytes.count, !"/?#".utf8.contains(bytes[end]) { end += 1 }
    }
    return String(decoding: bytes[..<end], as: UTF8.self)
  }

  /// Whether `text` starts with `[A-Za-z][A-Za-z0-9+.-]*:`.
  static func hasScheme(_ text: String) -> Bool {
    var first = true
    for byte in text.utf8 {
      let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
      if first {
        guard letter else { return false }
        first = false
        continue
      }
      if byte == UInt8(ascii: ":") { return true }
      guard letter || (byte >= 0x30 && byte <= 0x39) || "+.-".utf8.contains(byte) else {
        return false
      }
    }
    return false
  }

  /// Checks that each forward names a query capture of its route.
  package static func check(_ forwards: [String?], _ table: RouteTable, origin: String)
    throws(Diagnostic)
  {
    for (index, name) in forwards.enumerated() {
      guard let name else { continue }
      let pattern = table.pattern(at: index)
      guard pattern.queryItems.contains(where: { $0.name == name && $0.equals == nil }) else {
        let names = pattern.queryItems.map(\.name).filter { !$0.isEmpty }
        throw Diagnostic(
          code: .invalidRequest,
          message: "`forward` names `\(name)`, which is not a query capture of `\(pattern)`",
          hint: names.isEmpty
            ? "add the query item to the pattern, e.g. ?:\(name)"
            : "query captures of this route: " + names.map { "`\($0)`" }.joined(separator: ", "),
          origin: "\(origin), route \(index)")
      }
    }
  }
}

extension TableSet {
  /// Resolves a URL, following forwarding routes (see ``Forwarding``).
  public func resolveForwarding(_ url: String) -> ForwardedOutcome {
    var via: [ForwardHop] = []
    var seen: Set<String> = [url]
    var current = url
    while true {
      let outcome = resolveOnce(current)
      guard case .matched(let match) = outcome,
        let table = tables.first(where: { $0.name == match.table }),
        match.route < table.forwards.count, let name = table.forwards[match.route]
      else { return ForwardedOutcome(outcome: outcome, via: via, url: current) }
      via.append(
        ForwardHop(table: match.table, route: match.route, pattern: match.pattern, url: current))
      guard let value = match.params.text(name) else {
        let reason = MissReason(.missingQueryItem(keys: [name]), closeness: 0)
        return ForwardedOutcome(
          outcome: .unmatched(
            NearestRoute(
              table: match.table, route: match.route, pattern: match.pattern, reason: reason)),
          via: via, url: current)
      }
      guard let next = Forwarding.target(of: value, from: current) else {
        return ForwardedOutcome(
          outcome: .error(
            Diagnostic(
              code: .invalidURL,
              message: "`\(name)` = `\(value)` forwards to neither a URL with a scheme nor a "
                + "path starting with '/'")),
          via: via, url: current)
      }
      if via.count > Forwarding.maximumHops {
        return ForwardedOutcome(
          outcome: .error(
            Diagnostic(
              code: .limitExceeded,
              message: "more than \(Forwarding.maximumHops) forwarding hops (last: `\(next)`)")),
          via: via, url: current)
      }
      guard seen.insert(next).inserted else {
        return ForwardedOutcome(
          outcome: .error(
            Diagnostic(
              code: .limitExceeded,
              message: "forwarding loop: `\(next)` was already resolved in this chain")),
          via: via, url: current)
      }
      current = next
    }
  }
}
