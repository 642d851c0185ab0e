import PatternCore

/// A route table file: one table, or `{"tables": [...]}`, each optionally with cases.
public struct Manifest: Sendable {
  /// Where the manifest was read from (for messages).
  public var path: String
  /// The tables, in the order URLs are tried against them.
  public var tables: [TableSpec]
  /// Cases given beside `tables`, resolved against all tables in order.
  public var cases: [CaseSpec]
  /// A cross-dialect fixture: one URL corpus, the same table in several dialects.
  public var shared: SharedSpec?
}

/// A cross-dialect fixture (`{"shared": {...}}`): every dialect's table must give the first
/// table's answer for every URL, except where the fixture says a dialect cannot express a
/// route or answers differently on purpose.
public struct SharedSpec: Sendable {
  /// The fixture's name.
  public var name: String
  /// The URL corpus.
  public var urls: [String]
  /// Intents a dialect cannot express: URLs the reference answers with them are skipped there.
  public var inexpressible: [(dialect: String, intent: String, reason: String)]
  /// URLs a dialect answers differently by design; the runner checks that they do differ.
  public var differences: [(dialect: String, url: String, reason: String)]
}

/// One table of a manifest, before it is loaded by its dialect.
public struct TableSpec: Sendable {
  /// The table's name (defaults to the file name, or `table-N`).
  public var name: String
  /// `deeper`, `func`, `mapping` or `crossroad`.
  public var dialect: String
  /// The custom scheme, if given.
  public var scheme: String?
  /// The link sources, if given (`"sources"`).
  public var sources: [String]?
  /// The routes, in priority order (empty for mapping tables, which use `groups`).
  public var routes: [RouteSpec]
  /// The whole table object, for dialect-specific members (`groups`, `handlers`).
  public var json: JSONValue
  /// The error code this table must be refused with, if it is a negative fixture.
  public var loadError: String?
  /// The cases resolved against this table alone.
  public var cases: [CaseSpec]
  /// `file` or `file, table "name"` for messages.
  public var origin: String
}

/// One route of a table.
public struct RouteSpec: Sendable {
  /// The pattern text.
  public var pattern: String
  /// The intent (or target) name.
  public var intent: String
  /// Whether the route's handler always declines (to test fall-through).
  public var declines: Bool
  /// A description for catalogs.
  public var remark: String?
  /// The name of the query capture whose value is resolved again when this route wins.
  public var forward: String?
  /// The whole route object.
  public var json: JSONValue

  package init(
    pattern: String, intent: String, declines: Bool, remark: String?, forward: String? = nil,
    json: JSONValue
  ) {
    self.pattern = pattern
    self.intent = intent
    self.declines = declines
    self.remark = remark
    self.forward = forward
    self.json = json
  }
}

/// One expected outcome of a fixture.
public struct CaseSpec: Sendable {
  /// The URL to resolve.
  public var url: String
  /// The expected intent: `.some(nil)` means nothing resolves; nil means not checked.
  public var intent: String??
  /// The exact expected captures, if checked.
  public var params: [(String, JSONValue)]?
  /// The expected route index.
  public var route: Int?
  /// The expected error code.
  public var error: String?
  /// The exact expected error message.
  public var message: String?
  /// The expected handling trace.
  public var trace: [String]?
  /// The expected table name.
  public var table: String?
  /// Typed reads of the Crossroad context to check (`context`).
  public var context: [JSONValue]?
  /// The expected error of the last handling step (`handlingError`): `.some(nil)` (JSON
  /// `null`) means none; nil means not checked.
  public var handlingError: String??
  /// The expected host of a universal-link match (`host`), lower-case as records give it.
  public var host: String?
  /// The expected forwarding hops (`via`): objects with `table`, `route`, `pattern`, `url`,
  /// each key checked when given.
  public var via: [[(String, JSONValue)]]?
  /// The index of the case in its list, for messages.
  public var index: Int
}

/// A manifest that could not be read: bad JSON or a bad shape.
public struct ManifestError: Error, Sendable, CustomStringConvertible, DiagnosticConvertible {
  public var diagnostic: Diagnostic
  public var description: String { diagnostic.description }
}
