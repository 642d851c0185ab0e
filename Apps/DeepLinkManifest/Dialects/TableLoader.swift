import PatternCore

/// Loads a ``TableSpec`` through the library API of its dialect.
public enum TableLoader {
  /// The dialects the tools can load today.
  public static let supportedDialects = ["deeper", "func", "mapping", "crossroad"]

  /// Every dialect name the formats know.
  public static let knownDialects = ["deeper", "func", "mapping", "crossroad"]

  /// Loads one table.
  /// - Throws: a `Diagnostic` with the table's origin (pattern errors carry a caret).
  public static func load(_ spec: TableSpec) throws(Diagnostic) -> any LoadedTable {
    if SourcesTable.applies(to: spec) {
      return try SourcesTable(spec) { part throws(Diagnostic) in try load(part) }
    }
    switch spec.dialect {
    case "deeper":
      return try DeeperTable(spec)
    case "func":
      return try FuncTable(spec)
    case "mapping":
      return try MappingTable(spec)
    case "crossroad":
      return try CrossroadTable(spec)
    default:
      throw Diagnostic(
        code: .invalidRequest, message: "unknown dialect `\(spec.dialect)`",
        hint: "one of: " + knownDialects.joined(separator: ", "), origin: spec.origin)
    }
  }

  /// Loads every table of a manifest (for tools that take manifests).
  /// ``load(_:)-(TableSpec)`` for a tool that serves the table (the resolver, the REPL): a
  /// fixture's table marked `loadError` must not load, so it is refused even when it does.
  package static func loadServing(_ spec: TableSpec) throws(Diagnostic) -> any LoadedTable {
    let table = try load(spec)
    if let code = spec.loadError {
      throw Diagnostic(
        code: .invalidRequest,
        message: "table `\(spec.name)` is marked \"loadError\": \"\(code)\" (a table that must not "
          + "load), yet it loads",
        hint: "remove `loadError` to use the table, or run the fixture with deeplink-conformance",
        origin: spec.origin)
    }
    return table
  }

  public static func load(_ manifest: Manifest) throws(Diagnostic) -> TableSet {
    var tables: [any LoadedTable] = []
    for spec in manifest.tables {
      tables.append(try load(spec))
    }
    return TableSet(tables)
  }

  /// The one custom scheme of a single-scheme dialect, checked for RFC 3986 syntax.
  package static func singleScheme(_ spec: TableSpec) throws(Diagnostic) -> String {
    if spec.scheme != nil && spec.sources != nil {
      throw Diagnostic(
        code: .invalidSource, message: "both `scheme` and `sources` are given",
        hint: "`scheme` and `sources` are alternatives: give one of them",
        origin: spec.origin)
    }
    if let sources = spec.sources, sources.isEmpty {
      throw Diagnostic(
        code: .invalidSource, message: "`sources` is empty; a router needs at least one source",
        hint: "list the table's scheme (\"sources\": [\"myapp\"]), or give \"scheme\": \"myapp\"",
        origin: spec.origin + ", sources")
    }
    if let sources = spec.sources, sources.count != 1 {
      throw Diagnostic(
        code: .invalidSource,
        message: "a \(spec.dialect) table answers one scheme; `sources` lists \(sources.count)",
        hint: "give \"scheme\": \"myapp\" (several sources are a feature of the other dialects)",
        origin: spec.origin + ", sources[1]")
    }
    if spec.scheme == nil, let origin = spec.sources?.first, origin.contains("://") {
      throw Diagnostic(
        code: .invalidSource,
        message: "a \(spec.dialect) table answers one scheme; `\(origin)` is an origin",
        hint: "give \"scheme\": \"https\" and start each pattern with its host "
          + "(example.com/p/:id), or use a crossroad table, whose sources may be origins "
          + "(https://*.example.com too)",
        origin: spec.origin + ", sources[0]")
    }
    guard let scheme = spec.scheme ?? spec.sources?.first else {
      throw Diagnostic(
        code: .invalidSource, message: "missing `scheme`",
        hint: "a \(spec.dialect) table answers one scheme, e.g. \"scheme\": \"myapp\"",
        origin: spec.origin)
    }
    let bytes = Array(scheme.utf8)
    let isValid =
      !bytes.isEmpty && isLetter(bytes[0])
      && bytes.allSatisfy {
        isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
      }
    guard isValid else {
      let bad =
        bytes.firstIndex {
          !(isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E)
        } ?? 0
      throw Diagnostic(
        code: .invalidSource, message: "invalid scheme",
        source: scheme, offset: bytes.isEmpty ? 0 : (isLetter(bytes[0]) ? bad : 0),
        hint: "a scheme is a letter followed by letters, digits, '+', '-' or '.'",
        // Where it is written: `scheme`, or the one entry of `sources`.
        origin: spec.origin + (spec.scheme == nil ? ", sources[0]" : ", scheme"))
    }
    return scheme
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
  }
}
