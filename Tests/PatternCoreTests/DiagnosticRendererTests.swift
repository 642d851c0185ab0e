import Testing

@testable import PatternCore

@Suite("Diagnostics")
struct DiagnosticRendererTests {
  @Test func rendersTheSpecExampleExactly() {
    let error = PatternSyntaxError(.unclosedGroup, pattern: "profile/(info/:userId", offset: 8)
    #expect(
      error.description == """
        error: unclosed group
          profile/(info/:userId
                  ^ '(' opened here is never closed
        """)
    #expect(error.diagnostic.code == .patternSyntax)
  }

  @Test func caretCountsCharactersNotBytes() throws {
    do {
      _ = try ParsedURL("myapp://café/%zz")
      Issue.record("expected an error")
    } catch {
      #expect(
        error.description == """
          error: malformed percent-escape
            myapp://café/%zz
                         ^ '%' must be followed by two hex digits (write '%25' for a literal '%')
          """)
    }
  }

  /// Terminals draw Han, kana, Hangul and fullwidth forms two columns wide: the caret counts
  /// columns, not characters, so it stays under the character after them.
  @Test func caretCountsWideCharactersAsTwoColumns() {
    let error = PatternSyntaxError(.unclosedGroup, pattern: "日本/(x", offset: 7)
    #expect(
      error.description == """
        error: unclosed group
          日本/(x
               ^ '(' opened here is never closed
        """)
    #expect(DiagnosticRenderer.width(of: "한") == 2)
    #expect(DiagnosticRenderer.width(of: "Ａ") == 2)
    #expect(DiagnosticRenderer.width(of: "é") == 1)
    #expect(DiagnosticRenderer.column(ofByteOffset: 7, in: "日本/(x") == 5)
    // In a window of a long source too.
    let source = String(repeating: "日", count: 200) + "!" + String(repeating: "b", count: 300)
    let rendered = DiagnosticRenderer().render(
      Diagnostic(code: .invalidJSON, message: "bad", source: source, offset: 600, hint: "here"))
    let lines = rendered.split(separator: "\n").map(String.init)
    let shownBefore = lines[1].prefix { $0 != "!" }.dropFirst(2)
    let columns = shownBefore.reduce(0) { $0 + DiagnosticRenderer.width(of: $1) }
    #expect(lines[2] == String(repeating: " ", count: columns + 2) + "^ here")
  }

  @Test func originAndColourAreOptional() {
    let diagnostic = Diagnostic(
      code: .invalidSource, message: "invalid scheme", source: "my app", offset: 2,
      hint: "no spaces", origin: "routes.json, table `t`")
    #expect(
      DiagnosticRenderer().render(diagnostic) == """
        error: invalid scheme
          --> routes.json, table `t`
          my app
            ^ no spaces
        """)
    #expect(DiagnosticRenderer(colored: true).render(diagnostic).contains("\u{1B}[1;31merror"))
  }

  @Test func longSourcesAreShownAsAWindowAroundTheCaret() {
    let source = String(repeating: "a", count: 300) + "!" + String(repeating: "b", count: 300)
    let rendered = DiagnosticRenderer().render(
      Diagnostic(code: .invalidJSON, message: "bad", source: source, offset: 300, hint: "here"))
    let lines = rendered.split(separator: "\n").map(String.init)
    #expect(lines[1].count < 130)
    #expect(lines[1].hasPrefix("  …") && lines[1].hasSuffix("…"))
    let caret = try! #require(lines[2].firstIndex(of: "^"))
    let bang = try! #require(lines[1].firstIndex(of: "!"))
    #expect(
      lines[2].distance(from: lines[2].startIndex, to: caret)
        == lines[1].distance(from: lines[1].startIndex, to: bang))
  }

  @Test func controlCharactersDoNotBreakTheCaretLine() {
    let error = URLParseError.forbiddenCharacter(url: "a:b\tc", offset: 3, byte: 9)
    #expect(
      error.description == """
        error: control character 0x09 in URL
          a:b?c
             ^ percent-encode it
        """)
  }
}
