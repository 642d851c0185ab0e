/// Decides whether every component list one path accepts is accepted by another
/// (L(inner) ⊆ L(outer)), by exploring the inner NFA against the determinized outer one over a
/// finite set of representative components: each literal of either pattern, plus one text for
/// each class of the type predicates (int, number-not-int, bool-word, plain text) that equals no
/// literal.
///
/// Determinizing can take exponential work on adversarial patterns (dozens of alternatives full
/// of wildcards), so one analysis shares a budget of explored states: once it is spent,
/// inclusion is no longer proved and nothing more is reported. Analysis only ever warns; it
/// must never make loading a table slow.
struct PathInclusion {
  let ignoreCase: Bool
  let budget: Budget

  /// The states one analysis may still explore, shared by all its checks.
  final class Budget {
    var remaining: Int
    init(_ steps: Int) { remaining = steps }
  }

  init(ignoreCase: Bool, budget: Budget) {
    self.ignoreCase = ignoreCase
    self.budget = budget
  }

  func includes(outer: PathProgram, inner: PathProgram) -> Bool {
    // A type known only by its closure has texts no finite set stands for: nothing is proved.
    guard budget.remaining > 0, !Self.hasOpaqueType(outer), !Self.hasOpaqueType(inner) else {
      return false
    }
    let alphabet = representatives(outer, inner)
    let start = closure(outer, [0])
    var seen = Set<Pair>()
    var queue: [Pair] = closure(inner, [0]).map { Pair(inner: $0, outer: start) }
    while let pair = queue.popLast() {
      guard seen.insert(pair).inserted else { continue }
      // Each symbol costs a step of the outer set: the work that can blow up.
      budget.remaining -= alphabet.count * (1 + pair.outer.count)
      if budget.remaining <= 0 { return false }
      if case .match = inner.instructions[pair.inner] {
        let outerAccepts = pair.outer.contains {
          if case .match = outer.instructions[$0] { true } else { false }
        }
        if !outerAccepts { return false }
        continue
      }
      for symbol in alphabet where accepts(inner, pair.inner, symbol) {
        let nextOuter = closure(
          outer, Set(pair.outer.filter { accepts(outer, $0, symbol) }.map { $0 + 1 }))
        for next in closure(inner, [pair.inner + 1]) {
          queue.append(Pair(inner: next, outer: nextOuter))
        }
      }
    }
    return true
  }

  private struct Pair: Hashable {
    var inner: Int
    var outer: Set<Int>
  }

  /// The consuming or accepting instructions reachable through splits and jumps.
  private func closure(_ program: PathProgram, _ start: Set<Int>) -> Set<Int> {
    var result = Set<Int>()
    var seen = Set<Int>()
    var stack = Array(start)
    while let pc = stack.popLast() {
      guard seen.insert(pc).inserted else { continue }
      switch program.instructions[pc] {
      case .split(let first, let second): stack += [first, second]
      case .jump(let target): stack.append(target)
      case .mark: stack.append(pc + 1)
      default: result.insert(pc)
      }
    }
    return result
  }

  /// Whether instruction `pc` of `program` takes the component `symbol`.
  private func accepts(_ program: PathProgram, _ pc: Int, _ symbol: String) -> Bool {
    switch program.instructions[pc] {
    case .literal(let literal):
      let text = program.text(of: literal)
      return symbol == text || (ignoreCase && symbol.lowercased() == text.lowercased())
    case .capture(_, let type): return ValueGrammar.accepts(symbol, as: type)
    case .any: return true
    case .split, .jump, .match, .mark: return false
    }
  }

  private func representatives(_ programs: PathProgram...) -> [String] {
    var literals: [String] = []
    for program in programs {
      for case .literal(let literal) in program.instructions {
        literals.append(program.text(of: literal))
      }
    }
    let taken = Set(literals.map { ignoreCase ? $0.lowercased() : $0 })
    func fresh(_ candidates: [String]) -> String? {
      candidates.first { !taken.contains(ignoreCase ? $0.lowercased() : $0) }
    }
    let numbers = (2..<(taken.count + 3)).map(String.init)
    let generics: [String?] = [
      fresh(["0", "1"]),  // int, number and bool
      fresh(numbers),  // int and number
      fresh(numbers.map { $0 + ".5" }),  // number only
      fresh(["true", "false", "True", "TRUE", "False", "FALSE", "tRUE", "fALSE"]),  // bool only
      fresh(numbers.map { "x" + $0 }),  // plain text
    ]
    var samples: [String] = []
    for program in programs {
      for case .capture(_, let type) in program.instructions { samples += Self.samples(type) }
    }
    return literals + generics.compactMap { $0 } + samples
  }

  private static func hasOpaqueType(_ program: PathProgram) -> Bool {
    program.instructions.contains {
      if case .capture(_, .custom(let type)) = $0 { type.constraints == nil } else { false }
    }
  }

  /// Texts on both sides of a type's bounds, for the types the generic texts do not stand for:
  /// a uuid; an `enum`'s values; an int's or double's bounds and the numbers just outside them;
  /// strings as long as the length bounds allow, and one character shorter and longer; a URL of
  /// each scheme and of another one.
  private static func samples(_ type: ValueType) -> [String] {
    switch type {
    case .uuid: return ["00000000-0000-0000-0000-000000000000"]
    case .list(let element): return samples(element)
    case .string, .int, .double, .bool: return []
    case .custom(let custom):
      guard let bounds = custom.constraints else { return [] }
      var result = samples(custom.base) + (bounds.allowed ?? [])
      for bound in [bounds.integerMinimum, bounds.integerMaximum].compactMap({ $0 }) {
        result += [bound, bound &- 1, bound &+ 1].map { String($0) }
      }
      for bound in [bounds.minimum, bounds.maximum].compactMap({ $0 }) {
        if custom.base == .int, let whole = Int64(exactly: bound.rounded(.down)) {
          result += [whole, whole &- 1, whole &+ 1].map { String($0) }
        } else {
          result += [bound, bound - 1, bound + 1, bound - 0.5, bound + 0.5].map { "\($0)" }
        }
      }
      for length in [bounds.minLength, bounds.maxLength].compactMap({ $0 }) where length < 4096 {
        result += [length, length + 1, max(length - 1, 1)].map { String(repeating: "a", count: $0) }
      }
      if let schemes = bounds.schemes { result += (schemes + ["zz"]).map { "\($0)://x" } }
      return result
    }
  }
}
