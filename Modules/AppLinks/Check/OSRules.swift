import PatternCore

/// What the router makes of a URL, for confirming witnesses.
public protocol RouterOracle {
  /// Whether route `index` of `table` matches the URL on its own.
  func routeMatches(_ url: String, table: String, index: Int) -> Bool
  /// Whether any route answers the URL.
  func handles(_ url: String) -> Bool
}

/// One OS's side: per host, the automata of the rules in order and how they decide.
public struct OSRules: Sendable {
  /// One rule's path language and whether a match opens the app.
  public struct Rule: Sendable {
    public var name: String
    public var path: ByteNFA
    public var opens: Bool
    /// Nil when the rule decides on the path alone; otherwise it also asks something of the
    /// query or the fragment, and this is a suffix that satisfies it (`?ref=a#top`, or "" when
    /// none was found).
    public var condition: String?
    /// The query items the rule asks for, each with the pattern every value under its name must
    /// match (an absent item reads as an empty value); `itemsDecoded` when values are compared
    /// decoded.
    public var queryItems: [(name: String, value: AASAPattern)] = []
    public var itemsDecoded = false
    /// The pattern for the whole query string, when the rule gives one (`"?": "a=1"`);
    /// compared decoded when `itemsDecoded`.
    public var queryPattern: AASAPattern?
    /// Other suffixes that satisfy the condition, each giving one item another value
    /// (`?ref=b` beside `?ref=a`): a route may take the first and refuse another.
    public var otherConditions: [String] = []
  }

  public var os: String
  /// The rules for a site (its host concrete), tried in order; the first whose path matches
  /// decides.
  public var rules: @Sendable (WebSite) -> [Rule]
  /// The exact decision for a URL.
  public var decide: @Sendable (String) -> OpenDecision
  /// Whether the rules read the decoded path (Android): then routes are compared in that form
  /// too, and a witness's path is percent-encoded where a URL needs it.
  public var decodedPaths = false
}

extension OSRules {
  /// A path the search found, as a URL writes it.
  func pathText(_ bytes: [UInt8]) -> String {
    decodedPaths ? AndroidManifest.writtenPath(bytes) : String(decoding: bytes, as: UTF8.self)
  }
}
