/// Every route's query pattern as byte checks: whether the query items of a URL satisfy it
///, without building strings. Binding the values is left to
/// ``QueryMatcher`` once the winner is known.
struct CompiledQueries: Sendable {
  struct Item: Sendable {
    /// The keys, folded when keys compare case-insensitively.
    var keys: [[UInt8]]
    var type: ValueType
    var required: Bool
    /// A condition's value (`key=value`), compared byte for byte after decoding.
    var equals: [UInt8]?
  }

  struct Node: Sendable {
    var items: [Item]
    /// At least one of `items` (else the single item, if required).
    var oneOf: Bool
    /// No query item may have one of the keys of `items` (`!key`).
    var forbidden = false
  }

  /// By route; empty when the route asks nothing of the query.
  var routes: [[Node]]
  /// Whether route `r`'s query pattern can reject a URL (`routes[r]` is not empty).
  var rejects: [Bool]
  var keysIgnoreCase: Bool

  init(_ patterns: [RoutePattern], keysIgnoreCase: Bool) {
    self.keysIgnoreCase = keysIgnoreCase
    routes = patterns.map { pattern in
      pattern.query.compactMap { node -> Node? in
        func item(_ item: QueryItemPattern) -> Item {
          Item(
            keys: item.keys.map { Array((keysIgnoreCase ? $0.lowercased() : $0).utf8) },
            type: item.type, required: item.required, equals: item.equals.map { Array($0.utf8) })
        }
        switch node {
        case .item(let pattern):
          // An optional item never rejects a URL.
          return pattern.required ? Node(items: [item(pattern)], oneOf: false) : nil
        case .oneOf(let patterns):
          return Node(items: patterns.map(item), oneOf: true)
        case .forbidden(let keys):
          return Node(
            items: [item(QueryItemPattern(keys: keys, name: ""))], oneOf: false, forbidden: true)
        case .all:
          return nil  // binds whatever there is
        }
      }
    }
    rejects = routes.map { !$0.isEmpty }
  }

  /// Whether route `route`'s query pattern accepts the URL's query items.
  @inline(__always)
  func accepts(route: Int, _ view: ComponentsView) -> Bool {
    if !rejects[route] { return true }
    for node in routes[route] {
      var any = false
      for item in node.items where found(item, view) {
        any = true
        break
      }
      if any == node.forbidden { return false }
    }
    return true
  }

  private func found(_ item: Item, _ view: ComponentsView) -> Bool {
    var entry = 0
    while entry + 3 < view.query.count {
      let key = UnsafeBufferPointer(
        rebasing: view.bytes[Int(view.query[entry])..<Int(view.query[entry + 1])])
      let value = UnsafeBufferPointer(
        rebasing: view.bytes[Int(view.query[entry + 2])..<Int(view.query[entry + 3])])
      entry += 4
      guard keyMatches(key, item) else { continue }
      if let equals = item.equals {
        if value.elementsEqual(equals) { return true }
      } else if ByteValues.accepts(value, as: item.type) {
        return true
      }
    }
    return false
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
