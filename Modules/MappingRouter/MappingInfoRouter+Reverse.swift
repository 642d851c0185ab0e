import Foundation

// Reverse routing: the first map of a target that prints with the given parameters. Required
// items print under their first name; optional ones only when given; parameters the map does
// not name print as extra query items.

extension MappingInfoRouter {
  /// Values for a map's parameters, by name: `["id": 10086]`.
  public typealias ParameterValues = [String: any CustomStringConvertible]

  /// The URL of the first map whose target is `target` and that prints with these parameters,
  /// or nil.
  ///
  ///     router.url(for: UserController.self, parameters: ["id": 10086])
  ///     // native://user/info?id=10086
  public func url(
    for target: Any.Type, parameters: ParameterValues = [:], wildcards: [[String]] = []
  ) -> URL? {
    try? makeURL(
      forTargetNamed: String(describing: target), parameters: parameters, wildcards: wildcards)
  }

  /// The URL for a target, by name (maps written as data name their targets).
  public func url(
    forTargetNamed target: String, parameters: ParameterValues = [:], wildcards: [[String]] = []
  ) -> URL? {
    try? makeURL(forTargetNamed: target, parameters: parameters, wildcards: wildcards)
  }

  /// The URL for a target type; says why when none can be printed.
  /// - Throws: `ReverseRoutingError`.
  public func makeURL(
    for target: Any.Type, parameters: ParameterValues = [:], wildcards: [[String]] = []
  ) throws(ReverseRoutingError) -> URL {
    try makeURL(
      forTargetNamed: String(describing: target), parameters: parameters, wildcards: wildcards)
  }

  /// The URL for a target, by name; says why when none can be printed.
  /// - Throws: `ReverseRoutingError`: the first map's reason (a required parameter with no
  ///   value, a value that does not fit its type), or
  ///   `noRoute(subject:routes:)` when no map has this target.
  public func makeURL(
    forTargetNamed target: String, parameters: ParameterValues = [:], wildcards: [[String]] = []
  ) throws(ReverseRoutingError) -> URL {
    let given = URLPrinter.values(parameters, named: { $0 })
    let candidates = entries.filter { $0.map.targetName == target }
    let named = Self.carried(Set(given.keys), by: candidates.map(\.pattern))
    var firstError: ReverseRoutingError?
    // "Another map carries it" says less than why that map could not: said last.
    var passedOn: ReverseRoutingError?
    for entry in candidates {
      do throws(ReverseRoutingError) {
        let (values, extra) = try Self.split(given, for: entry.pattern, namedByOthers: named)
        let string = try URLPrinter.url(
          base: scheme, pattern: entry.pattern, values: values, wildcards: wildcards)
        if let url = URL(string: URLPrinter.appending(extra, to: string)) { return url }
      } catch {
        if Self.isPassedOn(error, carried: named) {
          passedOn = passedOn ?? error
        } else if firstError == nil {
          firstError = error
        }
      }
    }
    throw firstError ?? passedOn
      ?? .noRoute(subject: "the target `\(target)`", routes: candidates.count)
  }

  /// The values a map's pattern binds (a value under an alias of an item, `uid` for
  /// `{*id/userId/uid}`, is that item's), and the rest, which print as extra query items in
  /// the order of their names: opening the URL reads them under their own keys, as the
  /// original router passes every parameter along.
  ///
  /// A parameter that another map of the target names (`namedByOthers`) is that map's to carry:
  /// a map that does not name it does not print it as an extra item, so `id` goes to
  /// `/info/:int(id)` (or is refused there, not an int), never to `/home?id=5`, which would
  /// open `/home` without it.
  /// - Throws: `ReverseRoutingError.unusedValue` for an extra item the map forbids
  ///   (`{!debug}`), which would make a URL it does not open, or that another map names.
  package static func split(
    _ given: [String: PatternValue], for pattern: RoutePattern,
    namedByOthers: Set<String> = []
  ) throws(ReverseRoutingError) -> (values: [String: PatternValue], extra: [(String, String)]) {
    let captures = Set(pattern.pathCaptureNames + pattern.queryItems.map(\.name))
    var values: [String: PatternValue] = [:]
    var extra: [(String, String)] = []
    for name in given.keys.sorted() {
      let value = given[name]!
      if captures.contains(name) {
        values[name] = value
      } else if let item = pattern.queryItems.first(where: { $0.keys.contains(name) }),
        given[item.name] == nil, values[item.name] == nil
      {
        values[item.name] = value
      } else if pattern.query.contains(where: { node in
        if case .forbidden(let keys) = node { keys.contains(name) } else { false }
      }) || namedByOthers.contains(name) {
        throw .unusedValue(name: name, pattern: pattern.description)
      } else {
        extra.append((name, value.text))
      }
    }
    return (values, extra)
  }

  /// The names a map of the target carries when one of them names every parameter given (so
  /// the values have a map of their own, and another map may not print them as extra items);
  /// none otherwise (`/a?{name}` and `/b?{*id}` given both: each prints the other as extra).
  package static func carried(_ given: Set<String>, by patterns: [RoutePattern]) -> Set<String> {
    guard patterns.contains(where: { given.isSubset(of: names([$0])) }) else { return [] }
    return names(patterns)
  }

  /// Whether `error` is a map's refusal of a parameter another map carries (`carried`), which
  /// says less than why that map could not print: a caller reports it last.
  package static func isPassedOn(_ error: ReverseRoutingError, carried: Set<String>) -> Bool {
    if case .unusedValue(let name, _) = error { return carried.contains(name) }
    return false
  }

  /// Every name the patterns bind or read: captures, query items' names and their keys.
  package static func names(_ patterns: [RoutePattern]) -> Set<String> {
    var names: Set<String> = []
    for pattern in patterns {
      names.formUnion(pattern.pathCaptureNames)
      for item in pattern.queryItems {
        names.insert(item.name)
        names.formUnion(item.keys)
      }
    }
    names.remove("")
    return names
  }
}
