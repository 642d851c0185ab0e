import AppLinks
import DeepLinkManifest
import Foundation
import PatternCore

/// The logic of `deeplink-applinks`.
public enum AppLinksTool {
  /// `check`: findings between the routes and the OS files; the text to print, the exit
  /// status (0 nothing found, 1 something found), and a warning for each comparison the search
  /// could not finish within its budget (a finding there may be missing; it does not change the
  /// status), for stderr.
  /// With `host`, only the findings at that host (a domain's own association file checked
  /// alone: the routes of other hosts are not its business).
  public static func check(
    _ tables: TableSet, _ files: AppLinkFiles, json: Bool, host: String? = nil,
    checker: LinkChecker = LinkChecker()
  ) -> (output: String, status: Int32, warnings: [String]) {
    let routes = WebRoutes.of(tables)
    let oracle = TableOracle(tables: tables)
    var findings: [LinkFinding] = []
    var unfinished: [UnfinishedCheck] = []
    if let aasa = files.aasa, let appID = files.appID {
      findings += checker.check(
        routes, sites: [], .apple(aasa, appID: appID), oracle, unfinished: &unfinished)
    }
    if let android = files.android {
      // Every site a filter names, so that links no route answers are looked for there too.
      // A filter that names no host takes its schemes' links of every host (the <data>
      // reference: without a host, port and paths are ignored): those of the hosts the routes
      // answer, under a scheme the routes may not, are looked for too.
      let filterSites = android.filters.filter(\.takesWebLinks).flatMap { filter in
        let hosts = hostsToCheck(filter, routes)
        return filter.schemes.filter { $0 == "http" || $0 == "https" }.flatMap { scheme in
          hosts.map { WebSite(scheme: scheme, host: $0.host, port: $0.port) }
        }
      }
      findings += checker.check(
        routes, sites: filterSites, .android(android), oracle, unfinished: &unfinished)
      if let links = files.assetLinks, let package = files.package {
        let delegates = links.delegates(to: package)
        var reported = Set<String>()
        for filter in android.filters where filter.autoVerify {
          guard let scheme = filter.webScheme else { continue }
          // Android asks to verify only a filter whose schemes are all http or https (the
          // App Links guide: "Do not include other schemes, as this will prevent
          // verification").
          let other = filter.schemes.first { $0 != "http" && $0 != "https" }
          guard !delegates || other != nil else { continue }
          let note =
            delegates
            ? "the filter also names the scheme `\(other!)`, and Android verifies only a filter "
              + "whose schemes are all http or https"
            : links.whyNotDelegating(to: package)
          for (host, port) in filter.namedHostsAndPorts where reported.insert(host).inserted {
            findings.append(
              LinkFinding(
                kind: .unverifiedHost, os: "android", host: host, table: nil, route: nil,
                pattern: nil, rule: filter.rule,
                witness: Self.witness(of: filter, scheme: scheme, host: host, port: port),
                note: note)
            )
          }
        }
      }
    }
    if let host {
      findings = findings.filter { answers($0.host, host) }
    }
    let output = json ? findings.map(jsonLine).joined(separator: "\n") : text(findings)
    var notes = unknownHostRoutes(tables).map { "note: " + unknownHostNote($0, "the check") }
    for filter in files.android?.filters ?? [] where filter.takesWebLinks {
      for (host, _) in filter.namedHostsAndPorts where host != host.lowercased() {
        notes.append(
          "note: \(filter.rule) names the host `\(host)`, which takes no link: Android compares "
            + "hosts case-sensitively and links' hosts are lower case (write `\(host.lowercased())`)"
        )
      }
    }
    return (output, findings.isEmpty ? 0 : 1, notes + unfinished.map { "warning: " + $0.message })
  }

  /// The web routes whose host is not written as literals (`:host/c`, `*/b`), which no site
  /// can be named for (`route 1 `:host/c` of `t``).
  public static func unknownHostRoutes(_ tables: TableSet) -> [String] {
    WebRoutes.unknownHostRoutes(tables)
  }

  /// Why `route` is left out of `what` (the check, the generated file).
  public static func unknownHostNote(_ route: String, _ what: String) -> String {
    "\(route) answers web links, but its host is not written as a literal (or a choice of "
      + "them), so no site's file can be named for it: \(what) leaves it out"
  }

  /// A URL of `host` (and the port the filter names with it) that `filter` takes (its shortest
  /// path).
  static func witness(
    of filter: AndroidManifest.IntentFilter, scheme: String, host: String, port: Int?
  ) -> String {
    "\(scheme)://\(HostPattern.example(of: host))\(port.map { ":\($0)" } ?? "")"
      + (filter.shortestPath ?? "/")
  }

  static func jsonLine(_ finding: LinkFinding) -> String {
    var fields: [(String, JSONValue)] = [
      ("kind", .string(finding.kind.rawValue)), ("os", .string(finding.os)),
      ("host", .string(finding.host)),
    ]
    if let table = finding.table { fields.append(("table", .string(table))) }
    if let route = finding.route { fields.append(("route", .number(String(route)))) }
    if let pattern = finding.pattern { fields.append(("pattern", .string(pattern))) }
    fields.append(("rule", finding.rule.map(JSONValue.string) ?? .null))
    fields.append(("witness", .string(finding.witness)))
    if let note = finding.note { fields.append(("note", .string(note))) }
    return JSONWriter.write(.object(fields))
  }

  static func text(_ findings: [LinkFinding]) -> String {
    guard !findings.isEmpty else {
      return
        "no findings: every route's links reach the app, and every link the app gets is handled"
    }
    var lines: [String] = []
    for kind in LinkFinding.Kind.allCases {
      let group = findings.filter { $0.kind == kind }
      guard !group.isEmpty else { continue }
      lines.append("\(kind.rawValue) (\(group.count))")
      for finding in group {
        let os = finding.os == "ios" ? "iOS" : "Android"
        var head = "  \(os)  \(finding.host)"
        if let table = finding.table, let route = finding.route, let pattern = finding.pattern {
          head += "  table `\(table)` route \(route) `\(pattern)`"
        }
        lines.append(head)
        lines.append("    witness: \(finding.witness)")
        lines.append("    rule: \(finding.rule ?? "none matched")")
        if let note = finding.note { lines.append("    note: \(note)") }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `generate`: the AASA file or the `<intent-filter>` elements for the routes' web links.
  /// The hosts the tables' web routes answer (`*.example.com` for a wildcard source), in order.
  public static func webHosts(_ tables: TableSet) -> [String] {
    var hosts: [String] = []
    for route in WebRoutes.of(tables) where !hosts.contains(route.host) { hosts.append(route.host) }
    return hosts
  }

  /// The hosts where the links a filter takes are looked for: those it names, or the routes'
  /// when it names none; and where it takes hosts by a wildcard that no route may answer (no
  /// host, `*`, `*example.com`), one host of those that no route answers, whose links can only
  /// be unhandled (`other.example`, `other.example.com`).
  static func hostsToCheck(_ filter: AndroidManifest.IntentFilter, _ routes: [WebRoute])
    -> [(host: String, port: Int?)]
  {
    // A named host with upper-case letters takes no link (links' hosts are lower case, and
    // Android compares them case-sensitively): nothing to look for there.
    var hosts =
      filter.hosts.isEmpty
      ? routes.map { (host: $0.host, port: $0.port) }
      : filter.namedHostsAndPorts.filter { $0.host == $0.host.lowercased() }
    let wildcards: [(suffix: String, port: Int?)] =
      filter.hosts.isEmpty
      ? [("", nil)]
      : filter.hosts.filter { $0.host.hasPrefix("*") && !$0.host.hasPrefix("*.") }.map {
        (String($0.host.dropFirst()), $0.port)
      }
    for (suffix, port) in wildcards {
      let candidates =
        suffix.isEmpty
        ? (1...9).map { "other\($0 == 1 ? "" : String($0)).example" }
        : ["other." + suffix] + (1...9).map { "other\($0 == 1 ? "" : String($0))" + suffix }
      if let host = candidates.first(where: { candidate in
        !routes.contains { answers($0.host, candidate) }
      }) {
        hosts.append((host, port))
      }
    }
    return hosts
  }

  /// The web routes (`route 0 `/r/*rest/end` of `t``) with a wildcard or rest capture that more
  /// path follows, which an Android `pathPattern` cannot claim on every device.
  public static func spanningRoutes(_ tables: TableSet) -> [String] {
    WebRoutes.of(tables).filter { Generator.spansBeforeMore($0) }.map {
      "route \($0.index) `\($0.pattern)` of `\($0.table)`"
    }
  }

  /// Whether routes of a source with host `pattern` (`*.example.com` too) are served by
  /// `host`, as a source or a domain names it.
  public static func answers(_ pattern: String, _ host: String) -> Bool {
    let host = host.lowercased()
    return pattern == host || HostPattern.host(host, matches: pattern)
  }

  /// What `generate` writes for the routes of `tables` (with `host`, only those of that host:
  /// an association file is served per domain).
  public static func generate(
    _ tables: TableSet, appID: String, format: String, host: String? = nil
  ) -> String {
    let routes = WebRoutes.of(tables).filter { route in
      host.map { answers(route.host, $0) } ?? true
    }
    if format == "android" {
      var sites: [WebSite] = []
      for site in routes.map(\.site) where !sites.contains(site) { sites.append(site) }
      var lines: [String] = []
      // One filter per site: its scheme, host and port, and the paths of its routes.
      for site in sites {
        let onHost = routes.filter { $0.site == site }
        lines.append(#"<intent-filter android:autoVerify="true">"#)
        lines.append(#"    <action android:name="android.intent.action.VIEW" />"#)
        lines.append(#"    <category android:name="android.intent.category.DEFAULT" />"#)
        lines.append(#"    <category android:name="android.intent.category.BROWSABLE" />"#)
        lines.append(#"    <data android:scheme="\#(site.scheme)" />"#)
        // A port belongs to the host of its own `<data>` element (one without a host is
        // ignored by the platform).
        let port = site.port.map { #" android:port="\#($0)""# } ?? ""
        lines.append(#"    <data android:host="\#(xmlEscape(site.host))"\#(port) />"#)
        for pattern in Generator.androidPathPatterns(onHost) {
          lines.append(#"    <data android:pathPattern="\#(xmlEscape(pattern))" />"#)
        }
        lines.append("</intent-filter>")
      }
      if lines.isEmpty {
        lines.append("<!-- No route answers http or https links: no intent-filter claims any. -->")
      }
      return lines.joined(separator: "\n")
    }
    let file: [String: Any] = [
      "applinks": [
        "details": [["appIDs": [appID], "components": Generator.aasaComponents(routes)]]
      ]
    ]
    let data =
      (try? JSONSerialization.data(
        withJSONObject: file, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
      ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// `text` as an XML attribute value: a tab or line break as a character reference, which
  /// a reader keeps (written as it is, it would read as a space).
  static func xmlEscape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
      .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\t", with: "&#9;")
      .replacingOccurrences(of: "\n", with: "&#10;").replacingOccurrences(of: "\r", with: "&#13;")
  }
}
