/// The compiled form of a route table: a segment trie searched depth-first with branch and
/// bound, in flat arrays with integer indices.
///
/// Every route's path is expanded into straight lines of literals, typed captures and
/// wildcards (an optional is "with body" then "without", a choice is its alternatives in order;
/// at most ``maximumExpansions`` lines, beyond that the route is checked by its program). Each
/// line ends in a terminal with the key `route << 6 | line`, so a smaller key is exactly the
/// route that must win (registration order), then the binding a backtracking matcher would
/// choose (its preference order is the expansion order when there is no wildcard).
///
/// Each node knows the smallest and largest key below it. The search visits children in order
/// of their smallest key and skips a subtree whose smallest key cannot beat the best found so
/// far, so a lookup touches the path of the winner and little else, whatever the table's size.
/// Literal children are found through one open-addressing hash table over (node, folded text);
/// a wildcard is an edge that takes one or more components, and nodes below a wildcard are
/// memoized per position so wildcards never cost more than (nodes × components).
///
/// Built once and then kept, unchanged, in a ``CompiledTrie``.
struct PathIndex: Sendable {
  static let maximumExpansions = 64
  static let lineBits: Int32 = 6

  /// The nodes (node 0 is the root); terminal keys, each node's sorted
  /// (`terminals[node.terminals.range]`); capture and wildcard edges, each node's by the
  /// smallest key of their child; literal edges, grouped by (parent, folded text), a group's
  /// edges differing only in case; the text pool; the group hash table (open addressing: group
  /// index + 1, or 0 for empty).
  var records: TrieRecords
  var memoCount = 0
  /// Every terminal key in depth-first order (a node's own keys first, then its children by
  /// smallest key), so the keys below node `n` are `subtreeKeys[subtreeStart[n]..<subtreeEnd[n]]`.
  var subtreeKeys: [Int32] = []
  var subtreeStart: [Int32] = [], subtreeEnd: [Int32] = []

  var groupMask = 0

  /// For key `k`: the slots its capture edges bind, in path order
  /// (`keySlots[keySlotStart[k]..<keySlotStart[k + 1]]` after `keyIndex`).
  var keySlotStart: [Int32] = [], keySlots: [Int32] = []
  /// The dense index of each key (terminal) used above, by route: `routeKeyBase[r] + line`.
  var routeKeyBase: [Int32] = []
  /// Routes whose binding must come from their program (a wildcard and several lines: the
  /// program's preference order then interleaves the wildcard's length with later choices).
  var routeRebinds: [Bool] = []
  /// Routes too branchy to expand, checked by their program, in registration order.
  var fallbackRoutes: [Int32] = []

  static let kindStar: UInt32 = .max
  /// A rest capture: a wildcard that records where it starts and ends.
  static let kindRest: UInt32 = .max - 1
  /// The capture types; a capture edge's kind is an index into this (a table may declare
  /// thousands of types of its own: the index is as wide as a route's).
  var captureTypes: [ValueType] = []

  /// The kind of a capture of type `type`: its index in `types` (found through `kinds`), added
  /// if new.
  static func kind(
    of type: ValueType, in types: inout [ValueType], _ kinds: inout [ValueType: UInt32]
  ) -> UInt32 {
    if let kind = kinds[type] { return kind }
    types.append(type)
    kinds[type] = UInt32(types.count - 1)
    return UInt32(types.count - 1)
  }

  enum Atom: Hashable {
    case literal(String)
    case capture(slot: Int, type: ValueType)
    case star
    /// A rest capture; its start mark is `slot`, its end mark `slot + 1`.
    case rest(slot: Int)

    /// Whether the atom takes a run of components (a wildcard or a rest capture).
    var takesRun: Bool {
      switch self {
      case .star, .rest: true
      case .literal, .capture: false
      }
    }
  }

  /// Lines of `nodes` in preference order; slots numbered as ``PathProgram`` numbers them.
  static func lines(_ nodes: [PathNode], slot: inout Int) -> [[Atom]]? {
    var result: [[Atom]] = [[]]
    for node in nodes {
      guard let alternatives = lines(node, slot: &slot) else { return nil }
      if alternatives.count == 1 {
        for index in result.indices { result[index] += alternatives[0] }
        continue
      }
      guard result.count * alternatives.count <= maximumExpansions else { return nil }
      result = result.flatMap { prefix in alternatives.map { prefix + $0 } }
    }
    return result
  }

  static func lines(_ node: PathNode, slot: inout Int) -> [[Atom]]? {
    switch node {
    case .literal(let text): return [[.literal(text)]]
    case .capture(_, let type):
      defer { slot += 1 }
      return [[.capture(slot: slot, type: type)]]
    case .wildcard: return [[.star]]
    case .rest:
      defer { slot += 2 }  // start and end marks, as the program numbers them
      return [[.rest(slot: slot)]]
    case .optional(let inner):
      guard let body = lines(inner, slot: &slot) else { return nil }
      return body + [[]]
    case .choice(let alternatives):
      var result: [[Atom]] = []
      for alternative in alternatives {
        guard let inner = lines(alternative, slot: &slot) else { return nil }
        result += inner
      }
      return result.count <= maximumExpansions ? result : nil
    }
  }

  /// The routes' query checks.
  var queries: CompiledQueries

  init(_ patterns: [RoutePattern], options: MatchOptions) {
    queries = CompiledQueries(patterns, keysIgnoreCase: options.queryKeysIgnoreCase)
    var nodes: [TrieNode] = []
    var terminals: [Int32] = []
    var otherEdges: [OtherEdge] = []
    var groups: [LiteralGroup] = []
    var literalEdges: [LiteralEdge] = []
    var textPool: [UInt8] = []
    let paths = patterns.map(\.path)
    // Build a tree with dictionaries first, then flatten.
    struct LiteralKey: Hashable {
      var node: Int
      var text: String
    }
    struct OtherKey: Hashable {
      var node: Int
      var kind: UInt32
    }
    var literalChildren: [LiteralKey: Int] = [:]
    var literalOrder: [[LiteralKey]] = [[]]
    var otherChildren: [OtherKey: Int] = [:]
    var otherOrder: [[OtherKey]] = [[]]
    var nodeTerminals: [[Int32]] = [[]]
    var belowStar: [Bool] = [false]
    var literalCounts: [Int32] = [0]
    var slotLists: [[Int32]] = []
    var kinds: [ValueType: UInt32] = [:]

    func newNode(belowStar below: Bool, literals: Int32) -> Int {
      literalOrder.append([])
      otherOrder.append([])
      nodeTerminals.append([])
      belowStar.append(below)
      literalCounts.append(literals)
      return nodeTerminals.count - 1
    }

    for (route, path) in paths.enumerated() {
      var slot = 0
      routeKeyBase.append(Int32(slotLists.count))
      guard let expanded = Self.lines(path, slot: &slot) else {
        fallbackRoutes.append(Int32(route))
        routeRebinds.append(true)
        continue
      }
      var seen = Set<[Atom]>()
      let hasStar = expanded.contains { $0.contains(where: \.takesRun) }
      routeRebinds.append(hasStar && expanded.count > 1)
      for (line, atoms) in expanded.enumerated() {
        // The slots the line's edges bind, in the order the search records positions.
        slotLists.append(
          atoms.flatMap { atom -> [Int32] in
            switch atom {
            case .capture(let slot, _): [Int32(slot)]
            case .rest(let slot): [Int32(slot), Int32(slot + 1)]
            case .literal, .star: []
            }
          })
        // A repeated line can never be the first to match; leave it out.
        guard seen.insert(atoms).inserted else { continue }
        var node = 0
        for atom in atoms {
          switch atom {
          case .literal(let text):
            let key = LiteralKey(node: node, text: text)
            if let child = literalChildren[key] {
              node = child
            } else {
              let child = newNode(belowStar: belowStar[node], literals: literalCounts[node] + 1)
              literalChildren[key] = child
              literalOrder[node].append(key)
              node = child
            }
          case .capture(_, let type):
            let key = OtherKey(node: node, kind: Self.kind(of: type, in: &captureTypes, &kinds))
            if let child = otherChildren[key] {
              node = child
            } else {
              let child = newNode(belowStar: belowStar[node], literals: literalCounts[node])
              otherChildren[key] = child
              otherOrder[node].append(key)
              node = child
            }
          case .star, .rest:
            let key = OtherKey(node: node, kind: atom == .star ? Self.kindStar : Self.kindRest)
            if let child = otherChildren[key] {
              node = child
            } else {
              let child = newNode(belowStar: true, literals: literalCounts[node])
              otherChildren[key] = child
              otherOrder[node].append(key)
              node = child
            }
          }
        }
        nodeTerminals[node].append(Int32(route) << Self.lineBits | Int32(line))
      }
    }

    // Smallest and largest key below each node (children always come after their parent).
    let nodeCount = nodeTerminals.count
    var minKey = [Int32](repeating: .max, count: nodeCount)
    var maxKey = [Int32](repeating: -1, count: nodeCount)
    for node in stride(from: nodeCount - 1, through: 0, by: -1) {
      for key in nodeTerminals[node] {
        minKey[node] = min(minKey[node], key)
        maxKey[node] = max(maxKey[node], key)
      }
      for key in literalOrder[node] {
        let child = literalChildren[key]!
        minKey[node] = min(minKey[node], minKey[child])
        maxKey[node] = max(maxKey[node], maxKey[child])
      }
      for key in otherOrder[node] {
        let child = otherChildren[key]!
        minKey[node] = min(minKey[node], minKey[child])
        maxKey[node] = max(maxKey[node], maxKey[child])
      }
    }

    // Depth-first order of the keys, children by smallest key (iterative: paths can be long).
    subtreeStart = [Int32](repeating: 0, count: nodeCount)
    subtreeEnd = [Int32](repeating: 0, count: nodeCount)
    var pending: [(node: Int, leaving: Bool)] = [(0, false)]
    while let (node, leaving) = pending.popLast() {
      if leaving {
        subtreeEnd[node] = Int32(subtreeKeys.count)
        continue
      }
      subtreeStart[node] = Int32(subtreeKeys.count)
      subtreeKeys += nodeTerminals[node].sorted()
      pending.append((node, true))
      let children =
        literalOrder[node].map { literalChildren[$0]! }
        + otherOrder[node].map { otherChildren[$0]! }
      for child in children.sorted(by: { minKey[$0] > minKey[$1] }) {
        pending.append((child, false))
      }
    }

    // Flatten.
    for node in 0..<nodeCount {
      let terminalStart = Int32(terminals.count)
      terminals += nodeTerminals[node].sorted()
      let otherStart = Int32(otherEdges.count)
      let others = otherOrder[node].sorted {
        minKey[otherChildren[$0]!] < minKey[otherChildren[$1]!]
      }
      for key in others {
        let child = otherChildren[key]!
        otherEdges.append(
          OtherEdge(
            child: Int32(child), childMinKey: minKey[child], kind: key.kind,
            takesAny: key.kind < PathIndex.kindRest && captureTypes[Int(key.kind)] == .string))
      }
      nodes.append(
        TrieNode(
          minKey: minKey[node], maxKey: maxKey[node],
          terminals: Run(start: terminalStart, end: Int32(terminals.count)),
          others: Run(start: otherStart, end: Int32(otherEdges.count)),
          memo: belowStar[node] ? Int32(memoCount) : -1,
          literals: literalCounts[node], hasLiterals: !literalOrder[node].isEmpty))
      if belowStar[node] { memoCount += 1 }
      // Group this node's literal children by folded text.
      var byFolded: [String: [LiteralKey]] = [:]
      var groupOrder: [String] = []
      for key in literalOrder[node] {
        let folded = key.text.lowercased()
        if byFolded[folded] == nil { groupOrder.append(folded) }
        byFolded[folded, default: []].append(key)
      }
      for folded in groupOrder {
        let foldedStart = Int32(textPool.count)
        textPool += Array(folded.utf8)
        let edgeStart = Int32(literalEdges.count)
        let edges = byFolded[folded]!.sorted {
          minKey[literalChildren[$0]!] < minKey[literalChildren[$1]!]
        }
        for key in edges {
          let child = literalChildren[key]!
          let textStart = Int32(textPool.count)
          textPool += Array(key.text.utf8)
          literalEdges.append(
            LiteralEdge(
              text: Run(start: textStart, end: Int32(textPool.count)),
              child: Int32(child), childMinKey: minKey[child],
              isFolded: key.text == folded))
        }
        groups.append(
          LiteralGroup(
            node: Int32(node),
            folded: Run(start: foldedStart, end: foldedStart + Int32(folded.utf8.count)),
            edges: Run(start: edgeStart, end: Int32(literalEdges.count))))
      }
    }
    let groupCount = groups.count

    var capacity = 16
    while capacity < groupCount * 2 { capacity <<= 1 }
    groupMask = capacity - 1
    var groupTable = [Int32](repeating: 0, count: capacity)
    for group in 0..<groupCount {
      let textHash = textPool.withUnsafeBufferPointer { pool in
        Self.textHash(
          UnsafeBufferPointer(
            rebasing: pool[groups[group].folded.range]))
      }
      var probe = Self.probe(node: Int(groups[group].node), textHash: textHash) & groupMask
      while groupTable[probe] != 0 { probe = (probe + 1) & groupMask }
      groupTable[probe] = Int32(group + 1)
    }
    records = TrieRecords(
      nodes: nodes, terminals: terminals, otherEdges: otherEdges, groups: groups,
      literalEdges: literalEdges, groupTable: groupTable, textPool: textPool,
      rejects: queries.rejects)

    keySlotStart = [0]
    for list in slotLists {
      keySlots += list
      keySlotStart.append(Int32(keySlots.count))
    }
  }

  /// The hash of the folded text of a component or literal, from its length and at most its
  /// first and last eight bytes (two loads, whatever the length; texts that differ only in
  /// between meet in the group table, which compares them whole).
  @inline(__always)
  static func textHash(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = text.count
    guard let base = text.baseAddress, count > 0 else { return 0x9E37_79B9_7F4A_7C15 }
    let raw = UnsafeRawPointer(base)
    let first: UInt64
    let last: UInt64
    if count >= 8 {
      first = raw.loadUnaligned(as: UInt64.self)
      last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    } else if count >= 4 {
      first = UInt64(raw.loadUnaligned(as: UInt32.self))
      last = UInt64(raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
    } else {
      first = UInt64(base[0]) << 16 | UInt64(base[count >> 1]) << 8 | UInt64(base[count &- 1])
      last = 0
    }
    var mixed = (first ^ UInt64(truncatingIfNeeded: count)) &* 0xFF51_AFD7_ED55_8CCD
    mixed = (mixed ^ (mixed >> 32) ^ last) &* 0xC4CE_B9FE_1A85_EC53
    return mixed ^ (mixed >> 29)
  }

  /// Where (node, text) starts probing in the group table.
  @inline(__always)
  static func probe(node: Int, textHash: UInt64) -> Int {
    let mixed = (textHash ^ (UInt64(truncatingIfNeeded: node) &* 0x9E37_79B9_7F4A_7C15))
    return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
  }

  /// Where the slots bound by key `key` are in ``keySlots``.
  @inline(__always)
  func slotRange(ofKey key: Int32) -> Range<Int> {
    let dense = Int(routeKeyBase[Int(key >> Self.lineBits)]) + Int(key & 63)
    return Int(keySlotStart[dense])..<Int(keySlotStart[dense + 1])
  }
}

/// The trie of a table, stored once: a class, so that copying a ``RouteTable`` (routers hand
/// out snapshots) or starting a search is one reference, not thirty arrays; its `let` makes
/// every read free of run-time exclusivity checks.
final class CompiledTrie: Sendable {
  let index: PathIndex

  init(_ patterns: [RoutePattern], options: MatchOptions) {
    index = PathIndex(patterns, options: options)
  }
}
