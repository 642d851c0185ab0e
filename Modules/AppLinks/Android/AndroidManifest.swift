import Foundation
import PatternCore

/// The intent filters of an `AndroidManifest.xml` that take `VIEW` links, and how Android
/// matches a URL against them (the `<data>` element's documentation): every `<data>` of a
/// filter adds to the same filter, so its schemes, hosts (with ports) and paths combine; a
/// filter without hosts takes every host, one without paths every path.
public struct AndroidManifest: Sendable {
  /// How one `<data>` path attribute matches the decoded path.
  public struct PathRule: Sendable {
    /// `path`, `pathPrefix`, `pathSuffix`, `pathPattern` or `pathAdvancedPattern`.
    public var kind: String
    /// The value as written.
    public var value: String
    /// Its language over the decoded path.
    public var automaton: ByteNFA
  }

  /// One `<intent-filter>`.
  public struct IntentFilter: Sendable {
    /// The line of `<intent-filter>`.
    public var line: Int
    /// `android:autoVerify="true"`.
    public var autoVerify: Bool
    public var actions: [String]
    public var categories: [String]
    /// The schemes as written: Android compares them case-sensitively, with the URL's
    /// normalized (lower-cased) scheme, so `HTTPS` takes no link.
    public var schemes: [String]
    /// The hosts as written (`*.example.com` allowed), compared as schemes are, with their
    /// ports.
    public var hosts: [(host: String, port: Int?)]
    public var paths: [PathRule]
    /// `ssp`, `sspPrefix`, `sspSuffix`, `sspPattern` and `sspAdvancedPattern` rules: their
    /// language is over the decoded scheme-specific part (`//host/path?query`). A URL whose
    /// part matches one is taken whatever its host and path; otherwise the hosts and paths
    /// decide, and a filter with such rules and no host takes nothing else (Android's
    /// `IntentFilter.matchData`).
    public var schemeSpecificParts: [PathRule] = []
    /// The lines of the filter's `<uri-relative-filter-group>` elements, which are ignored
    /// (see ``AndroidManifest/notes``).
    public var relativeFilterGroupLines: [Int] = []
    /// `android:mimeType` values: a filter with one takes only intents of a type, which a link
    /// from a browser does not have.
    public var mimeTypes: [String] = []
    /// Whether the filter's component can be started by a link from a browser: an
    /// `<activity>` or `<activity-alias>` that is neither `android:exported="false"` nor
    /// `android:enabled="false"` (nor in a disabled application); a bare `<intent-filter>`
    /// (as `generate` writes them) counts as one.
    public var inStartableActivity = true

    /// Whether a browser hands web links to it: `VIEW`, with `BROWSABLE` and `DEFAULT`, no MIME
    /// type, in an activity a link can start.
    public var takesWebLinks: Bool {
      inStartableActivity && mimeTypes.isEmpty
        && actions.contains("android.intent.action.VIEW")
        && categories.contains("android.intent.category.BROWSABLE")
        && categories.contains("android.intent.category.DEFAULT")
    }

    /// The filter's web scheme (`https`, else `http`), when it takes web links: only such a
    /// filter's hosts are verified (App Links verification looks at http and https filters).
    public var webScheme: String? {
      guard takesWebLinks else { return nil }
      return schemes.contains("https") ? "https" : schemes.contains("http") ? "http" : nil
    }

    /// The filter's hosts as hosts the checker can name: `*.example.com` as it is, `*example.com`
    /// as `example.com` (the asterisk matching nothing), and `*` (every host) left out.
    public var namedHosts: [String] {
      namedHostsAndPorts.map(\.host)
    }

    /// ``namedHosts`` with the port each names, if any.
    public var namedHostsAndPorts: [(host: String, port: Int?)] {
      hosts.compactMap { entry in
        guard entry.host.hasPrefix("*"), !entry.host.hasPrefix("*.") else { return entry }
        return entry.host == "*" ? nil : (String(entry.host.dropFirst()), entry.port)
      }
    }

    /// The rule's name in findings.
    public var rule: String { "intent-filter at line \(line)" }

    /// The shortest path it takes, as a URL writes it (`/` when it takes every path; nil when
    /// its paths take none).
    public var shortestPath: String? {
      guard !paths.isEmpty else { return "/" }
      guard
        case .found(let bytes) = ProductSearch().find(
          [.union(paths.map(\.automaton))], where: { $0[0] })
      else { return nil }
      return AndroidManifest.writtenPath(bytes)
    }
  }

  /// A decoded path (as Android reads it) as a URL writes it: percent-encoded except for `/`
  /// and the characters a path holds unencoded.
  public static func writtenPath(_ decoded: [UInt8]) -> String {
    URLPrinter.percentEncode(String(decoding: decoded, as: UTF8.self)) {
      $0 == UInt8(ascii: "/") || RouteLanguage.segmentByte.contains($0)
    }
  }

  /// The manifest's `package`, when it names one.
  public var package: String?
  /// The filters, in document order.
  public var filters: [IntentFilter]

  /// What the matcher reads differently from some Android versions, for the tools to print: a
  /// `<uri-relative-filter-group>` (Android 15 and later) is read as earlier versions read it,
  /// ignored, so the filter takes more links than it does on Android 15.
  public var notes: [String] {
    filters.flatMap { filter in
      filter.relativeFilterGroupLines.map { line in
        "note: line \(line): <uri-relative-filter-group> is read as before Android 15 (ignored; "
          + "\"They are ignored and have no effect on lower Android versions\"): on Android 15 "
          + "its rules narrow the filter at line \(filter.line), which the check does not model"
      }
    }
  }

  /// Parses a manifest.
  /// - Throws: ``AppLinksError`` with the line of the problem.
  /// Besides a whole manifest, it reads the bare `<intent-filter>` elements that
  /// `deeplink-applinks generate --format android` writes (one or more at the top level).
  public init(data: [UInt8]) throws(AppLinksError) {
    // A fragment of comments alone is a fragment of no filter (what `generate` writes when no
    // route answers web links); an empty file is still an error.
    let roots = try XMLReader.parseElements(
      data, allowingNone: data.starts(with: Array("<!--".utf8)))
    if roots.allSatisfy({ $0.name == "intent-filter" }) {
      package = nil
      var filters: [IntentFilter] = []
      for root in roots { filters.append(try Self.filter(root)) }
      self.filters = filters
      return
    }
    let root = try Self.androidPrefixed(roots[0])
    guard root.name == "manifest" else {
      throw AppLinksError(
        "the root element is `<\(root.name)>`, not `<manifest>`", origin: "line \(root.line)",
        hint: "give the app's AndroidManifest.xml, or the <intent-filter> elements alone")
    }
    guard roots.count == 1 else {
      throw AppLinksError("content after the root element", origin: "line \(roots[1].line)")
    }
    package = root.attribute("package")
    var filters: [IntentFilter] = []
    /// `startable`: inside an activity (or alias) that a link can start, as far as the walk saw.
    func walk(_ element: XMLElement, startable: Bool?) throws(AppLinksError) {
      if element.name == "intent-filter" {
        var filter = try Self.filter(element)
        filter.inStartableActivity = startable ?? false
        filters.append(filter)
        return
      }
      var startable = startable
      let enabled = try Self.boolean(element, "android:enabled")
      let exported = try Self.boolean(element, "android:exported")
      let disabled = enabled == false || exported == false
      switch element.name {
      case "application": if enabled == false { startable = false }
      case "activity", "activity-alias": startable = startable != false && !disabled
      default:
        // A service's, receiver's or provider's filters take no link from a browser.
        if element.name != "manifest" { startable = false }
      }
      for child in element.children { try walk(child, startable: startable) }
    }
    try walk(root, startable: nil)
    self.filters = filters
  }

  /// The attributes a `<data>` element may have (the `<data>` reference); another, such as a
  /// misspelt `android:pathprefix`, would be dropped by a reader that skipped it.
  static let dataAttributes: Set<String> = [
    "scheme", "host", "port", "path", "pathPrefix", "pathPattern", "pathSuffix",
    "pathAdvancedPattern", "mimeType", "mimeGroup", "ssp", "sspPrefix", "sspPattern",
    "sspSuffix", "sspAdvancedPattern",
  ]

  private static func filter(_ element: XMLElement) throws(AppLinksError) -> IntentFilter {
    var filter = IntentFilter(
      line: element.line, autoVerify: try boolean(element, "android:autoVerify") == true,
      actions: [], categories: [], schemes: [], hosts: [], paths: [])
    for child in element.children {
      let origin = "line \(child.line)"
      switch child.name {
      case "action":
        if let name = child.attribute("android:name") { filter.actions.append(name) }
      case "category":
        if let name = child.attribute("android:name") { filter.categories.append(name) }
      case "data":
        // `scheme="https"` without the prefix is in no namespace: Android does not read it,
        // and a reader that skipped it would check another filter than the one written.
        if let bare = child.attributes.first(where: { !$0.name.contains(":") && $0.name != "xmlns" }
        ) {
          throw AppLinksError(
            "`<data>` has the attribute `\(bare.name)` without the `android:` prefix, which "
              + "Android does not read", origin: origin,
            hint: dataAttributes.contains(bare.name)
              ? "write `android:\(bare.name)`" : "its attributes are android: ones")
        }
        if let unknown = child.attributes.first(where: {
          $0.name.hasPrefix("android:") && !dataAttributes.contains(String($0.name.dropFirst(8)))
        }) {
          throw AppLinksError(
            "`<data>` has no attribute `\(unknown.name)`", origin: origin,
            hint: "its attributes are " + dataAttributes.sorted().joined(separator: ", "))
        }
        // A resource reference (`@string/host`) names a value in the app's resources, which a
        // manifest alone does not hold: reading it as text would make findings up.
        for (name, value) in child.attributes
        where name.hasPrefix("android:") && value.hasPrefix("@") {
          throw AppLinksError(
            "`\(name)` is the resource reference `\(value)`, which this file does not resolve",
            origin: origin,
            hint: "give the merged manifest the build writes (resources resolved), or the value")
        }
        if let scheme = child.attribute("android:scheme") {
          filter.schemes.append(scheme)
        }
        if let host = child.attribute("android:host") {
          var port: Int?
          if let text = child.attribute("android:port") {
            guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
              throw AppLinksError("the port `\(text)` is not a number", origin: origin)
            }
            guard let value = Int(text), value < 65536 else {
              throw AppLinksError(
                "the port `\(text)` is out of range (0 to 65535)", origin: origin)
            }
            port = value
          }
          guard !host.isEmpty else {
            throw AppLinksError(
              "`android:host` is empty", origin: origin,
              hint: "name a host (example.com, *.example.com), or leave the attribute out")
          }
          // "The asterisk must be the first character" (the <data> reference): `*` matches
          // zero or more characters, so `*` takes every host and `*example.com` example.com too.
          if host.dropFirst().contains("*") {
            throw AppLinksError(
              "the host `\(host)` has a `*` that is not its first character", origin: origin,
              hint: "a host wildcard is a leading *, as in *.example.com")
          }
          filter.hosts.append((host, port))
        }
        if let type = child.attribute("android:mimeType") { filter.mimeTypes.append(type) }
        for kind in ["path", "pathPrefix", "pathSuffix", "pathPattern", "pathAdvancedPattern"] {
          if let raw = child.attribute("android:\(kind)") {
            filter.paths.append(
              PathRule(kind: kind, value: raw, automaton: try automaton(kind, raw, origin)))
          }
          // The same kinds of pattern over the scheme-specific part (`sspPrefix`, ...).
          let ssp = "ssp" + kind.dropFirst(4)
          if let raw = child.attribute("android:\(ssp)") {
            filter.schemeSpecificParts.append(
              PathRule(kind: ssp, value: raw, automaton: try automaton(kind, raw, origin)))
          }
        }
      case "uri-relative-filter-group":
        filter.relativeFilterGroupLines.append(child.line)
      default:
        continue
      }
    }
    return filter
  }

  static func automaton(_ kind: String, _ raw: String, _ origin: String) throws(AppLinksError)
    -> ByteNFA
  {
    let any = ByteNFA.byte(.all).star
    // Every attribute is read from XML with Android's escapes first.
    let text = AndroidPatterns.resourceUnescape(raw)
    switch kind {
    case "path": return .literal(text.utf8)
    case "pathPrefix": return ByteNFA.literal(text.utf8).then(any)
    case "pathSuffix": return any.then(.literal(text.utf8))
    case "pathPattern": return try AndroidPatterns.simpleGlob(text, origin: origin)
    default: return try AndroidPatterns.advanced(text, origin: origin)
    }
  }
}

extension AndroidManifest.IntentFilter {
  /// Whether the filter takes the URL (scheme, then its scheme-specific part, or its host,
  /// port and decoded path).
  func matches(_ url: WebURL) -> Bool {
    guard takesWebLinks, schemes.contains(url.scheme) else { return false }
    if !schemeSpecificParts.isEmpty {
      let part = url.decodedSchemeSpecificPart
      if schemeSpecificParts.contains(where: { $0.automaton.matches(part.utf8) }) { return true }
      if hosts.isEmpty { return false }
    }
    return matches(scheme: url.scheme, host: url.host, port: url.port, decodedPath: url.decodedPath)
  }

  /// Whether the filter takes the URL by its scheme, host, port and decoded path.
  func matches(scheme: String, host: String, port: Int?, decodedPath: String) -> Bool {
    guard takesWebLinks, schemes.contains(scheme) else { return false }
    if !hosts.isEmpty {
      let accepted = hosts.contains { entry in
        AndroidManifest.host(host, matches: entry.host) && (entry.port == nil || entry.port == port)
      }
      guard accepted else { return false }
    } else {
      return true  // without a host, ports and paths are ignored
    }
    return paths.isEmpty || paths.contains { $0.automaton.matches(decodedPath.utf8) }
  }
}

extension AndroidManifest {
  /// Whether a lower-cased host matches a filter's host (a leading `*` matches zero or more
  /// characters: `*.example.com` any host ending with `.example.com`, `*` every host).
  static func host(_ host: String, matches pattern: String) -> Bool {
    guard pattern.hasPrefix("*") else { return host == pattern }
    let suffix = pattern.dropFirst()
    return host.count >= suffix.count && host.hasSuffix(suffix)
  }

  /// Whether a URL is handed to the app, and the filter that takes it.
  public func decision(for url: String) -> OpenDecision {
    guard let parts = WebURL(url) else { return OpenDecision(opens: false, rule: nil) }
    for filter in filters where filter.matches(parts) {
      return OpenDecision(opens: true, rule: filter.rule)
    }
    return OpenDecision(opens: false, rule: nil)
  }
}

/// Scheme, host, port and path of an absolute URL, as the OS matchers see them.
struct WebURL {
  var scheme: String
  var host: String
  var port: Int?
  var path: String
  var decodedPath: String { URLParts.decode(path) }
  /// What follows the scheme's `:`, up to the fragment (`//host/path?query`), decoded.
  var decodedSchemeSpecificPart: String

  init?(_ url: String) {
    guard let range = url.range(of: "://") else { return nil }
    scheme = url[..<range.lowerBound].lowercased()
    let part = url[url.index(after: range.lowerBound)...]
    decodedSchemeSpecificPart = URLParts.decode(
      String(part[..<(part.firstIndex(of: "#") ?? part.endIndex)]))
    var rest = url[range.upperBound...]
    let end = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
    var authority = rest[..<end]
    rest = rest[end...]
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
      port = Int(authority[authority.index(after: colon)...])
      authority = authority[..<colon]
    }
    host = authority.lowercased()
    path = URLParts(url).path
  }
}
