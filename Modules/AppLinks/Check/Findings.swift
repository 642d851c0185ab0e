import PatternCore

/// A route that answers web links: where it is, which host it answers, and its path.
public struct WebRoute: Sendable {
  public var table: String
  public var index: Int
  public var pattern: String
  /// The host it answers (lower-cased; `*.example.com` for a wildcard source).
  public var host: String
  /// `https` or `http`, and the port its source names (nil: the scheme's own).
  public var scheme: String
  public var port: Int?
  public var path: [PathNode]
  public var ignoringCase: Bool
  /// A query that satisfies the route's required items (`?id=1`), or "".
  public var query: String
  /// Other such queries (other values, an item more, an empty or repeated value, a key in
  /// another case where keys compare without it), tried in turn when a witness with `query`
  /// happens to satisfy a system rule's condition on the query, or to fail one.
  public var otherQueries: [String]
  /// Queries the route refuses whatever the path (`token=x` for `!token`, `ref=appx` for
  /// `ref=app`): links a system hands over with such a query may be handled by no route.
  public var refusedQueries: [String]
  /// The route's query pattern, and whether its keys compare without case (Crossroad).
  public var queryNodes: [QueryNode]
  public var queryKeysIgnoreCase: Bool

  public init(
    table: String, index: Int, pattern: String, host: String, scheme: String = "https",
    port: Int? = nil, path: [PathNode], ignoringCase: Bool, query: String,
    otherQueries: [String] = [], refusedQueries: [String] = [], queryNodes: [QueryNode] = [],
    queryKeysIgnoreCase: Bool = false
  ) {
    self.table = table
    self.index = index
    self.pattern = pattern
    self.host = host
    self.scheme = scheme
    self.port = port
    self.path = path
    self.ignoringCase = ignoringCase
    self.query = query
    self.otherQueries = otherQueries
    self.refusedQueries = refusedQueries
    self.queryNodes = queryNodes
    self.queryKeysIgnoreCase = queryKeysIgnoreCase
  }
}

/// Where web links come from: a scheme (`https` or `http`), a host (perhaps `*.example.com`)
/// and a port when one is named. Routes and OS rules are compared site by site.
public struct WebSite: Sendable, Hashable {
  public var scheme: String
  public var host: String
  public var port: Int?

  public init(scheme: String = "https", host: String, port: Int? = nil) {
    self.scheme = scheme
    self.host = host
    self.port = port
  }

  /// `scheme://host[:port]` for a concrete host.
  func origin(_ host: String) -> String {
    "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
  }
}

extension WebRoute {
  /// The site the route answers.
  public var site: WebSite { WebSite(scheme: scheme, host: host, port: port) }
}

/// One problem between the routes and what an OS hands to the app.
public struct LinkFinding: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case unreachableRoute = "unreachable_route"
    case partlyReachableRoute = "partly_reachable_route"
    case unhandledLinks = "unhandled_links"
    case unverifiedHost = "unverified_host"
  }

  public var kind: Kind
  /// `ios` or `android`.
  public var os: String
  public var host: String
  /// The route, when the finding is about one.
  public var table: String?
  public var route: Int?
  public var pattern: String?
  /// The rule that decided the witness (`details[0].components[3]`, `intent-filter at line 12`),
  /// or nil when no rule matched.
  public var rule: String?
  /// A URL that shows the problem, confirmed with the OS matcher and the router.
  public var witness: String
  /// More to say (a URL of the route that does open, a value the finding depends on).
  public var note: String?

  public init(
    kind: Kind, os: String, host: String, table: String?, route: Int?, pattern: String?,
    rule: String?, witness: String, note: String?
  ) {
    self.kind = kind
    self.os = os
    self.host = host
    self.table = table
    self.route = route
    self.pattern = pattern
    self.rule = rule
    self.witness = witness
    self.note = note
  }
}

/// A comparison the checker could not finish within its search budget
/// (``ProductSearch/budget``): a finding there may be missing, so it is reported, never dropped.
public struct UnfinishedCheck: Sendable, Hashable {
  /// `ios` or `android`.
  public var os: String
  public var host: String
  /// What was being compared: a route (`route 3 `a/*` of `web``) or a rule that opens the app.
  public var subject: String
  /// What could not be decided.
  public var question: String

  public init(os: String, host: String, subject: String, question: String) {
    self.os = os
    self.host = host
    self.subject = subject
    self.question = question
  }

  /// One line for people.
  public var message: String {
    "\(os == "ios" ? "iOS" : "Android") \(host): \(subject): could not decide \(question) within "
      + "the search budget; a finding there may be missing"
  }
}
