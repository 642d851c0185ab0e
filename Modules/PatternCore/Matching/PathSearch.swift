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
    UnsafeBufferPointer(
      rebasing: folded[Int(foldedBounds[2 * index])..<Int(foldedBounds[2 * index + 1])])
  }
}

/// Reusable storage for searches: nothing here is reallocated once it has grown.
struct SearchScratch: Sendable {
  var folds = FoldedComponents()
  var state = SearchState()
}

/// The components folded to lower case, and their hashes.
struct FoldedComponents: Sendable {
  var folded: [UInt8] = []
  var foldedBounds: [Int32] = []
  var foldedHash: [UInt64] = []

  init() {
    folded.reserveCapacity(256)
    foldedBounds.reserveCapacity(32)
    foldedHash.reserveCapacity(16)
  }
  /// Component positions of the capture edges on the current path.
  var path: [Int32] = []
  /// The same for the best terminal found.
  var bestPath: [Int32] = []
  /// Generation stamps for (memoized node, position).
  var stamps: [UInt32] = []
  var generation: UInt32 = 0
  /// The best key found so far (exclusive bound) and the smallest key accepted.
  var best: Int32 = .max
  var low: Int32 = 0

  /// Folds components `first...` of `layout` (ASCII by bytes; anything else as `lowercased()`
  /// does it) and hashes them.
  mutating func prepare(_ layout: URLLayout, first: Int) {
    folded.removeAll(keepingCapacity: true)
    foldedBounds.removeAll(keepingCapacity: true)
    foldedHash.removeAll(keepingCapacity: true)
    for component in first..<layout.componentCount {
      let start = Int(layout.bounds[2 * component])
      let end = Int(layout.bounds[2 * component + 1])
      let foldedStart = folded.count
      var ascii = true
      for index in start..<end {
        let byte = layout.bytes[index]
        if byte >= 0x80 { ascii = false }
        folded.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
      }
      if !ascii {
        folded.removeSubrange(foldedStart...)
        folded += layout.string(Int32(start), Int32(end)).lowercased().utf8
      }
      foldedBounds.append(Int32(foldedStart))
      foldedBounds.append(Int32(folded.count))
      let hash = folded.withUnsafeBufferPointer { buffer in
        PathIndex.textHash(UnsafeBufferPointer(rebasing: buffer[foldedStart...]))
      }
      foldedHash.append(hash)
    }
  }
}

/// The state of one search: bounds, the current path, the memo.
struct SearchState: Sendable {
  /// Component positions of the capture edges on the current path.
  var path: [Int32] = []
  /// The same for the best terminal found.
  var bestPath: [Int32] = []
  /// Generation stamps for (memoized node, position).
  var stamps: [UInt32] = []
  var generation: UInt32 = 0
  /// The best key found so far (exclusive bound) and the smallest key accepted.
  var best: Int32 = .max
  var low: Int32 = 0

  init() {
    path.reserveCapacity(16)
    bestPath.reserveCapacity(16)
  }

  /// Starts a search: clears the bounds and the memo.
  mutating func begin(low: Int32, memoSize: Int) {
    best = .max
    self.low = low
    path.removeAll(keepingCapacity: true)
    bestPath.removeAll(keepingCapacity: true)
    guard memoSize > 0 else { return }
    if stamps.count < memoSize {
      stamps = [UInt32](repeating: 0, count: memoSize)
      generation = 0
    }
    generation &+= 1
    if generation == 0 {
      for index in stamps.indices { stamps[index] = 0 }
      generation = 1
    }
  }
}

extension PathIndex {
  /// Searches for the smallest key `>= scratch.low` whose line matches the components and
  /// whose route's query accepts; the result is `scratch.best` (`.max` when none) and the
  /// capture positions in `scratch.bestPath`.
  func search(_ view: ComponentsView, _ scratch: inout SearchState) {
    scratch.begin(low: scratch.low, memoSize: memoCount * (view.count + 1))
    visit(0, 0, view, &scratch)
  }

  private func visit(_ node: Int, _ position: Int, _ view: ComponentsView,
    _ scratch: inout SearchState)
  {
    if nodeMinKey[node] >= scratch.best || nodeMaxKey[node] < scratch.low { return }
    let memo = Int(memoIndex[node])
    if memo >= 0 {
      let stamp = memo * (view.count + 1) + position
      if scratch.stamps[stamp] == scratch.generation { return }
      scratch.stamps[stamp] = scratch.generation
    }
    if position == view.count {
      for index in Int(terminalStart[node])..<Int(terminalStart[node + 1]) {
        let key = terminals[index]
        if key >= scratch.best { break }
        if key < scratch.low { continue }
        if queries.accepts(route: Int(key >> Self.lineBits), view) {
          scratch.best = key
          scratch.bestPath.removeAll(keepingCapacity: true)
          scratch.bestPath.append(contentsOf: scratch.path)
          break
        }
      }
      // Every edge takes at least one component.
      return
    }

    var edge = 0
    var edgeEnd = 0
    if hasLiterals[node], let group = literalGroup(node, position, view) {
      edge = Int(groupEdgeStart[group])
      edgeEnd = Int(groupEdgeStart[group + 1])
    }
    let anyCase = view.ignoreCase || (position == 0 && view.firstIsHost)
    var other = Int(otherStart[node])
    let otherEnd = Int(otherStart[node + 1])
    while edge < edgeEnd || other < otherEnd {
      let takeLiteral =
        edge < edgeEnd
        && (other == otherEnd
          || nodeMinKey[Int(edgeChild[edge])] <= nodeMinKey[Int(otherChild[other])])
      if takeLiteral {
        let child = Int(edgeChild[edge])
        if anyCase || equalsEdgeText(edge, view.text(position)) {
          visit(child, position + 1, view, &scratch)
        }
        edge += 1
        continue
      }
      let child = Int(otherChild[other])
      let kind = otherKind[other]
      other += 1
      if nodeMinKey[child] >= scratch.best { continue }
      if kind == Self.kindStar {
        // One or more components, fewest first (lazy).
        var end = position + 1
        while end <= view.count {
          visit(child, end, view, &scratch)
          end += 1
        }
      } else if ByteValues.accepts(view.text(position), as: captureTypes[Int(kind)]) {
        scratch.path.append(Int32(position))
        visit(child, position + 1, view, &scratch)
        scratch.path.removeLast()
      }
    }
  }

  /// The literal group of `node` whose folded text is the folded component, if any.
  @inline(__always)
  private func literalGroup(_ node: Int, _ position: Int, _ view: ComponentsView) -> Int? {
    let text = view.foldedText(position)
    var probe = Self.probe(node: node, textHash: view.foldedHash[position]) & groupMask
    while true {
      let entry = Int(groupTable[probe])
      if entry == 0 { return nil }
      let group = entry - 1
      if Int(groupNode[group]) == node,
        equalsPool(Int(groupFoldedStart[group]), Int(groupFoldedEnd[group]), text)
      {
        return group
      }
      probe = (probe + 1) & groupMask
    }
  }

  @inline(__always)
  private func equalsEdgeText(_ edge: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    equalsPool(Int(edgeTextStart[edge]), Int(edgeTextEnd[edge]), text)
  }

  @inline(__always)
  private func equalsPool(_ start: Int, _ end: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard end - start == text.count else { return false }
    var index = 0
    while index < text.count {
      if textPool[start + index] != text[index] { return false }
      index += 1
    }
    return true
  }
}
