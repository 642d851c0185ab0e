import PatternCore

// What a component asks of a URL's query and fragment, and the suffixes that satisfy it, which
// witnesses carry.
extension AASAFile.Component {
  /// Whether the component asks anything of the query or the fragment.
  var isConditional: Bool { query != nil || fragment != nil }

  /// Whether every query and fragment meets the component's patterns for them (each takes any
  /// text: `"?": {"q": "*"}`, `"#": "*"`).
  var acceptsAnySuffix: Bool {
    func takesAll(_ pattern: AASAPattern) -> Bool {
      ProductSearch().find([pattern.automaton], where: { !$0[0] }) == .none
    }
    let queryTakesAll: Bool
    switch query {
    case nil: queryTakesAll = true
    case .pattern(let pattern)?: queryTakesAll = takesAll(pattern)
    case .items(let items)?: queryTakesAll = items.allSatisfy { takesAll($0.value) }
    }
    return queryTakesAll && fragment.map(takesAll) != false
  }

  /// A query and fragment that satisfy the component (`?ref=a#top`; "" when it asks nothing
  /// of them): each pattern's shortest string, letters and digits preferred. Nil when a
  /// pattern accepts nothing, or has no short string the search finds.
  var satisfyingSuffix: String? { satisfyingSuffix(other: nil) }

  /// Other suffixes that satisfy the component, each with one query item's value (or the
  /// whole query) the second shortest its pattern takes: a route may refuse one that the
  /// first one happens to satisfy.
  var otherSatisfyingSuffixes: [String] {
    let count: Int
    switch query {
    case nil: count = 0
    case .pattern?: count = 1
    case .items(let rules)?: count = rules.count
    }
    return (0..<count).compactMap { satisfyingSuffix(other: $0) }
  }

  /// ``satisfyingSuffix``, with query item `other` (the whole query for a query pattern) given
  /// the second shortest value its pattern takes (nil when it takes only one).
  private func satisfyingSuffix(other: Int?) -> String? {
    func shortest(_ pattern: AASAPattern, second: Bool = false) -> String? {
      let search = ProductSearch()
      guard case .found(let bytes) = search.find([pattern.automaton], where: { $0[0] })
      else { return nil }
      guard second else { return String(decoding: bytes, as: UTF8.self) }
      guard
        case .found(let next) = search.find(
          [pattern.automaton, ByteNFA.literal(bytes)], where: { $0[0] && !$0[1] })
      else { return nil }
      return String(decoding: next, as: UTF8.self)
    }
    // Patterns of decoded text (`percentsEncoded` false) take text a URL carries encoded: a
    // `%`, a `#`, and in an item's name or value the `&` (and `=`) that would split it.
    func sent(_ text: String, keeping structure: String) -> String {
      guard !percentsEncoded else { return text }
      return URLPrinter.percentEncode(text) { byte in
        byte > 0x20 && byte < 0x7F && !"\"#%<>\\^`{|}&=".utf8.contains(byte)
          || structure.utf8.contains(byte)
      }
    }
    var suffix = ""
    switch query {
    case nil: break
    case .pattern(let pattern)?:
      guard let text = shortest(pattern, second: other == 0) else { return nil }
      suffix += "?" + sent(text, keeping: "&=")
    case .items(let rules)?:
      var items: [String] = []
      for (index, rule) in rules.enumerated() {
        guard let value = shortest(rule.value, second: other == index) else { return nil }
        items.append(sent(rule.name, keeping: "") + "=" + sent(value, keeping: "="))
      }
      suffix += "?" + items.joined(separator: "&")
    }
    if let fragment {
      guard let text = shortest(fragment) else { return nil }
      suffix += "#" + sent(text, keeping: "&=")
    }
    return suffix
  }
}
