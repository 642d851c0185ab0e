import PatternCore

extension ReplSession {
  /// `:add [DIALECT] PATTERN -> INTENT`: a route in the scratch table of that dialect, tried
  /// after the loaded tables.
  func add(_ argument: String) -> String {
    var rest = argument
    var dialect = self.dialect
    let first = argument.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
    if TableLoader.knownDialects.contains(first) {
      dialect = first
      rest = String(argument.dropFirst(first.count)).trimmingWhitespace()
    }
    guard let arrow = rest.range(of: "->") else {
      return render(
        Diagnostic(
          code: .invalidRequest, message: "`:add` needs `PATTERN -> INTENT`", source: argument,
          offset: argument.utf8.count, hint: "e.g. :add deeper profile/:userId -> showProfile"))
    }
    let pattern = String(rest[..<arrow.lowerBound]).trimmingWhitespace()
    let intent = String(rest[arrow.upperBound...]).trimmingWhitespace()
    guard !pattern.isEmpty, !intent.isEmpty, !intent.contains(where: \.isWhitespace) else {
      return render(
        Diagnostic(
          code: .invalidRequest, message: "`:add` needs a pattern and one intent name",
          hint: "e.g. :add deeper profile/:userId -> showProfile"))
    }
    var routes = scratch[dialect] ?? []
    routes.append((pattern, intent))
    switch scratchTable(dialect: dialect, routes: routes) {
    case .failure(let diagnostic):
      return render(diagnostic)
    case .success(let entry):
      scratch[dialect] = routes
      entries.removeAll { $0.table.name == entry.table.name }
      entries.append(entry)
      return
        "added route \(routes.count - 1) to \(style.bold(entry.table.name)): \(pattern) \(style.arrow) \(intent)"
    }
  }

  /// The scratch table of a dialect, rebuilt from its routes through the dialect's loader.
  func scratchTable(dialect: String, routes: [(pattern: String, intent: String)])
    -> Result<Entry, Diagnostic>
  {
    let scheme = defaultScheme()
    var table: [(String, JSONValue)] = [
      ("name", .string("repl-\(dialect)")), ("dialect", .string(dialect)),
    ]
    switch dialect {
    case "mapping":
      // `user/info?{*id}`: the first component is the group.
      var groups: [(String, [JSONValue])] = []
      for route in routes {
        let trimmed =
          route.pattern.hasPrefix("/") ? String(route.pattern.dropFirst()) : route.pattern
        let group = String(trimmed.prefix { $0 != "/" && $0 != "?" })
        let path = String(trimmed.dropFirst(group.count))
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
  func defaultScheme() -> String {
    for entry in entries where !entry.table.name.hasPrefix("repl-") {
      if let scheme = entry.spec.scheme { return scheme }
      if let source = entry.spec.sources?.first(where: { !$0.contains("://") }) { return source }
    }
    return "myapp"
  }
}
