/// What one route makes of one URL.
public enum RouteVerdict: Sendable, Hashable {
  case matched(RouteMatch)
  case missed(MissReason)
}

extension RouteTable {
  /// Tries route `index` and says why it failed, if it did.
  public func explain(routeAt index: Int, _ input: RoutingInput) -> RouteVerdict {
    var layout = URLLayout()
    layout.load(input)
    return explain(routeAt: index, layout, firstIsHost: input.firstComponentIsHost)
  }

  /// ``explain(routeAt:_:)`` over the components of `layout`.
  func explain(routeAt index: Int, _ layout: URLLayout, firstIsHost: Bool) -> RouteVerdict {
    if let reason = diagnose(routeAt: index, layout, first: 0, firstIsHost: firstIsHost) {
      return .missed(reason)
    }
    if let match = match(routeAt: index, layout, first: 0, firstIsHost: firstIsHost) {
      return .matched(match)
    }
    // The diagnosis and the match run the same program; they cannot disagree.
    return .missed(
      MissReason(.urlTooShort(components: layout.componentCount, expected: []), closeness: 0))
  }

  /// Why route `index` fails on `input`; nil when it matches.
  func diagnose(routeAt index: Int, _ input: RoutingInput) -> MissReason? {
    var layout = URLLayout()
    layout.load(input)
    return diagnose(routeAt: index, layout, first: 0, firstIsHost: input.firstComponentIsHost)
  }

  /// Why route `index` fails on components `first...` of `layout`, from one backtracking run of
  /// its program; nil when it matches. (A reason's words are only written when asked for.)
  func diagnose(routeAt index: Int, _ layout: URLLayout, first: Int, firstIsHost: Bool)
    -> MissReason?
  {
    let route = routes[index]
    var tracker = FailureTracker()
    let matched = withExtendedLifetime(layout) {
      let matcher = matcher(route, layout, first: first, firstIsHost: firstIsHost)
      // A straight line has one thread: no search to set up.
      if route.program.isLinear { return matcher.runLinear(tracker: &tracker) }
      return withUnsafeMutablePointer(to: &tracker) { matcher.runBacktracking(tracker: $0) } != nil
    }
    guard matched else { return pathReason(route, layout, first: first, tracker) }
    var captures = Captures()
    let failures = withExtendedLifetime(layout) {
      trie.index.queries.bind(route: index, QueryView(layout), into: &captures)
    }
    guard let firstFailure = failures.first else { return nil }
    let satisfied = route.pattern.query.count - failures.count
    return Self.queryReason(firstFailure, closeness: MissReason.pathMatched + satisfied)
  }

  /// How many (instruction, component) states the matcher expands for route `index` on this
  /// input, and the most it could ever expand (instructions × (components + 1)). The search
  /// visits each state at most once, which is what keeps matching linear.
  package func matchWork(routeAt index: Int, _ input: RoutingInput) -> (steps: Int, bound: Int) {
    let route = routes[index]
    var layout = URLLayout()
    layout.load(input)
    var tracker = FailureTracker()
    _ = withExtendedLifetime(layout) {
      withUnsafeMutablePointer(to: &tracker) {
        matcher(route, layout, first: 0, firstIsHost: input.firstComponentIsHost)
          .runBacktracking(tracker: $0)
      }
    }
    return (tracker.steps, route.program.instructions.count * (input.components.count + 1))
  }

  /// The work of the compiled search on this input that its memo does not bound by itself:
  /// wildcard ends the lookup tries, and (node, component) pairs the nearest-miss walk visits.
  package func searchWork(_ input: RoutingInput) -> (lookup: Int, nearest: Int) {
    var lookup = RouteLookup()
    lookup.layout.load(input)
    lookup.layout.fold()
    _ = firstRoute(from: 0, firstIsHost: input.firstComponentIsHost, &lookup)
    var scratch = NearScratch()
    _ = nearestMiss(lookup.layout, firstIsHost: input.firstComponentIsHost, &scratch)
    return (lookup.scratch.state.wildcardSteps, scratch.walked)
  }

  private static func queryReason(_ failure: CompiledQueries.Failure?, closeness: Int) -> MissReason
  {
    switch failure {
    case .notEqual(let key, let value, let expected):
      MissReason(
        .queryValueNotEqual(key: key, value: value, expected: expected), closeness: closeness)
    case .forbidden(let key):
      MissReason(.forbiddenQueryItem(key: key), closeness: closeness)
    case .missing(let item, let invalid?):
      MissReason(
        .queryValueMismatch(key: item.keys[0], value: invalid, type: item.type),
        closeness: closeness)
    case .missing(let item, nil):
      MissReason(.missingQueryItem(keys: item.keys), closeness: closeness)
    case .noneOf(let items):
      MissReason(
        .noneOfQueryItems(
          keys: items.flatMap(\.keys).reduce(into: []) { keys, key in
            if !keys.contains(key) { keys.append(key) }
          }), closeness: closeness)
    case nil:
      MissReason(.handlerDeclined, closeness: closeness)
    }
  }

  /// A capture as a reason names it: as the canonical pattern writes it, except a positional
  /// one (a DeeperFunc format's `:int`, named by its position), which is written as its
  /// format does.
  private static func shown(capture name: String, _ type: ValueType) -> String {
    guard !name.isEmpty, name.allSatisfy({ ("0"..."9").contains($0) }) else {
      return CanonicalPrinter.capture(name: name, type: type)
    }
    return ":\(type)"
  }

  private func pathReason(
    _ route: CompiledRoute, _ layout: URLLayout, first: Int, _ tracker: FailureTracker
  ) -> MissReason {
    let position = tracker.furthest
    let count = layout.componentCount - first
    let instructions = route.program.instructions
    if position < count, let pc = tracker.failedInstruction {
      let component = layout.component(first + position)
      switch instructions[pc] {
      case .literal(let literal):
        // Every literal the pattern takes there (each alternative of a choice), once each.
        var expected = [route.program.text(of: literal)]
        for other in tracker.alsoFailed {
          guard case .literal(let alternative) = instructions[other] else { continue }
          let text = route.program.text(of: alternative)
          if !expected.contains(text) { expected.append(text) }
        }
        return MissReason(
          .componentMismatch(position: position, found: component, expected: expected),
          closeness: tracker.rank + 0)
      case .capture(let slot, let type):
        let shown = Self.shown(capture: route.program.slotNames[slot], type)
        return MissReason(
          .typeMismatch(position: position, found: component, capture: shown, type: type),
          closeness: tracker.rank + 2)
      default:
        break
      }
    }
    if position >= count, let pc = tracker.failedInstruction {
      // Each literal or capture the pattern takes next, once each (`b` or `c` for `a/(b)/c`).
      var expected: [String] = []
      for failed in [pc] + tracker.alsoFailed {
        let text: String
        switch instructions[failed] {
        case .literal(let literal): text = route.program.text(of: literal)
        case .capture(let slot, let type):
          text = Self.shown(capture: route.program.slotNames[slot], type)
        default: continue
        }
        if !expected.contains(text) { expected.append(text) }
      }
      return MissReason(
        .urlTooShort(components: count, expected: expected), closeness: tracker.rank + 1)
    }
    let extra = position < count ? layout.component(first + position) : ""
    return MissReason(.urlTooLong(position: position, found: extra), closeness: tracker.rank + 1)
  }
}

extension FailureTracker {
  /// Literal matches outrank position, which outranks the kind of failure (0-3).
  var rank: Int { max(literals, 0) * 4096 + furthest * 4 }
}

extension RouteTable {
  /// Every route's verdict for a URL from a source the routes do not answer (as
  /// ``nearestMiss(_:fromSource:expected:eligible:)`` takes it): each misses because of the
  /// source, with why its path fails too (nothing when the path matches).
  public func explainAll(_ input: RoutingInput, fromSource source: String, expected: [String])
    -> [RouteVerdict]
  {
    (0..<count).map { index in
      let then: MissReason.Cause? =
        switch explain(routeAt: index, input) {
        case .matched: nil
        case .missed(let reason): reason.cause
        }
      return .missed(
        MissReason(
          .unknownSource(found: source, expected: expected, then: then),
          closeness: then == nil
            ? MissReason.foreignSourcePathMatched : MissReason.foreignSourcePathFails))
    }
  }

  /// The nearest route for a URL that comes from a source the routes do not answer (another
  /// scheme or host): routes are ranked by their path, so a route that differs only by its
  /// source comes first, and the reason names the source.
  /// - Parameters:
  ///   - input: the URL's components as the routes would see them.
  ///   - source: the URL's source as written (`foo`, `https://other.example`).
  ///   - expected: the sources the routes answer, as written.
  ///   - eligible: the routes to consider (all of them when nil).
  public func nearestMiss(
    _ input: RoutingInput, fromSource source: String, expected: [String],
    eligible: Set<Int>? = nil
  ) -> (routeIndex: Int, reason: MissReason)? {
    guard !routes.isEmpty else { return nil }
    if let match = matches(input).first(where: { eligible?.contains($0.routeIndex) ?? true }) {
      return (
        match.routeIndex,
        MissReason(
          .unknownSource(found: source, expected: expected, then: nil),
          closeness: MissReason.foreignSourcePathMatched)
      )
    }
    let best = nearestMiss(input, among: eligible.map { set in { set.contains($0) } })
    guard let (index, reason) = best else { return nil }
    return (
      index,
      MissReason(
        .unknownSource(found: source, expected: expected, then: reason.cause),
        closeness: MissReason.foreignSourcePathFails)
    )
  }
}
