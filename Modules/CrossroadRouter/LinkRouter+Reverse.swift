import Foundation

// Reverse routing: a registered pattern plus values for its arguments prints a URL that this
// router resolves back to the same route and values.

extension LinkRouter {
  /// Values for a pattern's arguments and query items, by name: `["pokedexID": 25]`.
  public typealias ArgumentValues = [String: any CustomStringConvertible]

  /// The URL of a registered route, named by its pattern as registered, or nil.
  ///
  ///     router.url(for: "pokedex://pokemons/:pokedexID", arguments: ["pokedexID": 25])
  ///     // pokedex://pokemons/25
  ///
  /// A pattern without a source (`/pokemons/:id`) prints with the router's first source.
  public func url(
    for pattern: String, arguments: ArgumentValues = [:], wildcards: [[String]] = [],
    host: String? = nil
  ) -> URL? {
    try? makeURL(for: pattern, arguments: arguments, wildcards: wildcards, host: host)
  }

  /// The URL of a registered route; says why when none can be printed.
  /// - Parameters:
  ///   - pattern: the route's pattern, exactly as registered.
  ///   - arguments: a value for each argument (and query item) to print.
  ///   - wildcards: the components each `*` stands for, in pattern order.
  ///   - host: the host of a universal link whose source has a host wildcard
  ///     (`https://*.example.com` needs one, such as `uk.example.com`).
  /// - Throws: `ReverseRoutingError`: an argument with no value, a wildcard with no value, a
  ///   value that does not fit its type, a host wildcard with no host (or a host it does not
  ///   answer), or no route registered with that pattern.
  public func makeURL(
    for pattern: String, arguments: ArgumentValues = [:], wildcards: [[String]] = [],
    host: String? = nil
  ) throws(ReverseRoutingError) -> URL {
    let routes = self.routes
    guard let index = routes.firstIndex(where: { $0.text == pattern }) else {
      throw .noRoute(subject: "the pattern `\(pattern)`", routes: 0)
    }
    let route = routes[index]
    // A route of its own source prints under it; any other under the router's sources, the
    // first that answers `host` when one is given.
    let sources = route.source.map { [$0] } ?? (try? self.sources()) ?? []
    guard !sources.isEmpty else {
      throw .noRoute(
        subject: "the pattern `\(pattern)` (the router has no valid source)", routes: 1)
    }
    let string = try URLPrinter.url(
      base: URLPrinter.base(among: sources.map(\.description), host: host), pattern: route.pattern,
      values: URLPrinter.values(arguments, named: { $0 }), wildcards: wildcards,
      options: MatchOptions(queryKeysIgnoreCase: true))
    return try URLPrinter.foundationURL(string, subject: "the pattern `\(pattern)`")
  }
}
