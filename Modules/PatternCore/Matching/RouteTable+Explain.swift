/// Why a route did not match a URL, in words, with the place it failed.
public struct MissReason: Sendable, Hashable, CustomStringConvertible {
  /// One sentence saying what failed.
  public var message: String
  /// The 0-based index of the component that failed, if the path failed there.
  public var componentIndex: Int?
  /// The query key that failed, if the query failed.
  public var queryKey: String?
  /// How close the route came (higher is nearer); used to pick the nearest route.
  public var closeness: Int

  public var description: String { message }

  /// The reason for a URL of another scheme: it ranks below every real attempt.
  public static func schemeMismatch(found: String, expected: String) -> MissReason {
    MissReason(
      message: found.isEmpty
        ? "the URL has no scheme (a relative reference); routes answer `\(expected):`"
        : "scheme `\(found)` is not `\(expected)`",
      closeness: -1)
  }

  /// Creates a reason.
  public init(
    message: String, componentIndex: Int? = nil, queryKey: String? = nil, closeness: Int = 0
  ) {
    self.message = message
    self.componentIndex = componentIndex
    self.queryKey = queryKey
    self.closeness = closeness
  }
}

/// What one route makes of one URL.
public enum RouteVerdict: Sendable, Hashable {
  case matched(RouteMatch)
  case missed(MissReason)
}

extension RouteTable {
  /// Tries route `index` and says why it failed, if it did.
  public func explain(routeAt index: Int, _ input: RoutingInput) -> RouteVerdict {
    if let match = match(routeAt: index, input) { return .matched(match) }
    let route = routes[index]
    var tracker = FailureTracker()
    let slots = withUnsafeMutablePointer(to: &tracker) {
      matcher(route, input).runBacktracking(tracker: $0)
    }
    if slots != nil {
      var captures = Captures()
      let failures = QueryMatcher(
        nodes: route.pattern.query, keysIgnoreCase: options.queryKeysIgnoreCase
      ).bind(input.query, into: &captures)
      let satisfied = route.pattern.query.count - failures.count
      return .missed(Self.queryReason(failures.first, closeness: (1 << 40) + satisfied))
    }
    return .missed(pathReason(route, input, tracker))
  }

  /// The closeness ``explain(routeAt:_:)`` would report for route `index`, without writing its
  /// message; nil when the route matches.
  func closeness(routeAt index: Int, _ input: RoutingInput) -> Int? {
    let route = routes[index]
    var tracker = FailureTracker()
    let slots = withUnsafeMutablePointer(to: &tracker) {
      matcher(route, input).runBacktracking(tracker: $0)
    }
    if slots != nil {
      var captures = Captures()
      let failures = QueryMatcher(
        nodes: route.pattern.query, keysIgnoreCase: options.queryKeysIgnoreCase
      ).bind(input.query, into: &captures)
      if failures.isEmpty { return nil }
      return (1 << 40) + route.pattern.query.count - failures.count
    }
    // As `pathReason`: the first consuming instruction that failed at the furthest point.
    let instructions = route.program.instructions
    if tracker.furthest < input.components.count {
      for pc in tracker.failures {
        switch instructions[pc] {
        case .match: continue
        case .literal: return tracker.rank + 0
        case .capture: return tracker.rank + 2
        default: return tracker.rank + 1
        }
      }
    }
    return tracker.rank + 1
  }

  /// How many (instruction, component) states the matcher expands for route `index` on this
  /// input, and the most it could ever expand (instructions × (components + 1)). The search
  /// visits each state at most once, which is what keeps matching linear.
  package func matchWork(routeAt index: Int, _ input: RoutingInput) -> (steps: Int, bound: Int) {
    let route = routes[index]
    var tracker = FailureTracker()
    _ = withUnsafeMutablePointer(to: &tracker) {
      matcher(route, input).runBacktracking(tracker: $0)
    }
    return (tracker.steps, route.program.instructions.count * (input.components.count + 1))
  }

  private static func queryReason(_ failure: QueryMatcher.Failure?, closeness: Int) -> MissReason {
    switch failure {
    case .missing(let item, let invalid?):
      return MissReason(
        message:
          "query item `\(item.keys[0])` has the value `\(invalid)`, which is not \(article(item.type))",
        queryKey: item.keys[0], closeness: closeness)
    case .missing(let item, nil):
      let keys = item.keys.map { "`\($0)`" }.joined(separator: " or ")
      return MissReason(
        message: "missing required query item \(keys)", queryKey: item.keys[0],
        closeness: closeness)
    case .noneOf(let items):
      let keys = items.flatMap(\.keys).map { "`\($0)`" }.joined(separator: ", ")
      return MissReason(
        message: "none of the query items \(keys) is present", queryKey: items.first?.keys.first,
        closeness: closeness)
    case nil:
      return MissReason(message: "the handler declined", closeness: closeness)
    }
  }

  private func pathReason(_ route: CompiledRoute, _ input: RoutingInput, _ tracker: FailureTracker)
    -> MissReason
  {
    let position = tracker.furthest
    let components = input.components
    let instructions = route.program.instructions
    let consuming = tracker.failures.filter {
      if case .match = instructions[$0] { false } else { true }
    }
    if position < components.count, let pc = consuming.first {
      let component = components[position]
      switch instructions[pc] {
      case .literal(let text, _):
        return MissReason(
          message: "component \(position + 1) is `\(component)`, the pattern expects `\(text)`",
          componentIndex: position, closeness: tracker.rank + 0)
      case .capture(let slot, let type):
        let shown = CanonicalPrinter.capture(
          name: route.program.slotNames[slot], type: type)
        return MissReason(
          message: "component \(position + 1) `\(component)` is not \(Self.article(type)), "
            + "as `\(shown)` requires",
          componentIndex: position, closeness: tracker.rank + 2)
      default:
        break
      }
    }
    if position >= components.count, let pc = consuming.first {
      let expected: String
      switch instructions[pc] {
      case .literal(let text, _): expected = "`\(text)`"
      case .capture(let slot, let type):
        expected =
          "`" + CanonicalPrinter.capture(name: route.program.slotNames[slot], type: type)
          + "`"
      default: expected = "another component"
      }
      let count = components.count
      return MissReason(
        message: "the URL ends after \(count) component\(count == 1 ? "" : "s"); "
          + "the pattern expects \(expected) next",
        componentIndex: nil, closeness: tracker.rank + 1)
    }
    let extra = position < components.count ? components[position] : ""
    return MissReason(
      message: "component \(position + 1) `\(extra)` is extra; the pattern ends before it",
      componentIndex: position, closeness: tracker.rank + 1)
  }

  static func article(_ type: ValueType) -> String {
    switch type {
    case .int: "an int"
    case .double: "a number"
    case .bool: "a bool"
    case .string: "a string"
    case .list(let element): "a list of \(element)"
    }
  }
}

extension FailureTracker {
  /// Literal matches outrank position, which outranks the kind of failure (0-3).
  var rank: Int { max(literals, 0) * 4096 + furthest * 4 }
}

extension RouteTable {
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
    let known = expected.map { "`\($0)`" }.joined(separator: ", ")
    let from =
      source.isEmpty
      ? "the URL has no scheme (a relative reference), which" : "source `\(source)`"
    let candidates = eligible.map { Array($0).sorted() } ?? Array(0..<count)
    if let match = matches(input).first(where: { candidates.contains($0.routeIndex) }) {
      return (
        match.routeIndex,
        MissReason(
          message: "the path matches, but \(from) is not a source of this router (sources: "
            + "\(known))", closeness: Int.max - 1)
      )
    }
    var best: (Int, MissReason)?
    for index in candidates {
      guard case .missed(let reason) = explain(routeAt: index, input) else { continue }
      if best == nil || reason.closeness > best!.1.closeness { best = (index, reason) }
    }
    guard let (index, reason) = best else { return nil }
    return (
      index,
      MissReason(
        message: "\(from) is not a source of this router (sources: \(known)); "
          + "and \(reason.message)", closeness: -1)
    )
  }
}
