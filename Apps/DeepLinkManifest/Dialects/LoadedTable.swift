import PatternCore

/// A table loaded through its dialect's library API, as the tools use it. Each dialect adds one
/// conforming type; the formats of the apps do not change.
public protocol LoadedTable {
  /// The table's name.
  var name: String { get }
  /// The manifest `dialect` value.
  var dialect: String { get }
  /// The route patterns as written, by registration index.
  var patterns: [String] { get }
  /// Resolves one URL.
  func resolve(_ url: String) -> TableOutcome
  /// Warnings from route-table analysis.
  var warnings: [AnalysisWarning] { get }
  /// Runs a fixture's typed `context` checks for a URL; returns what differed.
  func checkContext(_ url: String, _ checks: [JSONValue]) -> [String]
  /// The routes for reverse routing, in registration order.
  var printableRoutes: [PrintableRoute] { get }
  /// Each route's remark (catalog description), if any.
  var remarks: [String?] { get }
  /// What every route makes of a URL, in registration order (for `:explain`).
  func explainAll(_ url: String) -> Result<[RouteVerdict], Diagnostic>
  /// The table as its bare first match, when handlers add nothing (see ``DirectTable``).
  var direct: DirectTable? { get }
  /// Whether resolving runs main-actor handlers (a handler graph), which rules out answering
  /// lines in parallel.
  var runsHandlers: Bool { get }
  /// Per route, the query capture a forwarding route resolves again (nil: not forwarding).
  var forwards: [String?] { get }
  /// Per route, whether its handler always declines (`"declines": true`): such a route
  /// handles no URL.
  var declines: [Bool] { get }
}

extension LoadedTable {
  public var runsHandlers: Bool { false }
  public var forwards: [String?] { [] }
  public var declines: [Bool] { [] }
}

extension LoadedTable {
  public var remarks: [String?] { [] }
}

extension RouteTable {
  /// Every route's verdict on a parsed URL's input.
  package func explainAll(_ input: RoutingInput) -> [RouteVerdict] {
    (0..<count).map { explain(routeAt: $0, input) }
  }
}

extension LoadedTable {
  public func checkContext(_ url: String, _ checks: [JSONValue]) -> [String] {
    ["`context` checks apply to crossroad tables only"]
  }
}

/// What a table made of one URL.
public enum TableOutcome: Sendable {
  /// A route matched and produced an intent.
  case matched(TableMatch)
  /// Nothing matched; the nearest route and why, when there is one.
  case unmatched(NearestRoute?)
  /// The URL (or the request) is bad.
  case error(Diagnostic)
}

/// A successful resolution.
public struct TableMatch: Sendable {
  /// The table's name.
  public var table: String
  /// The table's dialect.
  public var dialect: String
  /// The winning route's registration index.
  public var route: Int
  /// The winning route's pattern as written.
  public var pattern: String
  /// The intent (or target) name.
  public var intent: String
  /// The captures, in pattern order.
  public var params: Captures
  /// The handling trace, when the table has a handler graph.
  public var trace: [String]?
  /// The error of the last handling step (a rejection message, a cycle), if any.
  public var handlingError: String?

  /// Creates a match record.
  public init(
    table: String, dialect: String, route: Int, pattern: String, intent: String,
    params: Captures, trace: [String]? = nil, handlingError: String? = nil
  ) {
    self.table = table
    self.dialect = dialect
    self.route = route
    self.pattern = pattern
    self.intent = intent
    self.params = params
    self.trace = trace
    self.handlingError = handlingError
  }
}

/// The route that came closest to matching.
public struct NearestRoute: Sendable {
  /// The table it belongs to.
  public var table: String
  /// Its registration index.
  public var route: Int
  /// Its pattern as written.
  public var pattern: String
  /// Why it did not match.
  public var reason: MissReason

  /// Whether `candidate`, from a later table, replaces `current` as the nearest miss of several
  /// tables tried in order: the closest wins, the first on a tie. The one rule for every way of
  /// answering (``TableSet`` and the resolver's byte-level path).
  package func isNearer(than current: NearestRoute?) -> Bool {
    guard let current else { return true }
    return Self.isNearer(reason.closeness, than: current.reason.closeness)
  }

  /// The same rule on closeness alone (`Int.min` before the first table).
  package static func isNearer(_ closeness: Int, than current: Int) -> Bool {
    closeness > current
  }
}

/// Several tables tried in order: the first table that resolves the URL wins.
public struct TableSet {
  /// The tables, in order.
  public var tables: [any LoadedTable]

  /// Wraps loaded tables.
  public init(_ tables: [any LoadedTable]) {
    self.tables = tables
  }

  /// Resolves a URL against each table in turn, following forwarding routes (the hops are
  /// left out; ``resolveForwarding(_:)`` keeps them).
  public func resolve(_ url: String) -> TableOutcome {
    resolveForwarding(url).outcome
  }

  /// Resolves a URL against each table in turn. A `missing_params` answer does not stop the
  /// search (a later table may match); it is the result when no table does.
  func resolveOnce(_ url: String) -> TableOutcome {
    var nearest: NearestRoute?
    var missing: Diagnostic?
    for table in tables {
      switch table.resolve(url) {
      case .matched(let match): return .matched(match)
      case .error(let diagnostic) where diagnostic.code == .missingParams:
        if missing == nil { missing = diagnostic }
      case .error(let diagnostic): return .error(diagnostic)
      case .unmatched(let candidate?):
        if candidate.isNearer(than: nearest) { nearest = candidate }
      case .unmatched(nil): continue
      }
    }
    if let missing { return .error(missing) }
    return .unmatched(nearest)
  }
}
