/// The components a search runs over: slices of one byte buffer, with their folded forms (in
/// the same buffer).
struct ComponentsView {
  var bytes: UnsafeBufferPointer<UInt8>
  /// `start, end` pairs, from the first routed component on.
  var bounds: UnsafeBufferPointer<Int32>
  var count: Int
  var foldedBounds: UnsafeBufferPointer<Int32>
  /// `keyStart, keyEnd, valueStart, valueEnd` per query item, into `bytes`.
  var query: UnsafeBufferPointer<Int32>
  /// Components before this position compare with literals case-insensitively: the host
  /// (position 0 when component 0 is the host), or every one (`Int.max`, the table's option).
  var anyCaseBelow: Int
  /// Whether query keys compare case-insensitively.
  var keysIgnoreCase: Bool

  @inline(__always) func text(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(
      rebasing: bytes[Int(bounds[2 &* index])..<Int(bounds[2 &* index &+ 1])])
  }

  var queryView: QueryView { QueryView(bytes: bytes, spans: query) }

  @inline(__always) func foldedText(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(
      rebasing: bytes[Int(foldedBounds[2 &* index])..<Int(foldedBounds[2 &* index &+ 1])])
  }
}

/// Reusable storage for searches: nothing here is reallocated once it has grown.
struct SearchScratch: Sendable {
  var state = SearchState()
}

/// The state of one search: bounds, the current path, the memo.
struct SearchState: Sendable {
  /// Component positions of the capture edges on the current path.
  var path = ScratchArray<Int32>()
  /// The same for the best terminal found.
  var bestPath = ScratchArray<Int32>()
  /// Generation stamps for (memoized node, position).
  var stamps = ScratchArray<UInt32>(capacity: 8)
  var generation: UInt32 = 0
  /// The best key found so far (exclusive bound) and the smallest key accepted.
  var best: Int32 = .max
  var low: Int32 = 0
  /// Wildcard ends tried since the state was made: the work that is not memoized (for tests).
  var wildcardSteps = 0
  /// Shared with a copy exactly when the buffers are.
  private var owner = ScratchOwner()

  /// Starts a search: clears the bounds and the memo.
  mutating func begin(memoSize: Int) {
    if isKnownUniquelyReferenced(&owner) {
      path.clear()
      bestPath.clear()
    } else {
      let low = self.low
      self = SearchState()
      self.low = low
    }
    best = .max
    guard memoSize > 0 else { return }
    if stamps.count < memoSize {
      stamps.fill(0, count: memoSize)
      generation = 0
    }
    generation &+= 1
    if generation == 0 {
      stamps.fill(0, count: stamps.count)
      generation = 1
    }
  }
}

/// One search over a compiled trie, reading its records through pointers taken once per search
/// (no bounds checks or reference counting per access); the search state is passed down.
struct Walker {
  let nodes: Section<TrieNode>
  let terminals: Section<Int32>
  let otherEdges: Section<OtherEdge>
  let groups: Section<LiteralGroup>
  let literalEdges: Section<LiteralEdge>
  let groupTable: Section<Int32>
  let textPool: Section<UInt8>
  /// Per route, whether its query can reject a URL (most routes have no query to check).
  let rejects: Section<Bool>
  let groupMask: Int
  /// Not retained: a walker lives inside ``CompiledTrie/withWalker(_:_:)``, whose trie outlives it.
  unowned(unsafe) let trie: CompiledTrie
  let view: ComponentsView
  let memoWidth: Int

  /// A walker over `view`, reading the trie's records from `base`, the start of their buffer.
  init(_ base: UnsafeRawPointer, trie: CompiledTrie, view: ComponentsView) {
    let records = trie.index.records
    nodes = Section(base + records.nodes)
    terminals = Section(base + records.terminals)
    otherEdges = Section(base + records.otherEdges)
    groups = Section(base + records.groups)
    literalEdges = Section(base + records.literalEdges)
    groupTable = Section(base + records.groupTable)
    textPool = Section(base + records.textPool)
    rejects = Section(base + records.rejects)
    groupMask = trie.index.groupMask
    self.trie = trie
    self.view = view
    memoWidth = view.count + 1
  }

  /// Searches below node `index` at component `position`. The last edge worth taking at a node
  /// is taken by the loop, not by a call (most nodes have one), and the capture positions the
  /// edges push are cut back by the caller of each call, so every call leaves `state.path` as
  /// it found it.
  func visit(_ index: Int, _ position: Int, _ state: inout SearchState) {
    var index = index
    var position = position
    while true {
      let node = nodes[index]
      if node.minKey >= state.best || node.maxKey < state.low { return }
      if node.memo >= 0 {
        let stamp = Int(node.memo) &* memoWidth &+ position
        if state.stamps[stamp] == state.generation { return }
        state.stamps[stamp] = state.generation
      }
      if position == view.count {
        for terminal in node.terminals.range {
          let key = terminals[terminal]
          if key >= state.best { break }
          if key < state.low { continue }
          let route = Int(key >> PathIndex.lineBits)
          if !rejects[route] || trie.index.queries.accepts(route: route, view.queryView) {
            state.best = key
            state.bestPath.clear()
            state.bestPath.append(contentsOf: state.path.buffer)
            break
          }
        }
        // Every edge takes at least one component.
        return
      }

      var other = Int(node.others.start)
      let otherEnd = Int(node.others.end)
      if !node.hasLiterals && otherEnd &- other == 1 {
        // The common node with one edge, a string capture: taken at once.
        let capture = otherEdges[other]
        if capture.takesAny {
          if capture.childMinKey >= state.best { return }
          state.path.append(Int32(truncatingIfNeeded: position))
          index = Int(capture.child)
          position &+= 1
          continue
        }
      }
      var edge = 0
      var edgeEnd = 0
      if node.hasLiterals {
        let group = literalGroup(index, position)
        if group >= 0 {
          edge = Int(groups[group].edges.start)
          edgeEnd = Int(groups[group].edges.end)
        }
      }
      let anyCase = position < view.anyCaseBelow
      // A component that is its own folded form matches an edge that is too, once the group's
      // folded text matched.
      let plain = edge < edgeEnd && view.foldedBounds[2 &* position] == view.bounds[2 &* position]
      if other == otherEnd && edgeEnd &- edge == 1 {
        // The other common node: one literal edge whose folded text is the component's.
        let literal = literalEdges[edge]
        guard literal.childMinKey < state.best, takes(literal, position, anyCase, plain) else {
          return
        }
        index = Int(literal.child)
        position &+= 1
        continue
      }
      // The edge found worth taking and not taken yet: its child, and whether it captures the
      // component (-1 for none).
      var next = -1
      var captures = false
      while edge < edgeEnd || other < otherEnd {
        var child: Int32
        var capturing = false
        if edge < edgeEnd
          && (other == otherEnd
            || literalEdges[edge].childMinKey <= otherEdges[other].childMinKey)
        {
          let literal = literalEdges[edge]
          edge &+= 1
          guard literal.childMinKey < state.best, takes(literal, position, anyCase, plain) else {
            continue
          }
          child = literal.child
        } else {
          let capture = otherEdges[other]
          other &+= 1
          if capture.childMinKey >= state.best { continue }
          if capture.kind == PathIndex.kindStar || capture.kind == PathIndex.kindRest {
            if next >= 0 {
              take(next, position, captures, &state)
              next = -1
              if capture.childMinKey >= state.best { continue }
            }
            wildcard(capture, position, &state)
            continue
          }
          guard
            capture.takesAny
              || ValueGrammar.accepts(
                view.text(position), as: trie.index.captureTypes[Int(capture.kind)])
          else { continue }
          child = capture.child
          capturing = true
        }
        if next >= 0 {
          // The edge before first; this one only if it can still win after that.
          take(next, position, captures, &state)
          guard nodes[Int(child)].minKey < state.best else {
            next = -1
            continue
          }
        }
        next = Int(child)
        captures = capturing
      }
      guard next >= 0 else { return }
      // The last edge: taken by the loop. Whoever called this visit cuts the path back.
      if captures { state.path.append(Int32(truncatingIfNeeded: position)) }
      index = next
      position &+= 1
    }
  }

  /// Whether the literal edge `literal`, of the group whose folded text is the component's,
  /// takes component `position`: any spelling where case does not count, the same bytes
  /// otherwise (`plain`: the component is its own folded form).
  @inline(__always)
  func takes(_ literal: LiteralEdge, _ position: Int, _ anyCase: Bool, _ plain: Bool) -> Bool {
    anyCase || (plain && literal.isFolded) || equals(literal.text, view.text(position))
  }

  /// Takes the edge to `child` from component `position` by a call, capturing the component
  /// when `captures`, and cuts the path back after it.
  @inline(__always)
  func take(_ child: Int, _ position: Int, _ captures: Bool, _ state: inout SearchState) {
    let saved = state.path.count
    if captures { state.path.append(Int32(truncatingIfNeeded: position)) }
    visit(child, position &+ 1, &state)
    state.path.truncate(to: saved)
  }

  /// A wildcard edge: one or more components, fewest first (lazy); a rest capture records
  /// where its run starts and ends.
  ///
  /// The child is below a wildcard, so it is memoized per position, and this edge is the only
  /// way to it: once it has been visited at some end, an earlier run of this loop went on from
  /// there to the last component, and every end left is visited (or pruned by the bounds, which
  /// only tighten). The run stops there, so an edge costs O(components) per search whatever
  /// number of positions it is taken from, not O(components²).
  func wildcard(_ capture: OtherEdge, _ position: Int, _ state: inout SearchState) {
    let saved = state.path.count
    let child = nodes[Int(capture.child)]
    if child.maxKey < state.low { return }
    let memo = Int(child.memo) &* memoWidth
    var end = position + 1
    while end <= view.count {
      if state.stamps[memo &+ end] == state.generation || child.minKey >= state.best { break }
      state.wildcardSteps &+= 1
      if capture.kind == PathIndex.kindRest {
        state.path.append(Int32(position))
        state.path.append(Int32(end))
      }
      visit(Int(capture.child), end, &state)
      state.path.truncate(to: saved)
      end += 1
    }
  }

  /// The literal group of node `node` whose folded text is the folded component at
  /// `position`, or -1.
  @inline(__always)
  func literalGroup(_ node: Int, _ position: Int) -> Int {
    let text = view.foldedText(position)
    // Hashed here, not while scanning: most components are never looked up in a group.
    var probe = PathIndex.probe(node: node, textHash: PathIndex.textHash(text)) & groupMask
    while true {
      let entry = Int(groupTable[probe])
      if entry == 0 { return -1 }
      let group = groups[entry &- 1]
      if Int(group.node) == node, equals(group.folded, text) {
        return entry &- 1
      }
      probe = (probe &+ 1) & groupMask
    }
  }

  /// Whether the pooled text `run` is `text`.
  @inline(__always)
  func equals(_ run: Run, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = text.count
    guard Int(run.end) &- Int(run.start) == count else { return false }
    guard let other = text.baseAddress else { return true }
    // Components are short: eight bytes at a time, then the rest, beats a call to compare.
    let pool = textPool.base + Int(run.start)
    let bytes = UnsafeRawPointer(other)
    var offset = 0
    while offset &+ 8 <= count {
      if pool.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset &+= 8
    }
    // The rest: four, two, then one byte at a time.
    if count &- offset >= 4 {
      if pool.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        != bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
      {
        return false
      }
      offset &+= 4
    }
    if count &- offset >= 2 {
      if pool.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
        != bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)
      {
        return false
      }
      offset &+= 2
    }
    return offset == count || pool.load(fromByteOffset: offset, as: UInt8.self) == other[offset]
  }
}

extension CompiledTrie {
  /// Runs `body` with a walker over `view`.
  func withWalker<Result>(_ view: ComponentsView, _ body: (Walker) -> Result) -> Result {
    index.records.withBase { body(Walker($0, trie: self, view: view)) }
  }

  /// Searches for the smallest key `>= scratch.low` whose line matches the components and
  /// whose route's query accepts; the result is `scratch.best` (`.max` when none) and the
  /// capture positions in `scratch.bestPath`.
  func search(_ view: ComponentsView, _ scratch: inout SearchState) {
    scratch.begin(memoSize: index.memoCount * (view.count + 1))
    withWalker(view) { $0.visit(0, 0, &scratch) }
  }
}
