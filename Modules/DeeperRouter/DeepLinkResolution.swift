import HandlingEngine
import PatternCore

/// What `open(_:animated:)` did: how the URL resolved and how the handlers handled it.
public struct DeepLinkOpenResult<Intent> {
  /// The route resolution.
  public let resolution: DeepLinkResolution<Intent>
  /// The handling, when a route matched and the router has a root handler.
  public let handling: DeepLinkHandlingResult<Intent>?
}

/// Everything the router learned about one URL: which route won and why others did not.
public enum DeepLinkResolution<Intent> {
  /// A route matched and its handler returned an intent.
  case matched(DeepLinkMatch<Intent>)
  /// No route produced an intent.
  case unmatched(DeepLinkMiss)
  /// The URL could not be parsed.
  case invalid(URLParseError)

  /// The intent, when a route matched.
  public var intent: Intent? {
    if case .matched(let match) = self { match.intent } else { nil }
  }
}

/// The winning route and what it produced.
public struct DeepLinkMatch<Intent> {
  /// The 0-based registration index of the winning route.
  public let routeIndex: Int
  /// The route as written.
  public let route: DeepLinkRoute
  /// The typed captures.
  public let params: DeepLinkParams
  /// The intent the handler returned.
  public let intent: Intent
  /// Earlier routes that matched but whose handler declined.
  public let declined: [Int]
  /// The parsed URL (the last one of a forwarding chain).
  public let url: ParsedURL
  /// The URLs forwarding routes answered before this one, in order (empty without forwarding).
  public var via: [String] = []

  init(
    routeIndex: Int, route: DeepLinkRoute, params: DeepLinkParams, intent: Intent,
    declined: [Int], url: ParsedURL, via: some Sequence<String> = []
  ) {
    self.routeIndex = routeIndex
    self.route = route
    self.params = params
    self.intent = intent
    self.declined = declined
    self.url = url
    self.via = Array(via)
  }
}

/// Why no route produced an intent.
public struct DeepLinkMiss: Sendable, Hashable {
  /// The route that came closest, and why it failed; nil when the table is empty.
  public let nearest: (routeIndex: Int, reason: MissReason)?
  /// Routes that matched but whose handler declined.
  public let declined: [Int]
  /// The parsed URL.
  public let url: ParsedURL

  public static func == (lhs: DeepLinkMiss, rhs: DeepLinkMiss) -> Bool {
    lhs.nearest?.routeIndex == rhs.nearest?.routeIndex && lhs.nearest?.reason == rhs.nearest?.reason
      && lhs.declined == rhs.declined && lhs.url == rhs.url
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(nearest?.routeIndex)
    hasher.combine(declined)
    hasher.combine(url)
  }
}
