import AppLinks
import Foundation
import PatternCore
import Testing

@testable import DeepLinkTools

/// The checker against brute force: random small tables and OS files, and every URL of a small
/// alphabet (paths of up to three components, a few queries) resolved by the router and decided
/// by the OS matcher. Whatever the enumeration shows, the checker must report too: a route with
/// a URL that does not open the app has a finding, one with URLs on both sides is not
/// `unreachable_route`, and a rule that opens a URL no route handles has an `unhandled_links`
/// finding. (The checker is structural, so it may find more than the enumeration sees.)
@Suite("deeplink-applinks check against brute force")
struct AppLinksDifferentialTests {
  /// SplitMix64: a small generator of our own, so that every run draws the same cases.
  struct Generator {
    var state: UInt64

    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return value ^ (value >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
  }

  static func route(_ random: inout Generator) -> String {
    var parts: [String] = []
    for index in 0..<(1 + random.below(2)) {
      switch random.below(100) {
      case ..<40: parts.append(random.pick(["a", "b", "ab", "A", "a%20b"]))
      case ..<60: parts.append(":x\(index)")
      case ..<70: parts.append(":int(n\(index))")
      case ..<78: parts.append("*")
      case ..<86: parts.append("(a|b)")
      case ..<93: parts.append("(ab)")
      default: parts.append("*r\(index)")
      }
    }
    let query = random.pick(["", "", "", "", "?!q", "?q=a", "?:q", "?:int(q)"])
    return "/" + parts.joined(separator: "/") + query
  }

  static func component(_ random: inout Generator) -> String {
    let parts = (0..<(1 + random.below(2))).map { _ in
      random.pick(["a", "b", "ab", "*", "?", "?*", "a*", "*b", "A"])
    }
    var fields = [#""/": "/\#(parts.joined(separator: "/"))\#(random.pick(["", "", "/", "*"]))""#]
    switch random.below(100) {
    case ..<15: fields.append(#""?": {"q": "\#(random.pick(["?*", "a", "*", "?"]))"}"#)
    case ..<20: fields.append(#""?": "q=a""#)
    default: break
    }
    if random.chance(15) { fields.append(#""exclude": true"#) }
    if random.chance(10) { fields.append(#""caseSensitive": false"#) }
    if random.chance(10) { fields.append(#""percentsEncoded": false"#) }
    return "{" + fields.joined(separator: ", ") + "}"
  }

  static func filter(_ random: inout Generator) -> String {
    let data = (0..<(1 + random.below(3))).map { _ -> String in
      let kind = random.pick(["path", "pathPrefix", "pathPattern", "pathSuffix"])
      let value: String
      switch kind {
      case "pathPattern":
        value = random.pick(["/a.*", "/.*", "/a/.*", "/.*b", "/a*", "/a/b", "/..*/a"])
      case "pathSuffix": value = random.pick(["a", "/a", "b/", "ab"])
      default: value = random.pick(["/a", "/a/", "/ab", "/b/a", "/", "/A", "/a b"])
      }
      return #"<data android:\#(kind)="\#(value)" />"#
    }
    return """
      <intent-filter>
      <action android:name="android.intent.action.VIEW" />
      <category android:name="android.intent.category.DEFAULT" />
      <category android:name="android.intent.category.BROWSABLE" />
      <data android:scheme="https" android:host="example.com" />
      \(data.joined(separator: "\n"))
      </intent-filter>
      """
  }

  /// Every URL of the enumeration: paths of one to three components (of up to two characters
  /// at depth three) with and without a trailing `/`, each with a few queries.
  static let urls: [String] = {
    let components = ["a", "b", "ab", "ba", "aa", "A", "1", "12", "a%20b"]
    var paths = ["/"]
    for depth in 1...3 {
      var level: [[String]] = [[]]
      for _ in 0..<depth { level = level.flatMap { prefix in components.map { prefix + [$0] } } }
      for parts in level where depth < 3 || parts.allSatisfy({ $0.count <= 2 }) {
        let path = "/" + parts.joined(separator: "/")
        paths += [path, path + "/"]
      }
    }
    let queries = ["", "?q=a", "?q=b", "?q=", "?Q=a", "?q=a&q=", "?q=1", "?x=1"]
    return paths.flatMap { path in queries.map { "https://example.com" + path + $0 } }
  }()

  /// What the enumeration shows that the findings miss, in words; empty when nothing.
  static func misses(
    _ tables: TableSet, _ routeCount: Int, _ findings: [[String: Any]],
    opens: (String) -> OpenDecision
  ) -> [String] {
    var delivered: [Int: String] = [:]
    var withheld: [Int: String] = [:]
    var unhandled: [String: String] = [:]
    for url in urls {
      let decision = opens(url)
      if case .matched(let match) = tables.resolve(url) {
        if decision.opens {
          delivered[match.route] = delivered[match.route] ?? url
        } else {
          withheld[match.route] = withheld[match.route] ?? url
        }
      } else if decision.opens, let rule = decision.rule {
        unhandled[rule] = unhandled[rule] ?? url
      }
    }
    var kinds: [Int: String] = [:]
    for finding in findings {
      if let route = finding["route"] as? Int, let kind = finding["kind"] as? String {
        kinds[route] = kind
      }
    }
    let rules = Set(
      findings.filter { $0["kind"] as? String == "unhandled_links" }.compactMap {
        $0["rule"] as? String
      })
    var problems: [String] = []
    for route in 0..<routeCount {
      if let url = withheld[route], kinds[route] == nil {
        problems.append("route \(route): no finding, but \(url) does not open the app")
      }
      if let url = delivered[route], withheld[route] != nil, kinds[route] == "unreachable_route" {
        problems.append("route \(route): unreachable, but \(url) opens the app")
      }
    }
    for (rule, url) in unhandled where !rules.contains(rule) {
      problems.append("\(rule): no finding, but it opens \(url), which no route handles")
    }
    return problems
  }

  @Test(arguments: ["ios", "android"])
  func findingsCoverWhatTheEnumerationShows(os: String) throws {
    var random = Generator(state: os == "ios" ? 11 : 12)
    var checked = 0
    for _ in 0..<12 {
      let routes = (0..<(1 + random.below(3))).map { _ in Self.route(&random) }
      let manifest =
        #"{"name": "w", "dialect": "crossroad", "sources": ["https://example.com"], "routes": ["#
        + routes.enumerated().map { #"{"pattern": "\#($1)", "intent": "i\#($0)"}"# }
        .joined(separator: ", ") + "]}"
      // Two routes the same up to capture names are a load error: draw again.
      guard
        let tables = try? TableLoader.load(
          ManifestLoader.parse(Array(manifest.utf8), path: "<w>", readCases: false))
      else { continue }
      var files = AppLinkFiles()
      let opens: (String) -> OpenDecision
      if os == "ios" {
        let components = (0..<(1 + random.below(3))).map { _ in Self.component(&random) }
        let aasa = try AASAFile(
          data: Array(
            #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [\#(components.joined(separator: ", "))]}]}}"#
              .utf8))
        files.aasa = aasa
        files.appID = "T.app"
        opens = { aasa.decision(for: $0, appID: "T.app") }
      } else {
        let filters = (0..<(1 + random.below(2))).map { _ in Self.filter(&random) }
        let android = try AndroidManifest(
          data: Array(
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="p.app">
            <application><activity android:name=".M" android:exported="true">
            \(filters.joined(separator: "\n"))
            </activity></application>
            </manifest>
            """.utf8))
        files.android = android
        opens = { android.decision(for: $0) }
      }
      let (output, _, _) = AppLinksTool.check(tables, files, json: true)
      let findings = output.split(separator: "\n").compactMap { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
      }
      let problems = Self.misses(tables, routes.count, findings, opens: opens)
      #expect(problems.isEmpty, "\(routes) \(output)\n\(problems.joined(separator: "\n"))")
      checked += 1
    }
    #expect(checked >= 8)
  }
}
