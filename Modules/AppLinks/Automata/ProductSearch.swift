/// Finds the shortest byte string on which several automata give answers a predicate wants:
/// a breadth-first search over the product of their lazy determinizations. Exact, not sampled:
/// when it finds nothing within its budget the answer is "none"; when the budget runs out first
/// it says so.
public struct ProductSearch: Sendable {
  /// The bytes tried, in order of preference (letters and digits first, so witnesses read well).
  public var alphabet: [UInt8]
  /// The most product states to explore.
  public var budget: Int
  /// The most states one automaton may have determinized (patterns such as
  /// `/$(v)/$(v)` whose values hold `*` have exponentially many): past it the search stops
  /// as it does when `budget` runs out.
  public var stateBudget: Int

  /// A search over `alphabet` (default: every byte, readable ones first).
  public init(alphabet: [UInt8]? = nil, budget: Int = 200_000, stateBudget: Int = 20_000) {
    self.alphabet = alphabet ?? ProductSearch.readableFirst
    self.budget = budget
    self.stateBudget = stateBudget
  }

  /// Every byte, letters and digits first, then the other printable ASCII, then the rest.
  public static let readableFirst: [UInt8] = {
    let preferred = Array(
      "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-._~/".utf8)
    let printable = (0x21...0x7E).map(UInt8.init).filter { !preferred.contains($0) }
    let rest = (0...255).map(UInt8.init).filter {
      !preferred.contains($0) && !printable.contains($0)
    }
    return preferred + printable + rest
  }()

  /// How many of the states explored (with the same exact part) a new state is compared with.
  static let comparedStates = 32

  /// The outcome of a search.
  public enum Outcome: Sendable, Equatable {
    case found([UInt8])
    case none
    case budgetExceeded
  }

  /// One byte per class of bytes that no transition label tells apart (the most readable of
  /// each class): trying only these finds the same strings, with far fewer branches. The
  /// classes are the common refinement of each automaton's byte classes.
  func representatives(_ automata: [LazyDFA]) -> [UInt8] {
    var classes = [Int](repeating: 0, count: 256)
    var refined: [Int: Int] = [:]
    for automaton in automata {
      refined.removeAll(keepingCapacity: true)
      for byte in 0..<256 {
        let key = classes[byte] << 8 | Int(automaton.byteClass[byte])
        if let known = refined[key] {
          classes[byte] = known
        } else {
          classes[byte] = refined.count
          refined[key] = refined.count
        }
      }
    }
    var seen = [Bool](repeating: false, count: 257)
    var result: [UInt8] = []
    for byte in alphabet where !seen[classes[Int(byte)]] {
      seen[classes[Int(byte)]] = true
      result.append(byte)
    }
    return result
  }

  /// The shortest string (readable bytes preferred) whose acceptance vector satisfies `wanted`.
  public func find(_ automata: [ByteNFA], where wanted: ([Bool]) -> Bool) -> Outcome {
    find(automata.map(LazyDFA.init), where: wanted)
  }

  /// The same over automata already determinized on demand (they keep what they learn, so
  /// searches over the same automata get faster). A product state lists only the automata that
  /// are still alive, as (index, state) pairs: after a few bytes most have died.
  ///
  /// `alive` names automata the answer must be accepted by: a state where one of them has died
  /// cannot lead to an answer, so it is not explored further.
  ///
  /// `rejecting` names automata whose acceptance never helps an answer (`wanted` holds with one
  /// of them not accepting wherever it holds with it accepting). Then a state is at least as
  /// good as another whose other automata are in the same states and whose rejecting ones are
  /// each in a subset of the other's states (an automaton steps a subset to a subset, so it
  /// accepts no more later): such a state, found after the better one, is not explored. The
  /// answer is the same shortest, most readable string: whatever follows the worse state
  /// follows the better one, found first, to an answer at least as good. Patterns full of
  /// `*` (`/a/*/b/*/c` beside `/a/*/d/*`) make many states that differ only in how far each
  /// such automaton got: most of them are left out this way.
  ///
  /// `settled` says of a state (its alive automata as (index, state) pairs, in order) that no
  /// string leading on from it can give an answer: it is not explored further.
  public func find(
    _ automata: [LazyDFA], alive: [Int] = [], rejecting: [Int] = [],
    settled: (([Int32]) -> Bool)? = nil, where wanted: ([Bool]) -> Bool
  ) -> Outcome {
    var start: [Int32] = []
    for (index, automaton) in automata.enumerated() where automaton.startState != 0 {
      start += [Int32(index), automaton.startState]
    }
    var rejects = [Bool](repeating: false, count: automata.count)
    for index in rejecting { rejects[index] = true }
    // The rejecting automata's states of every state explored, by the states of the others.
    var explored: [StateKey: [[Int32]]] = [:]
    var key: [Int32] = []
    var rest: [Int32] = []
    /// Whether a state explored (its rejecting part `better`) is as good as `rest`.
    func isAsGood(_ better: [Int32]) -> Bool {
      var other = 0
      var pair = 0
      while pair < better.count {
        let index = better[pair]
        while other < rest.count, rest[other] < index { other += 2 }
        guard other < rest.count, rest[other] == index,
          automata[Int(index)].isSubset(better[pair + 1], of: rest[other + 1])
        else { return false }
        pair += 2
      }
      return true
    }
    /// Whether `state` is new and no state explored is as good: then it is noted.
    func isWorthExploring(_ state: [Int32]) -> Bool {
      guard !rejecting.isEmpty else { return true }
      key.removeAll(keepingCapacity: true)
      rest.removeAll(keepingCapacity: true)
      var pair = 0
      while pair < state.count {
        if rejects[Int(state[pair])] {
          rest += state[pair..<pair + 2]
        } else {
          key += state[pair..<pair + 2]
        }
        pair += 2
      }
      // The most recent ones only: where few states are as good as others, a list grows with
      // every state, and comparing with all of it would cost more than exploring.
      let exactPart = StateKey(key)
      if let known = explored[exactPart],
        known.suffix(Self.comparedStates).contains(where: isAsGood)
      {
        return false
      }
      explored[exactPart, default: []].append(rest)
      return true
    }
    _ = isWorthExploring(start)
    let alphabet = representatives(automata)
    // Each state once, in `queue` in the order found, with the place of the state and the byte
    // it was reached from.
    var seen: Set<StateKey> = [StateKey(start)]
    var queue = [start]
    var parents: [Int32] = [-1]
    var bytes: [UInt8] = [0]
    var head = 0
    func path(to node: Int) -> [UInt8] {
      var path: [UInt8] = []
      var current = node
      while current > 0 {
        path.append(bytes[current])
        current = Int(parents[current])
      }
      return path.reversed()
    }
    var answers = [Bool](repeating: false, count: automata.count)
    var answered: [Int] = []
    var next: [Int32] = []
    var signatures: [(signature: UInt64, byte: UInt8)] = []
    while head < queue.count {
      let node = queue[head]
      head += 1
      if head & 15 == 0, automata.contains(where: { $0.stateCount > stateBudget }) {
        return .budgetExceeded
      }
      // Only the automata alive in the state before can have answered true.
      for index in answered { answers[index] = false }
      answered.removeAll(keepingCapacity: true)
      var pair = 0
      while pair < node.count {
        let index = Int(node[pair])
        if automata[index].accepts(node[pair + 1]) {
          answers[index] = true
          answered.append(index)
        }
        pair += 2
      }
      if wanted(answers) { return .found(path(to: head - 1)) }
      // With every automaton dead the answers can never change: skip the children. The same
      // when an automaton the answer needs has died.
      if node.isEmpty || settled?(node) == true { continue }
      if !alive.isEmpty {
        var missing = false
        for required in alive {
          var found = false
          var pair = 0
          while pair < node.count {
            if Int(node[pair]) == required {
              found = true
              break
            }
            pair += 2
          }
          if !found {
            missing = true
            break
          }
        }
        if missing { continue }
      }
      // Bytes that every automaton alive here steps alike lead to the same state: only the
      // first of each (the most readable) is stepped.
      signatures.removeAll(keepingCapacity: true)
      for byte in alphabet {
        var signature: UInt64 = 0xcbf2_9ce4_8422_2325
        for pair in stride(from: 0, to: node.count, by: 2) {
          let classOf = automata[Int(node[pair])].byteClass[Int(byte)]
          signature = (signature ^ UInt64(classOf)) &* 0x0000_0100_0000_01B3
        }
        if signatures.contains(where: { known in
          known.signature == signature && steppedAlike(known.byte, byte, node, automata)
        }) {
          continue
        }
        signatures.append((signature, byte))
        next.removeAll(keepingCapacity: true)
        var pair = 0
        while pair < node.count {
          let index = node[pair]
          let state = automata[Int(index)].step(node[pair + 1], byte)
          if state != 0 {
            next.append(index)
            next.append(state)
          }
          pair += 2
        }
        guard seen.insert(StateKey(next)).inserted, isWorthExploring(next) else { continue }
        if queue.count >= budget { return .budgetExceeded }
        queue.append(next)
        parents.append(Int32(head - 1))
        bytes.append(byte)
      }
    }
    return .none
  }
}

/// Whether every automaton alive in `node` puts bytes `a` and `b` in one class.
private func steppedAlike(_ a: UInt8, _ b: UInt8, _ node: [Int32], _ automata: [LazyDFA]) -> Bool {
  var pair = 0
  while pair < node.count {
    let classes = automata[Int(node[pair])].byteClass
    if classes[Int(a)] != classes[Int(b)] { return false }
    pair += 2
  }
  return true
}

/// A product state as a set element: hashed as its bytes in one go, not element by element.
private struct StateKey: Hashable {
  let pairs: [Int32]

  init(_ pairs: [Int32]) { self.pairs = pairs }

  func hash(into hasher: inout Hasher) {
    // A multiply-xor mix per pair, then one word for the hasher: states are long, and most
    // insertions are of states seen before.
    var mixed: UInt64 = 0x9E37_79B9_7F4A_7C15
    var index = 0
    while index + 1 < pairs.count {
      let word =
        UInt64(UInt32(bitPattern: pairs[index])) << 32
        | UInt64(UInt32(bitPattern: pairs[index + 1]))
      mixed = (mixed ^ word) &* 0xFF51_AFD7_ED55_8CCD
      mixed ^= mixed >> 29
      index += 2
    }
    hasher.combine(mixed)
    hasher.combine(pairs.count)
  }
}

extension ByteNFA {
  /// The same automaton with every label widened to both ASCII letter cases.
  public var ignoringCase: ByteNFA {
    var copy = self
    for index in copy.states.indices {
      copy.states[index].edges = copy.states[index].edges.map { ($0.0.caseFolded, $0.1) }
    }
    return copy
  }
}
