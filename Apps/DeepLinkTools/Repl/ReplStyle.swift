import DeepLinkManifest

/// How the REPL draws: plain text for pipes and transcripts, colour and symbols on a terminal.
public struct ReplStyle: Sendable {
  /// Whether to use ANSI colours and symbols.
  public var colored: Bool

  /// Creates a style.
  public init(colored: Bool) {
    self.colored = colored
  }

  func paint(_ text: String, _ code: String) -> String {
    colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  var ok: String { colored ? paint("✓", "1;32") : "matched" }
  var no: String { colored ? paint("✗", "1;31") : "no match" }
  var arrow: String { colored ? "→" : "->" }

  func dim(_ text: String) -> String { paint(text, "2") }
  func bold(_ text: String) -> String { paint(text, "1") }
  func warn(_ text: String) -> String { paint(text, "33") }
}
