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
  let route: RouteTable.CompiledRoute
  let components: ComponentBytes
  /// Whether component 0 compares case-insensitively (it is the host).
  let firstIsHost: Bool
  /// Whether every literal compares case-insensitively (MappingRouter).
  let literalsIgnoreCase: Bool

  /// The component index bound to each slot, or -1; nil when the path does not match.
  func run() -> [Int]? {
    let count = components.count
    guard count >= route.program.minimumLength,
      route.program.maximumLength.map({ count <= $0 }) ?? true
    else { return nil }
    if route.program.isLinear {
      return route.program.literalBytes.withUnsafeBufferPointer { runLinear($0) }
    }
    return runBacktracking(tracker: nil)
  }

  private func runLinear(_ pool: UnsafeBufferPointer<UInt8>) -> [Int]? {
    guard route.program.instructions.count - 1 == components.count else { return nil }
    var tracker = FailureTracker()
    guard runLinear(pool, &tracker) else { return nil }
    var slots = [Int](repeating: -1, count: route.program.slotNames.count)
    for (position, instruction) in route.program.instructions.enumerated() {
      if case .capture(let slot, _) = instruction { slots[slot] = position }
    }
    return slots
  }

  /// Whether a linear program matches, its one failure recorded in `tracker` exactly as
  /// ``runBacktracking(tracker:)`` records it (a straight line has a single thread to try).
  func runLinear(tracker: inout FailureTracker) -> Bool {
    route.program.literalBytes.withUnsafeBufferPointer { runLinear($0, &tracker) }
  }

  private func runLinear(_ pool: UnsafeBufferPointer<UInt8>, _ tracker: inout FailureTracker)
    -> Bool
  {
    let count = components.count
    var literals = 0
    for (position, instruction) in route.program.instructions.enumerated() {
      let fits: Bool
      switch instruction {
      case .literal(let literal):
        fits = position < count && literalMatches(literal, pool, at: position)
        if fits { literals += 1 }
      case .capture(_, let type):
        fits = position < count && ValueGrammar.accepts(components[position], as: type)
      case .match:
        if position == count { return true }
        tracker.failed(pc: position, at: position, literals: literals, consuming: false)
        return false
      case .any, .split, .jump, .mark:
        preconditionFailure("runLinear on a program that is not a straight line")
      }
      if !fits {
        tracker.failed(pc: position, at: position, literals: literals, consuming: true)
        return false
      }
    }
    return false
  }

  /// Components compare byte for byte (not by Unicode equivalence), after case folding where
  /// the dialect or the host position asks for it.
  @inline(__always) func literalMatches(
    _ literal: PathProgram.Literal, _ pool: UnsafeBufferPointer<UInt8>, at position: Int
  ) -> Bool {
    let component = components[position]
    let text = UnsafeBufferPointer(rebasing: pool[Int(literal.start)..<Int(literal.end)])
    if component.sameBytes(text) { return true }
    guard literalsIgnoreCase || (position == 0 && firstIsHost) else { return false }
    let folded = UnsafeBufferPointer(rebasing: pool[Int(literal.end)..<Int(literal.foldedEnd)])
    if component.allSatisfy({ $0 < 0x80 }) {
      return component.count == folded.count
        && zip(component, folded).allSatisfy { ($0 &- 0x41 < 26 ? $0 | 0x20 : $0) == $1 }
    }
    return String(decoding: component, as: UTF8.self).lowercased().utf8.elementsEqual(folded)
  }

  /// A saved attempt (`pc >= 0`), or a slot to restore (`pc = ~slot`, `position` = the value).
  /// `literals` counts literal components matched on the way, to rank failures.
  private struct Frame {
    var pc: Int32
    var position: Int32
    var literals: Int32
  }

  /// Depth-first search in preference order; a (pc, position) pair is expanded at most once,
  /// because its outcome does not depend on how it was reached. Its scratch space lives on the
  /// stack while it is small.
  func runBacktracking(tracker: UnsafeMutablePointer<FailureTracker>?) -> [Int]? {
    let states = route.program.instructions.count * (components.count + 1)
    // Each expanded state saves at most one frame.
    return withUnsafeTemporaryAllocation(of: Frame.self, capacity: states + 1) { stack in
      withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (states + 63) / 64) { visited in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: route.program.slotNames.count) {
          slots in
          visited.initialize(repeating: 0)
          slots.initialize(repeating: -1)
          return route.program.literalBytes.withUnsafeBufferPointer { pool in
            search(stack, visited, slots, pool, tracker)
          }
        }
      }
    }
  }

  private func search(
    _ stack: UnsafeMutableBufferPointer<Frame>, _ visited: UnsafeMutableBufferPointer<UInt64>,
    _ slots: UnsafeMutableBufferPointer<Int>, _ pool: UnsafeBufferPointer<UInt8>,
    _ tracker: UnsafeMutablePointer<FailureTracker>?
  ) -> [Int]? {
    let count = components.count
    let width = count + 1
    var depth = 1
    stack[0] = Frame(pc: 0, position: 0, literals: 0)
    func save(_ frame: Frame) {
      stack[depth] = frame
      depth += 1
    }
    while depth > 0 {
      depth -= 1
      let frame = stack[depth]
      if frame.pc < 0 {
        slots[Int(~frame.pc)] = Int(frame.position)
        continue
      }
      var pc = Int(frame.pc)
      var position = Int(frame.position)
      var literals = Int(frame.literals)
      thread: while true {
        let bit = pc * width + position
        if visited[bit >> 6] & (1 << UInt64(bit & 63)) != 0 { break thread }
        visited[bit >> 6] |= 1 << UInt64(bit & 63)
        tracker?.pointee.steps += 1
        switch route.program.instructions[pc] {
        case .literal(let literal):
          guard position < count, literalMatches(literal, pool, at: position) else {
            tracker?.pointee.failed(pc: pc, at: position, literals: literals, consuming: true)
            break thread
          }
          pc += 1
          position += 1
          literals += 1
        case .capture(let slot, let type):
          guard position < count, ValueGrammar.accepts(components[position], as: type) else {
            tracker?.pointee.failed(pc: pc, at: position, literals: literals, consuming: true)
            break thread
          }
          save(Frame(pc: ~Int32(slot), position: Int32(slots[slot]), literals: 0))
          slots[slot] = position
          pc += 1
          position += 1
        case .any:
          guard position < count else {
            tracker?.pointee.failed(pc: pc, at: position, literals: literals, consuming: true)
            break thread
          }
          pc += 1
          position += 1
        case .mark(let slot):
          save(Frame(pc: ~Int32(slot), position: Int32(slots[slot]), literals: 0))
          slots[slot] = position
          pc += 1
        case .split(let first, let second):
          save(Frame(pc: Int32(second), position: Int32(position), literals: Int32(literals)))
          pc = first
        case .jump(let target):
          pc = target
        case .match:
          if position == count { return Array(slots) }
          tracker?.pointee.failed(pc: pc, at: position, literals: literals, consuming: false)
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
  /// The first instruction that failed at the best point wanting a component (a literal, a
  /// capture or a wildcard), if any; the end of the program failing there is not one.
  var failedInstruction: Int?
  /// The other instructions wanting a component that failed at that same point, in the order
  /// tried (the other alternatives of a choice: `(alpha|beta)` on `gamma`).
  var alsoFailed: [Int] = []

  mutating func failed(pc: Int, at position: Int, literals: Int, consuming: Bool) {
    if (literals, position) > (self.literals, furthest) {
      self.literals = literals
      furthest = position
      failedInstruction = consuming ? pc : nil
      alsoFailed.removeAll()
    } else if (literals, position) == (self.literals, furthest), consuming {
      if failedInstruction == nil {
        failedInstruction = pc
      } else if pc != failedInstruction, !alsoFailed.contains(pc) {
        alsoFailed.append(pc)
      }
    }
  }
}
