/// Control characters in text shown to people, written as escapes: `\n`, `\t`, `\r`, and
/// `\u001b` for the others (C0, DEL and the C1 range, which terminals may act on).
package enum ControlEscapes {
  /// `text` with its control characters escaped (with `keepingNewlines`, a line feed stays:
  /// a message of several lines).
  /// With `escapingBackslashes`, a `\` is written `\\`, so an escape and the same characters
  /// written out read apart (quoted text; a message's own backslashes stay).
  package static func visible(
    _ text: String, keepingNewlines: Bool = false, escapingBackslashes: Bool = false
  ) -> String {
    func escaped(_ scalar: Unicode.Scalar) -> Bool {
      (isControl(scalar) && !(keepingNewlines && scalar == "\n"))
        || (escapingBackslashes && scalar == "\\")
    }
    // Most text has nothing to escape: its bytes say so without decoding it (a C1 control is
    // `C2 80`...`C2 9F` in UTF-8).
    guard
      text.utf8.contains(where: {
        $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || (escapingBackslashes && $0 == 0x5C)
      }), text.unicodeScalars.contains(where: escaped)
    else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar == "\\" && escapingBackslashes {
        result += "\\\\"
        continue
      }
      guard escaped(scalar) else {
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
