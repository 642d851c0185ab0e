/// Control characters in text shown to people, written as escapes: `\n`, `\t`, `\r`, and
/// `\u001b` for the others (C0, DEL and the C1 range, which terminals may act on).
package enum ControlEscapes {
  /// `text` with its control characters escaped (with `keepingNewlines`, a line feed stays:
  /// a message of several lines).
  package static func visible(_ text: String, keepingNewlines: Bool = false) -> String {
    guard
      text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") })
    else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      guard isControl(scalar), !(keepingNewlines && scalar == "\n") else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      }
    }
    return result
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F)
  }
}
