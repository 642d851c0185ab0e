import AppLinks
import CrossroadRouter
import DeepLinkManifest
import PatternCore

/// The routes of loaded tables that answer web links (http or https), with their hosts.
enum WebRoutes {
  static func of(_ tables: TableSet) -> [WebRoute] {
    tables.tables.flatMap(of)
  }

  /// A route whose handler always declines handles no URL: it is left out.
  static func of(_ table: any LoadedTable) -> [WebRoute] {
    let declines = table.declines
    return all(of: table).filter { $0.index >= declines.count || !declines[$0.index] }
  }

  private static func all(of table: any LoadedTable) -> [WebRoute] {
    /// Route `index` of the table under `site`, with its path (the host apart) and its query.
    func webRoute(
      _ index: Int, _ site: WebSite, _ pattern: RoutePattern, path: [PathNode],
      ignoringCase: Bool = false, keysIgnoreCase: Bool = false
    ) -> WebRoute {
      WebRoute(
        table: table.name, index: index, pattern: table.patterns[index], host: site.host,
        scheme: site.scheme, port: site.port, path: path, ignoringCase: ignoringCase,
        query: query(pattern),
        otherQueries: otherQueries(pattern, keysIgnoreCase: keysIgnoreCase),
        refusedQueries: refusedQueries(pattern), queryNodes: pattern.query,
        queryKeysIgnoreCase: keysIgnoreCase)
    }
    if let crossroad = table as? CrossroadTable {
      let webSites = ((try? crossroad.router.sources()) ?? []).compactMap(site)
      return crossroad.router.routes.enumerated().flatMap { index, route -> [WebRoute] in
        let sites: [WebSite]
        switch route.source {
        case let source?: sites = site(source).map { [$0] } ?? []
        case nil: sites = webSites
        }
        return sites.map { site in
          webRoute(index, site, route.pattern, path: route.pattern.path, keysIgnoreCase: true)
        }
      }
    }
    if let multi = table as? SourcesTable {
      // Each web origin's routes, their paths as written (the origin names the host).
      return multi.sources.compactMap(site).flatMap { site in
        multi.writtenRoutes.enumerated().map { index, route in
          webRoute(index, site, route.pattern, path: route.pattern.path)
        }
      }
    }
    let ignoringCase = table.dialect == "mapping"
    return table.printableRoutes.enumerated().flatMap { index, route -> [WebRoute] in
      guard route.base == "https" || route.base == "http" else { return [] }
      return (hostsAndPaths(route.pattern.path) ?? []).map { host, path in
        webRoute(
          index, WebSite(scheme: route.base, host: host.lowercased()), route.pattern, path: path,
          ignoringCase: ignoringCase)
      }
    }
  }

  /// The hosts of a single-scheme web route, whose first component is its host, each with the
  /// path that follows it: one literal host, or a choice of them (`(example.com|example.org)/x`,
  /// one route per host, as each site serves its own file); nil when the host is not written as
  /// literals (a capture, a wildcard, an optional part), which no site can be named for.
  static func hostsAndPaths(_ path: [PathNode]) -> [(host: String, path: [PathNode])]? {
    switch path.first {
    case .literal(let host)?:
      return [(host, Array(path.dropFirst()))]
    case .choice(let alternatives)?:
      var result: [(host: String, path: [PathNode])] = []
      for alternative in alternatives {
        guard !alternative.isEmpty, let expanded = hostsAndPaths(alternative + path.dropFirst())
        else { return nil }
        result += expanded
      }
      return result
    default:
      return nil
    }
  }

  /// The web routes of single-scheme tables whose host is not written as literals
  /// (`route 1 `:host/c` of `t``): the check and the generated files leave them out.
  static func unknownHostRoutes(_ tables: TableSet) -> [String] {
    tables.tables.flatMap { table -> [String] in
      guard !(table is CrossroadTable), !(table is SourcesTable) else { return [] }
      let declines = table.declines
      return table.printableRoutes.enumerated().compactMap { index, route in
        guard route.base == "https" || route.base == "http",
          index >= declines.count || !declines[index], hostsAndPaths(route.pattern.path) == nil
        else { return nil }
        return "route \(index) `\(table.patterns[index])` of `\(table.name)`"
      }
    }
  }

  /// The web site of a universal link source (`https://example.com:8443`), nil for a custom
  /// scheme.
  static func site(_ source: LinkSource) -> WebSite? {
    guard case .universalLink(let scheme, let host, let port) = source,
      scheme == "http" || scheme == "https"
    else { return nil }
    return WebSite(scheme: scheme, host: host, port: port)
  }

  /// Other queries that satisfy a pattern's required items (the router confirms each before a
  /// witness uses it): other values, an item more (a system rule may ask for the whole query, or
  /// for a value the first query happens to have), then for each required item what a system
  /// rule may read otherwise: an empty value, the item repeated with an empty value, and its key
  /// upper-cased where keys compare without case.
  static func otherQueries(_ pattern: RoutePattern, keysIgnoreCase: Bool) -> [String] {
    let first = query(pattern)
    var result = [
      query(pattern, alternative: true), (first.isEmpty ? "" : first + "&") + "utm_source=x",
    ]
    let items = required(pattern)
    func written(_ pairs: [(String, String)]) -> String {
      pairs.map { URLPrinterEncoding.item($0.0, $0.1) }.joined(separator: "&")
    }
    for (position, item) in items.enumerated() {
      let key = item.keys[0]
      var pairs = items.map { ($0.keys[0], $0.equals ?? $0.type.sampleText()) }
      let value = pairs[position].1
      pairs[position].1 = ""
      result.append(written(pairs))
      pairs[position].1 = value
      result.append(written(pairs + [(key, "")]))
      if keysIgnoreCase, key.uppercased() != key {
        pairs[position].0 = key.uppercased()
        result.append(written(pairs))
      }
    }
    return result.reduce(into: []) { unique, query in
      if query != first, !unique.contains(query) { unique.append(query) }
    }
  }

  /// Queries the pattern refuses whatever the path: an item under a forbidden key, a
  /// condition's item with another value, a typed item with a value no type takes.
  static func refusedQueries(_ pattern: RoutePattern) -> [String] {
    pattern.query.flatMap { node -> [String] in
      switch node {
      case .forbidden(let keys):
        return keys.map { URLPrinterEncoding.item($0, "x") }
      case .item(let item) where item.required:
        if let equals = item.equals { return [URLPrinterEncoding.item(item.keys[0], equals + "x")] }
        return item.type == .string ? [] : [URLPrinterEncoding.item(item.keys[0], "x y")]
      default:
        return []
      }
    }
  }

  /// The items a query must have: required ones, and the first of each one-of group.
  private static func required(_ pattern: RoutePattern) -> [QueryItemPattern] {
    pattern.query.compactMap { node in
      switch node {
      case .item(let item) where item.required: item
      case .oneOf(let choices): choices.first
      default: nil
      }
    }
  }

  /// A query that satisfies a pattern's required items, so a witness reaches the route (with
  /// `alternative`, another value for each item that has one).
  static func query(_ pattern: RoutePattern, alternative: Bool = false) -> String {
    required(pattern).map { item in
      URLPrinterEncoding.item(item.keys[0], item.equals ?? item.type.sampleText(other: alternative))
    }.joined(separator: "&")
  }
}

enum URLPrinterEncoding {
  static func item(_ key: String, _ value: String) -> String {
    encode(key) + "=" + encode(value)
  }

  /// Every byte but the unreserved ones (letters, digits, `-._~`) encoded.
  static func encode(_ text: String) -> String {
    URLPrinter.percentEncode(text) { byte in
      (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
        || "-._~".utf8.contains(byte)
    }
  }
}

/// The loaded tables as the checker's router.
struct TableOracle: RouterOracle {
  let tables: TableSet

  /// Whether the router answers `url` with route `index` of table `name`: the route it picks
  /// (an earlier route or table that takes the URL first answers it instead), as the app would.
  func routeMatches(_ url: String, table name: String, index: Int) -> Bool {
    guard case .matched(let match) = tables.resolve(url) else { return false }
    return match.table == name && match.route == index
  }

  func handles(_ url: String) -> Bool {
    if case .matched = tables.resolve(url) { return true }
    return false
  }
}
