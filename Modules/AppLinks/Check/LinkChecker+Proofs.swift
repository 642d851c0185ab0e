// Helpers of the checker. One search for a whole host where the per-route searches would
// each find nothing: a table whose routes are all reachable (what CI checks most often) is
// proved so in one search instead of two per route. When the search finds something, or runs
// out of budget, the checker falls back to its searches per route, which name what is wrong.
// (The same proof for the rules' side, one search over every rule and route, grows far faster
// than the searches per rule once rules hold wildcards that cross `/`: it is not made.)
extension LinkChecker {
  /// Whether the search proves that every URL of every route in `routes` opens the app: no
  /// string that a route takes is, under `closedView` (the rules, a rule with a condition read
  /// as the per-route search reads it), first matched by a rule that does not open, or by none.
  func everyRouteOpens(_ routes: [LazyDFA], _ rules: [OSRules.Rule], _ closedView: [LazyDFA])
    -> Bool
  {
    guard !routes.isEmpty else { return true }
    let count = routes.count
    let automata = routes + closedView
    let outcome = search.find(
      automata,
      settled: { node in
        // No route alive: no answer on from here. The first rule alive matching everything
        // that follows and opening: every string on from here opens.
        guard let first = node.first, Int(first) < count else { return true }
        guard
          let pair = stride(from: 0, to: node.count, by: 2).first(where: {
            Int(node[$0]) >= count
          })
        else { return false }
        let rule = Int(node[pair]) - count
        return rules[rule].opens && automata[Int(node[pair])].acceptsEverything(node[pair + 1])
      }
    ) { answers in
      answers[..<count].contains(true) && !Self.firstMatchOpens(rules, answers[count...])
    }
    return outcome == .none
  }

  /// Two rules can lead to one finding (a component repeated with `?` or `#` added, or the
  /// same one from `defaults`): each finding once, and unhandled links once per rule that opens.
  static func once(_ findings: [LinkFinding]) -> [LinkFinding] {
    var seen = Set<LinkFinding>()
    var rulesSeen = Set<[String]>()
    return findings.filter { finding in
      guard finding.kind == .unhandledLinks else { return seen.insert(finding).inserted }
      return rulesSeen.insert([finding.os, finding.host, finding.rule ?? ""]).inserted
    }
  }

  /// Whether a route takes a URL whatever its query: it requires, forbids and conditions no
  /// item (an optional item of the wrong type is left unbound, not refused).
  static func takesEveryQuery(_ route: WebRoute) -> Bool {
    route.queryNodes.allSatisfy { node in
      switch node {
      case .item(let item): !item.required
      case .all: true
      case .oneOf, .forbidden: false
      }
    }
  }

  /// Whether `route` is checked at `site`: at its own host, and a wildcard route also at each
  /// host an OS file names that its pattern covers (`www.example.com` under `*.example.com`).
  static func isChecked(_ route: WebRoute, at site: WebSite) -> Bool {
    route.host == site.host || !site.host.hasPrefix("*.")
  }

  /// Whether the first rule that matches (`answers`, one per rule in order) opens the app.
  static func firstMatchOpens(_ rules: [OSRules.Rule], _ answers: ArraySlice<Bool>) -> Bool {
    for (rule, matched) in zip(rules, answers) where matched { return rule.opens }
    return false
  }
}
