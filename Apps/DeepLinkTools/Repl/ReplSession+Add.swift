import DeepLinkManifest
import PatternCore

extension ReplSession {
  /// `:add [TABLE|DIALECT] PATTERN -> INTENT`. The route goes to the loaded table named first;
  /// with a dialect named first, the last loaded table of that dialect, else a scratch table of
  /// it (`repl-deeper`, …); with neither, the last loaded table, else a scratch table of the
  /// current dialect. It is that table's last route, so it is tried after the table's other routes,
  /// and tables keep their load order.
  func add(_ argument: String) -> String {
    var rest = argument
    var first = argument.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
    // A quoted table name may hold spaces (`:add "two words" p -> x`).
    var written = first.utf8.count
    if let quote = argument.first, quote == "\"" || quote == "'",
      let close = argument.dropFirst().firstIndex(of: quote)
    {
      first = String(argument[argument.index(after: argument.startIndex)..<close])
      written = argument.utf8.distance(from: argument.startIndex, to: close) + 1
    }
    var named: Entry?
    var dialect: String?
    if let entry = entries.last(where: { $0.table.name == first }) {
      named = entry
    } else if TableLoader.knownDialects.contains(first) {
      dialect = first
      named = entries.last { $0.table.dialect == first }
    }
    if named != nil || dialect != nil {
      rest = String(decoding: argument.utf8.dropFirst(written), as: UTF8.self).trimmingWhitespace()
    } else {
      // A first word before the pattern that names nothing: patterns hold no spaces, so it
      // was meant as a table or dialect.
      if let arrow = argument.range(of: "->"),
        String(argument[..<arrow.lowerBound]).trimmingWhitespace().contains(" ")
      {
        let tables = entries.map { "`\($0.table.name)`" }.joined(separator: ", ")
        return render(
          Diagnostic(
            code: .invalidRequest, message: "no table or dialect named `\(first)`",
            source: argument, offset: 0,
            hint: "tables: \(tables.isEmpty ? "none loaded" : tables); dialects: "
              + TableLoader.knownDialects.joined(separator: ", ")))
      }
      // The last loaded table: a scratch table is not one (without a loaded table, the scratch
      // table of the current dialect).
      named =
        entries.last { $0.table.name == lastLoaded }
        ?? entries.last { !$0.table.name.hasPrefix("repl-") }
    }
    guard let arrow = rest.range(of: "->") else {
      // The caret goes after what was typed, when something was.
      return render(
        Diagnostic(
          code: .invalidRequest, message: "`:add` needs `PATTERN -> INTENT`",
          source: argument.isEmpty ? nil : argument, offset: argument.utf8.count,
          hint: "e.g. :add profile/:userId -> showProfile"))
    }
    let pattern = String(rest[..<arrow.lowerBound]).trimmingWhitespace()
    var intent = String(rest[arrow.upperBound...]).trimmingWhitespace()
    // `-> "showProfile"`: the quotes are not part of the name.
    if intent.count >= 2, let quote = intent.first, quote == "\"" || quote == "'",
      intent.last == quote
    {
      intent = String(intent.dropFirst().dropLast())
    }
    guard !pattern.isEmpty, !intent.isEmpty, !intent.contains(where: \.isWhitespace) else {
      return render(
        Diagnostic(
          code: .invalidRequest, message: "`:add` needs a pattern and one intent name",
          hint: "e.g. :add profile/:userId -> showProfile"))
    }
    let result: Result<Entry, Diagnostic>
    // Where the route was going, which an error names (the dialect decides how it reads).
    let place: String
    if let named, !named.table.name.hasPrefix("repl-") {
      place = "adding to table `\(named.table.name)` (\(named.table.dialect))"
      result = adding(pattern, intent, to: named)
      // A table with routes of the user's own is no placeholder: `:load` adds to it.
      if case .success = result { showingBuiltInExample = false }
    } else {
      // A scratch table named (`:add repl-func ...`) keeps its dialect.
      let scratchDialect = dialect ?? named?.table.dialect ?? self.dialect
      place = "adding to the scratch table (\(scratchDialect))"
      var routes = scratch[scratchDialect] ?? []
      routes.append((pattern, intent))
      result = scratchTable(dialect: scratchDialect, routes: routes).map { entry in
        scratch[scratchDialect] = routes
        return entry
      }
    }
    switch result {
    case .failure(var diagnostic):
      diagnostic.origin = diagnostic.origin ?? place
      return render(diagnostic)
    case .success(let entry):
      if let index = entries.firstIndex(where: { $0.table.name == entry.table.name }) {
        entries[index] = entry
      } else {
        entries.append(entry)
      }
      let route = entry.table.patterns.count - 1
      let position = entries.firstIndex { $0.table.name == entry.table.name }! + 1
      return "added route \(route) to \(style.bold(entry.table.name)) (\(entry.table.dialect)): "
        + "\(pattern) \(style.arrow) \(intent)\n"
        + style.dim(
          "  "
            + (route == 0
              ? "its first route" : "tried after route\(route == 1 ? " 0" : "s 0-\(route - 1)")")
            + "; \(entry.table.name) is table \(position) of \(entries.count) in the order tried")
    }
  }

  /// A mapping pattern as a group and a map path: `/info?{*id}` is the group `/info` (its
  /// leading `/` kept, so the table shows the pattern as written) and the path `?{*id}`.
  static func mappingParts(_ pattern: String) -> (group: String, path: String) {
    let slash = pattern.hasPrefix("/") ? "/" : ""
    let trimmed = pattern.dropFirst(slash.count)
    let group = trimmed.prefix { $0 != "/" && $0 != "?" }
    return (slash + group, String(trimmed.dropFirst(group.count)))
  }

  /// A loaded table with one more route at the end, reloaded through its dialect's loader.
  func adding(_ pattern: String, _ intent: String, to entry: Entry) -> Result<Entry, Diagnostic> {
    var spec = entry.spec
    var members = spec.json.objectValue ?? []
    if spec.dialect == "mapping" {
      let (group, path) = Self.mappingParts(pattern)
      let map: JSONValue = .object([("route", .string(path)), ("target", .string(intent))])
      // A group of its own at the end, so the map is the table's last route (an existing
      // group of the same name keeps its place).
      var groups = spec.json["groups"]?.arrayValue ?? []
      groups.append(.object([("group", .string(group)), ("maps", .array([map]))]))
      members.removeAll { $0.0 == "groups" }
      members.append(("groups", .array(groups)))
    } else {
      let route: JSONValue = .object([("pattern", .string(pattern)), ("intent", .string(intent))])
      let routes = (spec.json["routes"]?.arrayValue ?? []) + [route]
      members.removeAll { $0.0 == "routes" }
      members.append(("routes", .array(routes)))
      spec.routes.append(
        RouteSpec(pattern: pattern, intent: intent, declines: false, remark: nil, json: route))
    }
    spec.json = .object(members)
    do {
      return .success(Entry(spec: spec, table: try TableLoader.load(spec)))
    } catch {
      var diagnostic = error
      diagnostic.origin = nil
      // The map repeated is the one added, in a group the user never wrote: name only the
      // map it repeats (`… repeats groups[0] `user` map 1 `/logout`; …`).
      if spec.dialect == "mapping", diagnostic.code == .duplicateRoute,
        let hint = diagnostic.hint, let repeats = hint.range(of: " repeats "),
        let end = hint.range(of: "; ", range: repeats.upperBound..<hint.endIndex)
      {
        diagnostic.hint =
          "the table routes it already: \(hint[repeats.upperBound..<end.lowerBound])"
      }
      return .failure(diagnostic)
    }
  }

  /// The scratch table of a dialect, rebuilt from its routes through the dialect's loader.
  func scratchTable(dialect: String, routes: [(pattern: String, intent: String)])
    -> Result<Entry, Diagnostic>
  {
    let scheme = defaultScheme(for: dialect)
    var table: [(String, JSONValue)] = [
      ("name", .string("repl-\(dialect)")), ("dialect", .string(dialect)),
    ]
    switch dialect {
    case "mapping":
      // `user/info?{*id}`: the first component is the group.
      var groups: [(String, [JSONValue])] = []
      for route in routes {
        let (group, path) = Self.mappingParts(route.pattern)
        let map: JSONValue = .object([("route", .string(path)), ("target", .string(route.intent))])
        if let index = groups.firstIndex(where: { $0.0 == group }) {
          groups[index].1.append(map)
        } else {
          groups.append((group, [map]))
        }
      }
      table.append(("scheme", .string(scheme)))
      table.append(
        (
          "groups",
          .array(groups.map { .object([("group", .string($0.0)), ("maps", .array($0.1))]) })
        ))
    case "crossroad":
      var sources = [scheme]
      for route in routes {
        guard let range = route.pattern.range(of: "://") else { continue }
        let head = String(route.pattern[..<range.lowerBound])
        let source: String
        if head.lowercased().hasPrefix("http") {
          let afterScheme = route.pattern[range.upperBound...]
          source = head + "://" + afterScheme.prefix { $0 != "/" }
        } else {
          source = head
        }
        if !sources.contains(source) { sources.append(source) }
      }
      table.append(("sources", .array(sources.map(JSONValue.string))))
      table.append(("routes", routesJSON(routes)))
    default:
      table.append(("scheme", .string(scheme)))
      table.append(("routes", routesJSON(routes)))
    }
    let json = JSONValue.object(table)
    let manifest: Manifest
    do {
      manifest = try ManifestLoader.parse(Array(JSONWriter.write(json).utf8), path: "<repl>")
    } catch {
      return .failure(error.diagnostic)
    }
    do {
      let spec = manifest.tables[0]
      return .success(Entry(spec: spec, table: try TableLoader.load(spec)))
    } catch {
      var diagnostic = error
      diagnostic.origin = nil
      return .failure(diagnostic)
    }
  }

  private func routesJSON(_ routes: [(pattern: String, intent: String)]) -> JSONValue {
    .array(
      routes.map { .object([("pattern", .string($0.pattern)), ("intent", .string($0.intent))]) })
  }

  /// The scheme of the first loaded table, or `myapp`.
  /// The scheme a scratch table of `dialect` answers: a mapping table's, as a manifest's,
  /// defaults to `native`, or is that of a mapping table loaded; others take the scheme of
  /// the first table loaded, else `myapp`.
  func defaultScheme(for dialect: String) -> String {
    if dialect == "mapping" {
      let loaded = entries.first {
        !$0.table.name.hasPrefix("repl-") && $0.table.dialect == "mapping"
      }
      return loaded?.spec.scheme ?? "native"
    }
    for entry in entries where !entry.table.name.hasPrefix("repl-") {
      if let scheme = entry.spec.scheme { return scheme }
      if let source = entry.spec.sources?.first(where: { !$0.contains("://") }) { return source }
    }
    return "myapp"
  }
}
