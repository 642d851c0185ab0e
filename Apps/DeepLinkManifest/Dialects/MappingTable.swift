import MappingRouter
import PatternCore

/// A `mapping` table: `groups` of maps loaded through ``MappingRouter/Router``. The target name
/// plays the part of the intent; a URL whose path matched but lacks required items resolves to a
/// `missing_params` error with the missing-parameters message.
package struct MappingTable: LoadedTable {
  package let forwards: [String?]
  package let name: String
  package let dialect = "mapping"
  package let router: MappingInfoRouter

  package init(_ spec: TableSpec) throws(Diagnostic) {
    name = spec.name
    var withDefault = spec
    if withDefault.scheme == nil && withDefault.sources == nil { withDefault.scheme = "native" }
    let scheme = try TableLoader.singleScheme(withDefault)
    if !spec.routes.isEmpty {
      throw Diagnostic(
        code: .invalidRequest, message: "mapping tables list their maps under `groups`",
        hint: "move the routes into \"groups\": [{\"group\": ..., \"maps\": [...]}]",
        origin: spec.origin)
    }
    var forwards: [String?] = []
    var written: [String] = []
    var places: [String] = []
    let infos = try Self.groups(spec, &forwards, &written, &places)
    self.forwards = forwards
    let types = try DeclaredTypes.load(spec)
    do {
      router = try MappingInfoRouter.load(scheme: scheme, types: types, mappingInfo: infos)
    } catch {
      var diagnostic = error.diagnostic
      diagnostic.origin = spec.origin + (diagnostic.origin.map { ", " + $0 } ?? "")
      throw diagnostic
    }
    // As written, one per map as the router's entries are.
    patterns = written
    try Forwarding.check(forwards, router.table, written: written, origin: { places[$0] })
  }

  /// A map's pattern as written: its group, then its path (a `/` between them unless the path
  /// starts with one or with its query).
  /// A group as the router reads it: `/user` is the group `user`, written as a path.
  static func component(_ group: String) -> String {
    group.hasPrefix("/") ? String(group.dropFirst()) : group
  }

  static func joined(_ group: String, _ path: String) -> String {
    // An empty group (also written `/`): the path is the whole of it.
    guard !group.isEmpty else { return path }
    if group == "/" { return path.hasPrefix("/") ? path : "/" + path }
    return group + (path.isEmpty || path.hasPrefix("/") || path.hasPrefix("?") ? "" : "/") + path
  }

  private static func groups(
    _ spec: TableSpec, _ forwards: inout [String?], _ written: inout [String],
    _ places: inout [String]
  ) throws(Diagnostic) -> [MappingInfo] {
    func error(_ message: String, _ origin: String) -> Diagnostic {
      Diagnostic(code: .invalidRequest, message: "invalid manifest: " + message, origin: origin)
    }
    guard let list = spec.json["groups"]?.arrayValue else {
      throw error("a mapping table needs `groups`, an array", spec.origin)
    }
    var infos: [MappingInfo] = []
    forwards = []
    for (groupIndex, group) in list.enumerated() {
      let origin = "\(spec.origin), groups[\(groupIndex)]"
      do {
        try ManifestLoader.checkKeys(group, ManifestLoader.Keys.group, "a group", origin)
      } catch {
        throw error.diagnostic
      }
      guard group.objectValue != nil else {
        throw error("a group is a JSON object, found \(group.kindName)", origin)
      }
      guard let groupName = group["group"]?.stringValue else {
        throw error(
          group["group"] == nil
            ? "missing `group` (a string)"
            : "`group` must be a string, found \(group["group"]!.kindName)", origin)
      }
      guard let maps = group["maps"]?.arrayValue else {
        throw error(
          group["maps"] == nil
            ? "missing `maps` (an array)"
            : "`maps` must be an array, found \(group["maps"]!.kindName)",
          origin)
      }
      var result: [Map] = []
      for (mapIndex, map) in maps.enumerated() {
        let mapOrigin = "\(origin), maps[\(mapIndex)]"
        do {
          try ManifestLoader.checkKeys(map, ManifestLoader.Keys.map, "a map", mapOrigin)
        } catch {
          throw error.diagnostic
        }
        guard map.objectValue != nil else {
          throw error("a map is a JSON object, found \(map.kindName)", mapOrigin)
        }
        let route = map["route"]?.stringValue
        let action = map["action"]?.stringValue
        guard (route == nil) != (action == nil), let path = route ?? action else {
          throw error("a map has exactly one of `route` and `action` (a string)", mapOrigin)
        }
        let forward = map["forward"]?.stringValue
        if map["forward"] != nil, forward == nil {
          throw error("`forward` must be a string (a query item's name)", mapOrigin)
        }
        forwards.append(forward)
        places.append(mapOrigin + ".forward")
        if let given = map["target"], given.stringValue == nil {
          throw error("`target` must be a string, found \(given.kindName)", mapOrigin + ".target")
        }
        guard let target = map["target"]?.stringValue ?? forward.map({ _ in "" }) else {
          throw error("missing `target` (a string)", mapOrigin)
        }
        var remark: String?
        if let value = map["remark"] {
          guard let text = value.stringValue else {
            throw error("`remark` must be a string", mapOrigin)
          }
          remark = text
        }
        result.append(.named(route != nil ? .route : .action, path, target: target, remark: remark))
        written.append(Self.joined(groupName, path))
      }
      let group = Self.component(groupName)
      infos.append(MappingInfo(group: group, maps: result))
    }
    return infos
  }

  package let patterns: [String]

  package var printableRoutes: [PrintableRoute] {
    router.entries.map {
      PrintableRoute(
        intent: $0.map.targetName, pattern: $0.pattern, base: router.scheme,
        options: router.table.options)
    }
  }

  package var warnings: [AnalysisWarning] {
    TableWarnings.of(router.table, texts: patterns, declines: [])
  }

  package var remarks: [String?] { router.entries.map(\.map.remark) }

  package func explainAll(_ url: String) -> Result<[RouteVerdict], Diagnostic> {
    DeeperTable.explain(url, scheme: router.scheme, table: router.table)
  }

  package func resolve(_ url: String) -> TableOutcome {
    switch router.resolve(url) {
    case .matched(let match):
      return .matched(
        TableMatch(
          table: name, dialect: dialect, route: match.routeIndex,
          pattern: patterns[match.routeIndex], intent: match.entry.map.targetName,
          params: match.parameters.captures))
    case .missingParameters(let error):
      return .error(error.diagnostic)
    case .unmatched(let nearest):
      return .unmatched(
        nearest.map {
          NearestRoute(
            table: name, route: $0.0, pattern: patterns[$0.0], reason: $0.1)
        })
    case .invalid(let error):
      return .error(error.diagnostic)
    }
  }
}
