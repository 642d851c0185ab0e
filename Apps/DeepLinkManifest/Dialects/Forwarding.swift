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

  /// The hop as records write it (and fixtures' `via` checks it): `table`, `route`, `pattern`,
  /// `url`.
  package var members: [(String, JSONValue)] {
    [
      ("table", .string(table)), ("route", .number(String(route))), ("pattern", .string(pattern)),
      ("url", .string(url)),
    ]
  }
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

/// Forwarding routes in manifests (`{"pattern": "mbar?:redirect_to", "forward": "redirect_to"}`);
/// the rules are `ForwardChain`'s. A chain that goes on too long or comes back to a URL is
/// the error `limit_exceeded`.
public enum Forwarding {
  /// Checks that each forward names a query capture of its route whose value can be a URL or
  /// a path (the rule of every router's forwarding, by capture name). `written` holds each
  /// route's pattern as written, which an error shows, and `origin` says where each route's
  /// `forward` key is.
  package static func check(
    _ forwards: [String?], _ table: RouteTable, written: [String], origin: (Int) -> String
  ) throws(Diagnostic) {
    for (index, name) in forwards.enumerated() {
      guard let name else { continue }
      do {
        _ = try table.pattern(at: index).forwardedCapture(
          name, byKey: false, written: index < written.count ? written[index] : nil)
      } catch {
        var diagnostic = error.diagnostic
        diagnostic.code = .invalidRequest
        diagnostic.origin = origin(index)
        throw diagnostic
      }
    }
  }

  /// Where route `index`'s `forward` key is in a table of `routes`.
  package static func routeOrigin(_ tableOrigin: String) -> (Int) -> String {
    { "\(tableOrigin), routes[\($0)].forward" }
  }
}

extension TableSet {
  /// Resolves a URL, following forwarding routes (see `ForwardChain`).
  public func resolveForwarding(_ url: String) -> ForwardedOutcome {
    var via: [ForwardHop] = []
    var chain = ForwardChain(start: url)
    while true {
      let current = chain.current
      var outcome = resolveOnce(current)
      if case .error(var diagnostic) = outcome, !via.isEmpty, diagnostic.code != .missingParams {
        // A URL a forward produced that does not parse: say so; an offset would point into it,
        // not the input. (`missing_params` keeps its exact text; `via` names the URL.)
        diagnostic.message = "the forwarded URL `\(current)`: \(diagnostic.message)"
        diagnostic.offset = nil
        outcome = .error(diagnostic)
      }
      guard case .matched(let match) = outcome,
        let table = tables.first(where: { $0.name == match.table }),
        match.route < table.forwards.count, let name = table.forwards[match.route]
      else { return ForwardedOutcome(outcome: outcome, via: via, url: current) }
      guard let value = match.params.text(name) else {
        // An optional item left out, or a one-of group that bound another alternative: no
        // hop was made (the nearest route is the forwarding route).
        let reason = MissReason(
          .forwardStopped(
            "the forwarding route binds no `\(name)` for this URL, so there is nothing to forward"),
          closeness: 0)
        let nearest = NearestRoute(
          table: match.table, route: match.route, pattern: match.pattern, reason: reason)
        return ForwardedOutcome(outcome: .unmatched(nearest), via: via, url: current)
      }
      via.append(
        ForwardHop(table: match.table, route: match.route, pattern: match.pattern, url: current))
      let step = chain.next(value: value)
      if let problem = ForwardChain.problem(step, name: name) {
        let code: ErrorCode = if case .notAURL = step { .invalidURL } else { .limitExceeded }
        return ForwardedOutcome(
          outcome: .error(Diagnostic(code: code, message: problem)), via: via, url: current)
      }
    }
  }
}
