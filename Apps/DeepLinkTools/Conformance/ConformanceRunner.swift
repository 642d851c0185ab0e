import DeepLinkManifest
import PatternCore

/// The logic of `deeplink-conformance`: runs every fixture through the library API of
/// its dialect and compares each case with its expectation.
public struct ConformanceRunner {
  /// One checked case (or table, for `loadError` fixtures and unreadable files).
  public struct Result: Sendable {
    /// The fixture file.
    public var file: String
    /// The table name, when known.
    public var table: String?
    /// What was checked: `cases[i] URL` for a case, `URL [deeper vs func]` for a URL a shared
    /// fixture compares across dialects, or a description such as `load`.
    public var subject: String
    /// Nil when the case passed; otherwise what was expected and what happened.
    public var failure: Failure?
  }

  /// A mismatch between a case and the outcome.
  public struct Failure: Sendable {
    public var expected: String
    public var actual: String
  }

  /// Creates a runner.
  public init() {}

  /// The fixture files named by `paths` (directories are searched for `*.json`), in order.
  /// Paths that do not exist are returned as they are so they are reported as unreadable.
  /// A file named twice (itself and in its directory, or twice over) is run once.
  public static func fixtureFiles(_ paths: [String]) -> [String] {
    var seen = Set<String>()
    return paths.flatMap { path in
      FileIO.isDirectory(path) ? FileIO.jsonFiles(under: path) : [path]
    }.filter { seen.insert(FileIO.standardized($0)).inserted }
  }

  /// Runs every case of every file.
  public func run(files: [String]) -> [Result] {
    files.flatMap { file -> [Result] in
      // A directory among the files is one that could not be listed.
      if FileIO.isDirectory(file), let reason = FileIO.listingFailure(file) {
        return [
          Result(
            file: file, subject: "fixture",
            failure: Failure(
              expected: "a readable fixture",
              actual: "error: cannot list the directory `\(file)`: \(reason)"))
        ]
      }
      if let bytes = FileIO.readFile(file), let json = try? JSONParser.parse(bytes),
        AppLinksFixtures.isAppLinksFixture(json)
      {
        return AppLinksFixtures.run(json, file: file)
      }
      do throws(ManifestError) {
        return run(manifest: try ManifestLoader.load(path: file))
      } catch {
        return [
          Result(
            file: file, subject: "fixture",
            failure: Failure(expected: "a readable fixture", actual: error.diagnostic.description))
        ]
      }
    }
  }

  /// The results of a table that must be refused with the code `expected`: whether it was, and
  /// a failure for any cases it holds (they could never run: say so rather than pass them by);
  /// `loaded` when it loaded after all.
  static func refusal(of spec: TableSpec, expected: String, file: String)
    -> (results: [Result], loaded: Bool)
  {
    var results: [Result] = []
    var loaded = false
    switch Swift.Result(catching: { () throws(Diagnostic) in try TableLoader.load(spec) }) {
    case .success:
      loaded = true
      results.append(
        Result(
          file: file, table: spec.name, subject: "load",
          failure: Failure(expected: "load error `\(expected)`", actual: "the table loaded")))
    case .failure(let diagnostic):
      results.append(
        Result(
          file: file, table: spec.name, subject: "load",
          failure: diagnostic.code.rawValue == expected
            ? nil
            : Failure(
              expected: "load error `\(expected)`",
              actual: "`\(diagnostic.code)`: \(diagnostic.description)")))
    }
    if !spec.cases.isEmpty {
      results.append(
        Result(
          file: file, table: spec.name, subject: "cases",
          failure: Failure(
            expected: "no cases in a table with `loadError`",
            actual: "\(spec.cases.count) cases, which cannot run")))
    }
    return (results, loaded)
  }

  /// Runs every case of one parsed fixture.
  public func run(manifest: Manifest) -> [Result] {
    if let shared = manifest.shared { return runShared(manifest, shared) }
    var results: [Result] = []
    var loaded: [any LoadedTable] = []
    var allLoaded = true
    for spec in manifest.tables {
      let file = manifest.path
      if let expected = spec.loadError {
        let refused = Self.refusal(of: spec, expected: expected, file: file)
        if refused.loaded { allLoaded = false }
        results += refused.results
        continue
      }
      let outcome = Swift.Result { () throws(Diagnostic) in try TableLoader.load(spec) }
      switch outcome {
      case .failure(let diagnostic):
        allLoaded = false
        let failure = Failure(expected: "the table loads", actual: diagnostic.description)
        results.append(Result(file: file, table: spec.name, subject: "load", failure: failure))
        for (position, item) in spec.cases.enumerated() {
          results.append(
            Result(
              file: file, table: spec.name, subject: Self.subject(position, item), failure: failure)
          )
        }
      case .success(let table):
        loaded.append(table)
        for (position, item) in spec.cases.enumerated() {
          results.append(
            check(item, at: position, TableSet([table]), file: file, table: spec.name))
        }
      }
    }
    if !manifest.cases.isEmpty {
      let set = TableSet(loaded)
      for (position, item) in manifest.cases.enumerated() {
        if allLoaded {
          results.append(check(item, at: position, set, file: manifest.path, table: nil))
        } else {
          results.append(
            Result(
              file: manifest.path, subject: Self.subject(position, item),
              failure: Failure(expected: "all tables load", actual: "a table failed to load")))
        }
      }
    }
    return results
  }

  /// What a result names for the case at `position` of its `cases`: the place and the URL
  /// (two cases with the same URL are told apart).
  static func subject(_ position: Int, _ item: CaseSpec) -> String {
    "cases[\(position)] \(item.url)"
  }

  /// Checks one case (at `position` of its `cases`) against the tables.
  func check(_ item: CaseSpec, at position: Int, _ tables: TableSet, file: String, table: String?)
    -> Result
  {
    let forwarded = tables.resolveForwarding(item.url)
    let outcome = forwarded.outcome
    var mismatch = Self.compare(item, outcome) ?? Self.compareHostAndHops(item, forwarded)
    if mismatch == nil, let checks = item.context {
      if case .matched(let match) = outcome,
        let table = tables.tables.first(where: { $0.name == match.table })
      {
        let problems = table.checkContext(item.url, checks)
        if !problems.isEmpty { mismatch = " (" + problems.joined(separator: "; ") + ")" }
      } else {
        mismatch = " (context checks need a match)"
      }
    }
    return Result(
      file: file, table: table, subject: Self.subject(position, item),
      failure: mismatch.map {
        Failure(expected: Self.describe(expectation: item), actual: Self.describe(outcome) + $0)
      })
  }

  /// Nil when the outcome satisfies the case; otherwise a note on the first difference.
  static func compare(_ item: CaseSpec, _ outcome: TableOutcome) -> String? {
    if let code = item.error {
      // What a match would show cannot be met by an error: the case contradicts itself.
      if case .some(.some) = item.intent { return " (a case that expects an error has an intent)" }
      if item.route != nil || item.params != nil || item.trace != nil
        || item.handlingError != nil || item.table != nil || item.context != nil
        || item.host != nil
      {
        return " (a case that expects an error expects a match too)"
      }
      guard case .error(let diagnostic) = outcome else { return " (expected an error)" }
      if diagnostic.code.rawValue != code { return " (wrong error code)" }
      if let message = item.message, !same(message, diagnostic.message) {
        return " (message differs)"
      }
      return nil
    }
    switch outcome {
    case .error:
      return " (unexpected error)"
    case .unmatched:
      if case .some(.some) = item.intent { return " (expected a match)" }
      if item.route != nil || item.params != nil || item.trace != nil
        || item.handlingError != nil || item.table != nil || item.host != nil
      {
        return " (expected a match)"
      }
      return nil
    case .matched(let match):
      if case .some(let expected) = item.intent, !same(expected, match.intent) {
        return " (intent differs)"
      }
      if let route = item.route, route != match.route { return " (route differs)" }
      if let table = item.table, !same(table, match.table) { return " (table differs)" }
      if let params = item.params, !paramsEqual(params, match.params) {
        return " (params differ)"
      }
      if let trace = item.trace {
        let actual = match.trace ?? []
        if trace.count != actual.count || !zip(trace, actual).allSatisfy(same) {
          // Where: a long chain's arrays are hard to compare by eye.
          let step =
            zip(trace, actual).enumerated().first { !same($0.element.0, $0.element.1) }?.offset
            ?? min(trace.count, actual.count)
          return " (trace[\(step)] differs)"
        }
      }
      if case .some(let error) = item.handlingError, !same(error, match.handlingError) {
        return " (handling error differs)"
      }
      return nil
    }
  }

  /// Nil when the match's host and the forwarding hops are those the case names (each checked
  /// only when given); otherwise a note on the first difference.
  static func compareHostAndHops(_ item: CaseSpec, _ forwarded: ForwardedOutcome) -> String? {
    if let host = item.host, case .matched = forwarded.outcome {
      let actual = Resolver.webHost(forwarded.url)
      if !same(host, actual) { return " (host differs: \(actual.map { "`\($0)`" } ?? "none"))" }
    }
    guard let via = item.via else { return nil }
    let hops = forwarded.via.map(\.members)
    let differs =
      via.count != hops.count
      || zip(via, hops).contains { expected, actual in
        expected.contains { key, value in
          let found = actual.first { $0.0 == key }!.1
          return key == "route"
            ? value.intValue != found.intValue : !same(value.stringValue, found.stringValue)
        }
      }
    return differs ? " (via differs: \(JSONWriter.write(.array(hops.map(JSONValue.object)))))" : nil
  }

  /// Text compares as its bytes, as the routers compare it: `é` (U+00E9) is not `e` and a
  /// combining accent, though Swift's `==` calls them equal.
  static func same(_ expected: String?, _ actual: String?) -> Bool {
    guard let expected, let actual else { return expected == nil && actual == nil }
    return expected.utf8.elementsEqual(actual.utf8)
  }

  /// Exact equality of expected JSON params and typed captures: same keys, no extra, and each
  /// value of the same kind (an int capture needs a number with an integer value; a double any
  /// number).
  static func paramsEqual(_ expected: [(String, JSONValue)], _ actual: Captures) -> Bool {
    guard expected.count == actual.count,
      Set(expected.map { Array($0.0.utf8) }).count == expected.count
    else {
      return false
    }
    return expected.allSatisfy { name, json in
      guard let value = actual[name] else { return false }
      return valueEqual(json, value)
    }
  }

  static func valueEqual(_ json: JSONValue, _ value: PatternValue) -> Bool {
    switch (json, value) {
    case (.string(let a), .string(let b)): same(a, b)
    // A number of any spelling with that value (`5`, `5.0`, `5e0`), as JSON does not tell
    // them apart.
    case (.number, .int(let b)): json.intValue == b
    case (.number(let text), .double(let b)): Double(text) == b
    case (.bool(let a), .bool(let b)): a == b
    case (.array(let items), .list(let values)):
      items.count == values.count && zip(items, values).allSatisfy { valueEqual($0, $1) }
    case (.object(let members), .object(let items)):
      // A JSON object has no order: the same keys, each with its value.
      members.count == items.count
        && members.allSatisfy { key, json in
          items.contains { same(key, $0.key) && json == .string($0.value) }
        }
    case (.string(let a), .converted(let b)): same(a, b.text)
    default: false
    }
  }

  static func describe(expectation item: CaseSpec) -> String {
    if let code = item.error {
      return "error `\(code)`" + (item.message.map { " with message \($0)" } ?? "")
    }
    var parts: [String] = []
    switch item.intent {
    case .some(nil): parts.append("no intent")
    case .some(let name?): parts.append("intent `\(name)`")
    case nil: break
    }
    if let route = item.route { parts.append("route \(route)") }
    if let table = item.table { parts.append("table `\(table)`") }
    if let params = item.params { parts.append("params " + JSONWriter.write(.object(params))) }
    if let trace = item.trace { parts.append("trace \(trace)") }
    switch item.handlingError {
    case .some(let error?): parts.append("handling error \(error)")
    case .some(nil): parts.append("no handling error")
    case nil: break
    }
    if let host = item.host { parts.append("host `\(host)`") }
    if let via = item.via {
      parts.append("via " + JSONWriter.write(.array(via.map(JSONValue.object))))
    }
    return parts.isEmpty ? "no error" : parts.joined(separator: ", ")
  }

  static func describe(_ outcome: TableOutcome) -> String {
    switch outcome {
    case .matched(let match):
      var text =
        "intent `\(match.intent)`, route \(match.route) `\(match.pattern)` in `\(match.table)`, "
        + "params " + JSONWriter.write(Resolver.json(match.params))
      if let trace = match.trace { text += ", trace \(trace)" }
      if let error = match.handlingError { text += ", handling error \(error)" }
      return text
    case .unmatched(let nearest?):
      return "no intent (nearest: route \(nearest.route) `\(nearest.pattern)`: "
        + "\(nearest.reason.message))"
    case .unmatched(nil):
      return "no intent (no routes)"
    case .error(let diagnostic):
      return "error `\(diagnostic.code)`: \(diagnostic.message)"
    }
  }
}
