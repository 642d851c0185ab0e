import PatternCore

// How a miss names its nearest route.
extension LinkRouter {
  /// The miss for a URL of `source` that no route answered: the first route that declined (or
  /// was passed over, `firstIsAsync`), a route of another source whose path matches, or the
  /// nearest route.
  func unmatched(
    _ url: ParsedURL, _ source: LinkSource, _ routes: [Route], _ table: RouteTable,
    declined: [Int], firstIsAsync: Bool = false
  ) -> CrossroadResolution<UserInfo> {
    if let first = RouteRegistry<Route>.nearest(
      declined: declined, firstIsAsync: firstIsAsync, { nil })
    {
      return .unmatched(nearest: first, declined: declined)
    }
    let input = source.input(url)
    let eligible = routes.map { Self.serves($0, url) }
    let own = table.nearestMiss(input, among: { eligible[$0] })
    // A route of another source whose path matches is nearer than any path that fails, but
    // not than a route of the URL's own source whose path matched (its query failed).
    if let other = table.matches(input).first(where: { !eligible[$0.routeIndex] }),
      let routeSource = routes[other.routeIndex].source
    {
      let reason = MissReason(
        .otherSource(route: routeSource.description, url: source.description, then: nil),
        closeness: Self.otherSourcePathMatches)
      if let own, own.reason.closeness > reason.closeness {
        return .unmatched(nearest: own, declined: [])
      }
      return .unmatched(nearest: (other.routeIndex, reason), declined: [])
    }
    // The nearest route of the URL's source; when it has none, the nearest of another source,
    // whose reason names both sources before it says why the path fails.
    let nearest =
      own
      ?? table.nearestMiss(input, among: { !eligible[$0] }).map { index, reason in
        let route = routes[index].source?.description ?? ""
        return (
          index,
          MissReason(
            .otherSource(route: route, url: source.description, then: reason.cause),
            closeness: reason.closeness)
        )
      }
    return .unmatched(nearest: nearest, declined: [])
  }

  /// The closeness of a route of another source whose path matches: just below a path that
  /// matched with a failing query, above every path that fails.
  static var otherSourcePathMatches: Int { MissReason.pathMatched - 1 }

  /// Whether a route takes URLs like `url`: it names no source, or its source accepts the URL
  /// (a URL can come from several sources, `https://*.example.com` and `https://a.example.com`;
  /// each of their routes is tried, in registration order).
  static func serves(_ route: Route, _ url: ParsedURL) -> Bool {
    route.source?.accepts(url) ?? true
  }
}
