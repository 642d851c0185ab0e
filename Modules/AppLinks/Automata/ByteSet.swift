/// A set of bytes (256 bits): the label of an automaton's transition.
public struct ByteSet: Sendable, Hashable {
  var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  public init() {}

  /// The set of `bytes`.
  public init(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { insert(byte) }
  }

  /// Every byte.
  public static let all: ByteSet = {
    var set = ByteSet()
    set.words = (.max, .max, .max, .max)
    return set
  }()

  public mutating func insert(_ byte: UInt8) {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: words.0 |= bit
    case 1: words.1 |= bit
    case 2: words.2 |= bit
    default: words.3 |= bit
    }
  }

  public func contains(_ byte: UInt8) -> Bool {
    let bit = UInt64(1) << UInt64(byte & 63)
    switch byte >> 6 {
    case 0: return words.0 & bit != 0
    case 1: return words.1 & bit != 0
    case 2: return words.2 & bit != 0
    default: return words.3 & bit != 0
    }
  }

  /// The bytes not in the set.
  public var inverted: ByteSet {
    var set = ByteSet()
    set.words = (~words.0, ~words.1, ~words.2, ~words.3)
    return set
  }

  public func union(_ other: ByteSet) -> ByteSet {
    var set = ByteSet()
    set.words = (
      words.0 | other.words.0, words.1 | other.words.1, words.2 | other.words.2,
      words.3 | other.words.3
    )
    return set
  }

  public func subtracting(_ other: ByteSet) -> ByteSet {
    var set = ByteSet()
    set.words = (
      words.0 & ~other.words.0, words.1 & ~other.words.1, words.2 & ~other.words.2,
      words.3 & ~other.words.3
    )
    return set
  }

  /// The set with both letter cases of every ASCII letter in it.
  public var caseFolded: ByteSet {
    var set = self
    for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") where contains(byte) || contains(byte | 0x20)
    {
      set.insert(byte)
      set.insert(byte | 0x20)
    }
    return set
  }

  public static func == (lhs: ByteSet, rhs: ByteSet) -> Bool {
    lhs.words == rhs.words
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(words.0)
    hasher.combine(words.1)
    hasher.combine(words.2)
    hasher.combine(words.3)
  }

  /// ASCII letters and digits.
  public static let alphanumerics = ByteSet(
    Array(UInt8(ascii: "a")...UInt8(ascii: "z")) + Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
      + Array(UInt8(ascii: "0")...UInt8(ascii: "9")))
  public static let digits = ByteSet(UInt8(ascii: "0")...UInt8(ascii: "9"))
}
