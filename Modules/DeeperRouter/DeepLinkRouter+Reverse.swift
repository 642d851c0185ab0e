import Foundation

// Reverse routing: a route plus values for its captures prints a URL. Deeper's handlers are
// closures, so a route cannot be found from an intent alone; the caller names the values, and
// the router finds the first route that prints with them and whose handler gives the intent back.

extension DeepLinkRouter {
  /// The values of captures, by parameter: `[.userId: "42", .int("page"): 2]`.
  public typealias ParameterValues = [DeepLinkPatternParameter: any CustomStringConvertible]

  /// The URL of the route at `index` (registration order) with these values, or nil.
  ///
  ///     router.url(forRouteAt: 0, params: [.userId: "42"])   // myapp://profile/42
  public func url(
    forRouteAt index: Int, params: ParameterValues, wildcards: [[String]] = []
  ) -> URL? {
    try? makeURL(forRouteAt: index, params: params, wildcards: wildcards)
  }

  /// The URL of the route at `index` with these values; says why when none can be printed.
  /// - Parameters:
  ///   - index: the route's registration index.
  ///   - params: a value for each capture to print.
  ///   - wildcards: the components each `*` stands for, in pattern order.
  /// - Throws: `ReverseRoutingError`: a capture with no value, a wildcard with no value, a
  ///   value that does not fit its capture's type, or no route at `index`.
  public func makeURL(
    forRouteAt index: Int, params: ParameterValues, wildcards: [[String]] = []
  ) throws(ReverseRoutingError) -> URL {
    let routes = snapshot().routes
    guard routes.indices.contains(index) else {
      throw .noRouteAt(index: index, routes: routes.count)
    }
    return try Self.foundationURL(print(routes[index].pattern, params, wildcards))
  }

  private func print(_ pattern: RoutePattern, _ params: ParameterValues, _ wildcards: [[String]])
    throws(ReverseRoutingError) -> String
  {
    try URLPrinter.url(
      base: scheme, pattern: pattern, values: URLPrinter.values(params, named: \.name),
      wildcards: wildcards)
  }

  /// Whether the route's handler gives `intent` for a URL printed with the values given and
  /// samples for the others.
  fileprivate func isMeant(
    _ pattern: RoutePattern, _ intent: Intent, _ params: ParameterValues, _ wildcards: [[String]]
  ) -> Bool where Intent: Equatable {
    let sample = pattern.sampleValues(
      URLPrinter.values(params, named: \.name), wildcards: wildcards)
    guard
      let string = try? URLPrinter.url(
        base: scheme, pattern: pattern, values: sample.values, wildcards: sample.wildcards)
    else { return false }
    return resolve(string).intent == intent
  }
}

extension DeepLinkRouter where Intent: Equatable {
  /// The URL of the first route that prints with these values and whose handler turns that URL
  /// back into `intent`, or nil.
  ///
  ///     router.url(for: .showProfile(userId: "42"), params: [.userId: "42"])
  ///     // myapp://profile/42
  public func url(for intent: Intent, params: ParameterValues, wildcards: [[String]] = []) -> URL? {
    try? makeURL(for: intent, params: params, wildcards: wildcards)
  }

  /// The URL for `intent` and these values; says why when none can be printed.
  /// - Throws: `ReverseRoutingError`: the first route's reason when no route prints with these
  ///   values, or `noRoute(subject:routes:)` when routes print but none of
  ///   their handlers gives `intent` back.
  public func makeURL(for intent: Intent, params: ParameterValues, wildcards: [[String]] = [])
    throws(ReverseRoutingError) -> URL
  {
    let routes = snapshot().routes
    var firstError: ReverseRoutingError?
    // The reason of the route meant: the first whose handler gives `intent` back for a URL
    // printed with sample values where some are missing (handlers are closures, so the intent
    // alone cannot say), else the first that names every value given.
    var meantError: ReverseRoutingError?
    var namingError: ReverseRoutingError?
    let given = Set(params.keys.map(\.name))
    var printed = false
    for route in routes {
      do {
        // The route's URL, then its other shapes' (another alternative, an optional part left
        // out) when an earlier route answers it.
        let values = URLPrinter.values(params, named: \.name)
        let string = try URLPrinter.url(
          base: scheme, pattern: route.pattern, values: values, wildcards: wildcards)
        printed = true
        if resolve(string).intent == intent { return Self.foundationURL(string) }
        for other in URLPrinter.otherURLs(
          base: scheme, pattern: route.pattern, values: values, wildcards: wildcards,
          first: string) where resolve(other).intent == intent
        {
          return Self.foundationURL(other)
        }
      } catch {
        if firstError == nil { firstError = error }
        let names = route.pattern.pathCaptureNames + route.pattern.queryItems.map(\.name)
        if namingError == nil, given.isSubset(of: names) {
          namingError = error
        }
        if meantError == nil, isMeant(route.pattern, intent, params, wildcards) {
          meantError = error
        }
      }
    }
    if !printed, let error = meantError ?? namingError ?? firstError { throw error }
    throw .noRoute(subject: "`\(intent)`", routes: routes.count)
  }
}
