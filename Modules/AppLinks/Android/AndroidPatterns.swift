import Foundation

/// The path patterns of Android's `<data>` element as automata over the decoded path.
enum AndroidPatterns {
  /// The largest count a `pathAdvancedPattern` repetition (`{m}`, `{m,n}`) may give: each
  /// repeat is a copy in the automaton.
  static let mostRepetitions = 64

  /// `android:pathPattern`, Android's simple glob: `.` any character, `X*` zero or more of `X`
  /// (`.*` any run), `\` escapes the next character. The whole path must match.
  static func simpleGlob(_ text: String, origin: String) throws(AppLinksError) -> ByteNFA {
    var result = ByteNFA.empty
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      // One character: `.` any, else the (escaped) character with all its UTF-8 bytes.
      var atom: ByteNFA
      var anyCharacter = false
      if bytes[index] == UInt8(ascii: "\\") {
        guard index + 1 < bytes.count else {
          throw AppLinksError(
            "the pattern `\(text)` ends with `\\`", origin: origin,
            hint: "escape a character by writing \\\\ before it in the manifest")
        }
        index += 1
        atom = .literal(Self.character(bytes, at: &index))
      } else if bytes[index] == UInt8(ascii: ".") {
        atom = .oneCharacter
        anyCharacter = true
        index += 1
      } else {
        atom = .literal(Self.character(bytes, at: &index))
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "*") {
        // `.*`: any run of bytes, malformed text included.
        result = result.then(anyCharacter ? ByteNFA.byte(.all).star : atom.star)
        index += 1
      } else {
        result = result.then(atom)
      }
    }
    return result
  }

  /// The UTF-8 bytes of the character starting at `index`, which moves past them.
  static func character(_ bytes: [UInt8], at index: inout Int) -> ArraySlice<UInt8> {
    let start = index
    index += 1
    while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
    return bytes[start..<index]
  }

  /// `android:pathAdvancedPattern`: `.` any character, `[...]` a set (ranges `a-z`, `^` to
  /// negate), `*` zero or more, `+` one or more, `{m}`, `{m,}` and `{m,n}` repetitions of the
  /// previous item, `\` escapes. The whole path must match, as Android matches it: "in real time with no
  /// backtracking" (the `<data>` reference), each item taking as many bytes as it can up to its
  /// limit and never giving one back (`/a.*b` takes no path: `.*` takes the `b` too).
  static func advanced(_ text: String, origin: String) throws(AppLinksError) -> ByteNFA {
    // From the last item to the first: what follows an item is the language after it.
    var result = ByteNFA.empty
    for (set, low, high) in try advancedItems(text, origin: origin).reversed() {
      result = result.afterGreedyRun(of: set, low: low, high: high)
    }
    return result
  }

  /// The items of an advanced pattern: a byte set and its repetitions (`nil`: no upper limit).
  private static func advancedItems(_ text: String, origin: String) throws(AppLinksError)
    -> [(ByteSet, Int, Int?)]
  {
    var items: [(ByteSet, Int, Int?)] = []
    let bytes = Array(text.utf8)
    var index = 0
    func fail(_ message: String) -> AppLinksError {
      AppLinksError("\(message) in the pattern `\(text)`", origin: origin)
    }
    while index < bytes.count {
      var atom: ByteSet
      switch bytes[index] {
      case UInt8(ascii: "\\"):
        guard index + 1 < bytes.count else { throw fail("a trailing `\\`") }
        atom = ByteSet([bytes[index + 1]])
        index += 2
      case UInt8(ascii: "."):
        atom = .all
        index += 1
      case UInt8(ascii: "["):
        index += 1
        var negate = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "^") {
          negate = true
          index += 1
        }
        var set = ByteSet()
        var closed = false
        var elements = 0
        while index < bytes.count {
          if bytes[index] == UInt8(ascii: "]") {
            closed = true
            index += 1
            break
          }
          var low = bytes[index]
          if low == UInt8(ascii: "\\"), index + 1 < bytes.count {
            index += 1
            low = bytes[index]
          }
          index += 1
          elements += 1
          if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "-"),
            bytes[index + 1] != UInt8(ascii: "]")
          {
            // Either end may be escaped (`[\a-\z]` is a to z).
            var high = bytes[index + 1]
            index += 2
            if high == UInt8(ascii: "\\"), index < bytes.count {
              high = bytes[index]
              index += 1
            }
            // A range from high to low (`[z-a]`) holds nothing, as Android reads it.
            if low <= high {
              for byte in low...high { set.insert(byte) }
            }
          } else {
            set.insert(low)
          }
        }
        guard closed else { throw fail("an unclosed `[`") }
        // Android refuses `[]` and `[^]` ("You must define characters in a set").
        guard elements > 0 else { throw fail("a set with no characters (`[]` or `[^]`)") }
        atom = negate ? set.inverted : set
      case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "{"):
        throw fail("`\(String(UnicodeScalar(bytes[index])))` with nothing to repeat")
      default:
        atom = ByteSet([bytes[index]])
        index += 1
      }
      var repetitions: (Int, Int?) = (1, 1)
      if index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "*"):
          repetitions = (0, nil)
          index += 1
        case UInt8(ascii: "+"):
          repetitions = (1, nil)
          index += 1
        case UInt8(ascii: "{"):
          guard let close = bytes[index...].firstIndex(of: UInt8(ascii: "}")) else {
            throw fail("an unclosed `{`")
          }
          let inside = String(decoding: bytes[(index + 1)..<close], as: UTF8.self)
          let bounds = inside.split(separator: ",", omittingEmptySubsequences: false)
          guard let low = Int(bounds[0]), bounds.count <= 2, low >= 0 else {
            throw fail("a repetition `{\(inside)}` that is not {m}, {m,} or {m,n}")
          }
          guard low <= Self.mostRepetitions else {
            throw fail(
              "a repetition `{\(inside)}` above \(Self.mostRepetitions), the most this checker takes"
            )
          }
          if bounds.count == 2, bounds[1].isEmpty {
            repetitions = (low, nil)  // `{m,}`: m or more
          } else {
            let high = bounds.count == 2 ? Int(bounds[1]) : low
            guard let high, high >= low else {
              throw fail("a repetition `{\(inside)}` that is not {m}, {m,} or {m,n}")
            }
            guard high <= Self.mostRepetitions else {
              throw fail(
                "a repetition `{\(inside)}` above \(Self.mostRepetitions), the most this checker "
                  + "takes")
            }
            repetitions = (low, high)
          }
          index = close + 1
        default:
          break
        }
      }
      items.append((atom, repetitions.0, repetitions.1))
    }
    return items
  }

  /// The escapes Android applies when it reads an attribute from XML, before a pattern is
  /// parsed (the `<data>` reference: "Because `\` is used as an escape character when the
  /// string is read from XML (before it is parsed as a pattern), you will need to
  /// double-escape"): a `\` and the character after it become that character (`\\` is one
  /// `\`, so `\\*` in the manifest is an escaped `*`; `\*` is a plain `*`), except `\n` and
  /// `\t` (a newline, a tab) and `\uXXXX` (that character); a `\` at the end is dropped.
  static func resourceUnescape(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      guard scalar == "\\" else {
        result.append(scalar)
        continue
      }
      guard index < scalars.count else { break }
      let next = scalars[index]
      index += 1
      switch next {
      case "n": result.append("\n")
      case "t": result.append("\t")
      case "u":
        let digits = String(
          String.UnicodeScalarView(scalars[index..<min(index + 4, scalars.count)]))
        if digits.count == 4, let value = UInt32(digits, radix: 16),
          let code = Unicode.Scalar(value)
        {
          result.append(code)
          index += 4
        } else {
          result.append(next)
        }
      default: result.append(next)
      }
    }
    return String(result)
  }
}
