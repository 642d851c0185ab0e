/// Reverse routing: a pattern plus values for its captures prints a URL that parses back to the
/// same values.
///
///     let pattern = RoutePattern(path: [.literal("profile"), .capture(name: "id", type: .int)])
///     try URLPrinter.url(base: "myapp", pattern: pattern, values: ["id": .int(42)])
///     // "myapp://profile/42"
///
/// Optionals are printed when every capture inside has a value (literal-only optionals too,
/// as matching prefers an optional present); a choice prints the alternative that uses the most
/// values, the first on a tie;
/// query items follow pattern order and absent optional items are omitted. The printed URL is
/// matched again before it is returned, so a URL that would bind differently is an error.
public enum URLPrinter {
  /// Prints the URL.
  /// - Parameters:
  ///   - base: a scheme (`myapp` gives `myapp://first/rest`) or an origin such as
  ///     `https://example.com` (the components then form the path).
  ///   - pattern: the route pattern.
  ///   - values: a value for each capture and query item to print, by name.
  ///   - wildcards: one list of components per wildcard, in pattern order.
  ///   - options: how the router compares (query keys without case in CrossroadRouter): the
  ///     printed URL must match back under them.
  /// - Throws: ``ReverseRoutingError``.
  public static func url(
    base: String, pattern: RoutePattern, values: [String: PatternValue],
    wildcards: [[String]] = [], options: MatchOptions = MatchOptions()
  ) throws(ReverseRoutingError) -> String {
    do {
      return try url(base, pattern, values, wildcards, options, literalOptionals: true)
    } catch {
      // An optional of literals printed can make a URL bind otherwise (`p/(:id)/(info)`
      // without `id`: `p/info` binds `id`); without them it may print.
      guard let url = try? url(base, pattern, values, wildcards, options, literalOptionals: false)
      else { throw error }
      return url
    }
  }

  private static func url(
    _ base: String, _ pattern: RoutePattern, _ values: [String: PatternValue],
    _ wildcards: [[String]], _ options: MatchOptions, literalOptionals: Bool
  ) throws(ReverseRoutingError) -> String {
    let shown = pattern.description
    var emitter = Emitter(
      values: values, wildcards: wildcards, pattern: shown, literalOptionals: literalOptionals)
    guard let components = emitter.emit(pattern.path) else {
      throw emitter.firstError ?? .missingValue(name: "?", pattern: shown)
    }
    // Components given for a wildcard the URL does not print would be lost.
    if emitter.nextWildcard < wildcards.count { throw .unusedValue(name: "*", pattern: shown) }
    var query: [(String, String)] = []
    /// The items of a `*name` object, when one is given.
    var bag: [(String, String)]?
    for node in pattern.query {
      switch node {
      case .item(let item) where item.equals != nil:
        if item.required { query.append((item.keys[0], item.equals!)) }
      case .item(let item):
        if let value = values[item.name] {
          try check(value, item.name, item.type, shown, allowEmpty: true)
          query.append((item.keys[0], value.text))
        } else if item.required {
          throw .missingValue(
            name: item.name.isEmpty ? ":\(item.type)()" : item.name, pattern: shown)
        }
      case .oneOf(let items):
        // As a path choice: the alternative that uses a value (the first with one), else the
        // first condition. Printed alone, it is the one the group binds.
        guard
          let item = items.first(where: { $0.equals == nil && values[$0.name] != nil })
            ?? items.first(where: { $0.equals != nil })
        else {
          throw .missingValue(
            name: items.map(\.name).filter { !$0.isEmpty }.joined(separator: "` or `"),
            pattern: shown)
        }
        if let literal = item.equals {
          query.append((item.keys[0], literal))
        } else {
          try check(values[item.name]!, item.name, item.type, shown, allowEmpty: true)
          query.append((item.keys[0], values[item.name]!.text))
        }
      case .forbidden:
        continue  // never printed
      case .all(let name):
        if case .object(let items)? = values[name] {
          bag = items.map { ($0.key, $0.value) }
        } else if let value = values[name] {
          throw .invalidValue(name: name, value: value.text, expected: .string, pattern: shown)
        }
      }
    }
    if let bag {
      // The object binds every item in URL order: its items come first, in its order, and an
      // item printed for a capture or condition is printed again only if the object lacks it.
      func same(_ key: String, _ other: String) -> Bool {
        options.queryKeysIgnoreCase ? key.lowercased() == other.lowercased() : key == other
      }
      query =
        bag + query.filter { key, value in !bag.contains { same($0.0, key) && $0.1 == value } }
    }

    let isOrigin = base.contains("://")
    var url = isOrigin ? base : base + "://"
    for (index, component) in components.enumerated() {
      if index > 0 || isOrigin { url += "/" }
      url += percentEncode(component, allowed: index == 0 && !isOrigin ? .host : .path)
    }
    if !query.isEmpty {
      url += "?"
      url += query.map {
        percentEncode($0.0, allowed: .query) + "=" + percentEncode($0.1, allowed: .query)
      }.joined(separator: "&")
    }
    try verify(
      url, isOrigin: isOrigin, pattern: pattern, values: values, shown: shown, options: options)
    return url
  }

  /// The names of the rest captures (`*name`) in `nodes`.
  private static func restNames(_ nodes: [PathNode]) -> Set<String> {
    var names = Set<String>()
    for node in nodes {
      switch node {
      case .rest(let name): names.insert(name)
      case .optional(let inner): names.formUnion(restNames(inner))
      case .choice(let alternatives):
        for inner in alternatives { names.formUnion(restNames(inner)) }
      case .literal, .capture, .wildcard: continue
      }
    }
    return names
  }

  private static func check(
    _ value: PatternValue, _ name: String, _ type: ValueType, _ shown: String, allowEmpty: Bool
  ) throws(ReverseRoutingError) {
    let text = value.text
    guard (allowEmpty || !text.isEmpty), PatternValue(parsing: text, as: type) != nil else {
      throw .invalidValue(name: name, value: text, expected: type, pattern: shown)
    }
  }

  static func verify(
    _ url: String, isOrigin: Bool, pattern: RoutePattern, values: [String: PatternValue],
    shown: String, options: MatchOptions
  ) throws(ReverseRoutingError) {
    let parsed: ParsedURL
    do {
      parsed = try ParsedURL(url)
    } catch {
      // Too long, too many components or query items: the limits a URL is read under.
      throw .refusedURL(reason: error.message, pattern: shown)
    }
    let input = isOrigin ? parsed.pathOnlyRoutingInput : parsed.routingInput
    let table = RouteTable(patterns: [pattern], options: options)
    guard let match = table.match(routeAt: 0, input) else {
      if case .missed(let reason) = table.explain(routeAt: 0, input) {
        throw .notMatched(url: url, reason: reason.message, pattern: shown)
      }
      throw .unusedValue(name: values.keys.sorted().first ?? "?", pattern: shown)
    }
    let rests = restNames(pattern.path)
    for name in values.keys.sorted() {
      let bound = match.captures.text(name)
      // `(*rest)` is absent when empty, as a match leaves it: an empty value prints as absent.
      if bound == nil, values[name]!.text.isEmpty, rests.contains(name) { continue }
      guard bound == values[name]!.text else {
        throw .unusedValue(name: name, pattern: shown)
      }
    }
    // A `*name` object is made from the items printed, given or not; any other capture bound
    // must have been given.
    var objects = Set<String>()
    for case .all(let name) in pattern.query { objects.insert(name) }
    if let extra = match.captures.names.first(where: {
      values[$0] == nil && !objects.contains($0)
    }) {
      throw .unexpectedValue(name: extra, pattern: shown)
    }
  }

  private struct Emitter {
    let values: [String: PatternValue]
    let wildcards: [[String]]
    let pattern: String
    /// Whether an optional of literals alone is printed.
    let literalOptionals: Bool
    var nextWildcard = 0
    var firstError: ReverseRoutingError?

    mutating func emit(_ nodes: [PathNode]) -> [String]? {
      var result: [String] = []
      for node in nodes {
        guard let part = emit(node) else { return nil }
        result += part
      }
      return result
    }

    mutating func emit(_ node: PathNode) -> [String]? {
      switch node {
      case .literal(let text):
        return [text]
      case .capture(let name, let type):
        guard let value = values[name] else {
          // An anonymous capture is named by its spelling, `:bool()`.
          fail(.missingValue(name: name.isEmpty ? ":\(type)()" : name, pattern: pattern))
          return nil
        }
        let text = value.text
        guard !text.isEmpty, PatternValue(parsing: text, as: type) != nil else {
          fail(.invalidValue(name: name, value: text, expected: type, pattern: pattern))
          return nil
        }
        return [text]
      case .wildcard:
        guard nextWildcard < wildcards.count, !wildcards[nextWildcard].isEmpty,
          !wildcards[nextWildcard].contains(where: \.isEmpty)
        else {
          fail(.missingWildcard(pattern: pattern))
          return nil
        }
        nextWildcard += 1
        return wildcards[nextWildcard - 1]
      case .rest(let name):
        // The value splits on '/'; each piece is one component.
        guard let value = values[name] else {
          fail(.missingValue(name: name, pattern: pattern))
          return nil
        }
        let pieces = value.text.split(separator: "/", omittingEmptySubsequences: false)
        guard !value.text.isEmpty, !pieces.contains(where: \.isEmpty) else {
          fail(.invalidValue(name: name, value: value.text, expected: .string, pattern: pattern))
          return nil
        }
        return pieces.map(String.init)
      case .optional(let inner):
        // Present when it can be (as matching prefers it): literals alone always are.
        if !literalOptionals && !Self.hasBinding(inner) { return [] }
        var attempt = self
        attempt.firstError = nil
        if let part = attempt.emit(inner) {
          // Without literal optionals, one that prints no value (a choice that took its
          // literal, `((x|:d))`) is left out too.
          if !literalOptionals, Self.bindingCount(inner, values) == 0,
            attempt.nextWildcard == nextWildcard
          {
            return []
          }
          self = attempt
          return part
        }
        return []
      case .choice(let alternatives):
        var best: (Emitter, [String], Int)?
        for alternative in alternatives {
          var attempt = self
          guard let part = attempt.emit(alternative) else {
            if firstError == nil { firstError = attempt.firstError }
            continue
          }
          // The values it prints, and the wildcard components it takes.
          let used =
            Self.bindingCount(alternative, values) + attempt.nextWildcard - nextWildcard
          if best == nil || used > best!.2 { best = (attempt, part, used) }
        }
        guard let (emitter, part, _) = best else { return nil }
        self = emitter
        return part
      }
    }

    mutating func fail(_ error: ReverseRoutingError) {
      if firstError == nil { firstError = error }
    }

    static func hasBinding(_ nodes: [PathNode]) -> Bool {
      nodes.contains { node in
        switch node {
        case .capture, .wildcard, .rest: true
        case .literal: false
        case .optional(let inner): hasBinding(inner)
        case .choice(let alternatives): alternatives.contains(where: hasBinding)
        }
      }
    }

    static func bindingCount(_ nodes: [PathNode], _ values: [String: PatternValue]) -> Int {
      RoutePattern(path: nodes).pathCaptureNames.filter { values[$0] != nil }.count
    }
  }

  enum AllowedSet {
    case host, path, query
  }

  /// `url` with `items` appended to its query, each key and value percent-encoded.
  package static func appending(_ items: [(String, String)], to url: String) -> String {
    guard !items.isEmpty else { return url }
    let query = items.map {
      percentEncode($0.0, allowed: .query) + "=" + percentEncode($0.1, allowed: .query)
    }
    return url + (url.contains("?") ? "&" : "?") + query.joined(separator: "&")
  }

  /// Percent-encodes every byte outside the set that is safe in that part of a URL.
  static func percentEncode(_ text: String, allowed: AllowedSet) -> String {
    percentEncode(text) { isSafe($0, in: allowed) }
  }

  /// Percent-encodes every byte of `text`'s UTF-8 that `keeps` does not keep, as `%XX` with
  /// upper-case hex digits: the one encoder of the package (the app-links checker and tools
  /// pass their own sets).
  package static func percentEncode(_ text: String, keeping keeps: (UInt8) -> Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    let digits: StaticString = "0123456789ABCDEF"
    for byte in text.utf8 {
      if keeps(byte) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result.unicodeScalars.append("%")
        result.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(byte >> 4)]))
        result.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(byte & 0xF)]))
      }
    }
    return result
  }

  /// Whether `byte` stands for itself in that part of a URL.
  static func isSafe(_ byte: UInt8, in allowed: AllowedSet) -> Bool {
    let safe: Bool
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      safe = true
    case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("),
      UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ";"):
      safe = true
    case UInt8(ascii: ":"), UInt8(ascii: "@"):
      safe = allowed != .host
    case UInt8(ascii: "="):
      safe = allowed != .query
    default:
      safe = false
    }
    return safe
  }
}
