import Foundation
import PatternCore

/// An `apple-app-site-association` file's `applinks` section: which URLs of the domain that
/// serves it open which app. Matching follows Apple's documentation ("Supporting associated
/// domains", `applinks`, `applinks.Details.Components`); where it is silent, the DocC article
/// "Universal Links and App Links" says what is chosen.
public struct AASAFile: Sendable {
  /// Settings that apply to patterns unless a component says otherwise.
  public struct Defaults: Sendable, Hashable {
    /// Whether letters compare with case (default true).
    public var caseSensitive: Bool?
    /// Whether the patterns are written percent-encoded, so the URL is compared as written
    /// (default true); when false, the URL's parts are percent-decoded first.
    public var percentsEncoded: Bool?
  }

  /// What a component asks of the query.
  public enum QueryRule: Sendable {
    /// One pattern for the whole query string.
    case pattern(AASAPattern)
    /// For each name, an item with that name whose value matches the pattern.
    case items([(name: String, value: AASAPattern)])
  }

  /// One rule: patterns for the path, query and fragment (absent ones match everything).
  public struct Component: Sendable {
    public var path: AASAPattern?
    public var query: QueryRule?
    public var fragment: AASAPattern?
    /// A match stops the search and the app is not opened.
    public var exclude: Bool
    public var caseSensitive: Bool
    public var percentsEncoded: Bool
    /// Where it is written: `details[0].components[2]` or `details[0].paths[1]`.
    public var rule: String
  }

  /// One entry of `details`.
  public struct Detail: Sendable {
    public var appIDs: [String]
    public var components: [Component]
  }

  public var details: [Detail]

  /// Parses the file's bytes.
  /// - Throws: ``AppLinksError`` with the JSON path of the problem.
  public init(data: [UInt8]) throws(AppLinksError) {
    let root = try JSONDocument.parse(
      data, hint: "an association file is a JSON object with an \"applinks\" key")
    guard let object = root as? [String: Any] else {
      throw AppLinksError("the file is not a JSON object", origin: "$")
    }
    guard let applinks = object["applinks"] as? [String: Any] else {
      throw AppLinksError(
        object["applinks"] == nil
          ? "no \"applinks\" key" : "\"applinks\" is not an object", origin: "applinks",
        hint: "universal links are listed under {\"applinks\": {\"details\": [...]}}")
    }
    var variables: [String: [String]] = [:]
    if let value = applinks["substitutionVariables"] {
      guard let table = value as? [String: Any] else {
        throw AppLinksError(
          "\"substitutionVariables\" is not an object", origin: "applinks.substitutionVariables")
      }
      for (name, list) in table {
        let origin = "applinks.substitutionVariables.\(name)"
        guard !name.contains(where: { "$()".contains($0) }) else {
          throw AppLinksError(
            "a variable name may not contain `$`, `(` or `)`", origin: origin)
        }
        guard let values = list as? [String] else {
          throw AppLinksError("a variable's value is an array of strings", origin: origin)
        }
        if let nested = values.first(where: { $0.contains("$(") }) {
          throw AppLinksError(
            "the value `\(nested)` uses another substitution variable", origin: origin,
            hint: "values may hold `*` and `?`, not other variables")
        }
        variables[name] = values
      }
    }
    let (fileDefaults, filePatterns) = try Self.defaults(
      applinks["defaults"], origin: "applinks.defaults", variables: variables)
    // Each entry, and how findings and errors name it.
    var entries: [(place: String, value: Any)] = []
    if let list = applinks["details"] as? [Any] {
      entries = list.indices.map { ("details[\($0)]", list[$0]) }
    } else if let legacy = applinks["details"] as? [String: Any] {
      // iOS 9's form, still served by older sites: an object whose keys are the apps
      // (`{"ABCDE12345.com.example.app": {"paths": [...]}}`), taken in the order of the keys.
      entries = try legacy.keys.sorted().map { (id: String) throws(AppLinksError) in
        guard var entry = legacy[id] as? [String: Any] else {
          throw AppLinksError("a details entry is an object", origin: "applinks.details.\(id)")
        }
        if entry["appID"] == nil && entry["appIDs"] == nil { entry["appID"] = id }
        return ("details.\(id)", entry)
      }
    } else {
      throw AppLinksError(
        applinks["details"] == nil ? "no \"details\" array" : "\"details\" is not an array",
        origin: "applinks.details",
        hint: "an array of entries, or iOS 9's object keyed by app ID")
    }
    var details: [Detail] = []
    for (place, entry) in entries {
      let origin = "applinks.\(place)"
      guard let detail = entry as? [String: Any] else {
        throw AppLinksError("a details entry is an object", origin: origin)
      }
      // A misspelt key (`component`) would leave the entry without its rules.
      if let key = detail.keys.sorted().first(where: { !Self.detailKeys.contains($0) }) {
        throw AppLinksError(
          "unknown key \"\(key)\" in a details entry", origin: "\(origin).\(key)",
          hint: "a details entry has \(Self.detailKeys.joined(separator: ", "))")
      }
      guard let list = detail["appIDs"] as? [String]? else {
        throw AppLinksError("\"appIDs\" is an array of strings", origin: "\(origin).appIDs")
      }
      guard let legacy = detail["appID"] as? String? else {
        throw AppLinksError("\"appID\" is a string", origin: "\(origin).appID")
      }
      let appIDs = (list ?? []) + (legacy.map { [$0] } ?? [])
      // Apple: a details entry "optionally contains" `appID` and `appIDs`. One that names no
      // app hands its URLs to none: it is read (its mistakes are still errors) and skipped.
      let (detailDefaults, detailPatterns) = try Self.defaults(
        detail["defaults"], origin: "\(origin).defaults", variables: variables)
      // A component's own keys win over its entry's defaults, which win over the file's.
      let inherited = filePatterns.merging(detailPatterns) { $1 }
      let caseSensitive = detailDefaults.caseSensitive ?? fileDefaults.caseSensitive ?? true
      let percentsEncoded =
        detailDefaults.percentsEncoded ?? fileDefaults.percentsEncoded ?? true
      var components: [Component] = []
      if let list = detail["components"] {
        guard let array = list as? [Any] else {
          throw AppLinksError("\"components\" is an array", origin: "\(origin).components")
        }
        for (position, item) in array.enumerated() {
          components.append(
            try Self.component(
              item, origin: "\(origin).components[\(position)]",
              rule: "\(place).components[\(position)]", variables: variables,
              caseSensitive: caseSensitive, percentsEncoded: percentsEncoded,
              inherited: inherited))
        }
      } else if let list = detail["paths"] {
        // The legacy form, read only when there are no components.
        guard let items = list as? [Any] else {
          throw AppLinksError("\"paths\" is an array of strings", origin: "\(origin).paths")
        }
        // The item that is not a string is named, not the whole array.
        if let bad = items.firstIndex(where: { !($0 is String) }) {
          throw AppLinksError(
            "\"paths\" is an array of strings; this item is not a string",
            origin: "\(origin).paths[\(bad)]")
        }
        let paths = items.compactMap { $0 as? String }
        for (position, text) in paths.enumerated() {
          let exclude = text.hasPrefix("NOT ")
          let pattern = exclude ? String(text.dropFirst(4)) : text
          let origin = "\(origin).paths[\(position)]"
          components.append(
            Component(
              path: try AASAPattern(
                pattern, variables: variables, caseSensitive: caseSensitive, origin: origin),
              query: nil, fragment: nil, exclude: exclude, caseSensitive: caseSensitive,
              percentsEncoded: percentsEncoded, rule: "\(place).paths[\(position)]"))
        }
      }
      if !appIDs.isEmpty { details.append(Detail(appIDs: appIDs, components: components)) }
    }
    self.details = details
  }

  /// A `defaults` object: the two flags, and the component keys it gives every component that
  /// does not give its own (`/`, `?`, `#`, `exclude`; Apple: "a subclass of components [that]
  /// can contain any of its properties"), checked where they are written.
  private static func defaults(_ value: Any?, origin: String, variables: [String: [String]])
    throws(AppLinksError) -> (Defaults, [String: Any])
  {
    guard let value else { return (Defaults(), [:]) }
    guard let table = value as? [String: Any] else {
      throw AppLinksError("\"defaults\" is an object", origin: origin)
    }
    let flags = Defaults(
      caseSensitive: try flag(table["caseSensitive"], "\(origin).caseSensitive"),
      percentsEncoded: try encodingFlag(table, origin))
    // Checked as a component of its own: keys, types, patterns and variables.
    _ = try component(
      table, origin: origin, rule: origin, variables: variables,
      caseSensitive: flags.caseSensitive ?? true, percentsEncoded: flags.percentsEncoded ?? true,
      inherited: [:], what: "defaults")
    return (flags, table.filter { Self.inheritedKeys.contains($0.key) })
  }

  /// The keys a component takes from `defaults` when it has none of its own (the two flags are
  /// resolved apart, as they also apply to legacy `paths`).
  static let inheritedKeys: Set<String> = ["/", "?", "#", "exclude"]

  /// `percentsEncoded` (as Apple's examples spell it) or `percentEncoded` (as its reference
  /// pages do): either names the flag; both, disagreeing, is an error.
  private static func encodingFlag(_ table: [String: Any], _ origin: String)
    throws(AppLinksError) -> Bool?
  {
    let plural = try flag(table["percentsEncoded"], "\(origin).percentsEncoded")
    let singular = try flag(table["percentEncoded"], "\(origin).percentEncoded")
    if let plural, let singular, plural != singular {
      throw AppLinksError(
        "\"percentsEncoded\" and \"percentEncoded\" disagree", origin: origin,
        hint: "they name the same flag; keep one")
    }
    return plural ?? singular
  }

  private static func flag(_ value: Any?, _ origin: String) throws(AppLinksError) -> Bool? {
    guard let value else { return nil }
    guard let flag = value as? Bool else {
      throw AppLinksError("expected true or false", origin: origin)
    }
    return flag
  }

  static let detailKeys = ["appIDs", "appID", "components", "paths", "defaults"]
  static let componentKeys: Set<String> = [
    "/", "?", "#", "exclude", "comment", "caseSensitive", "percentsEncoded", "percentEncoded",
  ]

  private static func component(
    _ value: Any, origin: String, rule: String, variables: [String: [String]],
    caseSensitive inheritedCase: Bool, percentsEncoded inheritedEncoding: Bool,
    inherited: [String: Any], what: String = "a component"
  ) throws(AppLinksError) -> Component {
    guard let own = value as? [String: Any] else {
      throw AppLinksError("a component is an object", origin: origin)
    }
    for key in own.keys where !componentKeys.contains(key) {
      throw AppLinksError(
        "unknown key \"\(key)\" in \(what)", origin: "\(origin).\(key)",
        hint: "components take /, ?, #, exclude, caseSensitive, percentsEncoded and comment")
    }
    // Keys the component leaves out come from the defaults (checked where they are written).
    let table = inherited.merging(own) { $1 }
    let caseSensitive =
      try flag(table["caseSensitive"], "\(origin).caseSensitive") ?? inheritedCase
    let percentsEncoded = try encodingFlag(table, origin) ?? inheritedEncoding
    func pattern(_ key: String) throws(AppLinksError) -> AASAPattern? {
      guard let value = table[key] else { return nil }
      guard let text = value as? String else {
        throw AppLinksError(
          key == "?"
            ? "\"?\" is a string pattern or a dictionary of query item patterns"
            : "\"\(key)\" is a string pattern", origin: "\(origin).\(key)")
      }
      return try AASAPattern(
        key == "/" ? Self.rooted(text) : text, variables: variables,
        caseSensitive: caseSensitive, origin: "\(origin).\(key)")
    }
    var query: QueryRule?
    if let value = table["?"] {
      if let items = value as? [String: Any] {
        var rules: [(String, AASAPattern)] = []
        for name in items.keys.sorted() {
          guard let text = items[name] as? String else {
            throw AppLinksError(
              "a query item's pattern is a string", origin: "\(origin).?.\(name)")
          }
          rules.append(
            (
              name,
              try AASAPattern(
                text, variables: variables, caseSensitive: caseSensitive,
                origin: "\(origin).?.\(name)")
            ))
        }
        query = .items(rules)
      } else {
        query = try pattern("?").map(QueryRule.pattern)
      }
    }
    return Component(
      path: try pattern("/"), query: query, fragment: try pattern("#"),
      exclude: try flag(table["exclude"], "\(origin).exclude") ?? false,
      caseSensitive: caseSensitive, percentsEncoded: percentsEncoded, rule: rule)
  }
}

extension AASAFile {
  /// A path pattern that starts with a literal character other than `/` or a substitution
  /// variable (`abc`, `buy/*`, `$(lang)/x`) with the `/` every path starts with put before it:
  /// Apple's components example matches `https://www.example.com/abc?def` with the path
  /// pattern `abc`. One that starts with `/` or a wildcard (`*`, `?`, which may take the `/`)
  /// is as written.
  static func rooted(_ text: String) -> String {
    guard let first = text.first, first != "/", first != "*", first != "?" else { return text }
    return "/" + text
  }
}

/// What an operating system does with a URL.
public struct OpenDecision: Sendable, Hashable {
  /// Whether the app is opened.
  public var opens: Bool
  /// The rule that decided (`details[0].components[2]`, a filter's line), or nil when none
  /// matched.
  public var rule: String?
}

extension AASAFile {
  /// Whether a details entry names the app `appID`.
  public func names(app appID: String) -> Bool {
    details.contains { $0.appIDs.contains(appID) }
  }

  /// Whether the URL opens the app `appID`: the details entries are tried in order, whichever
  /// apps they name, and in each its components in order; the first component that matches
  /// decides ("The first match wins, allowing you to designate one app to handle specified URLs
  /// in your website, and another app to handle the rest"). It opens the app when it is an
  /// entry of the app and not `exclude`; an entry of other apps takes the URL from it. Nothing
  /// matching means not opened. An app that no entry names is opened by no rule, and its
  /// decision names none.
  public func decision(for url: String, appID: String) -> OpenDecision {
    guard names(app: appID) else {
      return OpenDecision(opens: false, rule: nil)
    }
    let parts = URLParts(url)
    for detail in details {
      for component in detail.components where component.matches(parts) {
        return OpenDecision(
          opens: detail.appIDs.contains(appID) && !component.exclude, rule: component.rule)
      }
    }
    return OpenDecision(opens: false, rule: nil)
  }
}

extension AASAFile.Component {
  func matches(_ parts: URLParts) -> Bool {
    let path = percentsEncoded ? parts.path : URLParts.decode(parts.path)
    if let pattern = self.path, !pattern.matches(path) { return false }
    let hash = percentsEncoded ? parts.fragment ?? "" : URLParts.decode(parts.fragment ?? "")
    if let fragment, !fragment.matches(hash) { return false }
    switch query {
    case nil:
      return true
    case .pattern(let pattern)?:
      let query = parts.query ?? ""
      return pattern.matches(percentsEncoded ? query : URLParts.decode(query))
    case .items(let rules)?:
      let items = parts.queryItems(decoded: !percentsEncoded)
      // Every item of the name must match (Apple: "the operating system will require that all
      // instances of a given query item name match your pattern"); an absent item counts as
      // one whose value is the empty string, as does an item without a value.
      return rules.allSatisfy { rule in
        let values = items.filter { $0.name == rule.name }.map(\.value)
        return (values.isEmpty ? [""] : values).allSatisfy(rule.value.matches)
      }
    }
  }
}
