import Foundation
import PatternCore

/// Compares routes with an OS's rules, structurally: both sides are automata over the path, and
/// a product search finds a shortest URL for each kind of problem, or proves there is none.
/// Every witness is checked with the OS matcher and the router before it is reported.
public struct LinkChecker {
  public var search = ProductSearch()

  public init() {}

  /// The findings between `routes` and one OS's rules; every comparison the search could not
  /// finish within its budget is appended to `unfinished` (a finding there may be missing).
  public func check(
    _ routes: [WebRoute], sites extraSites: [WebSite], _ os: OSRules,
    _ router: some RouterOracle, unfinished: inout [UnfinishedCheck]
  ) -> [LinkFinding] {
    var findings: [LinkFinding] = []
    var sites: [WebSite] = []
    for site in routes.map(\.site) + extraSites where !sites.contains(site) { sites.append(site) }
    for site in sites {
      // A wildcard's own example is a host no other entry checks: one the OS files name
      // (`www.example.com` in a filter) is checked on its own, and the rest may differ from it.
      let concrete = HostPattern.example(
        of: site.host,
        avoiding: sites.filter { $0.scheme == site.scheme && $0.port == site.port }.map(\.host))
      let origin = site.origin(concrete)
      let onHost = routes.filter {
        $0.scheme == site.scheme && $0.port == site.port && LinkChecker.covers($0.host, concrete)
      }
      var here = site
      here.host = concrete
      let rules = os.rules(here)
      let ruleAutomata = rules.map { LazyDFA($0.path) }
      let nothing = LazyDFA(.nothing)
      // A rule with a condition on the query or fragment matches some URLs of its paths and
      // not others: each search reads such a rule as matching where `reading` says so (the
      // query can be chosen so), and as not matching elsewhere.
      func view(reading conditional: (OSRules.Rule) -> Bool) -> [LazyDFA] {
        zip(rules, ruleAutomata).map {
          $0.condition == nil || conditional($0) ? $1 : nothing
        }
      }
      // To find a URL that opens: an opening rule matches, an excluding one does not; to find
      // one that does not open, the other way round.
      let openView = view { $0.opens }
      let closedView = view { !$0.opens }
      func opens(_ answers: ArraySlice<Bool>) -> Bool { Self.firstMatchOpens(rules, answers) }
      /// The first rule of `view` that matches `path`.
      func firstRule(_ path: [UInt8], _ view: [LazyDFA]) -> OSRules.Rule? {
        zip(rules, view).first { $1.nfa.matches(path) }?.0
      }
      /// The URL of `path` with `query` and the condition of `rule`.
      func url(_ path: [UInt8], _ query: String, _ rule: OSRules.Rule?) -> String {
        Self.url(origin: origin, path: os.pathText(path), query: query, condition: rule?.condition)
      }
      /// The URLs of `route` that may have `path`: as ``url(_:_:_:)`` writes it, then, where
      /// the system reads the decoded path, with each literal of the route that holds a `/`
      /// written as the one component it is (`/x%2Fy`, read as `/x/y`).
      func routeURLs(_ path: [UInt8], _ query: String, _ rule: OSRules.Rule?, _ route: WebRoute)
        -> [String]
      {
        var paths = [os.pathText(path)]
        if os.decodedPaths {
          for literal in route.slashLiterals {
            let read = os.pathText(Array(literal.utf8))
            let written = URLPrinterBridge.encodedComponent(literal)
            for text in paths where text.contains(read) {
              paths.append(text.replacingOccurrences(of: read, with: written))
            }
          }
        }
        return paths.map {
          Self.url(origin: origin, path: $0, query: query, condition: rule?.condition)
        }
      }
      let languages = onHost.map {
        RouteLanguage($0.path, ignoringCase: $0.ignoringCase, decoded: os.decodedPaths)
      }
      let routeAutomata = languages.map { LazyDFA($0.automaton) }
      // The paths the routes take as a printed witness writes them: a literal that holds a `/`
      // (written `%2F`) takes none of the decoded paths printed with that `/` as a separator.
      let handled =
        os.decodedPaths && onHost.contains(where: { !$0.slashLiterals.isEmpty })
        ? onHost.map {
          LazyDFA(
            RouteLanguage(
              $0.path, ignoringCase: $0.ignoringCase, decoded: true, slashLiterals: false
            ).automaton)
        } : routeAutomata
      // Each route checked here; when one search proves them all reachable, none is alone.
      let checked = onHost.indices.filter { Self.isChecked(onHost[$0], at: site) }
      let allOpen = everyRouteOpens(checked.map { routeAutomata[$0] }, rules, closedView)
      for (position, ((route, language), routeAutomaton)) in zip(
        zip(onHost, languages), routeAutomata
      ).enumerated() where !allOpen && Self.isChecked(route, at: site) {
        // An opening rule whose condition no URL of this route meets (it needs an item the
        // route forbids, or a value the route's condition rules out) opens none of them.
        let routeOpenView = zip(rules, openView).map { rule, automaton in
          rule.opens && Self.neverMeets(route, rule) ? nothing : automaton
        }
        // The URLs an earlier route takes whatever their query and values go to that route:
        // they are none of this route's (the searches below leave them out).
        let shadows = (0..<position).filter {
          !languages[$0].approximate && Self.takesEveryQuery(onHost[$0])
        }.map { routeAutomata[$0] }
        /// Whether every string on from `node` (route first, then the rules) opens the app
        /// (`opening`) or none does: the first rule still alive matches whatever follows, and
        /// earlier rules can match nothing more.
        func settled(_ node: [Int32], _ automata: [LazyDFA], opening: Bool) -> Bool {
          guard let pair = stride(from: 0, to: node.count, by: 2).first(where: { node[$0] > 0 }),
            Int(node[pair]) <= rules.count
          else { return false }
          let rule = Int(node[pair])
          return rules[rule - 1].opens == opening
            && automata[rule].acceptsEverything(node[pair + 1])
        }
        let openAutomata = [routeAutomaton] + routeOpenView + shadows
        let open = search.find(
          openAutomata, alive: [0], settled: { settled($0, openAutomata, opening: false) }
        ) {
          $0[0] && opens($0[1...]) && !$0[(1 + rules.count)...].contains(true)
        }
        let closedAutomata = [routeAutomaton] + closedView + shadows
        let closed = search.find(
          closedAutomata, alive: [0], settled: { settled($0, closedAutomata, opening: true) }
        ) {
          $0[0] && !opens($0[1...]) && !$0[(1 + rules.count)...].contains(true)
        }
        let subject = "route \(route.index) `\(route.pattern)` of `\(route.table)`"
        if closed == .budgetExceeded || open == .budgetExceeded {
          unfinished.append(
            UnfinishedCheck(
              os: os.os, host: concrete, subject: subject,
              question: closed == .budgetExceeded
                ? "whether every URL of the route opens the app"
                : "whether any URL of the route opens the app"))
        }
        // The route's query, or another one when a rule's condition takes that one. A path
        // whose URLs all open after all (a condition no query fails: `"?": {"q": "*"}`) is
        // left out, and the search goes on (`/search/` after `/search`), a few times.
        func closedWitness(_ path: [UInt8]) -> (String, OpenDecision)? {
          let rule = firstRule(path, closedView)
          // With the rule's query and fragment, then, for a rule that asks for any, without
          // them: an excluding rule's item that the route forbids leaves the URL to no rule.
          let queries = [route.query] + route.otherQueries
          let witnesses = (rule?.condition == nil ? [rule] : [rule, nil]).lazy.flatMap { rule in
            queries.lazy.flatMap { routeURLs(path, $0, rule, route) }
          }
          return witnesses.map({ ($0, os.decide($0)) }).first(where: { witness, decision in
            !decision.opens
              && router.routeMatches(witness, table: route.table, index: route.index)
          })
        }
        var found: (String, OpenDecision)?
        var tried: [LazyDFA] = []
        var next = closed
        while case .found(let path) = next, tried.count < Self.candidates {
          found = closedWitness(path)
          if found != nil { break }
          tried.append(LazyDFA(.literal(path)))
          let automata = [routeAutomaton] + closedView + shadows + tried
          next = search.find(
            automata, alive: [0], settled: { settled($0, automata, opening: true) }
          ) {
            $0[0] && !opens($0[1...]) && !$0[(1 + rules.count)...].contains(true)
          }
        }
        guard let (witness, decision) = found else { continue }
        // No URL of the route opens: whatever its values, so no note on them (the automaton
        // of a typed route holds every URL of the route, and perhaps more).
        var finding = LinkFinding(
          kind: .unreachableRoute, os: os.os, host: concrete, table: route.table,
          route: route.index, pattern: route.pattern, rule: decision.rule, witness: witness,
          note: nil)
        if case .found(let openPath) = open {
          finding.kind = .partlyReachableRoute
          let first = firstRule(openPath, routeOpenView)
          // The route's queries in turn, with what the rule asks for: the first URL both
          // sides confirm.
          // Then the route's own queries as they are, which may meet the rule already
          // (`?a=1` for `"a": "?"` under `:int(a)`, where the rule's shortest `a=a` is refused).
          let queries = [route.query] + route.otherQueries
          let openings =
            queries.flatMap { routeURLs(openPath, $0, first, route) }
            + (first?.condition == nil
              ? [] : queries.flatMap { routeURLs(openPath, $0, nil, route) })
          let confirmed = openings.first {
            os.decide($0).opens && router.routeMatches($0, table: route.table, index: route.index)
          }
          finding.note =
            confirmed != nil || first?.condition == nil
            ? "opens: \(confirmed ?? openings[0])"
            : "whether a URL of the route opens depends on its query or fragment: rule "
              + "\(first?.name ?? "") opens "
              + "\(origin)\(os.pathText(openPath)) for some"
          if language.approximate {
            finding.note! += "; the route's typed captures make this depend on the value"
          }
        }
        findings.append(finding)
      }
      // Links the OS hands over that no route answers: one witness per rule that opens.
      let shapes = onHost.map {
        LazyDFA(
          RouteLanguage(
            $0.path, ignoringCase: $0.ignoringCase, typed: false, decoded: os.decodedPaths,
            slashLiterals: false
          ).automaton)
      }
      let emptyComponent = Self.emptyComponent
      // A system that reads the decoded path (Android) takes any bytes; one that reads the path
      // as written (iOS), paths as links carry them. A link's path starts with `/` (or is
      // empty, which iOS reads as `/`).
      let written =
        os.decodedPaths
        ? LazyDFA(
          .union([.empty, ByteNFA.literal("/".utf8).then(ByteNFA.byte(.all).star)]))
        : Self.writtenPath
      // A shortest path of each route (nil for none), on which the router is asked whether
      // the route takes a query.
      let samples = routeAutomata.map { automaton -> [UInt8]? in
        guard case .found(let path) = search.find([automaton], alive: [0], where: { $0[0] })
        else { return nil }
        return path
      }
      // Queries some route refuses whatever its path (`debug=x` under `!debug`).
      var refused: [String] = []
      for query in onHost.flatMap(\.refusedQueries) where !refused.contains(query) {
        refused.append(query)
      }
      /// The rule with each suffix that satisfies its condition in turn (the shortest, then
      /// each item with another value).
      func variants(_ rule: OSRules.Rule) -> [OSRules.Rule] {
        [rule]
          + rule.otherConditions.map { condition in
            var variant = rule
            variant.condition = condition
            return variant
          }
      }
      /// The first of `witnesses` that `rule` itself opens (an earlier rule that takes it would
      /// answer for it) and no route handles.
      func unhandled(_ witnesses: [String], _ rule: OSRules.Rule) -> (String, OpenDecision)? {
        for witness in witnesses {
          let decision = os.decide(witness)
          if decision.opens, decision.rule == rule.name, !router.handles(witness) {
            return (witness, decision)
          }
        }
        return nil
      }
      /// The URLs of `path` with `query` and what each of `rules` (one rule, perhaps in several
      /// variants) asks of the query and fragment, then, for a rule that asks anything, without
      /// it (a rule that reads an absent item as empty opens that too).
      func suffixed(_ path: [UInt8], _ query: String, _ rules: [OSRules.Rule]) -> [String] {
        rules.map { url(path, query, $0) }
          + (rules[0].condition == nil ? [] : [url(path, query, nil)])
      }
      /// A URL of `path` that `rule` opens and no route handles: with no query or one a route
      /// refuses, each with the rule's query and fragment (each way it has), or without them.
      func unhandledWitness(_ path: [UInt8], _ rule: OSRules.Rule) -> (String, OpenDecision)? {
        for query in [""] + refused {
          if let found = unhandled(suffixed(path, query, variants(rule)), rule) { return found }
        }
        return nil
      }
      for (position, rule) in rules.enumerated() where rule.opens {
        // Rules after this one cannot change whether it is the first to match; an earlier
        // rule with a condition is read as not matching (the witness's query is this rule's).
        let earlier = Array(view { _ in false }[..<position]) + [ruleAutomata[position]]
        // A path with an empty component (`/orders//42`) or a byte a URL path does not hold as
        // it is is left out: the router drops empty components and decodes escapes, which the
        // routes' automata do not model, so it may handle such a path after all. A candidate
        // the router handles anyway is left out too, and the search goes on (a few times).
        var excluded = [emptyComponent]
        /// The shortest link this rule opens (the first rule to match it) whose path none of
        /// `taken` takes.
        func openedPath(takenBy taken: [LazyDFA]) -> ProductSearch.Outcome {
          search.find(
            [written] + earlier + taken, alive: [0, position + 1],
            rejecting: Array(1..<position + 1)
              + Array((position + 2)...(earlier.count + taken.count))
          ) { answers in
            answers[0] && answers[1...earlier.count].firstIndex(of: true) == position + 1
              && !answers[(earlier.count + 1)...].contains(true)
          }
        }
        var confirmed: (witness: String, decision: OpenDecision)?
        // Whether the search proved that every link the rule opens with no query has a path
        // some route takes (it found none).
        var everyPathTaken = false
        for _ in 0..<Self.candidates {
          let unhandled = openedPath(takenBy: handled + excluded)
          if unhandled == .budgetExceeded {
            unfinished.append(
              UnfinishedCheck(
                os: os.os, host: concrete, subject: "rule \(rule.name)",
                question: "whether every URL it opens the app for is handled"))
          }
          guard case .found(let path) = unhandled else {
            everyPathTaken = unhandled == .none
            break
          }
          if let hit = unhandledWitness(path, rule) {
            confirmed = hit
            break
          }
          excluded.append(LazyDFA(.literal(path)))
        }
        if confirmed == nil, excluded.count == Self.candidates + 1 {
          unfinished.append(
            UnfinishedCheck(
              os: os.os, host: concrete, subject: "rule \(rule.name)",
              question: "whether every URL it opens the app for is handled (the first "
                + "\(Self.candidates) candidates were handled after all)"))
        }
        // A rule can hand over links whose paths routes take but whose queries they refuse
        // (`/s`, or `/s?ref=1` for a rule that asks for it, under a route that needs `q`;
        // `/a/a/a?q=x` under `/*?!q` and `/:a/:b?:q`): for each query in turn (none, then each
        // one some route refuses, with the rule's own items), the routes that take it (asked of
        // the router on a URL of each), and the shortest path the rule opens that none of them
        // takes.
        for query in [""] + refused {
          for variant in variants(rule) where confirmed == nil {
            confirmed = unhandledOnRoutes(query, variant)
          }
        }
        /// A link `rule` opens with `query` (and its own items) whose path no route that takes
        /// that query takes.
        func unhandledOnRoutes(_ query: String, _ rule: OSRules.Rule) -> (String, OpenDecision)? {
          let taking = onHost.indices.filter { index in
            guard let sample = samples[index] else { return true }
            let probe = url(sample, query, rule)
            return router.routeMatches(
              probe, table: onHost[index].table, index: onHost[index].index)
          }
          // With every route taking the query, the search below is the one above (which
          // proved there is no such path), but for the paths it set aside as handled.
          if everyPathTaken, taking.count == onHost.count { return nil }
          let found = openedPath(takenBy: taking.map { handled[$0] } + [emptyComponent])
          guard case .found(let path) = found else { return nil }
          return unhandled(suffixed(path, query, [rule]), rule)
        }
        guard var (witness, decision) = confirmed else { continue }
        /// Where a link's path has the shape of a route whose value types refuse it, what a
        /// note says of it.
        func typedOut(_ path: [UInt8]) -> String? {
          guard
            let route = onHost.indices.first(where: {
              shapes[$0].nfa.matches(path) && !handled[$0].nfa.matches(path)
            }).map({ onHost[$0] })
          else { return nil }
          return "\(origin)\(os.pathText(path)) has the shape of route \(route.index) "
            + "`\(route.pattern)` of `\(route.table)`, whose typed captures refuse it"
        }
        var note: String?
        if let typed = typedOut(
          Self.pathBytes(of: witness, after: origin, decoded: os.decodedPaths))
        {
          note = "depends on the value: " + typed
          // A link whose path has no route's shape shows a gap whatever the values
          // (`/item/1/a` beside `/item/a` under `/item/:int(id)`): it is the witness then.
          if case .found(let path) = openedPath(takenBy: shapes + [emptyComponent]),
            let hit = unhandledWitness(path, rule)
          {
            (witness, decision) = hit
            note = "it also opens links that depend on the value: " + typed
          }
        }
        if note == nil, let (route, taken) = Self.typedQueryRoute(witness, onHost, router) {
          note =
            "depends on the value: \(taken) is handled by route \(route.index) `\(route.pattern)` "
            + "of `\(route.table)`, whose typed query items refuse the values of \(witness)"
        }
        if note == nil {
          // The rule may also hand over other links that only the routes' value types refuse
          // (`/products/a` beside `/orders/a/a`): the note names one.
          let valueOnly = search.find(
            earlier + handled + shapes, alive: [position],
            rejecting: Array(0..<position) + Array((position + 1)..<(earlier.count + handled.count))
          ) { answers in
            answers[0..<earlier.count].firstIndex(of: true) == position
              && !answers[earlier.count..<(earlier.count + handled.count)].contains(true)
              && answers[(earlier.count + handled.count)...].contains(true)
          }
          if case .found(let valuePath) = valueOnly, let text = typedOut(valuePath) {
            note = "it also opens links that depend on the value: " + text
          }
        }
        findings.append(
          LinkFinding(
            kind: .unhandledLinks, os: os.os, host: concrete, table: nil, route: nil,
            pattern: nil, rule: decision.rule, witness: witness, note: note))
      }
    }
    return Self.once(findings)
  }
}
