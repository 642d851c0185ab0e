import AppLinks
import DeepLinkManifest
import Foundation
import PatternCore

/// Fixtures of the OS matchers and of the checker, run by `deeplink-conformance` beside the
/// route fixtures. A matcher fixture has `"os"`:
///
///     {"os": "ios", "appID": "T.app", "aasa": {...}, "cases": [{"url": "...", "opens": true,
///      "rule": "details[0].components[0]"}]}
///     {"os": "android", "manifest": ["<manifest ...>", "..."], "cases": [...]}
///
/// (`"loadError": "text"` instead of cases: the file must be refused with a message that
/// contains the text). A checker fixture has `"check"` (the routes and the OS files) and
/// `"findings"`, the exact list expected: `kind`, `os`, `host`, and where they apply `table`,
/// `route`, `rule`, and `witness`: the witness URL, or a regular expression it matches whole.
/// A key the format does not have is a failure, as in route fixtures.
enum AppLinksFixtures {
  /// The keys of each object of an app-links fixture.
  enum Keys {
    static let matcher = ["os", "appID", "aasa", "manifest", "cases", "loadError", "note"]
    static let matcherCase = ["url", "opens", "rule", "note"]
    static let checker = ["check", "findings", "note"]
    static let check = ["routes", "aasa", "appID", "android", "assetlinks", "package", "note"]
  }

  /// The first unknown key of `json` (named as `what` in the message), as a failure's text;
  /// nil when all are known.
  static func unknownKey(
    _ json: JSONValue?, _ allowed: [String], _ what: String, file: String
  ) -> String? {
    guard let json else { return nil }
    do throws(ManifestError) {
      try ManifestLoader.checkKeys(json, allowed, what, file)
      return nil
    } catch {
      return error.diagnostic.description
    }
  }

  static func isAppLinksFixture(_ json: JSONValue) -> Bool {
    json["os"] != nil || json["check"] != nil
  }

  static func run(_ json: JSONValue, file: String) -> [ConformanceRunner.Result] {
    func result(_ subject: String, _ failure: (String, String)?) -> ConformanceRunner.Result {
      ConformanceRunner.Result(
        file: file, table: nil, subject: subject,
        failure: failure.map { ConformanceRunner.Failure(expected: $0.0, actual: $0.1) })
    }
    if let check = json["check"] {
      if let problem = unknownKey(json, Keys.checker, "a checker fixture", file: file)
        ?? unknownKey(check, Keys.check, "`check`", file: file)
      {
        return [result("fixture", ("known keys", problem))]
      }
      return [runCheck(check, json["findings"], file: file)]
    }
    if let value = json["cases"], value.arrayValue == nil {
      return [result("fixture", ("`cases` as an array of cases", JSONWriter.write(value)))]
    }
    let cases = json["cases"]?.arrayValue ?? []
    // Each case names its URL (a string), and `opens` is true or false, `rule` a string or null.
    for (index, item) in cases.enumerated() {
      let subject = "cases[\(index)]"
      guard item.objectValue != nil else {
        return [result(subject, ("an object", JSONWriter.write(item)))]
      }
      guard item["url"]?.stringValue != nil else {
        return [result(subject, ("a `url` string", JSONWriter.write(item["url"] ?? .null)))]
      }
      if let opens = item["opens"], opens.boolValue == nil {
        return [result(subject, ("`opens` true or false", JSONWriter.write(opens)))]
      }
      if let rule = item["rule"], rule != .null, rule.stringValue == nil {
        return [result(subject, ("`rule` a string or null", JSONWriter.write(rule)))]
      }
    }
    if let problem = unknownKey(json, Keys.matcher, "a matcher fixture", file: file)
      ?? cases.lazy.enumerated().compactMap({ index, item in
        unknownKey(item, Keys.matcherCase, "cases[\(index)]", file: file)
      }).first
    {
      return [result("fixture", ("known keys", problem))]
    }
    let os = json["os"]?.stringValue ?? ""
    let decide: (String) -> OpenDecision
    do throws(AppLinksError) {
      switch os {
      case "ios":
        guard json["aasa"] != nil else {
          return [result("fixture", ("the association file under `aasa`", "no `aasa`"))]
        }
        let file = try AASAFile(data: Array(JSONWriter.write(json["aasa"] ?? .null).utf8))
        let appID = json["appID"]?.stringValue ?? ""
        decide = { file.decision(for: $0, appID: appID) }
      case "android":
        guard json["manifest"] != nil else {
          return [result("fixture", ("the AndroidManifest.xml under `manifest`", "no `manifest`"))]
        }
        let manifest = try AndroidManifest(data: Array(lines(json["manifest"]).utf8))
        decide = { manifest.decision(for: $0) }
      default:
        return [result("fixture", ("\"os\": \"ios\" or \"android\"", "\"\(os)\""))]
      }
    } catch {
      guard let expected = json["loadError"]?.stringValue else {
        return [result("load", ("the file loads", error.description))]
      }
      let text = error.description
      return [result("load", text.contains(expected) ? nil : ("an error with `\(expected)`", text))]
    }
    if let expected = json["loadError"]?.stringValue {
      return [result("load", ("an error with `\(expected)`", "the file loaded"))]
    }
    return cases.map { item in
      let url = item["url"]?.stringValue ?? ""
      let decision = decide(url)
      let opens = item["opens"]?.boolValue
      let rule: String?? = item["rule"].map { $0.stringValue }
      var problems: [String] = []
      if let opens, opens != decision.opens { problems.append("opens \(opens)") }
      if let rule, rule != decision.rule { problems.append("rule \(rule ?? "null")") }
      guard !problems.isEmpty else { return result(url, nil) }
      return result(
        url,
        (
          problems.joined(separator: ", "),
          "opens \(decision.opens), rule \(decision.rule ?? "null")"
        ))
    }
  }

  static func lines(_ json: JSONValue?) -> String {
    if let text = json?.stringValue { return text }
    return (json?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: "\n")
  }

  static func runCheck(_ check: JSONValue, _ expected: JSONValue?, file: String)
    -> ConformanceRunner.Result
  {
    func fail(_ expected: String, _ actual: String) -> ConformanceRunner.Result {
      ConformanceRunner.Result(
        file: file, table: nil, subject: "check",
        failure: ConformanceRunner.Failure(expected: expected, actual: actual))
    }
    guard check.objectValue != nil else {
      return fail("`check` as an object with `routes` and OS files", "found \(check.kindName)")
    }
    guard let routes = check["routes"] else {
      return fail("the routes under `check.routes`", "no `routes`")
    }
    // As the command line asks for at least one OS file, so does a fixture: else it checks
    // nothing and would pass whatever its findings.
    guard check["aasa"] != nil || check["android"] != nil else {
      return fail("an OS file under `check.aasa` or `check.android`", "neither")
    }
    let tables: TableSet
    do {
      let manifest = try ManifestLoader.parse(
        Array(JSONWriter.write(routes).utf8), path: file, readCases: false)
      tables = try TableLoader.load(manifest)
    } catch {
      return fail("loadable routes", "\(error)")
    }
    var files = AppLinkFiles()
    do throws(AppLinksError) {
      if let aasa = check["aasa"] {
        files.aasa = try AASAFile(data: Array(JSONWriter.write(aasa).utf8))
        files.appID = check["appID"]?.stringValue
      }
      if let android = check["android"] {
        files.android = try AndroidManifest(data: Array(lines(android).utf8))
      }
      if let links = check["assetlinks"] {
        files.assetLinks = try AssetLinks(data: Array(JSONWriter.write(links).utf8))
        files.package = check["package"]?.stringValue ?? files.android?.package
      }
    } catch {
      return fail("readable OS files", error.description)
    }
    let (output, _, _) = AppLinksTool.check(tables, files, json: true)
    let actual = output.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
    let wanted = expected?.arrayValue ?? []
    let shown = actual.map { JSONWriter.write($0) }.joined(separator: "\n            ")
    guard actual.count == wanted.count else {
      return fail("\(wanted.count) findings", "\(actual.count) findings:\n            " + shown)
    }
    for (want, got) in zip(wanted, actual) {
      for (key, value) in want.objectValue ?? [] where key != "note" {
        if key == "witness" {
          // The URL itself, or a pattern for it (the search may pick another witness).
          let pattern = value.stringValue ?? ""
          let witness = got["witness"]?.stringValue ?? ""
          let whole = "^(?:" + pattern + ")$"
          if !witness.utf8.elementsEqual(pattern.utf8)
            && witness.range(of: whole, options: .regularExpression) == nil
          {
            return fail("a witness matching `\(pattern)`", shown)
          }
        } else if got[key] != value {
          return fail("\(key) \(JSONWriter.write(value)) in \(JSONWriter.write(want))", shown)
        }
      }
    }
    return ConformanceRunner.Result(file: file, table: nil, subject: "check", failure: nil)
  }
}
