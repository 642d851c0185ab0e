/// A route as the analysis sees it.
public struct AnalyzedRoute: Sendable, Hashable {
  /// The pattern.
  public var pattern: RoutePattern
  /// The pattern as the user wrote it (shown in messages).
  public var text: String
  /// Whether the route's handler may decline (then it shadows nothing).
  public var mayDecline: Bool
  /// The sources (schemes, origins) the route answers, or nil for every source of its table: a
  /// route shadows or duplicates only routes whose every source it answers.
  public var sources: Set<String>?

  /// Creates an analyzed route.
  public init(
    pattern: RoutePattern, text: String? = nil, mayDecline: Bool = false,
    sources: Set<String>? = nil
  ) {
    self.pattern = pattern
    self.text = text ?? pattern.description
    self.mayDecline = mayDecline
    self.sources = sources
  }

  /// Whether this route answers every source `other` answers.
  func answersEverySource(of other: AnalyzedRoute) -> Bool {
    guard let sources else { return true }
    return other.sources?.isSubset(of: sources) ?? false
  }

  /// Whether the route takes the URLs of every source of `other`, a host wildcard origin
  /// (`https://*.example.com`) taking those of the origins it answers (`https://a.example.com`).
  func coversEverySource(of other: AnalyzedRoute) -> Bool {
    guard let sources else { return true }
    guard let theirs = other.sources else { return false }
    return theirs.allSatisfy { source in sources.contains { Self.origin($0, covers: source) } }
  }

  /// Whether the source `outer` answers every URL of the source `inner`.
  static func origin(_ outer: String, covers inner: String) -> Bool {
    if outer == inner { return true }
    guard let outerSplit = outer.range(of: "://"), let innerSplit = inner.range(of: "://"),
      outer[..<outerSplit.lowerBound] == inner[..<innerSplit.lowerBound]
    else { return false }
    func hostAndPort(_ authority: Substring) -> (Substring, Substring) {
      let host = authority.prefix { $0 != ":" && $0 != "/" }
      return (host, authority.dropFirst(host.count))
    }
    let (outerHost, outerPort) = hostAndPort(outer[outerSplit.upperBound...])
    let (innerHost, innerPort) = hostAndPort(inner[innerSplit.upperBound...])
    return outerPort == innerPort && HostPattern.host(innerHost, matches: outerHost)
  }
}

/// A problem in a route table that is legal but almost certainly a mistake.
public struct AnalysisWarning: Sendable, Hashable, CustomStringConvertible {
  /// The kinds of problems the analysis finds.
  public enum Kind: String, Sendable, Hashable {
    /// Identical to an earlier route up to capture names.
    case duplicateRoute = "duplicate_route"
    /// Every URL it matches is taken by an earlier route that never declines.
    case shadowedRoute = "shadowed_route"
    /// The same capture name twice on one path through the pattern.
    case duplicateCaptureName = "duplicate_capture_name"
    /// A choice alternative covered by the alternatives before it.
    case unreachableAlternative = "unreachable_alternative"
    /// Its query conditions contradict each other (`?!k&k=1`): no URL matches it.
    case neverMatches = "never_matches"
  }

  /// What kind of problem.
  public var kind: Kind
  /// The route with the problem.
  public var routeIndex: Int
  /// The earlier route involved, if any.
  public var otherRouteIndex: Int?
  /// The sentence that names both patterns.
  public var message: String

  public var description: String { "warning: " + message }
}

/// Finds routes that can never win, duplicate capture names and unreachable alternatives.
public enum RouteTableAnalysis {
  /// Analyzes routes in registration order.
  /// - Parameters:
  ///   - routes: the routes, in registration order.
  ///   - options: the table's comparison options (case rules change what overlaps).
  public static func analyze(_ routes: [AnalyzedRoute], options: MatchOptions = MatchOptions())
    -> [AnalysisWarning]
  {
    // Ordinary tables use a small part of this; a route with dozens of alternatives full of
    // wildcards would otherwise take seconds (see PathInclusion).
    let inclusion = PathInclusion(
      ignoreCase: options.literalsIgnoreCase,
      budget: PathInclusion.Budget(100_000 * max(routes.count, 1)))
    let programs = routes.map { PathProgram($0.pattern.path) }
    let anonymized = routes.map { $0.pattern.identity(options: options, foldingFirst: false) }
    // The routes so far by identity, and by the literals their paths can start with (those
    // that can start with anything apart): a route is compared only with earlier routes that
    // can start as it does, so a table of thousands of routes is analyzed in about linear time.
    let firsts = routes.map { FirstComponents.of($0.pattern.path) }
    var byIdentity: [RoutePattern: [Int]] = [:]
    var byFirst: [String: [Int]] = [:]
    var startingAnyhow: [Int] = []
    func register(_ index: Int) {
      byIdentity[anonymized[index], default: []].append(index)
      if let first = firsts[index] {
        for literal in first { byFirst[literal, default: []].append(index) }
      } else {
        startingAnyhow.append(index)
      }
    }
    /// The earlier routes, in order, that can start with every component route `index` can.
    func candidates(_ index: Int) -> [Int] {
      guard let first = firsts[index], let probe = first.first else { return Array(0..<index) }
      let merged = (startingAnyhow + (byFirst[probe] ?? [])).sorted()
      return merged.filter { earlier in firsts[earlier].map { first.isSubset(of: $0) } ?? true }
    }
    var warnings: [AnalysisWarning] = []
    for (index, route) in routes.enumerated() {
      defer { register(index) }
      for name in duplicateNames(route.pattern) {
        warnings.append(
          AnalysisWarning(
            kind: .duplicateCaptureName, routeIndex: index,
            message: "route \(index) `\(route.text)` binds `\(name)` more than once"))
      }
      if let key = selfContradiction(route.pattern.query, options) {
        warnings.append(
          AnalysisWarning(
            kind: .neverMatches, routeIndex: index,
            message: "route \(index) `\(route.text)` can never match: it needs query item "
              + "`\(key)` and forbids it"))
      }
      for (position, alternative) in unreachableAlternatives(route.pattern.path, inclusion)
        + unreachableQueryAlternatives(route.pattern.query, options)
      {
        warnings.append(
          AnalysisWarning(
            kind: .unreachableAlternative, routeIndex: index,
            message: "route \(index) `\(route.text)`: alternative `\(alternative)` can never "
              + "bind; alternative \(position) is covered by the ones before it"))
      }
      // Only an earlier route that answers every source of this one can take its URLs.
      if let earlier = byIdentity[anonymized[index]]?.first(where: {
        routes[$0].answersEverySource(of: route)
      }) {
        warnings.append(
          AnalysisWarning(
            kind: .duplicateRoute, routeIndex: index, otherRouteIndex: earlier,
            message: "route \(index) `\(route.text)` duplicates route \(earlier) "
              + "`\(routes[earlier].text)` (identical up to capture names)"
              + (routes[earlier].mayDecline ? "" : "; it can never win")))
        continue
      }
      let shadowing = candidates(index).first { earlier in
        routes[earlier].coversEverySource(of: route) && !routes[earlier].mayDecline
          && queryIncluded(
            outer: routes[earlier].pattern.query, inner: route.pattern.query, options)
          && inclusion.includes(outer: programs[earlier], inner: programs[index])
      }
      if let earlier = shadowing {
        warnings.append(
          AnalysisWarning(
            kind: .shadowedRoute, routeIndex: index, otherRouteIndex: earlier,
            message: "route \(index) `\(route.text)` is shadowed by route \(earlier) "
              + "`\(routes[earlier].text)`: every URL it matches is taken by route \(earlier) first"
          ))
      }
    }
    return warnings
  }

  /// Whether no query meets the requirements of both `a` and `b` (conservative: true only when
  /// certain): one needs an item under keys the other forbids every one of, or both need one
  /// key with different values (`{*ref=a}` and `{*ref=b}`, `?ref=a` and `?!ref`).
  package static func queriesExclude(_ a: [QueryNode], _ b: [QueryNode], _ options: MatchOptions)
    -> Bool
  {
    func fold(_ keys: [String]) -> Set<String> { foldKeys(keys, options) }
    func values(_ items: [QueryItemPattern]) -> [String: String] {
      var result: [String: String] = [:]
      for item in items where item.keys.count == 1 {
        if let equals = item.equals { result[fold(item.keys).first!] = equals }
      }
      return result
    }
    let (requiredA, requiredB) = (requiredItems(a), requiredItems(b))
    let (forbiddenA, forbiddenB) = (forbiddenKeys(a, options), forbiddenKeys(b, options))
    if requiredA.contains(where: { fold($0.keys).isSubset(of: forbiddenB) })
      || requiredB.contains(where: { fold($0.keys).isSubset(of: forbiddenA) })
    {
      return true
    }
    let valuesB = values(requiredB)
    return values(requiredA).contains { key, value in valuesB[key].map { $0 != value } == true }
  }

  /// The key of a required item of `query` that `query` also forbids (`?!k&k=1`): a route
  /// with it matches no URL. Nil when there is none.
  static func selfContradiction(_ query: [QueryNode], _ options: MatchOptions) -> String? {
    let forbidden = forbiddenKeys(query, options)
    guard !forbidden.isEmpty else { return nil }
    return requiredItems(query).first { foldKeys($0.keys, options).isSubset(of: forbidden) }?
      .keys.first
  }

  private static func foldKeys(_ keys: [String], _ options: MatchOptions) -> Set<String> {
    Set(options.queryKeysIgnoreCase ? keys.map { $0.lowercased() } : keys)
  }

  private static func forbiddenKeys(_ nodes: [QueryNode], _ options: MatchOptions) -> Set<String> {
    nodes.reduce(into: []) { found, node in
      if case .forbidden(let keys) = node { found.formUnion(foldKeys(keys, options)) }
    }
  }

  private static func requiredItems(_ nodes: [QueryNode]) -> [QueryItemPattern] {
    nodes.compactMap { if case .item(let item) = $0, item.required { item } else { nil } }
  }

  /// Whether every query the inner requirements accept is accepted by the outer ones
  /// (conservative: true only when certain).
  static func queryIncluded(outer: [QueryNode], inner: [QueryNode], _ options: MatchOptions)
    -> Bool
  {
    func fold(_ keys: [String]) -> Set<String> {
      Set(options.queryKeysIgnoreCase ? keys.map { $0.lowercased() } : keys)
    }
    func covers(_ outer: QueryItemPattern, _ inner: QueryItemPattern) -> Bool {
      guard fold(inner.keys).isSubset(of: fold(outer.keys)) else { return false }
      switch (outer.equals, inner.equals) {
      case (let wanted?, let given?): return wanted == given
      case (_?, nil): return false
      case (nil, let given?): return PatternValue(parsing: given, as: outer.type) != nil
      case (nil, nil): return inner.type.isSubtype(of: outer.type)
      }
    }
    let innerForbidden: Set<String> = inner.reduce(into: []) { found, node in
      if case .forbidden(let keys) = node { found.formUnion(fold(keys)) }
    }
    let guaranteed: [QueryItemPattern] = inner.compactMap {
      if case .item(let item) = $0, item.required { item } else { nil }
    }
    let innerGroups: [[QueryItemPattern]] = inner.compactMap {
      if case .oneOf(let items) = $0 { items } else { nil }
    }
    for node in outer {
      switch node {
      case .item(let item) where item.required:
        guard guaranteed.contains(where: { covers(item, $0) }) else { return false }
      case .item:
        continue
      case .oneOf(let items):
        let byItem = items.contains { a in guaranteed.contains { covers(a, $0) } }
        let byGroup = innerGroups.contains { group in
          group.allSatisfy { b in items.contains { covers($0, b) } }
        }
        guard byItem || byGroup else { return false }
      case .forbidden(let keys):
        // Only a route that forbids the key too is sure never to carry it.
        guard fold(keys).isSubset(of: innerForbidden) else { return false }
      case .all:
        continue
      }
    }
    return true
  }

  /// Names bound twice on one path (names in different alternatives of a choice do not clash).
  static func duplicateNames(_ pattern: RoutePattern) -> [String] {
    var duplicates: [String] = []
    func names(_ nodes: [PathNode]) -> Set<String> {
      var seen = Set<String>()
      for node in nodes {
        let found: Set<String>
        switch node {
        case .capture(let name, _), .rest(let name): found = name.isEmpty ? [] : [name]
        case .optional(let inner): found = names(inner)
        case .choice(let alternatives): found = alternatives.map(names).reduce([]) { $0.union($1) }
        case .literal, .wildcard: found = []
        }
        for name in found.sorted() where seen.contains(name) && !duplicates.contains(name) {
          duplicates.append(name)
        }
        seen.formUnion(found)
      }
      return seen
    }
    var seen = names(pattern.path)
    // A condition (`ref=a`) binds nothing: its name is empty. A `*name` object binds its name.
    var queryNames = pattern.queryItems.map(\.name).filter { !$0.isEmpty }
    for case .all(let name) in pattern.query { queryNames.append(name) }
    for name in queryNames {
      if seen.contains(name), !duplicates.contains(name) { duplicates.append(name) }
      seen.insert(name)
    }
    return duplicates
  }

  /// Alternatives of query one-of groups (1-based position, canonical text) that an earlier
  /// alternative always takes first: one under the same key that takes every value of it
  /// (`(:ref|ref=x)`), the same condition (`(ref=x|ref=x)`), or a capture of the same type.
  static func unreachableQueryAlternatives(_ query: [QueryNode], _ options: MatchOptions)
    -> [(Int, String)]
  {
    func key(_ text: String) -> String { options.queryKeysIgnoreCase ? text.lowercased() : text }
    var found: [(Int, String)] = []
    for case .oneOf(let items) in query {
      for (index, item) in items.enumerated() where index > 0 {
        let keys = Set(item.keys.map(key))
        let covered = items[..<index].contains { earlier in
          guard keys.isSubset(of: Set(earlier.keys.map(key))) else { return false }
          if let value = earlier.equals { return item.equals == value }
          return earlier.type == .string || (item.equals == nil && item.type == earlier.type)
        }
        if covered { found.append((index + 1, CanonicalPrinter.item(item))) }
      }
    }
    return found
  }

  /// Alternatives (1-based position, canonical text) that an earlier alternative covers.
  static func unreachableAlternatives(_ nodes: [PathNode], _ inclusion: PathInclusion)
    -> [(Int, String)]
  {
    var found: [(Int, String)] = []
    for node in nodes {
      switch node {
      case .optional(let inner):
        found += unreachableAlternatives(inner, inclusion)
      case .choice(let alternatives):
        for (index, alternative) in alternatives.enumerated() {
          found += unreachableAlternatives(alternative, inclusion)
          guard index > 0 else { continue }
          let earlier = PathProgram([.choice(Array(alternatives[..<index]))])
          if inclusion.includes(outer: earlier, inner: PathProgram(alternative)) {
            found.append((index + 1, CanonicalPrinter.path(alternative)))
          }
        }
      case .literal, .capture, .wildcard, .rest:
        continue
      }
    }
    return found
  }
}

/// The first components a path can have, for a quick test of whether one route can take
/// another's URLs: the literals it can start with (lower-cased: the first component may be a
/// host, compared without case), with `""` when the path can be empty; nil when it can start
/// with any component (a capture or wildcard first, or too many alternatives to list).
enum FirstComponents {
  static let most = 64

  static func of(_ path: [PathNode]) -> Set<String>? {
    of(path[...])
  }

  private static func of(_ nodes: ArraySlice<PathNode>) -> Set<String>? {
    guard let node = nodes.first else { return [""] }
    let rest = nodes.dropFirst()
    let result: Set<String>?
    switch node {
    case .literal(let text): return [text.lowercased()]
    case .capture, .wildcard, .rest: return nil
    case .optional(let inner):
      guard let with = of(inner + rest), let without = of(rest) else { return nil }
      result = with.union(without)
    case .choice(let alternatives):
      var union = Set<String>()
      for alternative in alternatives {
        guard let first = of(alternative + rest) else { return nil }
        union.formUnion(first)
        if union.count > most { return nil }
      }
      result = union
    }
    guard let result, result.count <= most else { return nil }
    return result
  }
}
