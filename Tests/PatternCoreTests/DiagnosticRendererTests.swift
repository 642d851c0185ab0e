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
