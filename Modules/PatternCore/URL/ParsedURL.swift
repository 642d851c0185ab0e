/// A URL split once into what routing needs: scheme, host, decoded path components,
/// the query as an ordered multimap, and the fragment.
///
///     let url = try ParsedURL("myapp://profile/42?tab=likes#top")
///     url.components   // ["profile", "42"]: the host is the first component
///     url.query        // [QueryItem(key: "tab", value: "likes")]
public struct ParsedURL: Sendable, Hashable {
  /// The URL exactly as given.
  public var string: String
  /// The scheme, lower-cased; empty for a relative reference (`profile/42`), which no route
  /// matches.
  public var scheme: String
  /// The host as written (not lower-cased) and percent-decoded; nil without an authority.
  public var host: String?
  /// The port, when the authority names one.
  public var port: Int?
  /// The decoded, non-empty path components (without the host).
  public var pathComponents: [String]
  /// The decoded query items in URL order, duplicates kept.
  public var query: [QueryItem]
  /// The raw fragment after `#`, if any. It never takes part in matching.
  public var fragment: String?

  /// Parses `string` with the default limits.
  /// - Throws: ``URLParseError`` with the byte offset of the problem.
  public init(_ string: String) throws(URLParseError) {
    self = try URLParser(limits: .default).parse(string)
  }

  init(
    string: String, scheme: String, host: String?, port: Int?, pathComponents: [String],
    query: [QueryItem], fragment: String?
  ) {
    self.string = string
    self.scheme = scheme
    self.host = host
    self.port = port
    self.pathComponents = pathComponents
    self.query = query
    self.fragment = fragment
  }

  /// Whether the scheme is http or https (where universal link sources may apply).
  public var isWeb: Bool { scheme == "http" || scheme == "https" }

  /// The components routes match against when the host is not a link source: the host (when
  /// non-empty) followed by the path components.
  public var components: [String] {
    if let host, !host.isEmpty { return [host] + pathComponents }
    return pathComponents
  }

  /// Whether `components[0]` is the host (and therefore compares case-insensitively).
  public var firstComponentIsHost: Bool {
    if let host { return !host.isEmpty }
    return false
  }

  /// The routing input for this URL: components with the host first (custom-scheme rule).
  public var routingInput: RoutingInput {
    RoutingInput(
      components: components, firstComponentIsHost: firstComponentIsHost, query: query)
  }

  /// The routing input when the host is matched against a universal link source instead.
  public var pathOnlyRoutingInput: RoutingInput {
    RoutingInput(components: pathComponents, firstComponentIsHost: false, query: query)
  }
}

/// One `key=value` item of a query, both percent-decoded once.
public struct QueryItem: Sendable, Hashable, CustomStringConvertible {
  /// The decoded key.
  public var key: String
  /// The decoded value; `""` for an item without `=`.
  public var value: String

  /// Creates a query item.
  public init(key: String, value: String) {
    self.key = key
    self.value = value
  }

  public var description: String { "\(key)=\(value)" }
}

/// What a pattern is matched against: components and query items.
public struct RoutingInput: Sendable, Hashable {
  /// The decoded components, in order.
  public var components: [String]
  /// Whether the first component came from the URL's host (case-insensitive comparisons).
  public var firstComponentIsHost: Bool
  /// The decoded query items.
  public var query: [QueryItem]

  /// Creates a routing input directly (mostly for tests and tools).
  public init(components: [String], firstComponentIsHost: Bool = false, query: [QueryItem] = []) {
    self.components = components
    self.firstComponentIsHost = firstComponentIsHost
    self.query = query
  }
}

/// Size limits that keep parsing and matching bounded.
public struct URLLimits: Sendable, Hashable {
  /// The longest URL accepted, in UTF-8 bytes.
  public var maxLength: Int
  /// The most components (host included) accepted.
  public var maxComponents: Int
  /// The most query items accepted.
  public var maxQueryItems: Int

  /// Creates limits.
  public init(maxLength: Int = 8192, maxComponents: Int = 256, maxQueryItems: Int = 256) {
    self.maxLength = maxLength
    self.maxComponents = maxComponents
    self.maxQueryItems = maxQueryItems
  }

  /// 8192 bytes, 256 components, 256 query items.
  public static let `default` = URLLimits()
}

extension ParsedURL {
  /// The URL as a router that does not answer its source describes and ranks it: the source as
  /// written (`foo`, `https://other.example`; empty without a scheme) and the components a route
  /// of that kind of source would see (an http(s) URL's path alone, else host first), so that
  /// a route that differs only by its source is the nearest. Crossroad and mapping share it.
  package var foreignSource: (source: String, input: RoutingInput) {
    let isWeb = scheme == "http" || scheme == "https"
    // With the URL's port when it names one: `https://example.org:8443` is the source it came
    // from, not `https://example.org`.
    let authority = (host ?? "") + (port.map { ":\($0)" } ?? "")
    let source = scheme.isEmpty ? "" : isWeb ? "\(scheme)://\(authority)" : scheme
    return (source, isWeb ? pathOnlyRoutingInput : routingInput)
  }
}
