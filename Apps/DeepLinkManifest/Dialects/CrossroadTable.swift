import CrossroadRouter
import Foundation
import PatternCore

/// A `crossroad` table: routes registered through ``CrossroadRouter/Router`` with handlers that
/// accept (or decline, for `"declines": true`). `sources` lists schemes and universal link
/// origins; `scheme` alone is one source.
package struct CrossroadTable: LoadedTable {
  package let forwards: [String?]
  package let name: String
  package let dialect = "crossroad"
  package let router: DefaultRouter

  package init(_ spec: TableSpec) throws(Diagnostic) {
    name = spec.name
    if spec.scheme != nil && spec.sources != nil {
      // One of the two would be dropped: say which to keep.
      throw Diagnostic(
        code: .invalidSource, message: "both `scheme` and `sources` are given",
        hint: "list every source in \"sources\" (\"scheme\" alone is one source)",
        origin: spec.origin)
    }
    guard let sources = spec.sources ?? spec.scheme.map({ [$0] }) else {
      throw Diagnostic(
        code: .invalidSource, message: "missing `sources` (or `scheme`)",
        hint: "e.g. \"sources\": [\"pokedex\", \"https://example.com\"]", origin: spec.origin)
    }
    // A bad source is reported where it is written, before any route names it.
    if sources.isEmpty {
      throw Diagnostic(
        code: .invalidSource, message: "`sources` is empty; a router needs at least one source",
        hint: "e.g. \"sources\": [\"pokedex\", \"https://example.com\"]", origin: spec.origin)
    }
    var parsed: [LinkSource] = []
    for (index, source) in sources.enumerated() {
      let link: LinkSource
      do {
        link = try LinkSource(parsing: source)
      } catch {
        var diagnostic = error.diagnostic
        diagnostic.origin =
          spec.sources == nil ? "\(spec.origin), scheme" : "\(spec.origin), sources[\(index)]"
        throw diagnostic
      }
      // As in a deeper or func table: the second one would answer nothing.
      guard !parsed.contains(link) else {
        throw Diagnostic(
          code: .invalidSource, message: "the source `\(source)` is listed twice",
          origin: "\(spec.origin), sources[\(index)]")
      }
      parsed.append(link)
    }
    router = DefaultRouter(accepting: sources)
    for type in try DeclaredTypes.load(spec) {
      try? router.register(valueType: type)  // validated by DeclaredTypes
    }
    for (index, route) in spec.routes.enumerated() {
      let declines = route.declines
      do {
        try router.register(routes: [(route.pattern, { _ in !declines })])
      } catch {
        var diagnostic = error.diagnostic
        diagnostic.origin = "\(spec.origin), routes[\(index)]"
        throw diagnostic
      }
    }
    if spec.routes.isEmpty {
      do {
        _ = try router.sources()
      } catch {
        var diagnostic = error.diagnostic
        diagnostic.origin = spec.origin
        throw diagnostic
      }
    }
    intents = spec.routes.map(\.intent)
    patterns = spec.routes.map(\.pattern)
    declines = spec.routes.map(\.declines)
    routeRemarks = spec.routes.map(\.remark)
    forwards = spec.routes.map(\.forward)
    try Forwarding.check(
      forwards, router.table, written: patterns, origin: Forwarding.routeOrigin(spec.origin))
  }

  package let routeRemarks: [String?]

  private let intents: [String]

  package let patterns: [String]

  package var printableRoutes: [PrintableRoute] {
    let all = ((try? router.sources()) ?? []).map(\.description)
    let options = router.table.options
    return zip(router.routes, intents).map { route, intent in
      PrintableRoute(
        intent: intent, pattern: route.pattern, bases: route.source.map { [$0.description] } ?? all,
        options: options)
    }
  }

  package var warnings: [AnalysisWarning] {
    let routes = router.routes
    // A route written for one source takes only that source's URLs.
    return TableWarnings.of(
      routes.map(\.pattern), texts: routes.map(\.text), declines: declines,
      options: router.table.options, sources: routes.map { $0.source.map { [$0.description] } })
  }

  /// Per route, `"declines": true`.
  package let declines: [Bool]

  package var remarks: [String?] { routeRemarks }

  package func explainAll(_ url: String) -> Result<[RouteVerdict], Diagnostic> {
    let parsed: ParsedURL
    do {
      parsed = try ParsedURL(url)
    } catch {
      return .failure(error.diagnostic)
    }
    guard let source = router.source(accepting: parsed) else {
      // Every route's verdict on the path, under the URL's own source.
      let (from, input) = LinkSource.foreign(parsed)
      return .success(
        router.table.explainAll(input, fromSource: from, expected: router.sourceTexts))
    }
    let input = source.input(parsed)
    return .success(
      router.routes.indices.map { index in
        let route = router.routes[index]
        let verdict = router.table.explain(routeAt: index, input)
        guard let routeSource = route.source, !routeSource.accepts(parsed) else { return verdict }
        let then: MissReason.Cause? =
          switch verdict {
          case .matched: nil
          case .missed(let reason): reason.cause
          }
        return .missed(
          MissReason(
            .otherSource(route: routeSource.description, url: source.description, then: then),
            closeness: -1))
      })
  }

  package func resolve(_ url: String) -> TableOutcome {
    switch router.resolve(url) {
    case .matched(let index, let context, _):
      return .matched(
        TableMatch(
          table: name, dialect: dialect, route: index, pattern: patterns[index],
          intent: intents[index], params: context.arguments))
    case .unmatched(let nearest, _):
      return .unmatched(
        nearest.map {
          NearestRoute(table: name, route: $0.0, pattern: patterns[$0.0], reason: $0.1)
        })
    case .invalid(let error):
      return .error(error.diagnostic)
    }
  }

  package func checkContext(_ url: String, _ checks: [JSONValue]) -> [String] {
    guard case .matched(_, let context, _) = router.resolve(url) else {
      return ["no route accepted the URL, so there is no context"]
    }
    return checks.enumerated().compactMap { index, check in
      ContextCheck.run(check, context).map { "context[\(index)]: \($0)" }
    }
  }
}

/// One typed read of a ``CrossroadRouter/Context``, written in a fixture:
///
///     {"argument": "pokedexID", "as": "Int", "value": 25}
///     {"parameter": "types", "as": "[enum:water|grass|fire]", "value": ["water", "grass"]}
///     {"requiredParameter": "page", "as": "Int", "error": "couldNotParse"}
///     {"queryParameter": "Type", "value": "fire"}
///
/// `argument` and `requiredParameter` throw (`error`: keyNotFound or couldNotParse);
/// `parameter` and `queryParameter` give null when absent or unparsable. Types: Int, Int64,
/// Float, Double, Bool, String, URL, `enum:a|b` (a String-backed enum), `[T]` and `Set<T>`.
package enum ContextCheck {
  /// Nil when the check holds; otherwise what differed.
  package static func run(_ check: JSONValue, _ context: Context<Void>) -> String? {
    let kinds = ["argument", "parameter", "requiredParameter", "queryParameter"]
    let named = kinds.filter { check[$0] != nil }
    guard named.count == 1, let kind = named.first, let key = check[kind]?.stringValue else {
      return "a check names exactly one of \(kinds.joined(separator: ", ")) with a string key"
    }
    // A misspelt key (`eror`) would otherwise check nothing.
    let known = [kind] + (kind == "queryParameter" ? [] : ["as"]) + ["value", "error", "note"]
    if let extra = check.objectValue?.first(where: { !known.contains($0.0) }) {
      return "unknown key `\(extra.0)` in a check; known keys: \(known.joined(separator: ", "))"
    }
    let typeName = kind == "queryParameter" ? "String" : (check["as"]?.stringValue ?? "")
    guard let type = ArgumentType(typeName) else { return "unknown type `\(typeName)`" }
    let actual: Swift.Result<JSONValue, Context<Void>.Error>
    switch kind {
    case "argument", "requiredParameter":
      guard
        let text = kind == "argument"
          ? context.arguments.text(key) : context.queryParameter(named: key)
      else {
        actual = .failure(.keyNotFound(key))
        break
      }
      if let value = type.read(text) {
        actual = .success(value)
      } else {
        actual = .failure(.couldNotParse(key: key, value: text, type: typeName))
      }
    default:
      actual = .success(context.queryParameter(named: key).flatMap(type.read) ?? .null)
    }
    switch (actual, check["error"]?.stringValue, check["value"]) {
    case (.failure(let error), let expected?, _):
      let name = if case .keyNotFound = error { "keyNotFound" } else { "couldNotParse" }
      return name == expected ? nil : "expected error \(expected), got \(name)"
    case (.failure(let error), nil, _):
      return "expected a value, got error: \(error)"
    case (.success(let value), let expected?, _):
      return "expected error \(expected), got \(JSONWriter.write(value))"
    case (.success(let value), nil, let expected?):
      return type.equal(value, expected)
        ? nil : "expected \(JSONWriter.write(expected)), got \(JSONWriter.write(value))"
    case (.success, nil, nil):
      return "a check needs `value` or `error`"
    }
  }
}

/// A type name of a context check and how to read text as it.
package indirect enum ArgumentType {
  case int, int64, float, double, bool, string, url
  case enumeration(Set<String>)
  case array(ArgumentType)
  case set(ArgumentType)

  package init?(_ name: String) {
    switch name {
    case "Int": self = .int
    case "Int64": self = .int64
    case "Float": self = .float
    case "Double": self = .double
    case "Bool": self = .bool
    case "String": self = .string
    case "URL": self = .url
    case _ where name.hasPrefix("enum:"):
      self = .enumeration(Set(name.dropFirst(5).split(separator: "|").map(String.init)))
    case _ where name.hasPrefix("[") && name.hasSuffix("]"):
      guard let element = ArgumentType(String(name.dropFirst().dropLast())) else { return nil }
      self = .array(element)
    case _ where name.hasPrefix("Set<") && name.hasSuffix(">"):
      guard let element = ArgumentType(String(name.dropFirst(4).dropLast())) else { return nil }
      self = .set(element)
    default: return nil
    }
  }

  /// Reads text through the library's own ``CrossroadRouter/Argument`` conformances.
  package func read(_ text: String) -> JSONValue? {
    switch self {
    case .int: Int(argument: text).map { .number(String($0)) }
    case .int64: Int64(argument: text).map { .number(String($0)) }
    case .float: Float(argument: text).map { .number(String(Double($0))) }
    case .double: Double(argument: text).map { .number($0.description) }
    case .bool: Bool(argument: text).map(JSONValue.bool)
    case .string: .string(text)
    case .url: URL(argument: text).map { .string($0.absoluteString) }
    case .enumeration(let cases): cases.contains(text) ? .string(text) : nil
    case .array(let element), .set(let element):
      [String](argument: text).flatMap { pieces in
        let values = pieces.compactMap(element.read)
        return values.count == pieces.count ? .array(values) : nil
      }
    }
  }

  /// Compares a read value with the expected JSON (numbers by value; sets in any order).
  package func equal(_ value: JSONValue, _ expected: JSONValue) -> Bool {
    switch (self, value, expected) {
    case (.int, .number(let a), .number(let b)), (.int64, .number(let a), .number(let b)):
      return Int64(a) == Int64(b)
    case (.float, .number(let a), .number(let b)):
      return Double(b).map { Float($0) } == Double(a).map { Float($0) }
    case (.double, .number(let a), .number(let b)):
      return Double(a) == Double(b)
    case (.array(let element), .array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { element.equal($0, $1) }
    case (.set(let element), .array(let a), .array(let b)):
      let unique = a.reduce(into: [JSONValue]()) { list, item in
        if !list.contains(where: { element.equal($0, item) }) { list.append(item) }
      }
      return unique.count == b.count
        && b.allSatisfy { item in unique.contains { element.equal($0, item) } }
    default:
      return value == expected
    }
  }
}
