/// Draws a ``Diagnostic`` like a compiler does: a headline, the source line, and a caret under
/// the offending column followed by the hint.
public struct DiagnosticRenderer: Sendable {
  /// Whether to colour the output with ANSI escapes (only for terminals).
  public var colored: Bool

  /// Creates a renderer; `colored` adds ANSI colours.
  public init(colored: Bool = false) {
    self.colored = colored
  }

  /// Renders the diagnostic as lines of text without a trailing newline.
  public func render(_ diagnostic: Diagnostic) -> String {
    // A message, origin or hint may quote what the user gave (a file name, a decoded value):
    // control characters there are written as escapes, never sent to the terminal.
    let visible = { (text: String) in ControlEscapes.visible(text, keepingNewlines: true) }
    var lines = [paint("error", "1;31") + paint(": " + visible(diagnostic.message), "1")]
    if let origin = diagnostic.origin {
      lines.append("  --> " + visible(origin))
    }
    if let source = diagnostic.source {
      // Long sources (a minified manifest line, a long URL) are shown as a window around the
      // caret, so an error never floods the terminal. Control characters are shown as `?`
      // (one byte each, as they were: byte offsets still hold).
      let printable = Self.printable(source)
      let characters = Array(printable)
      let index = diagnostic.offset.map { Self.characterIndex(ofByteOffset: $0, in: printable) }
      let (shown, start) = Self.window(characters, around: index ?? 0)
      lines.append("  " + shown)
      if let index {
        // The caret's column counts what is drawn before it: `…`, then each character by
        // its width on a terminal.
        let end = min(index, characters.count)
        let column =
          (start > 0 ? 1 : 0)
          + characters[min(start, end)..<end].reduce(0) { $0 + Self.width(of: $1) }
          + (index - end)
        var caretLine = String(repeating: " ", count: column + 2) + paint("^", "1;32")
        if let hint = diagnostic.hint {
          caretLine += " " + visible(hint)
        }
        lines.append(caretLine)
      } else if let hint = diagnostic.hint {
        lines.append("  = " + visible(hint))
      }
    } else if let hint = diagnostic.hint {
      lines.append("  = " + visible(hint))
    }
    return lines.joined(separator: "\n")
  }

  private func paint(_ text: String, _ code: String) -> String {
    colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// The display column of a byte offset: each character before it by its width on a
  /// terminal (``width(of:)``), so a caret stays under the right character after non-ASCII
  /// text, CJK included; past the end, one column per byte.
  package static func column(ofByteOffset offset: Int, in source: String) -> Int {
    measure(before: offset, in: source, by: width(of:))
  }

  /// How many characters come before a byte offset (past the end, one per byte).
  static func characterIndex(ofByteOffset offset: Int, in source: String) -> Int {
    measure(before: offset, in: source) { _ in 1 }
  }

  /// The characters of `source` before byte `offset`, each counted by `weight`; past the end,
  /// one per byte.
  private static func measure(
    before offset: Int, in source: String, by weight: (Character) -> Int
  ) -> Int {
    var total = 0
    var bytes = 0
    for character in source {
      if bytes >= offset { break }
      bytes += character.utf8.count
      total += weight(character)
    }
    if bytes < offset { total += offset - bytes }
    return total
  }

  /// The columns a terminal draws a character in: two for East Asian wide and fullwidth
  /// characters (Han, kana, Hangul, fullwidth forms) and for emoji shown as emoji, else one.
  static func width(of character: Character) -> Int {
    guard let scalar = character.unicodeScalars.first, scalar.value >= 0x1100 else { return 1 }
    if scalar.properties.isEmojiPresentation { return 2 }
    let value = scalar.value
    return wideRanges.contains { $0.contains(value) } ? 2 : 1
  }

  /// The East Asian wide and fullwidth blocks (Unicode's East Asian Width property W and F).
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]

  /// At most `width` characters around character `index`, with `…` where text was cut, and
  /// the index of the first character shown.
  static func window(_ characters: [Character], around index: Int, width: Int = 120)
    -> (String, Int)
  {
    guard characters.count > width else { return (String(characters), 0) }
    let start = max(0, min(index - width / 2, characters.count - width))
    let end = min(characters.count, start + width)
    let prefix = start > 0 ? "…" : ""
    let suffix = end < characters.count ? "…" : ""
    return (prefix + String(characters[start..<end]) + suffix, start)
  }

  /// Control characters would break the caret line; they are shown as `?`, one column each.
  static func printable(_ source: String) -> String {
    String(
      String.UnicodeScalarView(
        source.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
  }
}
