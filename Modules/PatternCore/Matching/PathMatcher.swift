/// The components a program runs over: slices of the URL's decoded bytes.
struct ComponentBytes {
  let bytes: UnsafeBufferPointer<UInt8>
  /// `start, end` pairs, from the first routed component on.
  let bounds: UnsafeBufferPointer<Int32>
  let count: Int

  /// Components `first...` of `layout`, valid while it is neither changed nor released.
  init(_ layout: URLLayout, first: Int) {
    bytes = layout.bytes.buffer
    bounds = UnsafeBufferPointer(rebasing: layout.bounds.buffer[(2 * first)...])
    count = layout.componentCount - first
  }

  @inline(__always) subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[Int(bounds[2 * index])..<Int(bounds[2 * index + 1])])
  }
}

/// Runs a ``PathProgram`` over the URL's component bytes, with the search's value grammar:
/// the strategy for routes whose binding is their program's, for routes too branchy to expand,
/// and for explaining misses.
struct PathMatcher {
  let program: PathProgram
  let components: ComponentBytes
  /// Whether component 0 compares case-insensitively (it is the host).
  let firstIsHost: Bool
  /// Whether every literal compares case-insensitively (MappingRouter).
  let literalsIgnoreCase: Bool

  /// The component index bound to each slot, or -1; nil when the path does not match.
  func run() -> [Int]? {
    let count = components.count
    guard count >= program.minimumLength,
      program.maximumLength.map({ count <= $0 }) ?? true
    else { return nil }
    if program.isLinear { return runLinear() }
    return runBacktracking(tracker: nil)
  }

  private func runLinear() -> [Int]? {
    var slots = [Int](repeating: -1, count: program.slotNames.count)
    guard program.instructions.count - 1 == components.count else { return nil }
    for (position, instruction) in program.instructions.enumerated() {
      switch instruction {
      case .literal(let literal):
        guard literalMatches(literal, at: position) else { return nil }
      case .capture(let slot, let type):
        guard ValueGrammar.accepts(components[position], as: type) else { return nil }
        slots[slot] = position
      case .match:
        return slots
      case .any, .split, .jump, .mark:
        return nil
      }
    }
    return nil
  }

  /// Components compare byte for byte (not by Unicode equivalence), after case folding where
  /// the dialect or the host position asks for it.
  @inline(__always) func literalMatches(_ literal: PathProgram.Literal, at position: Int) -> Bool {
    let component = components[position]
    if component.elementsEqual(literal.bytes) { return true }
    guard literalsIgnoreCase || (position == 0 && firstIsHost) else { return false }
    if component.allSatisfy({ $0 < 0x80 }) {
      return component.count == literal.folded.count
        && zip(component, literal.folded).allSatisfy { ($0 &- 0x41 < 26 ? $0 | 0x20 : $0) == $1 }
    }
    return String(decoding: component, as: UTF8.self).lowercased().utf8
      .elementsEqual(literal.folded)
  }

  private enum Frame {
    /// `literals` counts literal components matched on the way, to rank failures.
    case attempt(pc: Int, position: Int, literals: Int)
    case restore(slot: Int, previous: Int)
  }

  /// Depth-first search in preference order; a (pc, position) pair is expanded at most once,
  /// because its outcome does not depend on how it was reached.
  func runBacktracking(tracker: UnsafeMutablePointer<FailureTracker>?) -> [Int]? {
    let count = components.count
    let width = count + 1
    var visited = [UInt64](repeating: 0, count: (program.instructions.count * width + 63) / 64)
    var slots = [Int](repeating: -1, count: program.slotNames.count)
    var stack: [Frame] = [.attempt(pc: 0, position: 0, literals: 0)]
    while let frame = stack.popLast() {
      var pc: Int
      var position: Int
      var literals: Int
      switch frame {
      case .restore(let slot, let previous):
        slots[slot] = previous
        continue
      case .attempt(let startPC, let startPosition, let startLiterals):
        pc = startPC
        position = startPosition
        literals = startLiterals
      }
      thread: while true {
        let bit = pc * width + position
        if visited[bit >> 6] & (1 << UInt64(bit & 63)) != 0 { break thread }
        visited[bit >> 6] |= 1 << UInt64(bit & 63)
        tracker?.pointee.steps += 1
        switch program.instructions[pc] {
        case .literal(let literal):
          guard position < count, literalMatches(literal, at: position) else {
            tracker?.pointee.failed(pc: pc, at: position, literals: literals)
            break thread
          }
          pc += 1
          position += 1
          literals += 1
        case .capture(let slot, let type):
          guard position < count, ValueGrammar.accepts(components[position], as: type) else {
            tracker?.pointee.failed(pc: pc, at: position, literals: literals)
            break thread
          }
          stack.append(.restore(slot: slot, previous: slots[slot]))
          slots[slot] = position
          pc += 1
          position += 1
        case .any:
          guard position < count else {
            tracker?.pointee.failed(pc: pc, at: position, literals: literals)
            break thread
          }
          pc += 1
          position += 1
        case .mark(let slot):
          stack.append(.restore(slot: slot, previous: slots[slot]))
          slots[slot] = position
          pc += 1
        case .split(let first, let second):
          stack.append(.attempt(pc: second, position: position, literals: literals))
          pc = first
        case .jump(let target):
          pc = target
        case .match:
          if position == count { return slots }
          tracker?.pointee.failed(pc: pc, at: position, literals: literals)
          break thread
        }
      }
    }
    return nil
  }
}

/// Records where a failed match came closest: the most literal components matched, then the
/// furthest position. A wildcard can run far without saying much; literals are evidence.
struct FailureTracker {
  /// (instruction, position) states expanded: the matcher's whole work.
  var steps = 0
  var literals = -1
  var furthest = 0
  /// Instructions that failed at the best point, in the order they failed.
  var failures: [Int] = []

  mutating func failed(pc: Int, at position: Int, literals: Int) {
    if (literals, position) > (self.literals, furthest) {
      self.literals = literals
      furthest = position
      failures = [pc]
    } else if (literals, position) == (self.literals, furthest) {
      failures.append(pc)
    }
  }
}
