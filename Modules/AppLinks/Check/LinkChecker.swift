import PatternCore

/// A route that answers web links: where it is, which host it answers, and its path.
public struct WebRoute: Sendable {
  public var table: String
  public var index: Int
  public var pattern: String
  /// The host it answers (lower-cased; `*.example.com` for a wildcard source).
  public var host: String
  public var path: [PathNode]
  public var ignoringCase: Bool
  /// A query that satisfies the route's required items (`?id=1`), or "".
  public var query: String

  public init(
    table: String, index: Int, pattern: String, host: String, path: [PathNode],
    ignoringCase: Bool, query: String
  ) {
    self.table = table
    self.index = index
    self.pattern = pattern
    self.host = host
    self.path = path
    self.ignoringCase = ignoringCase
    self.query = query
  }
}

/// One problem between the routes and what an OS hands to the app.
public struct LinkFinding: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case unreachableRoute = "unreachable_route"
    case partlyReachableRoute = "partly_reachable_route"
    case unhandledLinks = "unhandled_links"
    case unverifiedHost = "unverified_host"
  }

  public var kind: Kind
  /// `ios` or `android`.
  public var os: String
  public var host: String
  /// The route, when the finding is about one.
  public var table: String?
  public var route: Int?
  public var pattern: String?
  /// The rule that decided the witness (`details[0].components[3]`, `intent-filter at line 12`),
  /// or nil when no rule matched.
  public var rule: String?
  /// A URL that shows the problem, confirmed with the OS matcher and the router.
  public var witness: String
  /// More to say (a URL of the route that does open, a value the finding depends on).
  public var note: String?

  public init(
    kind: Kind, os: String, host: String, table: String?, route: Int?, pattern: String?,
    rule: String?, witness: String, note: String?
  ) {
    self.kind = kind
    self.os = os
    self.host = host
    self.table = table
    self.route = route
    self.pattern = pattern
    self.rule = rule
    self.witness = witness
    self.note = note
  }
}

/// A comparison the checker could not finish within its search budget
/// (``ProductSearch/budget``): a finding there may be missing, so it is reported, never dropped.
public struct UnfinishedCheck: Sendable, Hashable {
  /// `ios` or `android`.
  public var os: String
  public var host: String
  /// What was being compared: a route (`route 3 `a/*` of `web``) or a rule that opens the app.
  public var subject: String
  /// What could not be decided.
  public var question: String

  public init(os: String, host: String, subject: String, question: String) {
    self.os = os
    self.host = host
    self.subject = subject
    self.question = question
  }

  /// One line for people.
  public var message: String {
    "\(os == "ios" ? "iOS" : "Android") \(host): \(subject): could not decide \(question) within "
      + "the search budget; a finding there may be missing"
  }
}

/// What the router makes of a URL, for confirming witnesses.
public protocol RouterOracle {
  /// Whether route `index` of `table` matches the URL on its own.
  func routeMatches(_ url: String, table: String, index: Int) -> Bool
  /// Whether any route answers the URL.
  func handles(_ url: String) -> Bool
}

/// One OS's side: per host, the automata of the rules in order and how they decide.
public struct OSRules: Sendable {
  /// One rule's path language and whether a match opens the app.
  public struct Rule: Sendable {
    public var name: String
    public var path: ByteNFA
    public var opens: Bool
  }

  public var os: String
  /// The rules for a host, tried in order; the first whose path matches decides.
  public var rules: @Sendable (String) -> [Rule]
  /// The exact decision for a URL.
  public var decide: @Sendable (String) -> OpenDecision
}

/// Compares routes with an OS's rules, structurally: both sides are automata over the path, and
/// a product search finds a shortest URL for each kind of problem, or proves there is none.
/// Every witness is checked with the OS matcher and the router before it is reported.
public struct LinkChecker {
  public var search = ProductSearch()

  public init() {}

  /// The findings between `routes` and one OS's rules; every comparison the search could not
  /// finish within its budget is appended to `unfinished` (a finding there may be missing).
  public func check(
    _ routes: [WebRoute], hosts extraHosts: [String], _ os: OSRules, _ router: some RouterOracle,
    unfinished: inout [UnfinishedCheck]
  ) -> [LinkFinding] {
    var findings: [LinkFinding] = []
    var hosts: [String] = []
    for host in routes.map(\.host) + extraHosts where !hosts.contains(host) { hosts.append(host) }
    for host in hosts {
      let concrete = host.hasPrefix("*.") ? "www" + host.dropFirst() : host
      let onHost = routes.filter { LinkChecker.covers($0.host, concrete) }
      let rules = os.rules(concrete)
      let ruleAutomata = rules.map { LazyDFA($0.path) }
      func opens(_ answers: ArraySlice<Bool>) -> Bool {
        for (rule, matched) in zip(rules, answers) where matched { return rule.opens }
        return false
      }
      let languages = onHost.map { RouteLanguage($0.path, ignoringCase: $0.ignoringCase) }
      let handled = languages.map { LazyDFA($0.automaton) }
      for ((route, language), routeAutomaton) in zip(zip(onHost, languages), handled)
      where route.host == host {
        let automata = [routeAutomaton] + ruleAutomata
        let open = search.find(automata, alive: [0]) { $0[0] && opens($0[1...]) }
        let closed = search.find(automata, alive: [0]) { $0[0] && !opens($0[1...]) }
        let subject = "route \(route.index) `\(route.pattern)` of `\(route.table)`"
        if closed == .budgetExceeded || open == .budgetExceeded {
          unfinished.append(
            UnfinishedCheck(
              os: os.os, host: concrete, subject: subject,
              question: closed == .budgetExceeded
                ? "whether every URL of the route opens the app"
                : "whether any URL of the route opens the app"))
        }
        guard case .found(let closedPath) = closed else { continue }
        let witness =
          "https://\(concrete)\(String(decoding: closedPath, as: UTF8.self))"
          + (route.query.isEmpty ? "" : "?" + route.query)
        let decision = os.decide(witness)
        guard !decision.opens, router.routeMatches(witness, table: route.table, index: route.index)
        else { continue }
        var finding = LinkFinding(
          kind: .unreachableRoute, os: os.os, host: concrete, table: route.table,
          route: route.index, pattern: route.pattern, rule: decision.rule, witness: witness,
          note: language.approximate
            ? "the route's typed captures make this depend on the value" : nil)
        if case .found(let openPath) = open {
          finding.kind = .partlyReachableRoute
          finding.note =
            "opens: https://\(concrete)\(String(decoding: openPath, as: UTF8.self))"
            + (language.approximate
              ? "; the route's typed captures make this depend on the value" : "")
        }
        findings.append(finding)
      }
      // Links the OS hands over that no route answers: one witness per rule that opens.
      let shapes = onHost.map {
        LazyDFA(RouteLanguage($0.path, ignoringCase: $0.ignoringCase, typed: false).automaton)
      }
      for (position, rule) in rules.enumerated() where rule.opens {
        // Rules after this one cannot change whether it is the first to match.
        let earlier = Array(ruleAutomata[...position])
        let unhandled = search.find(earlier + handled, alive: [position]) { answers in
          answers[0..<earlier.count].firstIndex(of: true) == position
            && !answers[earlier.count...].contains(true)
        }
        if unhandled == .budgetExceeded {
          unfinished.append(
            UnfinishedCheck(
              os: os.os, host: concrete, subject: "rule \(rule.name)",
              question: "whether every URL it opens the app for is handled"))
        }
        guard case .found(let path) = unhandled else { continue }
        let text = String(decoding: path, as: UTF8.self)
        let witness = "https://\(concrete)\(text)"
        let decision = os.decide(witness)
        guard decision.opens, !router.handles(witness) else { continue }
        // Where the routes' shapes would take such a link but their value types refuse it,
        // say so, with a witness of that kind.
        let typedOut = search.find(earlier + handled + shapes, alive: [position]) { answers in
          answers[0..<earlier.count].firstIndex(of: true) == position
            && !answers[earlier.count..<(earlier.count + handled.count)].contains(true)
            && answers[(earlier.count + handled.count)...].contains(true)
        }
        var note: String?
        if case .found(let valuePath) = typedOut {
          let valueText = String(decoding: valuePath, as: UTF8.self)
          if let route = zip(onHost, shapes).first(where: {
            $0.1.nfa.matches(Array(valueText.utf8))
          })?
          .0 {
            note =
              "depends on the value: https://\(concrete)\(valueText) has the shape of route "
              + "\(route.index) `\(route.pattern)` of `\(route.table)`, whose typed captures refuse it"
          }
        }
        findings.append(
          LinkFinding(
            kind: .unhandledLinks, os: os.os, host: concrete, table: nil, route: nil,
            pattern: nil, rule: decision.rule, witness: witness, note: note))
      }
    }
    return findings
  }

  /// Whether a route host (perhaps `*.example.com`) answers a concrete host.
  static func covers(_ pattern: String, _ host: String) -> Bool {
    guard pattern.hasPrefix("*.") else { return pattern == host }
    let suffix = pattern.dropFirst()
    return host.count > suffix.count && host.hasSuffix(suffix)
  }
}
