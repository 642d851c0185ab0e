import Testing

@testable import AppLinks

@Suite("Strict JSON syntax of association files")
struct JSONSyntaxTests {
  func problem(_ json: String) -> String? {
    do {
      try JSONSyntax.check(Array(json.utf8), hint: "")
      return nil
    } catch {
      return error.message
    }
  }

  @Test(
    arguments: [
      #"{"a": [1, -2.5e+3, 0, true, false, null], "b": {"c": "\u00e9\n\"x\""}}"#, "[]", "{}",
      "\u{FEFF}{\"a\": 1}", "  7  ", #""text""#,
    ])
  func wellFormedDocumentsPass(json: String) {
    #expect(problem(json) == nil)
  }

  @Test func mistakesAreNamedWithTheirLineAndColumn() {
    #expect(
      problem(#"{"a": 1,}"#) == "not valid JSON: a trailing comma before `}` at line 1, column 9")
    #expect(
      problem("[1,\n 2,\n]") == "not valid JSON: a trailing comma before `]` at line 3, column 1")
    #expect(
      problem(#"{"a" 1}"#) == "not valid JSON: expected `:` after the key at line 1, column 6")
    #expect(problem(#"{a: 1}"#) == "not valid JSON: expected a key in quotes at line 1, column 2")
    #expect(
      problem(#"[01]"#) == "not valid JSON: expected `,` or `]` after a value at line 1, column 3")
    #expect(problem(#"["\q"]"#) == #"not valid JSON: `\q` is not an escape at line 1, column 3"#)
    #expect(problem(#"["abc"#) == "not valid JSON: a string is not closed at line 1, column 6")
    #expect(
      problem("[1] 2") == "not valid JSON: unexpected text after the value at line 1, column 5")
    #expect(
      problem("") == "not valid JSON: the file ends where a value should be at line 1, column 1")
    #expect(
      problem(String(repeating: "[", count: 600))?.hasPrefix("not valid JSON: nesting deeper")
        == true)
    // What Foundation's reader refuses without saying where.
    #expect(
      problem(#"["\ud800"]"#)
        == #"not valid JSON: a lone high surrogate `\uD800` at line 1, column 3"#)
    #expect(
      problem(#"["\udc00x"]"#)
        == #"not valid JSON: a lone low surrogate `\uDC00` at line 1, column 3"#)
    #expect(problem(#"["\ud83d\ude00"]"#) == nil)
    // A high surrogate then `\u` without four hex digits: the error points at the first escape
    // (it pointed before the file's start, which crashed the tools).
    #expect(
      problem(#"{"\uDaef\uDaeu"#)
        == #"not valid JSON: a high surrogate `\uDAEF` not followed by a low one at line 1, column 3"#
    )
    #expect(
      problem(#"["\ud800\ud800"]"#)
        == #"not valid JSON: a high surrogate `\uD800` not followed by a low one at line 1, column 3"#
    )
    #expect(problem("[1e99999]") == "not valid JSON: a number out of range at line 1, column 2")
    var bytes = Array(#"["ab"]"#.utf8)
    bytes.insert(0xFF, at: 3)
    #expect(throws: AppLinksError.self) { try JSONSyntax.check(bytes, hint: "") }
  }
}
