import AppLinks
import CrossroadRouter
import DeepLinkManifest
import PatternCore

/// The routes of loaded tables that answer web links (http or https), with their hosts.
enum WebRoutes {
  static func of(_ tables: TableSet) -> [WebRoute] {
    tables.tables.flatMap(of)
  }

  static func of(_ table: any LoadedTable) -> [WebRoute] {
    if let crossroad = table as? CrossroadTable {
      let webSites = ((try? crossroad.router.sources()) ?? []).compactMap(site)
      return crossroad.router.routes.enumerated().flatMap { index, route -> [WebRoute] in
        let sites: [WebSite]
        switch route.source {
        case let source?: sites = site(source).map { [$0] } ?? []
        case nil: sites = webSites
        }
        return sites.map { site in
          WebRoute(
            table: table.name, index: index, pattern: table.patterns[index], host: site.host,
            scheme: site.scheme, port: site.port, path: route.pattern.path, ignoringCase: false,
            query: query(route.pattern), otherQueries: otherQueries(route.pattern))
        }
      }
    }
    let ignoringCase = table.dialect == "mapping"
    return table.printableRoutes.enumerated().compactMap { index, route -> WebRoute? in
      guard route.base == "https" || route.base == "http",
        case .literal(let host)? = route.pattern.path.first
      else { return nil }
      return WebRoute(
        table: table.name, index: index, pattern: table.patterns[index], host: host.lowercased(),
        scheme: route.base, path: Array(route.pattern.path.dropFirst()),
        ignoringCase: ignoringCase, query: query(route.pattern),
        otherQueries: otherQueries(route.pattern))
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

  /// Other queries that satisfy a pattern's required items: other values, then an item more
  /// (a system rule may ask for the whole query, or for a value the first query happens to have).
  static func otherQueries(_ pattern: RoutePattern) -> [String] {
    let first = query(pattern)
    let other = query(pattern, alternative: true)
    let extra = (first.isEmpty ? "" : first + "&") + "utm_source=x"
    return (other == first ? [] : [other]) + [extra]
  }

  /// A query that satisfies a pattern's required items, so a witness reaches the route (with
  /// `alternative`, another value for each item that has one).
  static func query(_ pattern: RoutePattern, alternative: Bool = false) -> String {
    var items: [String] = []
    func add(_ item: QueryItemPattern) {
      let value = item.equals ?? item.type.sampleText(other: alternative)
      items.append(URLPrinterEncoding.item(item.keys[0], value))
    }
    for node in pattern.query {
      switch node {
      case .item(let item) where item.required: add(item)
      case .oneOf(let choices): if let first = choices.first { add(first) }
      default: continue
      }
    }
    return items.joined(separator: "&")
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

  func routeMatches(_ url: String, table name: String, index: Int) -> Bool {
    guard let table = tables.tables.first(where: { $0.name == name }),
      case .success(let verdicts) = table.explainAll(url), index < verdicts.count,
      case .matched = verdicts[index]
    else { return false }
    return true
  }

  func handles(_ url: String) -> Bool {
    if case .matched = tables.resolve(url) { return true }
    return false
  }
}
