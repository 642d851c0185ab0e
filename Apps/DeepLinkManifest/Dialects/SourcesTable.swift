import CrossroadRouter
import PatternCore

/// A `deeper` or `func` table that answers several sources
/// (`"sources": ["myapp", "https://example.com"]`): the same routes under each. A custom scheme
/// routes its URLs as the dialect does (the host is the first component); a web origin routes
/// the path of its URLs, its host (and port, when it names one) being the source's. Each source
/// is one table of the dialect, a web origin's routes starting with its host
/// (`example.com/profile/:id`, matched as such a table matches it); a URL goes to the first
/// source that accepts it.
package struct SourcesTable: LoadedTable {
  package let name: String
  package let dialect: String
  package let patterns: [String]
  /// The sources, as written, and one table per source, in the same order.
  package let sources: [LinkSource]
  let parts: [any LoadedTable]
  /// Every part has the table's routes.
  package var declines: [Bool] { parts.first?.declines ?? [] }
  /// The routes as written, for the nearest route of a URL no source accepts.
  let pathTable: RouteTable
  /// The routes as written (under a placeholder scheme): under every source the same paths, as
  /// app-links checks read them.
  package let writtenRoutes: [PrintableRoute]

  /// Whether `spec` names several sources, or a web origin, for a dialect that answers one
  /// scheme by itself.
  package static func applies(to spec: TableSpec) -> Bool {
    guard spec.dialect == "deeper" || spec.dialect == "func", spec.scheme == nil,
      let sources = spec.sources
    else { return false }
    return sources.count > 1 || sources.contains { $0.contains("://") }
  }

  package init(
    _ spec: TableSpec, loading load: (TableSpec) throws(Diagnostic) -> any LoadedTable
  ) throws(Diagnostic) {
    name = spec.name
    dialect = spec.dialect
    patterns = spec.routes.map(\.pattern)
    var sources: [LinkSource] = []
    for (index, text) in (spec.sources ?? []).enumerated() {
      let origin = "\(spec.origin), sources[\(index)]"
      let source: LinkSource
      do {
        source = try LinkSource(parsing: text)
      } catch {
        var diagnostic = error.diagnostic
        diagnostic.origin = origin
        if ["http", "https"].contains(text.lowercased()) {
          // Alone it is the table's scheme (`"scheme": "https"`, the host its first
          // component); among other sources, links of the web come from an origin.
          diagnostic.hint =
            "list a web origin such as \(text.lowercased())://example.com, or give "
            + "\"scheme\": \"\(text.lowercased())\" alone to route the host as the first component"
        }
        throw diagnostic
      }
      guard !sources.contains(source) else {
        throw Diagnostic(
          code: .invalidSource, message: "the source `\(text)` is listed twice", origin: origin)
      }
      sources.append(source)
    }
    self.sources = sources
    // The routes as written are checked once, under a scheme of their own, so that an error
    // points into the pattern the manifest holds.
    var written = spec
    written.sources = nil
    written.scheme = "x-deeplink-check"
    writtenRoutes = try load(written).printableRoutes
    pathTable = RouteTable(patterns: writtenRoutes.map(\.pattern))
    parts = try sources.map { source throws(Diagnostic) in
      var part = spec
      part.sources = nil
      switch source {
      case .urlScheme(let scheme):
        part.scheme = scheme
      case .universalLink(let scheme, let host, _):
        part.scheme = scheme
        // A host wildcard's URLs are routed under one stand-in host (the source has checked
        // theirs).
        let first = host.hasPrefix("*.") ? Self.anyHost : host
        for index in part.routes.indices {
          // The host becomes the first component: `/p/:id` (a leading `/` is allowed) and
          // `p/:id` are both `host/p/:id`, and the root pattern is the host alone.
          let pattern = part.routes[index].pattern
          let path = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
          part.routes[index].pattern = path.isEmpty ? first : first + "/" + path
        }
      }
      return try load(part)
    }
  }

  /// The host a source with a host wildcard routes its URLs under, in its table: one letter,
  /// so that the URL its table reads is never longer than the one given (the limits a URL is
  /// read under count its bytes).
  static let anyHost = "x"

  /// The first source that accepts `url`, its table, and the URL as that table reads it (a
  /// host wildcard's URL under ``anyHost``); nil for none (or a malformed URL, which the first
  /// table reports).
  private func part(for url: String) -> (source: LinkSource, table: any LoadedTable, url: String)? {
    guard let parsed = try? ParsedURL(url) else { return (sources[0], parts[0], url) }
    guard let index = sources.firstIndex(where: { $0.accepts(parsed) }) else { return nil }
    guard case .universalLink(_, let host, _) = sources[index], host.hasPrefix("*."),
      let separator = url.range(of: "://")
    else { return (sources[index], parts[index], url) }
    // The authority (userinfo, host, port: the source has checked them) gives way to the
    // stand-in host.
    let rest = url[separator.upperBound...]
    let path = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    return (
      sources[index], parts[index], url[..<separator.upperBound] + Self.anyHost + rest[path...]
    )
  }

  package func resolve(_ url: String) -> TableOutcome {
    guard let (source, part, url) = part(for: url) else { return unknownSource(url) }
    switch part.resolve(url) {
    case .matched(var match):
      match.pattern = patterns[match.route]
      return .matched(match)
    case .unmatched(nil):
      return .unmatched(nil)
    case .unmatched(var nearest?):
      nearest.pattern = patterns[nearest.route]
      nearest.reason.cause = Self.pathOnly(nearest.reason.cause, source)
      return .unmatched(nearest)
    case .error(let diagnostic):
      return .error(diagnostic)
    }
  }

  /// A cause as a web origin's URL reads it: the path's components are counted from 1, as
  /// crossroad tables count them (the origin's table also holds the host, first).
  private static func pathOnly(_ cause: MissReason.Cause, _ source: LinkSource) -> MissReason.Cause
  {
    guard source.isUniversalLink else { return cause }
    switch cause {
    case .componentMismatch(let position, let found, let expected):
      return .componentMismatch(position: position - 1, found: found, expected: expected)
    case .typeMismatch(let position, let found, let capture, let type):
      return .typeMismatch(position: position - 1, found: found, capture: capture, type: type)
    case .urlTooShort(let components, let expected):
      return .urlTooShort(components: components - 1, expected: expected)
    case .urlTooLong(let position, let found):
      return .urlTooLong(position: position - 1, found: found)
    default:
      return cause
    }
  }

  /// The answer for a URL no source accepts: the route whose path comes nearest, under the
  /// URL's own source, missed because of its source (as a crossroad table answers it).
  private func unknownSource(_ url: String) -> TableOutcome {
    let parsed: ParsedURL
    do {
      parsed = try ParsedURL(url)
    } catch {
      return .error(error.diagnostic)
    }
    let (found, input) = LinkSource.foreign(parsed)
    guard
      let (route, reason) = pathTable.nearestMiss(
        input, fromSource: found, expected: sources.map(\.description))
    else { return .unmatched(nil) }
    return .unmatched(
      NearestRoute(table: name, route: route, pattern: patterns[route], reason: reason))
  }

  package func explainAll(_ url: String) -> Result<[RouteVerdict], Diagnostic> {
    guard let (source, part, url) = part(for: url) else {
      guard let parsed = try? ParsedURL(url) else { return parts[0].explainAll(url) }
      let (found, input) = LinkSource.foreign(parsed)
      return .success(
        pathTable.explainAll(input, fromSource: found, expected: sources.map(\.description)))
    }
    return part.explainAll(url).map { verdicts in
      verdicts.map { verdict in
        guard case .missed(var reason) = verdict else { return verdict }
        reason.cause = Self.pathOnly(reason.cause, source)
        return .missed(reason)
      }
    }
  }

  package var warnings: [AnalysisWarning] { parts.first?.warnings ?? [] }
  /// Routes print under the first source (that answers the host, when one is given).
  package var printableRoutes: [PrintableRoute] {
    writtenRoutes.map { route in
      var route = route
      route.bases = sources.map(\.description)
      return route
    }
  }
  package var remarks: [String?] { parts.first?.remarks ?? [] }
  package var direct: DirectTable? { nil }
  package var runsHandlers: Bool { parts.contains(where: \.runsHandlers) }
  package var forwards: [String?] { parts.first?.forwards ?? [] }
}
