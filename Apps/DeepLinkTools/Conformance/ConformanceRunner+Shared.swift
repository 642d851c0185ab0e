import DeepLinkManifest
import PatternCore

extension ConformanceRunner {
  /// A dialect-neutral answer: what a user of any front-end would observe.
  enum Answer: Equatable, CustomStringConvertible {
    case matched(intent: String, params: String)
    case unmatched
    case error(String)

    /// Text compares as its bytes, as the routers compare it.
    static func == (lhs: Answer, rhs: Answer) -> Bool {
      switch (lhs, rhs) {
      case (.matched(let a, let p), .matched(let b, let q)):
        ConformanceRunner.same(a, b) && ConformanceRunner.same(p, q)
      case (.unmatched, .unmatched): true
      case (.error(let a), .error(let b)): a == b
      default: false
      }
    }

    init(_ outcome: TableOutcome) {
      switch outcome {
      case .matched(let match):
        self = .matched(intent: match.intent, params: JSONWriter.write(Resolver.json(match.params)))
      case .unmatched: self = .unmatched
      case .error(let diagnostic): self = .error(diagnostic.code.rawValue)
      }
    }

    var description: String {
      switch self {
      case .matched(let intent, let params): "intent `\(intent)`, params \(params)"
      case .unmatched: "no intent"
      case .error(let code): "error `\(code)`"
      }
    }
  }

  /// Runs a cross-dialect fixture: one result per (URL, dialect) compared with the first table.
  func runShared(_ manifest: Manifest, _ shared: SharedSpec) -> [Result] {
    var loaded: [any LoadedTable] = []
    var specs: [TableSpec] = []
    var results: [Result] = []
    for spec in manifest.tables {
      // A table that must be refused is checked for that, and compared with nothing.
      if let expected = spec.loadError {
        results += Self.refusal(of: spec, expected: expected, file: manifest.path).results
        continue
      }
      do {
        loaded.append(try TableLoader.load(spec))
        specs.append(spec)
      } catch {
        return results + [
          Result(
            file: manifest.path, table: spec.name, subject: "load",
            failure: Failure(expected: "the table loads", actual: error.description))
        ]
      }
    }
    guard let reference = loaded.first else { return results }
    // An entry that names a dialect with no table here, or a URL the fixture does not list,
    // checks nothing: it fails, naming itself, rather than passing by.
    let dialects = Set(loaded.dropFirst().map(\.dialect))
    let entries =
      shared.differences.enumerated().map { ("differences[\($0)]", $1.dialect, $1.url as String?) }
      + shared.inexpressible.enumerated().map { ("inexpressible[\($0)]", $1.dialect, nil) }
    for (subject, dialect, url) in entries {
      let problem =
        !dialects.contains(dialect)
        ? "`\(dialect)` has no table compared here"
        : url.map { shared.urls.contains($0) ? nil : "`\($0)` is not one of `urls`" } ?? nil
      if let problem {
        results.append(
          Result(
            file: manifest.path, table: shared.name, subject: subject,
            failure: Failure(expected: "an entry the comparison uses", actual: problem)))
      }
    }
    // A table's own cases are resolved against that table alone, as in any fixture.
    for (spec, table) in zip(specs, loaded) {
      for (position, item) in spec.cases.enumerated() {
        results.append(
          check(item, at: position, TableSet([table]), file: manifest.path, table: spec.name))
      }
    }
    for other in loaded.dropFirst() {
      let skipped = Set(shared.inexpressible.filter { $0.dialect == other.dialect }.map(\.intent))
      let different = Dictionary(
        shared.differences.filter { $0.dialect == other.dialect }.map { ($0.url, $0.reason) },
        uniquingKeysWith: { first, _ in first })
      for url in shared.urls {
        let expected = Answer(reference.resolve(url))
        if case .matched(let intent, _) = expected, skipped.contains(intent) { continue }
        let actual = Answer(other.resolve(url))
        let subject = "\(url) [\(reference.dialect) vs \(other.dialect)]"
        var failure: Failure?
        if let reason = different[url] {
          if actual == expected {
            failure = Failure(
              expected: "a different answer from \(other.dialect) (\(reason))",
              actual: "the same answer: \(actual)")
          }
        } else if actual != expected {
          failure = Failure(
            expected: "\(reference.dialect): \(expected)", actual: "\(other.dialect): \(actual)")
        }
        results.append(
          Result(file: manifest.path, table: shared.name, subject: subject, failure: failure))
      }
    }
    return results
  }
}
