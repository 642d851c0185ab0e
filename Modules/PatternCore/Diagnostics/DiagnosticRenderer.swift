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
    var lines = [paint("error", "1;31") + paint(": " + diagnostic.message, "1")]
    if let origin = diagnostic.origin {
      lines.append("  --> " + origin)
    }
    if let source = diagnostic.source {
      // Long sources (a minified manifest line, a long URL) are shown as a window around the
      // caret, so an error never floods the terminal.
      let (shown, shift) = Self.window(
        Self.printable(source),
        around: diagnostic.offset.map { Self.column(ofByteOffset: $0, in: source) } ?? 0)
      lines.append("  " + shown)
      if let offset = diagnostic.offset {
        let column = Self.column(ofByteOffset: offset, in: source) - shift
        var caretLine = String(repeating: " ", count: column + 2) + paint("^", "1;32")
        if let hint = diagnostic.hint {
          caretLine += " " + hint
        }
        lines.append(caretLine)
      } else if let hint = diagnostic.hint {
        lines.append("  = " + hint)
      }
    } else if let hint = diagnostic.hint {
      lines.append("  = " + hint)
    }
    return lines.joined(separator: "\n")
  }

  private func paint(_ text: String, _ code: String) -> String {
    colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  /// The display column of a byte offset: one column per character, so a caret stays under
  /// the right character after non-ASCII text.
  package static func column(ofByteOffset offset: Int, in source: String) -> Int {
    var column = 0
    var bytes = 0
    for character in source {
      if bytes >= offset { break }
      bytes += character.utf8.count
      column += 1
    }
    if bytes < offset { column += offset - bytes }
    return column
  }

  /// At most `width` characters around `column`, with `…` where text was cut, and how many
  /// columns the caret moves left.
  static func window(_ text: String, around column: Int, width: Int = 120) -> (String, Int) {
    let characters = Array(text)
    guard characters.count > width else { return (text, 0) }
    let start = max(0, min(column - width / 2, characters.count - width))
    let end = min(characters.count, start + width)
    let prefix = start > 0 ? "…" : ""
    let suffix = end < characters.count ? "…" : ""
    return (prefix + String(characters[start..<end]) + suffix, start - prefix.count)
  }

  /// Control characters would break the caret line; they are shown as `?`, one column each.
  static func printable(_ source: String) -> String {
    String(
      String.UnicodeScalarView(
        source.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
  }
}
