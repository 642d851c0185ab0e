import Foundation
import PatternCore

extension LinkChecker {
  /// The path of a witness written after `origin`, as the rules read it: as written, or
  /// percent-decoded where the system reads the decoded path.
  static func pathBytes(of witness: String, after origin: String, decoded: Bool) -> [UInt8] {
    var path = Array(witness.utf8.dropFirst(origin.utf8.count))
    if let end = path.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
      path.removeSubrange(end...)
    }
    return decoded ? Array(URLParts.decode(String(decoding: path, as: UTF8.self)).utf8) : path
  }

  /// A route that takes `witness` once the values of its typed query items are ones their
  /// types accept (`/t?n=a` under `/t?:int(n)` becomes `/t?n=1`), and that URL; nil when none.
  static func typedQueryRoute(
    _ witness: String, _ routes: [WebRoute], _ router: some RouterOracle
  ) -> (WebRoute, String)? {
    guard let mark = witness.firstIndex(of: "?") else { return nil }
    var query = witness[witness.index(after: mark)...]
    var fragment = ""
    if let hash = query.firstIndex(of: "#") {
      fragment = String(query[hash...])
      query = query[..<hash]
    }
    let items = query.split(separator: "&", omittingEmptySubsequences: false)
    for route in routes {
      let typed = route.queryNodes.flatMap { node -> [QueryItemPattern] in
        switch node {
        case .item(let item): [item]
        case .oneOf(let items): items
        case .forbidden, .all: []
        }
      }.filter { $0.equals == nil && $0.type != .string }
      func pattern(of key: Substring) -> QueryItemPattern? {
        typed.first { item in
          item.keys.contains {
            route.queryKeysIgnoreCase ? $0.lowercased() == key.lowercased() : $0 == key
          }
        }
      }
      var changed = false
      let rewritten = items.map { item -> String in
        let key = item.prefix { $0 != "=" }
        guard let pattern = pattern(of: key) else { return String(item) }
        changed = true
        return key + "=" + pattern.type.sampleText()
      }
      guard changed else { continue }
      let taken = witness[..<mark] + "?" + rewritten.joined(separator: "&") + fragment
      if taken != witness, router.routeMatches(taken, table: route.table, index: route.index) {
        return (route, taken)
      }
    }
    return nil
  }

  /// Whether no URL that `route` takes meets `rule`'s condition on query items: the rule needs
  /// a non-empty value (an absent item reads as empty) under a key the route forbids, or every
  /// value under a key to match a pattern the value the route's condition fixes cannot match
  /// (`ref=app` against `"ref": "web"`; with keys compared without case the route's item may
  /// be spelled another way, so only a forbidden key counts then).
  /// A pattern for the whole query string (`"?": "a=1"`) is met by no URL of the route when
  /// no query it matches has an item the route requires.
  static func neverMeets(_ route: WebRoute, _ rule: OSRules.Rule) -> Bool {
    if let whole = rule.queryPattern {
      for case .item(let item) in route.queryNodes where item.required && item.keys.count == 1 {
        guard
          let items = requiredItemQueries(
            item, keysIgnoreCase: route.queryKeysIgnoreCase, decoded: rule.itemsDecoded)
        else { continue }
        if ProductSearch().find([items, whole.automaton], where: { $0[0] && $0[1] }) == .none {
          return true
        }
      }
    }
    for (name, pattern) in rule.queryItems {
      func same(_ key: String) -> Bool {
        route.queryKeysIgnoreCase ? key.lowercased() == name.lowercased() : key == name
      }
      for node in route.queryNodes {
        switch node {
        case .forbidden(let keys) where keys.contains(where: same):
          if !pattern.matches("") { return true }
        case .item(let item)
        where item.required && !route.queryKeysIgnoreCase && item.keys == [name]:
          guard let equals = item.equals else { continue }
          // The value as the rule reads it: decoded, or any way a URL may write it.
          let written = ByteNFA.literal(equals.utf8)
          let forms = rule.itemsDecoded ? written : written.encodedForms(plain: queryValueBytes)
          if ProductSearch().find([forms, pattern.automaton], where: { $0[0] && $0[1] })
            == .none
          {
            return true
          }
        default: continue
        }
      }
    }
    return false
  }

  /// Every query string, as written or decoded, that holds `item` (its key, and the value its
  /// condition fixes): more, never fewer, than the queries the router finds it in. Nil for a
  /// fixed value with a space (which a query may also write `+`).
  static func requiredItemQueries(_ item: QueryItemPattern, keysIgnoreCase: Bool, decoded: Bool)
    -> ByteNFA?
  {
    let any = ByteNFA.byte(.all).star
    let ampersand = ByteNFA.literal("&".utf8)
    func written(_ text: ByteNFA) -> ByteNFA {
      decoded ? text : text.encodedForms(plain: queryValueBytes)
    }
    let key = written(.literal(item.keys[0].utf8, ignoringCase: keysIgnoreCase))
    let value: ByteNFA
    if let equals = item.equals {
      if equals.contains(" ") { return nil }
      value = written(.literal(equals.utf8))
    } else {
      value =
        decoded ? any : ByteNFA.byte(ByteSet.all.subtracting(ByteSet([UInt8(ascii: "&")]))).star
    }
    let valuePart = ByteNFA.literal("=".utf8).then(value)
    return any.then(ampersand).optional
      .then(key).then(item.equals == nil ? valuePart.optional : valuePart)
      .then(ampersand.then(any).optional)
  }

  /// What a query value may hold unencoded.
  static let queryValueBytes = RouteLanguage.segmentByte.union(ByteSet(Array("/?".utf8)))
    .subtracting(ByteSet(Array("&=+".utf8)))

  /// Paths with an empty component: `//` anywhere (a new automaton each time: one caches the
  /// states it has seen, so it is not shared between checks).
  static var emptyComponent: LazyDFA {
    LazyDFA(ByteNFA.byte(.all).star.then(.literal("//".utf8)).then(ByteNFA.byte(.all).star))
  }

  /// Paths as a URL holds them: `/`, then the bytes a path may hold as they are and `%`
  /// escapes of the bytes it may not (see ``RouteLanguage/escape``).
  static var writtenPath: LazyDFA {
    LazyDFA(
      ByteNFA.literal("/".utf8).then(
        ByteNFA.union([.byte(OSRules.pathBytes), RouteLanguage.escape]).star))
  }

  /// How many candidates the search for an unhandled link tries before it gives up on a rule.
  static let candidates = 32

  /// `scheme://host[:port]/path?query`, with a rule's condition (`?a=1#f`) merged in: its query items
  /// after `query`'s, its fragment at the end.
  static func url(origin: String, path: String, query: String, condition: String?) -> String {
    var items = query
    var fragment: Substring?
    if let condition {
      var rest = Substring(condition)
      if let hash = rest.firstIndex(of: "#") {
        fragment = rest[rest.index(after: hash)...]
        rest = rest[..<hash]
      }
      if rest.hasPrefix("?") {
        let extra = rest.dropFirst()
        // The condition's items stand in for the route's items of the same keys (a route that
        // binds `q` takes the `q` the rule asks for; two `q` would fail a rule that checks
        // every instance).
        func key(_ item: Substring) -> Substring { item.prefix { $0 != "=" } }
        let keys = Set(extra.split(separator: "&").map(key))
        let own = items.split(separator: "&").filter { !keys.contains(key($0)) }
        items = (own + (extra.isEmpty ? [] : [extra])).joined(separator: "&")
      }
    }
    // A rule's sample can hold what a URL cannot (`"?": {"q": "a b"}` with `percentsEncoded`
    // false): a witness is a URL as it is sent, so such bytes are percent-encoded.
    return origin + path + (items.isEmpty ? "" : "?" + Self.sendable(items, hash: false))
      + (fragment.map { "#" + Self.sendable($0, hash: true) } ?? "")
  }

  /// `text` with the bytes a URL's query (or, with `hash`, its fragment) cannot hold as they
  /// are percent-encoded: controls, space, non-ASCII, `"<>\^`{|}`, and `#` in a query.
  static func sendable(_ text: some StringProtocol, hash: Bool) -> String {
    URLPrinter.percentEncode(String(text)) { byte in
      byte > 0x20 && byte < 0x7F && !"\"<>\\^`{|}".utf8.contains(byte)
        && (hash || byte != UInt8(ascii: "#"))
    }
  }

  /// Whether a route host (perhaps `*.example.com`) answers a concrete host.
  static func covers(_ pattern: String, _ host: String) -> Bool {
    HostPattern.host(host, matches: pattern)
  }
}
