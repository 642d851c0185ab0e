import PatternCore

/// Reads manifests and fixtures into ``Manifest`` values, checking their shape.
public enum ManifestLoader {
  /// Reads and checks a manifest file. Tools that only route (`readCases: false`) ignore
  /// `cases`; the conformance runner reads and checks them.
  /// - Throws: ``ManifestError`` saying where the JSON or its shape is wrong.
  public static func load(path: String, readCases: Bool = true) throws(ManifestError) -> Manifest {
    let bytes: [UInt8]
    switch FileIO.readFile(reporting: path) {
    case .success(let read): bytes = read
    case .failure(let error):
      throw ManifestError(
        diagnostic: Diagnostic(
          code: .invalidRequest, message: "cannot read `\(path)`: \(error.reason)"))
    }
    return try parse(bytes, path: path, readCases: readCases)
  }

  /// Parses manifest bytes; `path` only names the source in messages.
  public static func parse(_ bytes: [UInt8], path: String, readCases: Bool = true)
    throws(ManifestError) -> Manifest
  {
    // A file saved with a UTF-8 byte-order mark is read from after it.
    let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      let lineText = Self.line(error.line, of: bytes)
      throw ManifestError(
        diagnostic: Diagnostic(
          code: .invalidJSON, message: "invalid JSON: \(error.message)", source: lineText.text,
          offset: error.offset - lineText.start, hint: nil,
          origin: "\(path):\(error.line):\(error.column)"))
    }
    return try manifest(json, path: path, readCases: readCases)
  }

  /// A manifest from its JSON.
  private static func manifest(_ json: JSONValue, path: String, readCases: Bool)
    throws(ManifestError) -> Manifest
  {
    guard case .object = json else {
      throw shapeError("a manifest is a JSON object, found \(json.kindName)", path)
    }
    // The app-links fixtures: a checker fixture's routes are a manifest; a matcher fixture
    // holds an association file or an Android manifest and URLs, no routes: no table.
    if let check = json["check"] {
      guard let routes = check["routes"] else {
        throw shapeError("an app-links checker fixture gives its routes under `check.routes`", path)
      }
      return try manifest(routes, path: path, readCases: false)
    }
    if json["os"] != nil, json["aasa"] != nil || json["manifest"] != nil {
      // Every fixture is a manifest: this one has no table (the tools say so).
      return Manifest(path: path, tables: [], cases: [], shared: nil)
    }
    let baseName = Self.baseName(path)
    if let shared = json["shared"] {
      return try sharedManifest(shared, path: path, readCases: readCases)
    }
    if let tables = json["tables"] {
      try checkKeys(json, Keys.tableList, "a manifest with `tables`", path)
      guard let list = tables.arrayValue, !list.isEmpty else {
        throw shapeError("`tables` must be a non-empty array", path)
      }
      var specs: [TableSpec] = []
      for (index, table) in list.enumerated() {
        let spec = try tableSpec(
          table, defaultName: "\(baseName)-\(index)", path: path, index: index,
          readCases: readCases)
        // Records, a case's `table` and a print request's `table` name a table: two with one
        // name could not be told apart.
        if let first = specs.firstIndex(where: { $0.name == spec.name }) {
          throw shapeError(
            "table name `\(spec.name)` is used twice (tables[\(first)] and tables[\(index)])",
            "\(path), tables[\(index)]")
        }
        specs.append(spec)
      }
      return Manifest(
        path: path, tables: specs,
        cases: readCases ? try cases(json["cases"], "\(path): cases") : [], shared: nil)
    }
    return Manifest(
      path: path,
      tables: [
        try tableSpec(json, defaultName: baseName, path: path, index: nil, readCases: readCases)
      ],
      cases: [], shared: nil)
  }

  private static func sharedManifest(_ json: JSONValue, path: String, readCases: Bool)
    throws(ManifestError) -> Manifest
  {
    let origin = "\(path), shared"
    guard case .object = json else { throw shapeError("`shared` must be an object", origin) }
    guard let list = json["tables"]?.arrayValue, list.count >= 2 else {
      throw shapeError("`shared.tables` must list the same table in two or more dialects", origin)
    }
    var tables: [TableSpec] = []
    for (index, table) in list.enumerated() {
      tables.append(
        try tableSpec(
          table, defaultName: "shared-\(index)", path: path, index: index, readCases: readCases))
    }
    guard readCases else { return Manifest(path: path, tables: tables, cases: []) }
    guard let urls = json["urls"]?.arrayValue, let strings = strings(urls), !strings.isEmpty else {
      throw shapeError("`shared.urls` must be a non-empty array of strings", origin)
    }
    func entries(_ key: String, _ field: String) throws(ManifestError) -> [(String, String, String)]
    {
      guard let value = json[key] else { return [] }
      guard let list = value.arrayValue else {
        throw shapeError("`\(key)` must be an array", origin)
      }
      var result: [(String, String, String)] = []
      for item in list {
        guard let dialect = item["dialect"]?.stringValue, let target = item[field]?.stringValue,
          let reason = item["reason"]?.stringValue
        else {
          throw shapeError("each `\(key)` entry names `dialect`, `\(field)` and `reason`", origin)
        }
        result.append((dialect, target, reason))
      }
      return result
    }
    let spec = SharedSpec(
      name: try optionalString(json, "name", origin) ?? baseName(path), urls: strings,
      inexpressible: try entries("inexpressible", "intent").map { ($0.0, $0.1, $0.2) },
      differences: try entries("differences", "url").map { ($0.0, $0.1, $0.2) })
    return Manifest(path: path, tables: tables, cases: [], shared: spec)
  }

  package static func shapeError(_ message: String, _ origin: String) -> ManifestError {
    ManifestError(
      diagnostic: Diagnostic(
        code: .invalidRequest, message: "invalid manifest: " + message, origin: origin))
  }

  private static func tableSpec(
    _ json: JSONValue, defaultName: String, path: String, index: Int?, readCases: Bool
  ) throws(ManifestError) -> TableSpec {
    var origin = index.map { "\(path), tables[\($0)]" } ?? path
    guard case .object = json else {
      throw shapeError("a table is a JSON object, found \(json.kindName)", origin)
    }
    let name = try optionalString(json, "name", origin + ", name") ?? defaultName
    origin = "\(path), table `\(name)`"
    try checkKeys(json, Keys.table, "a table", origin)
    guard let dialect = try optionalString(json, "dialect", origin + ", dialect") else {
      throw shapeError(
        "missing `dialect` (one of: deeper, func, mapping, crossroad)", origin)
    }
    // Keys of one dialect only: elsewhere they would be ignored in silence.
    for (key, owners, what) in [
      ("groups", ["mapping"], "mapping tables"),
      ("handlers", ["deeper", "func"], "deeper and func tables (a handler graph)"),
    ]
    where json[key] != nil && !owners.contains(dialect)
      && ["deeper", "func", "mapping", "crossroad"].contains(dialect)
    {
      throw shapeError("`\(key)` applies to \(what), not to a \(dialect) table", origin)
    }
    let scheme = try optionalString(json, "scheme", origin + ", scheme")
    var sources: [String]?
    if let value = json["sources"] {
      guard let list = value.arrayValue else {
        throw shapeError(
          "`sources` must be an array of strings, found \(value.kindName)", "\(origin), sources")
      }
      for (index, item) in list.enumerated() where item.stringValue == nil {
        throw shapeError(
          "a source is a string, found \(item.kindName)", "\(origin), sources[\(index)]")
      }
      sources = list.compactMap(\.stringValue)
    }
    var routes: [RouteSpec] = []
    if let value = json["routes"] {
      guard let list = value.arrayValue else {
        throw shapeError("`routes` must be an array, found \(value.kindName)", "\(origin), routes")
      }
      for (routeIndex, route) in list.enumerated() {
        let routeOrigin = "\(origin), routes[\(routeIndex)]"
        guard case .object = route else {
          throw shapeError("a route is a JSON object, found \(route.kindName)", routeOrigin)
        }
        try checkKeys(route, Keys.route, "a route", routeOrigin)
        guard let pattern = try optionalString(route, "pattern", routeOrigin) else {
          throw shapeError("missing `pattern`", routeOrigin)
        }
        // Where the other `forward` errors point (the capture it names, and its kind).
        let forward = try optionalString(route, "forward", routeOrigin + ".forward")
        guard
          let intent = try optionalString(route, "intent", routeOrigin) ?? forward.map({ _ in "" })
        else {
          throw shapeError("missing `intent`", routeOrigin)
        }
        var declines = false
        if let value = route["declines"] {
          guard let flag = value.boolValue else {
            throw shapeError("`declines` must be true or false", routeOrigin)
          }
          declines = flag
        }
        routes.append(
          RouteSpec(
            pattern: pattern, intent: intent, declines: declines,
            remark: try optionalString(route, "remark", routeOrigin), forward: forward,
            json: route))
      }
    }
    let loadError = try optionalString(json, "loadError", origin)
    if let loadError, ErrorCode(rawValue: loadError) == nil {
      throw shapeError("`loadError` `\(loadError)` is not an error code", origin)
    }
    return TableSpec(
      name: name, dialect: dialect, scheme: scheme, sources: sources, routes: routes, json: json,
      loadError: loadError,
      cases: readCases ? try cases(json["cases"], "\(origin), cases") : [], origin: origin)
  }

  private static func cases(_ json: JSONValue?, _ origin: String) throws(ManifestError)
    -> [CaseSpec]
  {
    guard let json else { return [] }
    guard let list = json.arrayValue else { throw shapeError("`cases` must be an array", origin) }
    var result: [CaseSpec] = []
    for (index, item) in list.enumerated() {
      let caseOrigin = "\(origin)[\(index)]"
      guard case .object = item else {
        throw shapeError("a case is a JSON object, found \(item.kindName)", caseOrigin)
      }
      try checkKeys(item, Keys.case, "a case", caseOrigin)
      guard let url = try optionalString(item, "url", caseOrigin) else {
        throw shapeError("missing `url`", caseOrigin)
      }
      var spec = CaseSpec(url: url, index: index)
      if let intent = item["intent"] {
        if intent.isNull {
          spec.intent = .some(nil)
        } else if let name = intent.stringValue {
          spec.intent = .some(name)
        } else {
          throw shapeError("`intent` must be a string or null", caseOrigin)
        }
      }
      if let params = item["params"] {
        guard let members = params.objectValue else {
          throw shapeError("`params` must be an object", caseOrigin)
        }
        spec.params = members
      }
      if let route = item["route"] {
        guard let value = route.intValue, let index = Int(exactly: value), index >= 0 else {
          throw shapeError("`route` must be a route index", caseOrigin)
        }
        spec.route = index
      }
      spec.error = try optionalString(item, "error", caseOrigin)
      if let code = spec.error, ErrorCode(rawValue: code) == nil {
        throw shapeError("`error` `\(code)` is not an error code", caseOrigin)
      }
      spec.message = try optionalString(item, "message", caseOrigin)
      if spec.message != nil, spec.error == nil {
        throw shapeError("`message` applies to a case with `error`", caseOrigin)
      }
      spec.table = try optionalString(item, "table", caseOrigin)
      // `null`: the handling ends without an error.
      spec.handlingError =
        item["handlingError"]?.isNull == true
        ? .some(nil) : try optionalString(item, "handlingError", caseOrigin).map { .some($0) }
      if let context = item["context"] {
        guard let checks = context.arrayValue else {
          throw shapeError("`context` must be an array of checks", caseOrigin)
        }
        spec.context = checks
      }
      if let trace = item["trace"] {
        guard let list = trace.arrayValue, let steps = strings(list) else {
          throw shapeError("`trace` must be an array of strings", caseOrigin)
        }
        spec.trace = steps
      }
      spec.host = try optionalString(item, "host", caseOrigin)
      if let via = item["via"] {
        spec.via = try hops(via, caseOrigin)
      }
      result.append(spec)
    }
    return result
  }

  /// A case's `via`: an array of hop objects, each key one of a record's hop keys with the
  /// value's kind (`route` a number, the others strings).
  private static func hops(_ json: JSONValue, _ origin: String) throws(ManifestError)
    -> [[(String, JSONValue)]]
  {
    guard let list = json.arrayValue else {
      throw shapeError("`via` must be an array of hops", origin)
    }
    var result: [[(String, JSONValue)]] = []
    for (index, hop) in list.enumerated() {
      let place = "\(origin), via[\(index)]"
      guard let members = hop.objectValue else {
        throw shapeError("a hop is an object with `table`, `route`, `pattern`, `url`", place)
      }
      try checkKeys(hop, Keys.hop, "a hop", place)
      for (key, value) in members
      where key == "route" ? value.intValue == nil : value.stringValue == nil {
        throw shapeError(
          key == "route" ? "`route` must be a route index" : "`\(key)` must be a string", place)
      }
      result.append(members)
    }
    return result
  }

  package static func optionalString(_ json: JSONValue, _ key: String, _ origin: String)
    throws(ManifestError) -> String?
  {
    guard let value = json[key] else { return nil }
    guard let string = value.stringValue else {
      throw shapeError("`\(key)` must be a string, found \(value.kindName)", origin)
    }
    return string
  }

  private static func strings(_ list: [JSONValue]) -> [String]? {
    var result: [String] = []
    for value in list {
      guard let string = value.stringValue else { return nil }
      result.append(string)
    }
    return result
  }

  private static func baseName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.hasSuffix(".json") ? String(file.dropLast(5)) : file
  }

  /// The text of 1-based line `number` and the byte offset where it starts.
  private static func line(_ number: Int, of bytes: [UInt8]) -> (text: String, start: Int) {
    var start = 0
    var current = 1
    while current < number, let newline = bytes[start...].firstIndex(of: 0x0A) {
      start = newline + 1
      current += 1
    }
    let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
    var text = String(decoding: bytes[start..<end], as: UTF8.self)
    if text.hasSuffix("\r") { text.removeLast() }
    return (text, start)
  }
}
