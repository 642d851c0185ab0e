/// A nondeterministic automaton over bytes, built from regular pieces (Thompson's construction):
/// the common language of Apple's and Android's URL patterns and of route patterns, so the
/// checker can compare them exactly instead of by sampling.
public struct ByteNFA: Sendable {
  struct State: Sendable {
    var edges: [(ByteSet, Int)] = []
    var epsilons: [Int] = []
  }

  var states: [State]
  var start: Int
  var accept: Int

  /// The language of exactly the empty string.
  public static var empty: ByteNFA {
    ByteNFA(states: [State()], start: 0, accept: 0)
  }

  /// Exactly the texts of `words`, as a trie (shared prefixes share states).
  public static func words(_ words: some Sequence<String>) -> ByteNFA {
    var states = [State(), State()]
    var children: [[UInt8: Int]] = [[:], [:]]
    for word in words {
      var state = 0
      for byte in word.utf8 {
        if let next = children[state][byte] {
          state = next
          continue
        }
        states.append(State())
        children.append([:])
        states[state].edges.append((ByteSet([byte]), states.count - 1))
        children[state][byte] = states.count - 1
        state = states.count - 1
      }
      if !states[state].epsilons.contains(1) { states[state].epsilons.append(1) }
    }
    return ByteNFA(states: states, start: 0, accept: 1)
  }

  /// The empty language.
  public static var nothing: ByteNFA {
    ByteNFA(states: [State(), State()], start: 0, accept: 1)
  }

  /// One byte of `set`.
  public static func byte(_ set: ByteSet) -> ByteNFA {
    var states = [State(), State()]
    states[0].edges.append((set, 1))
    return ByteNFA(states: states, start: 0, accept: 1)
  }

  /// One character of UTF-8 text: an ASCII byte, or a lead byte and its continuation bytes (a
  /// byte that starts no sequence counts as one character, so malformed text still has
  /// characters).
  public static var oneCharacter: ByteNFA {
    let continuation = ByteNFA.byte(ByteSet(0x80...0xBF))
    return .union([
      .byte(ByteSet(Array(0x00...0xBF) + Array(0xF8...0xFF))),
      .byte(ByteSet(0xC0...0xDF)).then(continuation),
      .byte(ByteSet(0xE0...0xEF)).then(continuation.repeated(2)),
      .byte(ByteSet(0xF0...0xF7)).then(continuation.repeated(3)),
    ])
  }

  /// The bytes of `text`, each compared with or without ASCII case.
  public static func literal(_ text: some Sequence<UInt8>, ignoringCase: Bool = false) -> ByteNFA {
    var result = ByteNFA.empty
    for byte in text {
      let set = ByteSet([byte])
      result = result.then(.byte(ignoringCase ? set.caseFolded : set))
    }
    return result
  }

  /// This language followed by `other`'s.
  public func then(_ other: ByteNFA) -> ByteNFA {
    var states = self.states
    let offset = states.count
    states += other.shifted(by: offset)
    states[accept].epsilons.append(other.start + offset)
    return ByteNFA(states: states, start: start, accept: other.accept + offset)
  }

  /// Either language.
  public static func union(_ parts: [ByteNFA]) -> ByteNFA {
    guard !parts.isEmpty else { return .nothing }
    var states = [State(), State()]
    for part in parts {
      let offset = states.count
      states += part.shifted(by: offset)
      states[0].epsilons.append(part.start + offset)
      states[part.accept + offset].epsilons.append(1)
    }
    return ByteNFA(states: states, start: 0, accept: 1)
  }

  /// Zero or more repetitions.
  public var star: ByteNFA {
    var states = [State(), State()]
    let offset = 2
    states += shifted(by: offset)
    states[0].epsilons += [start + offset, 1]
    states[accept + offset].epsilons += [start + offset, 1]
    return ByteNFA(states: states, start: 0, accept: 1)
  }

  /// One or more repetitions.
  public var plus: ByteNFA { then(star) }

  /// The language or the empty string.
  public var optional: ByteNFA { .union([self, .empty]) }

  /// `count` repetitions.
  public func repeated(_ count: Int) -> ByteNFA {
    (0..<count).reduce(ByteNFA.empty) { result, _ in result.then(self) }
  }

  /// A greedy run of `set` bytes, `low` to `high` of them (no limit when nil), then this
  /// language, matched without backtracking: the run takes every `set` byte it can, so fewer
  /// than `high` are taken only where the next byte is not in `set` (or there is none). Both
  /// ways into this language share its states, so a pattern of many items grows linearly.
  func afterGreedyRun(of set: ByteSet, low: Int, high: Int?) -> ByteNFA {
    var states = self.states
    // Where the run stopped early: this language's texts that are empty or start outside `set`.
    let stopped = states.count
    var entry = State()
    let starts = closure([start])
    for state in starts {
      for (label, target) in self.states[state].edges {
        let kept = label.subtracting(set)
        if kept != ByteSet() { entry.edges.append((kept, target)) }
      }
    }
    // The accepting state has no edges of its own (every construction adds a fresh one).
    if starts.contains(accept) { entry.epsilons.append(accept) }
    states.append(entry)
    // The run: one state per count taken.
    let first = states.count
    let counts = (high ?? low) + 1
    for _ in 0..<counts { states.append(State()) }
    for count in 0..<counts {
      let state = first + count
      if count + 1 < counts { states[state].edges.append((set, state + 1)) }
      if let high {
        if count >= low && count < high { states[state].epsilons.append(stopped) }
        if count == high { states[state].epsilons.append(start) }
      } else if count == low {
        states[state].edges.append((set, state))
        states[state].epsilons.append(stopped)
      }
    }
    return ByteNFA(states: states, start: first, accept: accept)
  }

  /// The percent-encoded texts whose decoding is in this language: each byte as itself where
  /// `plain` says a URL may hold it unencoded, or as `%XX` (hex digits of either case). For a
  /// pattern Apple matches against the decoded path (`percentsEncoded: false`), the paths of
  /// the URLs themselves.
  public func encodedForms(plain: ByteSet) -> ByteNFA {
    var states = self.states
    let hex = (0..<16).map { nibble in
      ByteSet(
        Array(String(nibble, radix: 16).utf8) + Array(String(nibble, radix: 16).uppercased().utf8))
    }
    for (source, state) in self.states.enumerated() {
      var edges: [(ByteSet, Int)] = []
      for (label, target) in state.edges {
        let raw = label.subtracting(plain.inverted).subtracting(ByteSet([UInt8(ascii: "%")]))
        if raw != ByteSet() { edges.append((raw, target)) }
        // `%`, then the high digit, then a low digit that makes a byte of the label.
        let escape = states.count
        states.append(State())
        edges.append((ByteSet([UInt8(ascii: "%")]), escape))
        for high in 0..<16 {
          let lows = (0..<16).filter { label.contains(UInt8(high << 4 | $0)) }
          guard !lows.isEmpty else { continue }
          let middle = states.count
          states.append(
            State(edges: [(lows.map { hex[$0] }.reduce(ByteSet()) { $0.union($1) }, target)]))
          states[escape].edges.append((hex[high], middle))
        }
      }
      states[source].edges = edges
    }
    return ByteNFA(states: states, start: start, accept: accept)
  }

  func shifted(by offset: Int) -> [State] {
    states.map { state in
      State(
        edges: state.edges.map { ($0.0, $0.1 + offset) },
        epsilons: state.epsilons.map { $0 + offset })
    }
  }

  /// The states reachable from `set` through empty moves.
  func closure(_ set: Set<Int>) -> Set<Int> {
    var result = set
    var stack = Array(set)
    while let state = stack.popLast() {
      for next in states[state].epsilons where result.insert(next).inserted {
        stack.append(next)
      }
    }
    return result
  }

  func startSet() -> Set<Int> { closure([start]) }

  func step(_ set: Set<Int>, _ byte: UInt8) -> Set<Int> {
    var next = Set<Int>()
    for state in set {
      for (label, target) in states[state].edges where label.contains(byte) {
        next.insert(target)
      }
    }
    return next.isEmpty ? next : closure(next)
  }

  func accepts(_ set: Set<Int>) -> Bool { set.contains(accept) }

  /// The texts that this language holds after `prefix` (`prefix` + text is in it), or nil
  /// when no text starting with `prefix` is.
  public func after(prefix: some Sequence<UInt8>) -> ByteNFA? {
    var current = startSet()
    for byte in prefix {
      current = step(current, byte)
      if current.isEmpty { return nil }
    }
    var states = self.states
    states.append(State(edges: [], epsilons: current.sorted()))
    return ByteNFA(states: states, start: states.count - 1, accept: accept)
  }

  /// Whether the automaton accepts `bytes`.
  public func matches(_ bytes: some Sequence<UInt8>) -> Bool {
    var current = startSet()
    for byte in bytes {
      current = step(current, byte)
      if current.isEmpty { return false }
    }
    return accepts(current)
  }
}

/// An automaton determinized on demand: each set of NFA states met gets a number, and each
/// (state, byte) step is computed once. State 0 is the dead state (no NFA state left).
public final class LazyDFA: @unchecked Sendable {
  let nfa: ByteNFA
  // The caches below are only touched by one search at a time (a check is single-threaded,
  // which `@unchecked Sendable` states): no overlapping access to check at run time, which
  // would cost a fifth of a check.
  @exclusivity(unchecked) private var sets: [Set<Int>] = [[]]
  @exclusivity(unchecked) private var numbers: [Set<Int>: Int32] = [[]: 0]
  @exclusivity(unchecked) private var accepting: [Bool] = [false]
  /// 256 entries per state: the next state, or -1 when not computed yet.
  @exclusivity(unchecked) private var table: [Int32] = Array(repeating: 0, count: 256)
  /// The start state.
  private(set) var startState: Int32 = 0
  /// Bytes no edge of the automaton tells apart step alike: each byte's class, and each
  /// class's bytes. A step is computed once per class and written for all of its bytes (a
  /// route's automaton has a few dozen classes, not 256).
  let byteClass: [UInt8]
  private let classBytes: [[UInt8]]

  public init(_ nfa: ByteNFA) {
    self.nfa = nfa
    var labels: [ByteSet] = []
    var seen = Set<ByteSet>()
    for state in nfa.states {
      for (label, _) in state.edges where seen.insert(label).inserted { labels.append(label) }
    }
    var classes: [[Int]: Int] = [:]
    var byteClass = [UInt8](repeating: 0, count: 256)
    var classBytes: [[UInt8]] = []
    for byte in UInt8.min...UInt8.max {
      let signature = labels.indices.filter { labels[$0].contains(byte) }
      let number = classes[signature] ?? classBytes.count
      if number == classBytes.count {
        classes[signature] = number
        classBytes.append([])
      }
      byteClass[Int(byte)] = UInt8(number)
      classBytes[number].append(byte)
    }
    self.byteClass = byteClass
    self.classBytes = classBytes
    startState = intern(nfa.startSet())
  }

  private func intern(_ set: Set<Int>) -> Int32 {
    if let number = numbers[set] { return number }
    let number = Int32(sets.count)
    sets.append(set)
    numbers[set] = number
    accepting.append(nfa.accepts(set))
    universal.append(-1)
    table += Array(repeating: -1, count: 256)
    return number
  }

  @inline(__always) func accepts(_ state: Int32) -> Bool { accepting[Int(state)] }
  /// The number of states determinized so far (the dead state included).
  var stateCount: Int { sets.count }

  /// Per state: 1 when it accepts every string from there on, 0 when not, -1 not known yet.
  @exclusivity(unchecked) private var universal: [Int8] = [0]

  /// Whether state `state` accepts every string that follows (it accepts, and every byte leads
  /// back to it, as `*` does once it is reached).
  func acceptsEverything(_ state: Int32) -> Bool {
    let index = Int(state)
    if universal[index] < 0 {
      let loops = accepting[index] && classBytes.allSatisfy { step(state, $0[0]) == state }
      universal[index] = loops ? 1 : 0
    }
    return universal[index] == 1
  }

  /// Whether state `a`'s automaton states are among state `b`'s (state 0 has none).
  func isSubset(_ a: Int32, of b: Int32) -> Bool {
    a == b || a == 0 || (b != 0 && sets[Int(a)].isSubset(of: sets[Int(b)]))
  }

  func step(_ state: Int32, _ byte: UInt8) -> Int32 {
    if state == 0 { return 0 }
    let slot = Int(state) * 256 + Int(byte)
    let known = table[slot]
    if known >= 0 { return known }
    let next = intern(nfa.step(sets[Int(state)], byte))
    let base = Int(state) * 256
    for member in classBytes[Int(byteClass[Int(byte)])] { table[base + Int(member)] = next }
    return next
  }
}
