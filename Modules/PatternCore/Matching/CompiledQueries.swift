/// The query items of a URL as byte ranges: `keyStart, keyEnd, valueStart, valueEnd` per item,
/// into `bytes` (decoded).
struct QueryView {
  var bytes: UnsafeBufferPointer<UInt8>
  var spans: UnsafeBufferPointer<Int32>

  init(bytes: UnsafeBufferPointer<UInt8>, spans: UnsafeBufferPointer<Int32>) {
    self.bytes = bytes
    self.spans = spans
  }

  /// The query items of `layout`, valid while it is neither changed nor released.
  init(_ layout: URLLayout) {
    self.init(bytes: layout.bytes.buffer, spans: layout.query.buffer)
  }

  var count: Int { spans.count / 4 }

  @inline(__always) func key(_ item: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[Int(spans[4 * item])..<Int(spans[4 * item + 1])])
  }

  @inline(__always) func value(_ item: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[Int(spans[4 * item + 2])..<Int(spans[4 * item + 3])])
  }
}

/// The one query matcher: every route's query pattern compiled to byte checks. The search asks
/// ``accepts(route:_:)`` (no strings); the winner's values are bound by ``bind(route:_:into:)``
/// from the same bytes, which also says why a query failed.
///
/// Matching is order-free: an item takes the first value, in URL order, whose key is one of its
/// keys and whose value parses as its type (or equals its condition's value).
struct CompiledQueries: Sendable {
  struct Item: Sendable {
    var pattern: QueryItemPattern
    /// The keys, folded when keys compare case-insensitively.
    var keys: [[UInt8]]
    /// A condition's value (`key=value`), compared byte for byte after decoding.
    var equals: [UInt8]?
  }

  enum Node: Sendable {
    case item(Item)
    /// At least one of the items; the first satisfied (left first) binds alone.
    case oneOf([Item])
    /// No query item may have one of the item's keys (`!key`).
    case forbidden(Item)
    /// Binds every item (`*name`).
    case all(name: String)
  }

  /// Why a query did not match.
  enum Failure: Sendable, Hashable {
    /// A required item found no valid value; `invalid` is the first value present under one
    /// of its keys that failed, if any. Also a one-of group's first alternative whose key is
    /// there, when none found a valid value.
    case missing(QueryItemPattern, invalid: String?)
    /// No item of a one-of group is there at all.
    case noneOf([QueryItemPattern])
    /// An item's key is there, but with none of the values the conditions under that key name
    /// (`ref=a`, or a one-of group's `(ref=a|ref=b)`): its first value, and those values.
    case notEqual(key: String, value: String, expected: [String])
    /// The URL has an item under a key the pattern forbids.
    case forbidden(key: String)
  }

  /// By route, in pattern order.
  var routes: [[Node]]
  /// Whether route `r`'s query pattern can reject a URL.
  var rejects: [Bool]
  var keysIgnoreCase: Bool

  init(_ patterns: [RoutePattern], keysIgnoreCase: Bool) {
    self.keysIgnoreCase = keysIgnoreCase
    func item(_ item: QueryItemPattern) -> Item {
      Item(
        pattern: item,
        keys: item.keys.map { Array((keysIgnoreCase ? $0.lowercased() : $0).utf8) },
        equals: item.equals.map { Array($0.utf8) })
    }
    routes = patterns.map { pattern in
      pattern.query.map { node in
        switch node {
        case .item(let pattern): .item(item(pattern))
        case .oneOf(let patterns): .oneOf(patterns.map(item))
        case .forbidden(let keys): .forbidden(item(QueryItemPattern(keys: keys, name: "")))
        case .all(let name): .all(name: name)
        }
      }
    }
    rejects = patterns.map { pattern in
      pattern.query.contains {
        switch $0 {
        case .item(let item): item.required
        case .oneOf, .forbidden: true
        case .all: false  // binds whatever there is
        }
      }
    }
  }

  /// Whether route `route`'s query pattern accepts the URL's query items.
  @inline(__always)
  func accepts(route: Int, _ query: QueryView) -> Bool {
    if !rejects[route] { return true }
    for node in routes[route] {
      switch node {
      case .item(let item):
        if item.pattern.required && find(item, query) == nil { return false }
      case .oneOf(let items):
        if !items.contains(where: { find($0, query) != nil }) { return false }
      case .forbidden(let item):
        if firstKeyed(item, query) != nil { return false }
      case .all:
        continue
      }
    }
    return true
  }

  /// Binds route `route`'s query items into `captures`, or returns the failures (all of them,
  /// in pattern order).
  func bind(route: Int, _ query: QueryView, into captures: inout Captures) -> [Failure] {
    var failures: [Failure] = []
    func bind(_ item: Item, _ entry: Int) {
      guard !item.pattern.name.isEmpty,
        let value = ValueGrammar.value(query.value(entry), as: item.pattern.type)
      else { return }
      let text = String(decoding: query.value(entry), as: UTF8.self)
      captures.bind(item.pattern.name, value, text: text)
    }
    for node in routes[route] {
      switch node {
      case .item(let item):
        if let found = find(item, query) {
          bind(item, found)
        } else if item.pattern.required {
          let invalid = firstKeyed(item, query).map {
            String(decoding: query.value($0), as: UTF8.self)
          }
          if let invalid, let expected = item.pattern.equals {
            failures.append(
              .notEqual(key: item.pattern.keys[0], value: invalid, expected: [expected]))
          } else {
            failures.append(.missing(item.pattern, invalid: invalid))
          }
        }
      case .oneOf(let items):
        let first = items.lazy.compactMap { item in self.find(item, query).map { (item, $0) } }
          .first
        if let (item, entry) = first {
          bind(item, entry)
        } else if let (item, entry) = items.lazy.compactMap({ item in
          self.firstKeyed(item, query).map { (item, $0) }
        }).first {
          // An alternative's key is there with a value it refuses: say which, as for one item;
          // when every alternative under that key names a value, say all of them.
          let value = String(decoding: query.value(entry), as: UTF8.self)
          let keyed = items.filter { self.firstKeyed($0, query) == entry }.map(\.pattern)
          if keyed.allSatisfy({ $0.equals != nil }) {
            failures.append(
              .notEqual(
                key: item.pattern.keys[0], value: value,
                expected: keyed.compactMap(\.equals).reduce(into: []) { values, value in
                  if !values.contains(value) { values.append(value) }
                }))
          } else {
            failures.append(.missing(item.pattern, invalid: value))
          }
        } else {
          failures.append(.noneOf(items.map(\.pattern)))
        }
      case .forbidden(let item):
        if let entry = firstKeyed(item, query) {
          failures.append(.forbidden(key: String(decoding: query.key(entry), as: UTF8.self)))
        }
      case .all(let name):
        // The first value of each key, in URL order; keys compare as the table compares them
        // (without case in Crossroad), and keep the first spelling.
        // Bytes, not `String`s: `é` and `e\u{301}` are two keys, as they are two literals.
        var items: [QueryItem] = []
        var seen = Set<[UInt8]>()
        for entry in 0..<query.count {
          let key = String(decoding: query.key(entry), as: UTF8.self)
          let folded = Array((keysIgnoreCase ? key.lowercased() : key).utf8)
          guard seen.insert(folded).inserted else { continue }
          items.append(
            QueryItem(key: key, value: String(decoding: query.value(entry), as: UTF8.self)))
        }
        let value = PatternValue.object(items)
        captures.bind(name, value, text: value.text)
      }
    }
    return failures
  }

  /// The first item, in URL order, under one of `item`'s keys whose value satisfies it.
  private func find(_ item: Item, _ query: QueryView) -> Int? {
    for entry in 0..<query.count where keyMatches(query.key(entry), item) {
      let value = query.value(entry)
      if let equals = item.equals {
        if value.elementsEqual(equals) { return entry }
      } else if ValueGrammar.accepts(value, as: item.pattern.type) {
        return entry
      }
    }
    return nil
  }

  /// The first item, in URL order, under one of `item`'s keys.
  private func firstKeyed(_ item: Item, _ query: QueryView) -> Int? {
    (0..<query.count).first { keyMatches(query.key($0), item) }
  }

  private func keyMatches(_ key: UnsafeBufferPointer<UInt8>, _ item: Item) -> Bool {
    for candidate in item.keys where candidate.count == key.count || keysIgnoreCase {
      if !keysIgnoreCase {
        if candidate.elementsEqual(key) { return true }
        continue
      }
      if key.allSatisfy({ $0 < 0x80 }) {
        guard candidate.count == key.count else { continue }
        var equal = true
        for index in 0..<key.count
        where (key[index] >= 0x41 && key[index] <= 0x5A ? key[index] | 0x20 : key[index])
          != candidate[index]
        {
          equal = false
          break
        }
        if equal { return true }
      } else if Array(String(decoding: key, as: UTF8.self).lowercased().utf8) == candidate {
        return true
      }
    }
    return false
  }
}
