import Foundation
import PatternCore

/// The MappingInfo router: groups of maps compiled into one shared route table.
///
///     let router = try Router.load(mappingInfo: userMapping, chatMapping)
///     switch router.open("native://user/info?id=10086&name=PartyMan&age=18") {
///     case .route(let target, let map): ...   // a UserController made from the parameters
///     case .action(let map): ...               // an action ran
///     case .failed(let error): print("❌ \(error)")
///     }
///
/// Literals compare case-insensitively. `Router.load(mappingInfo:)` makes a new router (the
/// original loaded into a global one; this package has no global state).
public final class MappingInfoRouter: Sendable {
  /// One loaded map with where it came from.
  public struct Entry: Sendable {
    /// The group.
    public let group: String
    /// The map.
    public let map: Map
    /// Its AST (the group first).
    public let pattern: RoutePattern
  }

  /// The scheme the router answers, lower-cased.
  public let scheme: String
  /// Every map, in registration order (groups in load order).
  public let entries: [Entry]
  /// The compiled table.
  public let table: RouteTable
  /// The same routes without their queries, to tell a missing parameter from a wrong path.
  let pathTable: RouteTable
  /// The URL size limits.
  public let limits: URLLimits

  /// Creates a router from maps already checked by ``load(scheme:limits:mappingInfo:)``.
  init(scheme: String, entries: [Entry], limits: URLLimits) {
    self.scheme = scheme.lowercased()
    self.entries = entries
    self.limits = limits
    self.table = RouteTable(
      patterns: entries.map(\.pattern), options: Self.options)
    self.pathTable = RouteTable(
      patterns: entries.map { RoutePattern(path: $0.pattern.path) }, options: table.options)
  }

  /// Loads groups of maps into a new router.
  /// - Throws: ``MappingLoadError`` for a malformed path or item, or a duplicate path.
  public static func load(
    scheme: String = "native", limits: URLLimits = .default, types: [CustomValueType] = [],
    mappingInfo: MappingInfo...
  ) throws(MappingLoadError) -> MappingInfoRouter {
    try load(scheme: scheme, limits: limits, types: types, mappingInfo: mappingInfo)
  }

  /// Whether a group name cannot hold `character` (a group is one path component).
  static func isOutsideGroup(_ character: Character) -> Bool {
    "/?{}&*:()|%".contains(character) || character.isWhitespace
  }

  /// Loads groups of maps into a new router; paths may use `types` like built-in types
  /// (`/archive/:month(m)`).
  public static func load(
    scheme: String = "native", limits: URLLimits = .default, types: [CustomValueType] = [],
    mappingInfo: [MappingInfo]
  ) throws(MappingLoadError) -> MappingInfoRouter {
    for (index, type) in types.enumerated() {
      do { try type.validate() } catch { throw .invalidType(error) }
      if types[..<index].contains(where: { $0.name == type.name }) {
        throw .invalidType(.alreadyRegistered(name: type.name))
      }
    }
    let parser = MappingPatternParser(types: types)
    var entries: [Entry] = []
    var seen: [RoutePattern: [(name: String, pattern: RoutePattern)]] = [:]
    for (groupIndex, info) in mappingInfo.enumerated() {
      // An empty group puts its maps' paths at the start of the URL (`base/update` answers
      // `native://base/update`), as the original router allows.
      guard !info.group.contains(where: Self.isOutsideGroup)
      else { throw .invalidGroup(info.group, groupIndex: groupIndex) }
      for (index, map) in info.maps.enumerated() {
        let pattern: RoutePattern
        var map = map
        do {
          pattern = try parser.parse(map.path, group: info.group)
          // A forwarding map follows the capture of its query item, by key or by name.
          if map.kind == .forward { map.targetName = try pattern.forwardedCapture(map.targetName) }
        } catch {
          throw .syntax(error, group: info.group, groupIndex: groupIndex, index: index)
        }
        let key = Self.pathKey(pattern)
        let name = "groups[\(groupIndex)] `\(info.group)` map \(index) `\(map.path)`"
        // Maps on one path are told apart only by query conditions that no URL meets both
        // of (`{*ref=welcome}` and `{!ref}`): otherwise the later one could never open.
        if let first = seen[key]?.first(where: { !Self.excludeEachOther($0.pattern, pattern) }) {
          throw .duplicatePath(
            path: info.group + "/"
              + map.path.split(separator: "?", maxSplits: 1)[0]
              .trimmingPrefix("/"), first: first.name, second: name, groupIndex: groupIndex,
            index: index)
        }
        seen[key, default: []].append((name, pattern))
        entries.append(Entry(group: info.group, map: map, pattern: pattern))
      }
    }
    return MappingInfoRouter(scheme: scheme, entries: entries, limits: limits)
  }

  /// How maps compare: literals without case, as the original router's paths.
  static let options = MatchOptions(literalsIgnoreCase: true)

  /// Whether no URL meets the query conditions of both patterns: one needs an item (`{*ref}`,
  /// `{*ref=welcome}`) that the other forbids (`{!ref}`) or needs another value for.
  static func excludeEachOther(_ a: RoutePattern, _ b: RoutePattern) -> Bool {
    RouteTableAnalysis.queriesExclude(a.query, b.query, options)
  }

  /// The path part of a pattern as a route identity: two maps with the same key answer the
  /// same URLs.
  static func pathKey(_ pattern: RoutePattern) -> RoutePattern {
    pattern.identity(options: options, includingQuery: false)
  }

  /// Finds the map for a URL without constructing or running anything.
  public func resolve(_ string: String) -> MappingResolution {
    var chain = ForwardChain(start: string)
    return resolve(string, chain: &chain)
  }

  private func resolve(_ string: String, chain: inout ForwardChain) -> MappingResolution {
    let url: ParsedURL
    do {
      url = try URLParser(limits: limits).parse(string)
    } catch {
      return .invalid(error)
    }
    guard url.scheme == scheme else {
      // Ranked by path: a map that differs only by its scheme (source) comes first.
      let (source, input) = url.foreignSource
      return .unmatched(
        nearest: table.nearestMiss(input, fromSource: source, expected: [scheme]))
    }
    let input = url.routingInput
    if let match = table.firstMatch(input) {
      let map = entries[match.routeIndex].map
      if map.kind == .forward {
        // The target name of a forwarding map is the query item it forwards.
        let name = map.targetName
        let step = chain.next(value: match.captures.text(name) ?? "")
        if let problem = ForwardChain.problem(step, name: name) {
          let reason = MissReason(.forwardStopped(problem), closeness: .max - 1)
          return .unmatched(nearest: (match.routeIndex, reason))
        }
        return resolve(chain.current, chain: &chain)
      }
      return .matched(
        MappingMatch(
          routeIndex: match.routeIndex, entry: entries[match.routeIndex],
          parameters: MappingParameters(captures: match.captures, query: url.query)))
    }
    // A path that matched with required items missing is reported as such. (When every
    // required key is there, a value condition or a forbidden item failed: a plain miss.)
    if let pathMatch = pathTable.firstMatch(input),
      case let required = entries[pathMatch.routeIndex].pattern.queryItems.filter(\.required),
      required.contains(where: { !$0.keys.contains(where: Set(url.query.map(\.key)).contains) })
    {
      let index = pathMatch.routeIndex
      let entry = entries[index]
      let present = Set(url.query.map(\.key))
      let requiredItems = entry.pattern.queryItems.filter(\.required)
      let missing = requiredItems.filter { !$0.keys.contains(where: present.contains) }
      // Only absent items: with them given, the map would open. (A present item whose value
      // fails its condition, or a forbidden one, is a miss with that reason, which adding
      // items would not mend.)
      var completed = input
      completed.query += missing.map {
        QueryItem(key: $0.keys[0], value: $0.equals ?? $0.type.sampleText())
      }
      if table.match(routeAt: index, completed) != nil {
        return .missingParameters(
          MissingParametersError(
            url: string, routeIndex: index, missing: missing.map(\.keys),
            required: requiredItems.map(\.keys)))
      }
    }
    return .unmatched(nearest: table.nearestMiss(input))
  }

  /// `resolve(_:)` for a `URL` (its absolute string), as Deeper and Crossroad take one.
  public func resolve(_ url: URL) -> MappingResolution { resolve(url.absoluteString) }

  /// `open(_:)` for a `URL` (its absolute string).
  @MainActor
  public func open(_ url: URL) -> MappingOpenResult { open(url.absoluteString) }

  /// Resolves a URL and opens its map: constructs the route's target or runs the action, on the
  /// main actor (targets are screens).
  @MainActor
  public func open(_ string: String) -> MappingOpenResult {
    switch resolve(string) {
    case .invalid(let error):
      return .failed(.invalidURL(error))
    case .unmatched(let nearest):
      return .failed(.unmatched(url: string, nearest: nearest?.1.message))
    case .missingParameters(let error):
      return .failed(.missingParameters(error))
    case .matched(let match):
      let map = match.entry.map
      guard let perform = map.perform else {
        return map.kind == .route ? .named(map) : .action(map)
      }
      do {
        switch try perform(match.parameters) {
        case .made(let target): return .route(target, map)
        case .ran: return .action(map)
        }
      } catch {
        return .failed(.targetFailed(target: map.targetName, reason: String(describing: error)))
      }
    }
  }
}

/// A URL's map, or why there is none.
public enum MappingResolution: Sendable {
  case matched(MappingMatch)
  case missingParameters(MissingParametersError)
  case unmatched(nearest: (Int, MissReason)?)
  case invalid(URLParseError)
}

/// The map a URL resolved to.
public struct MappingMatch: Sendable {
  /// The registration index.
  public let routeIndex: Int
  /// The map and its group.
  public let entry: MappingInfoRouter.Entry
  /// The typed parameters.
  public let parameters: MappingParameters
}

/// What `MappingInfoRouter.open(_:)` did.
public enum MappingOpenResult {
  /// A route's target was constructed.
  case route(any RouteTarget, Map)
  /// A map written as data matched; nothing was constructed.
  case named(Map)
  /// An action ran.
  case action(Map)
  /// Nothing was opened.
  case failed(MappingOpenError)
}

/// Why a URL was not opened.
public enum MappingOpenError: Error, Sendable, CustomStringConvertible {
  case invalidURL(URLParseError)
  case unmatched(url: String, nearest: String?)
  case missingParameters(MissingParametersError)
  /// The target's initializer or the action threw.
  case targetFailed(target: String, reason: String)

  public var description: String {
    switch self {
    case .invalidURL(let error): error.description
    case .unmatched(let url, let nearest):
      "no route for \(url)" + (nearest.map { " (nearest: \($0))" } ?? "")
    case .missingParameters(let error): error.message
    case .targetFailed(let target, let reason): "`\(target)` failed: \(reason)"
    }
  }
}

/// The MappingInfo router's original name for ``MappingInfoRouter``. In a file that imports another
/// router module too, write `MappingInfoRouter`: each module's `Router` is its own type.
public typealias Router = MappingInfoRouter
