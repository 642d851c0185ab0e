/// The components a search runs over: slices of one byte buffer, plus their folded forms.
struct ComponentsView {
  var bytes: UnsafeBufferPointer<UInt8>
  /// `start, end` pairs, from the first routed component on.
  var bounds: UnsafeBufferPointer<Int32>
  var count: Int
  var folded: UnsafeBufferPointer<UInt8>
  var foldedBounds: UnsafeBufferPointer<Int32>
  var foldedHash: UnsafeBufferPointer<UInt64>
  /// `keyStart, keyEnd, valueStart, valueEnd` per query item, into `bytes`.
  var query: UnsafeBufferPointer<Int32>
  /// Whether component 0 is the host (compared case-insensitively).
  var firstIsHost: Bool
  /// Whether every literal compares case-insensitively.
  var ignoreCase: Bool
  var keysIgnoreCase: Bool

  @inline(__always) func text(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(
      rebasing: bytes[Int(bounds[2 * index])..<Int(bounds[2 * index + 1])])
  }

  @inline(__always) func foldedText(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    let start = foldedBounds[2 * index]
    let end = foldedBounds[2 * index + 1]
    if start >= 0 { return UnsafeBufferPointer(rebasing: bytes[Int(start)..<Int(end)]) }
    return UnsafeBufferPointer(rebasing: folded[Int(~start)..<Int(~end)])
  }
}

/// Reusable storage for searches: nothing here is reallocated once it has grown.
struct SearchScratch: Sendable {
  var folds = FoldedComponents()
  var state = SearchState()
}

/// The components folded to lower case, and their hashes.
struct FoldedComponents: Sendable {
  var folded = ScratchArray<UInt8>(capacity: 256)
  var foldedBounds = ScratchArray<Int32>(capacity: 32)
  var foldedHash = ScratchArray<UInt64>(capacity: 16)

  /// Hashes the folded form of components `first...` of `layout`. A component with no
  /// upper-case or non-ASCII byte is its own folded form and is not copied; others are folded
  /// into `folded` (ASCII by bytes, anything else as `lowercased()` does it).
  /// `foldedBounds` holds `start, end` into the layout's bytes, or `~start, ~end` into `folded`.
  mutating func prepare(_ layout: URLLayout, first: Int) {
    folded.reset()
    foldedBounds.reset()
    foldedHash.reset()
    let bytes = layout.bytes.buffer
    let bounds = layout.bounds.buffer
    for component in first..<(bounds.count / 2) {
      let start = Int(bounds[2 * component])
      let end = Int(bounds[2 * component + 1])
      var hash = PathIndex.hashSeed
      var plain = true
      var index = start
      while index < end {
        let byte = bytes[index]
        if byte &- 0x41 < 26 || byte >= 0x80 {
          plain = false
          break
        }
        hash = PathIndex.hashStep(hash, byte)
        index += 1
      }
      if plain {
        foldedBounds.append(Int32(start))
        foldedBounds.append(Int32(end))
        foldedHash.append(hash)
        continue
      }
      let foldedStart = folded.count
      hash = PathIndex.hashSeed
      let ascii = !bytes[start..<end].contains { $0 >= 0x80 }
      if ascii {
        for index in start..<end {
          let byte = bytes[index]
          let lower = byte &- 0x41 < 26 ? byte | 0x20 : byte
          folded.append(lower)
          hash = PathIndex.hashStep(hash, lower)
        }
      } else {
        for byte in layout.string(Int32(start), Int32(end)).lowercased().utf8 {
          folded.append(byte)
          hash = PathIndex.hashStep(hash, byte)
        }
      }
      foldedBounds.append(~Int32(foldedStart))
      foldedBounds.append(~Int32(folded.count))
      foldedHash.append(hash)
    }
  }
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

  /// Starts a search: clears the bounds and the memo.
  mutating func begin(memoSize: Int) {
    best = .max
    path.reset()
    bestPath.reset()
    guard memoSize > 0 else { return }
    if stamps.count < memoSize {
      stamps.fill(0, count: memoSize)
      generation = 0
    } else {
      stamps.makeUnique()
    }
    generation &+= 1
    if generation == 0 {
      stamps.fill(0, count: stamps.count)
      generation = 1
    }
  }
}

/// One search over a compiled trie; the search state is passed down, so the walker itself
/// holds only borrowed, read-only things.
struct Walker {
  let trie: CompiledTrie
  let view: ComponentsView
  let memoWidth: Int

  func visit(_ node: Int, _ position: Int, _ state: inout SearchState) {
    let f = trie.index
    if f.nodeMinKey[node] >= state.best || f.nodeMaxKey[node] < state.low { return }
    let memo = Int(f.memoIndex[node])
    if memo >= 0 {
      let stamp = memo * memoWidth + position
      if state.stamps[stamp] == state.generation { return }
      state.stamps[stamp] = state.generation
    }
    if position == view.count {
      for index in Int(f.terminalStart[node])..<Int(f.terminalStart[node + 1]) {
        let key = f.terminals[index]
        if key >= state.best { break }
        if key < state.low { continue }
        if f.queries.accepts(route: Int(key >> PathIndex.lineBits), view) {
          state.best = key
          state.bestPath.reset()
          state.bestPath.append(contentsOf: state.path.buffer)
          break
        }
      }
      // Every edge takes at least one component.
      return
    }

    var edge = 0
    var edgeEnd = 0
    if f.hasLiterals[node] {
      let group = f.literalGroup(node, position, view)
      if group >= 0 {
        edge = Int(f.groupEdgeStart[group])
        edgeEnd = Int(f.groupEdgeStart[group + 1])
      }
    }
    let anyCase = view.ignoreCase || (position == 0 && view.firstIsHost)
    // A component that is its own folded form matches an edge that is too, once the group's
    // folded text matched.
    let plain = view.foldedBounds[2 * position] == view.bounds[2 * position]
    var other = Int(f.otherStart[node])
    let otherEnd = Int(f.otherStart[node + 1])
    while edge < edgeEnd || other < otherEnd {
      let takeLiteral =
        edge < edgeEnd
        && (other == otherEnd
          || f.nodeMinKey[Int(f.edgeChild[edge])] <= f.nodeMinKey[Int(f.otherChild[other])])
      if takeLiteral {
        let child = Int(f.edgeChild[edge])
        if f.nodeMinKey[child] < state.best
          && (anyCase || (plain && f.edgeIsFolded[edge])
            || f.equals(Int(f.edgeTextStart[edge]), Int(f.edgeTextEnd[edge]), view.text(position)))
        {
          visit(child, position + 1, &state)
        }
        edge += 1
        continue
      }
      let child = Int(f.otherChild[other])
      let kind = f.otherKind[other]
      other += 1
      if f.nodeMinKey[child] >= state.best { continue }
      if kind == PathIndex.kindStar {
        // One or more components, fewest first (lazy).
        var end = position + 1
        while end <= view.count {
          visit(child, end, &state)
          end += 1
        }
      } else if f.captureTakesAny[Int(kind)]
        || ByteValues.accepts(view.text(position), as: f.captureTypes[Int(kind)])
      {
        state.path.append(Int32(position))
        visit(child, position + 1, &state)
        state.path.removeLast()
      }
    }
  }
}

extension PathIndex {
  /// The literal group of `node` whose folded text is the folded component at `position`,
  /// or -1.
  @inline(__always)
  func literalGroup(_ node: Int, _ position: Int, _ view: ComponentsView) -> Int {
    let text = view.foldedText(position)
    var probe = PathIndex.probe(node: node, textHash: view.foldedHash[position]) & groupMask
    while true {
      let entry = Int(groupTable[probe])
      if entry == 0 { return -1 }
      let group = entry - 1
      if Int(groupNode[group]) == node,
        equals(Int(groupFoldedStart[group]), Int(groupFoldedEnd[group]), text)
      {
        return group
      }
      probe = (probe + 1) & groupMask
    }
  }

  /// Whether the pooled text `start..<end` is `text`.
  @inline(__always)
  func equals(_ start: Int, _ end: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard end - start == text.count else { return false }
    // Components are short: a plain loop beats a call.
    return textPool.withUnsafeBufferPointer { pool in
      var offset = 0
      while offset < text.count {
        if pool[start + offset] != text[offset] { return false }
        offset += 1
      }
      return true
    }
  }
}

extension CompiledTrie {
  /// Searches for the smallest key `>= scratch.low` whose line matches the components and
  /// whose route's query accepts; the result is `scratch.best` (`.max` when none) and the
  /// capture positions in `scratch.bestPath`.
  func search(_ view: ComponentsView, _ scratch: inout SearchState) {
    scratch.begin(memoSize: index.memoCount * (view.count + 1))
    Walker(trie: self, view: view, memoWidth: view.count + 1).visit(0, 0, &scratch)
  }
}
