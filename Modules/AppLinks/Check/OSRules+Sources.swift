extension OSRules {
  /// iOS's side for the app `appID`, from an association file served by every checked host.
  public static func apple(_ file: AASAFile, appID: String) -> OSRules {
    let any = ByteNFA.byte(.all).star
    let rules = file.details.filter { $0.appIDs.contains(appID) }.flatMap(\.components).map {
      component -> Rule in
      // The structural search reads paths alone: a component that also asks something of the
      // query or the fragment is left out of it (witnesses are still checked exactly).
      let pathOnly = component.query == nil && component.fragment == nil
      return Rule(
        name: component.rule,
        path: pathOnly ? (component.path?.automaton ?? any) : .nothing, opens: !component.exclude)
    }
    return OSRules(
      os: "ios", rules: { _ in rules }, decide: { file.decision(for: $0, appID: appID) })
  }

  /// Android's side: the filters that take `https` links of the host.
  public static func android(_ manifest: AndroidManifest) -> OSRules {
    let any = ByteNFA.byte(.all).star
    return OSRules(
      os: "android",
      rules: { host in
        manifest.filters.filter { filter in
          filter.takesWebLinks && filter.schemes.contains("https")
            && (filter.hosts.isEmpty
              || filter.hosts.contains { AndroidManifest.host(host, matches: $0.host) })
        }.map { filter in
          Rule(
            name: filter.rule,
            path: filter.hosts.isEmpty || filter.paths.isEmpty
              ? any : .union(filter.paths.map(\.automaton)),
            opens: true)
        }
      },
      decide: { manifest.decision(for: $0) })
  }
}
