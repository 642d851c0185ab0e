/// The records of a compiled trie in one buffer (nodes, terminal keys, capture and wildcard
/// edges, literal groups and edges, the group hash table, the text pool, and per route whether
/// its query can reject a URL; their types are below), each section aligned for its records: a
/// search takes one pointer to all of them, not one per array.
struct TrieRecords: Sendable {
  /// Words, not bytes, so that every section is aligned to 8.
  private let words: [UInt64]
  /// Where each section starts, in bytes from the buffer's start.
  let nodes, terminals, otherEdges, groups, literalEdges, groupTable, textPool, rejects: Int

  init(
    nodes: [TrieNode], terminals: [Int32], otherEdges: [OtherEdge], groups: [LiteralGroup],
    literalEdges: [LiteralEdge], groupTable: [Int32], textPool: [UInt8], rejects: [Bool]
  ) {
    var size = 0
    func place<Record>(_ records: [Record]) -> Int {
      defer { size += (records.count * MemoryLayout<Record>.stride + 7) & ~7 }
      return size
    }
    let offsets = [
      place(nodes), place(terminals), place(otherEdges), place(groups), place(literalEdges),
      place(groupTable), place(textPool), place(rejects),
    ]
    var words = [UInt64](repeating: 0, count: size / 8)
    words.withUnsafeMutableBytes { buffer in
      func copy<Record>(_ records: [Record], to offset: Int) {
        records.withUnsafeBytes { source in
          UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + source.count])
            .copyMemory(from: source)
        }
      }
      copy(nodes, to: offsets[0])
      copy(terminals, to: offsets[1])
      copy(otherEdges, to: offsets[2])
      copy(groups, to: offsets[3])
      copy(literalEdges, to: offsets[4])
      copy(groupTable, to: offsets[5])
      copy(textPool, to: offsets[6])
      copy(rejects, to: offsets[7])
    }
    self.words = words
    (self.nodes, self.terminals, self.otherEdges, self.groups) =
      (offsets[0], offsets[1], offsets[2], offsets[3])
    (self.literalEdges, self.groupTable, self.textPool, self.rejects) =
      (offsets[4], offsets[5], offsets[6], offsets[7])
  }

  /// Runs `body` with the start of the buffer (the sections are at their offsets from it);
  /// valid only inside `body`.
  @inline(__always)
  func withBase<Result>(_ body: (UnsafeRawPointer) -> Result) -> Result {
    // An empty table still has its root node and group table: the buffer is never empty.
    words.withUnsafeBytes { body($0.baseAddress!) }
  }
}

/// Records of one type in a ``TrieRecords`` buffer, read by value (they are plain data). Reads
/// are not bounds-checked: every index comes from the trie's own runs and counts.
struct Section<Record: BitwiseCopyable> {
  let base: UnsafeRawPointer

  init(_ base: UnsafeRawPointer) { self.base = base }

  @inline(__always)
  subscript(index: Int) -> Record {
    base.load(fromByteOffset: index &* MemoryLayout<Record>.stride, as: Record.self)
  }
}

/// A node of the trie.
struct TrieNode: Sendable {
  /// The smallest and largest terminal key below the node.
  var minKey, maxKey: Int32
  /// The node's keys in `terminals`, and its edges in `otherEdges`.
  var terminals, others: Run
  /// The node's index among memoized nodes (those below a wildcard), or -1.
  var memo: Int32
  /// How many literal edges lead from the root to the node (ranks near misses).
  var literals: Int32
  /// Whether the node has any literal child (skips the hash probe when not).
  var hasLiterals: Bool
}

/// A capture or wildcard edge.
struct OtherEdge: Sendable {
  /// The child node, and the smallest key below it (the search's order and bound).
  var child, childMinKey: Int32
  /// ``PathIndex/kindStar``, ``PathIndex/kindRest``, or the index of the capture's type in
  /// `captureTypes`.
  var kind: UInt32
  /// A `string` capture: every component is one, so the walker skips the check.
  var takesAny: Bool
}

/// The literal edges of a node whose texts fold to the same text.
struct LiteralGroup: Sendable {
  var node: Int32
  /// The folded text in the text pool, and the edges in `literalEdges`.
  var folded, edges: Run
}

/// A literal edge.
struct LiteralEdge: Sendable {
  /// The text in the text pool.
  var text: Run
  /// The child node, and the smallest key below it.
  var child, childMinKey: Int32
  /// Whether the text is its own folded form: then a component that is its own folded form
  /// and matched the group's folded text is this text too.
  var isFolded: Bool
}

/// A run of a flat array of the trie: `start..<end`.
struct Run: Sendable {
  var start, end: Int32

  var range: Range<Int> { Int(start)..<Int(end) }
}
