/// A path pattern compiled to a small program over components.
///
/// Binding preferences become instruction order: a `split` tries its first target first, so
/// alternatives are tried left first, an optional prefers its body, and a wildcard prefers to
/// stop (lazy). Running it with a visited set over (instruction, position) gives exactly the
/// binding a backtracking regex would choose, without the exponential cost.
struct PathProgram: Sendable, Hashable {
  /// A literal: its UTF-8 bytes are `literalBytes[start..<end]`, its lower-cased bytes
  /// `literalBytes[end..<foldedEnd]` (plain integers: reading an instruction copies nothing
  /// that is counted).
  struct Literal: Sendable, Hashable {
    var start: Int32
    var end: Int32
    var foldedEnd: Int32
  }

  enum Instruction: Sendable, Hashable {
    /// One component equal to the literal.
    case literal(Literal)
    /// One component parsing as `type`, recorded in `slot`.
    case capture(slot: Int, type: ValueType)
    /// Any one component.
    case any
    /// Records the current position in `slot` (where a rest capture starts or ends).
    case mark(slot: Int)
    /// Try `first`, then `second`.
    case split(Int, Int)
    case jump(Int)
    case match
  }

  var instructions: [Instruction]
  /// The literals' texts and folded texts.
  var literalBytes: [UInt8]
  /// The capture name of each slot.
  var slotNames: [String]
  /// The capture type of each slot.
  var slotTypes: [ValueType]
  /// For the start slot of a rest capture, its end slot; -1 for other slots.
  var restEnds: [Int]
  /// Whether the program is a straight line of literals and captures (no split or jump).
  var isLinear: Bool
  /// Fewest components the path accepts.
  var minimumLength: Int
  /// Most components the path accepts; nil with a wildcard.
  var maximumLength: Int?

  init(_ path: [PathNode]) {
    var compiler = Compiler()
    compiler.emit(path)
    compiler.instructions.append(.match)
    instructions = compiler.instructions
    literalBytes = compiler.literalBytes
    slotNames = compiler.slotNames
    slotTypes = compiler.slotTypes
    restEnds = compiler.restEnds
    isLinear = !instructions.contains { instruction in
      switch instruction {
      case .split, .jump, .any, .mark: true
      default: false
      }
    }
    (minimumLength, maximumLength) = Self.lengths(path)
  }

  /// Whether the program certainly fails on `components`, from their count and the literals
  /// and captures before its first choice (each at a fixed position), compared as the matcher
  /// compares them; false means "run it". Literals compared case-insensitively are left to the
  /// matcher.
  func rejects(_ components: [String], firstIsHost: Bool, literalsIgnoreCase: Bool) -> Bool {
    let count = components.count
    if count < minimumLength || maximumLength.map({ count > $0 }) == true { return true }
    for (position, instruction) in instructions.enumerated() where position < count {
      switch instruction {
      case .literal(let literal):
        if literalsIgnoreCase || (position == 0 && firstIsHost) { continue }
        let bytes = literalBytes[Int(literal.start)..<Int(literal.end)]
        if !components[position].utf8.elementsEqual(bytes) { return true }
      case .capture(_, let type):
        if !ValueGrammar.accepts(components[position], as: type) { return true }
      case .any, .mark, .split, .jump, .match:
        return false
      }
    }
    return false
  }

  /// The text of `literal`.
  func text(of literal: Literal) -> String {
    String(decoding: literalBytes[Int(literal.start)..<Int(literal.end)], as: UTF8.self)
  }

  private static func lengths(_ nodes: [PathNode]) -> (Int, Int?) {
    var low = 0
    var high: Int? = 0
    for node in nodes {
      switch node {
      case .literal, .capture:
        low += 1
        high = high.map { $0 + 1 }
      case .wildcard, .rest:
        low += 1
        high = nil
      case .optional(let inner):
        let (_, innerHigh) = lengths(inner)
        high = zip2(high, innerHigh, +)
      case .choice(let alternatives):
        let ranges = alternatives.map(lengths)
        low += ranges.map(\.0).min() ?? 0
        let highs = ranges.map(\.1)
        high = highs.contains { $0 == nil } ? nil : zip2(high, highs.compactMap { $0 }.max(), +)
      }
    }
    return (low, high)
  }

  private struct Compiler {
    var instructions: [Instruction] = []
    var literalBytes: [UInt8] = []
    var slotNames: [String] = []
    var slotTypes: [ValueType] = []
    var restEnds: [Int] = []

    mutating func emit(_ nodes: [PathNode]) {
      for node in nodes { emit(node) }
    }

    mutating func emit(_ node: PathNode) {
      switch node {
      case .literal(let text):
        let start = Int32(literalBytes.count)
        literalBytes += text.utf8
        let end = Int32(literalBytes.count)
        literalBytes += text.lowercased().utf8
        instructions.append(
          .literal(Literal(start: start, end: end, foldedEnd: Int32(literalBytes.count))))
      case .capture(let name, let type):
        instructions.append(.capture(slot: slotNames.count, type: type))
        slotNames.append(name)
        slotTypes.append(type)
        restEnds.append(-1)
      case .wildcard:
        emitWildcard()
      case .rest(let name):
        // mark(start); the wildcard; mark(end): the components between the marks bind.
        let start = slotNames.count
        slotNames += [name, ""]
        slotTypes += [.string, .string]
        restEnds += [start + 1, -1]
        instructions.append(.mark(slot: start))
        emitWildcard()
        instructions.append(.mark(slot: start + 1))
      case .optional(let inner):
        let split = instructions.count
        instructions.append(.split(split + 1, -1))
        emit(inner)
        instructions[split] = .split(split + 1, instructions.count)
      case .choice(let alternatives):
        var jumps: [Int] = []
        for (index, alternative) in alternatives.enumerated() {
          let isLast = index == alternatives.count - 1
          let split = instructions.count
          if !isLast { instructions.append(.split(split + 1, -1)) }
          emit(alternative)
          if !isLast {
            jumps.append(instructions.count)
            instructions.append(.jump(-1))
            instructions[split] = .split(split + 1, instructions.count)
          }
        }
        for jump in jumps { instructions[jump] = .jump(instructions.count) }
      }
    }

    mutating func emitWildcard() {
      // L: any; split(next, L) — stopping is preferred.
      let loop = instructions.count
      instructions.append(.any)
      instructions.append(.split(instructions.count + 1, loop))
    }
  }
}

private func zip2(_ a: Int?, _ b: Int?, _ combine: (Int, Int) -> Int) -> Int? {
  guard let a, let b else { return nil }
  return combine(a, b)
}
