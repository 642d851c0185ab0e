import Foundation

// What the routers' reverse routing shares: values given as Swift values, the host of a
// source with a host wildcard, and the printed string as a Foundation `URL`.

extension URLPrinter {
  /// Values given as Swift values (`["id": 42]`) as the printer's values: each printed by its
  /// `description`, under the capture name `name` gives its key. The items of a `*name` query
  /// object are given as `[QueryItem]` or `KeyValuePairs` (printed in their order), or as a
  /// dictionary (printed in the order of its keys).
  package static func values<Key>(
    _ given: [Key: any CustomStringConvertible], named name: (Key) -> String
  ) -> [String: PatternValue] {
    var values: [String: PatternValue] = [:]
    for (key, value) in given {
      values[name(key)] = queryObject(value) ?? .string(value.description)
    }
    return values
  }

  /// `value` as the items of a `*name` query object, when it is a collection of key-value pairs.
  static func queryObject(_ value: any CustomStringConvertible) -> PatternValue? {
    func item(_ key: String, _ value: Any) -> QueryItem {
      QueryItem(key: key, value: (value as? any CustomStringConvertible)?.description ?? "\(value)")
    }
    if let items = value as? [QueryItem] { return .object(items) }
    if let pairs = value as? KeyValuePairs<String, any CustomStringConvertible> {
      return .object(pairs.map { item($0.key, $0.value) })
    }
    if let pairs = value as? KeyValuePairs<String, String> {
      return .object(pairs.map { item($0.key, $0.value) })
    }
    if let dictionary = value as? [String: Any] {
      return .object(dictionary.keys.sorted().map { item($0, dictionary[$0]!) })
    }
    return nil
  }

  /// `string`, a URL this printer printed, as a Foundation `URL`.
  /// - Throws: `ReverseRoutingError.noRoute` naming `subject` when Foundation cannot read it.
  package static func foundationURL(_ string: String, subject: String)
    throws(ReverseRoutingError) -> URL
  {
    guard let url = URL(string: string) else {
      throw .noRoute(subject: "\(subject) (the printed URL `\(string)` is not a URL)", routes: 1)
    }
    return url
  }

  /// The base to print under for a route that several sources answer: the first source, or with
  /// `host` the first source that answers that host (``base(_:host:)`` of each in turn).
  /// - Throws: the first source's error when none answers `host`.
  package static func base(among sources: [String], host: String?) throws(ReverseRoutingError)
    -> String
  {
    var firstError: ReverseRoutingError?
    for source in sources {
      do {
        return try base(source, host: host)
      } catch {
        firstError = firstError ?? error
      }
    }
    throw firstError ?? .noRoute(subject: "a route with no source", routes: 1)
  }

  /// The base to print under: `base` as it is, or, for an origin with a host wildcard
  /// (`https://*.example.com`), that origin with `host` in place of the wildcard (which must be
  /// a host the source answers: it ends with `.example.com` and has another label before).
  /// A `host` given for another base must be its host (compared without case).
  /// - Throws: `ReverseRoutingError.hostNeeded` or `.hostNotAnswered`.
  package static func base(_ base: String, host: String?) throws(ReverseRoutingError) -> String {
    guard let separator = base.range(of: "://") else {
      // A custom scheme: the host is the URL's first component, printed from the pattern.
      if let host { throw .hostNotAnswered(host: host, source: base) }
      return base
    }
    let authority = base[separator.upperBound...].prefix { $0 != "/" }
    let sourceHost = authority.prefix { $0 != ":" }
    let port = authority.dropFirst(sourceHost.count)
    guard sourceHost.hasPrefix("*.") else {
      if let host, host.lowercased() != sourceHost.lowercased() {
        throw .hostNotAnswered(host: host, source: base)
      }
      return base
    }
    guard let host else { throw .hostNeeded(source: base) }
    let lower = host.lowercased()
    let labels = Set("abcdefghijklmnopqrstuvwxyz0123456789-.")
    guard HostPattern.host(lower, matches: sourceHost.lowercased()), !lower.hasPrefix("."),
      lower.allSatisfy(labels.contains)
    else { throw .hostNotAnswered(host: host, source: base) }
    return base[..<separator.upperBound] + lower + port + base[authority.endIndex...]
  }
}

extension RoutePattern {
  /// `given` with a sample value for every other capture and `wildcards` with a component for
  /// every other wildcard: the values to print a URL of this route by, to ask its handler
  /// whether the route is the one a caller meant (handlers are closures: the intent alone
  /// cannot say which route it is).
  package func sampleValues(_ given: [String: PatternValue], wildcards: [[String]])
    -> (values: [String: PatternValue], wildcards: [[String]])
  {
    var values = given
    var count = 0
    func walk(_ nodes: [PathNode]) {
      for node in nodes {
        switch node {
        case .capture(let name, let type):
          if values[name] == nil { values[name] = .string(type.sampleText()) }
        case .rest(let name): if values[name] == nil { values[name] = .string("x") }
        case .wildcard: count += 1
        case .optional(let inner): walk(inner)
        case .choice(let alternatives): alternatives.forEach(walk)
        case .literal: break
        }
      }
    }
    walk(path)
    for item in queryItems
    where item.equals == nil && !item.name.isEmpty && values[item.name] == nil {
      values[item.name] = .string(item.type.sampleText())
    }
    return (values, wildcards + Array(repeating: ["x"], count: max(0, count - wildcards.count)))
  }
}
