extension OSRules {
  /// iOS's side for the app `appID`, from an association file served by every checked host:
  /// every details entry's components in order, those of other apps as rules that do not open
  /// this one (the first match wins, whichever app it names).
  public static func apple(_ file: AASAFile, appID: String) -> OSRules {
    let any = ByteNFA.byte(.all).star
    let rules = file.details.flatMap { detail in
      detail.components.map { (component: $0, ours: detail.appIDs.contains(appID)) }
    }.map { component, ours -> Rule in
      // A component that also asks something of the query or the fragment decides only for
      // some URLs of its paths: the search reads it as matching or not, whichever the question
      // needs, and witnesses carry a query that satisfies it (checked exactly).
      // A pattern of the decoded path (`percentsEncoded: false`) is searched as the paths that
      // decode into it, so a witness is a URL as it is sent.
      let path = component.path.map {
        component.percentsEncoded
          ? $0.automaton : $0.automaton.encodedForms(plain: Self.pathBytes)
      }
      var rule = Rule(
        name: component.rule, path: path ?? any, opens: ours && !component.exclude,
        // One whose patterns take every query and fragment (`"?": {"q": "*"}`) decides on the
        // path alone.
        condition: component.isConditional && !component.acceptsAnySuffix
          ? (component.satisfyingSuffix ?? "") : nil)
      switch component.query {
      case .items(let items)?: rule.queryItems = items
      case .pattern(let pattern)?: rule.queryPattern = pattern
      case nil: break
      }
      rule.itemsDecoded = !component.percentsEncoded
      if rule.condition != nil { rule.otherConditions = component.otherSatisfyingSuffixes }
      return rule
    }
    return OSRules(
      os: "ios", rules: { _ in rules }, decide: { file.decision(for: $0, appID: appID) })
  }

  /// What a URL's path may hold unencoded: `/` and the characters of a path segment.
  static let pathBytes = RouteLanguage.segmentByte.union(ByteSet([UInt8(ascii: "/")]))

  /// Android's side: the filters that take links of the site (its scheme, its host, and its
  /// port where a filter names one).
  public static func android(_ manifest: AndroidManifest) -> OSRules {
    let any = ByteNFA.byte(.all).star
    return OSRules(
      os: "android",
      rules: { site in
        manifest.filters.compactMap { filter -> Rule? in
          guard filter.takesWebLinks && filter.schemes.contains(site.scheme) else { return nil }
          // The paths a scheme-specific-part rule takes on this site: what it holds after
          // `//host[:port]` (a query in it is no path: routes never hold one).
          let authority = "//" + site.host + (site.port.map { ":\($0)" } ?? "")
          var languages = filter.schemeSpecificParts.compactMap {
            $0.automaton.after(prefix: authority.utf8)
          }
          if filter.hosts.isEmpty {
            if filter.schemeSpecificParts.isEmpty { languages.append(any) }
          } else if filter.hosts.contains(where: {
            AndroidManifest.host(site.host, matches: $0.host)
              && ($0.port == nil || $0.port == site.port)
          }) {
            languages.append(filter.paths.isEmpty ? any : .union(filter.paths.map(\.automaton)))
          }
          guard !languages.isEmpty else { return nil }
          return Rule(
            name: filter.rule, path: languages.count == 1 ? languages[0] : .union(languages),
            opens: true, condition: nil)
        }
      },
      decide: { manifest.decision(for: $0) }, decodedPaths: true)
  }
}
