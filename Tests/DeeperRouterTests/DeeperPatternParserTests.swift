import PatternCore
import Testing

@testable import DeeperRouter

@Suite("Deeper string syntax (SPEC §4.1)")
struct DeeperPatternParserTests {
  let parser = DeeperPatternParser()

  @Test func seedExamplesBuildTheExpectedAST() throws {
    #expect(
      try parser.parse("profile/:userId")
        == RoutePattern(path: [.literal("profile"), .capture(name: "userId", type: .string)]))
    #expect(
      try parser.parse("*/profile/:userId").path
        == [.wildcard, .literal("profile"), .capture(name: "userId", type: .string)])
    #expect(
      try parser.parse("(profile|user)/:userId").path
        == [
          .choice([[.literal("profile")], [.literal("user")]]),
          .capture(name: "userId", type: .string),
        ])
    #expect(
      try parser.parse("profile/(info)/:userId").path
        == [
          .literal("profile"), .optional([.literal("info")]),
          .capture(name: "userId", type: .string),
        ])
    #expect(
      try parser.parse("profile/:int(userId)").path.last == .capture(name: "userId", type: .int))
    #expect(try parser.parse("profile/:num(x)").path.last == .capture(name: "x", type: .double))
    #expect(
      try parser.parse("p/:bool(b)/:string(s)").path.dropFirst() == [
        .capture(name: "b", type: .bool), .capture(name: "s", type: .string),
      ])
    #expect(
      try parser.parse("*/profile?:userId&(:locale)").query == [
        .item(QueryItemPattern("userId")), .item(QueryItemPattern("locale", required: false)),
      ])
    #expect(
      try parser.parse("p?:a|:int(b)").query
        == [.oneOf([QueryItemPattern("a"), QueryItemPattern("b", type: .int)])])
    #expect(try parser.parse("p?(:a|:b)") == parser.parse("p?:a|:b"))
    #expect(try parser.parse("/profile/:id") == parser.parse("profile/:id"))
    #expect(
      try parser.parse("recipe/(details/:id)").path
        == [
          .literal("recipe"),
          .optional([.literal("details"), .capture(name: "id", type: .string)]),
        ])
  }

  @Test(
    "parse, print, parse gives the same AST",
    arguments: [
      "profile/:userId", "*/profile/:userId", "(profile|user)/:userId", "profile/(info)/:userId",
      "profile/:int(userId)", "profile/:num(userId)", "*/profile?:userId&:locale",
      "*/profile?:userId&(:locale)", "a/((b|c/:int(d))|*)/e?(:x|:bool(y))&:z", "caf%C3%A9/%28x%29",
      // Control characters and spaces are refused raw, so they must print escaped (found by fuzzing).
      "*/%12:b", "a%05b/%20x%7F", "%00",
      // A key with an encoded `/`, `=` or `&` is one key, printed encoded, not aliases.
      "u?a%2Fb=:x", "u?(a%3Db=:int(y))&k%26=:z", "u?a%2Fb=1&!c%2Fd",
    ])
  func roundTrip(pattern: String) throws {
    let ast = try parser.parse(pattern)
    #expect(try parser.parse(ast.description) == ast)
  }

  static let malformed: [(pattern: String, offset: Int, message: String)] = [
    ("profile/(info/:userId", 8, "unclosed group"),
    ("profile/info)", 12, "unbalanced ')'"),
    ("(a|)", 3, "empty alternative"),
    ("(|a)", 1, "empty alternative"),
    ("a/()", 2, "empty group"),
    ("a//b", 2, "empty component"),
    ("profile/", 7, "empty component"),
    ("p/:", 2, "capture has no name"),
    ("p/{a", 2, "unclosed brace"),
    ("p/a}", 3, "unbalanced '}'"),
    ("p/{a}", 2, "unexpected '{'"),
    ("p/:é", 3, "unexpected 'é' in a capture name"),
    ("p/:a\u{0}", 4, "unexpected control character U+0000 after a capture"),

    ("p/:foo(x)", 3, "unknown type `foo`"),
    ("profile|user/:id", 7, "'|' outside parentheses"),
    ("a*", 1, "'*' must be a whole component"),
    ("", 0, "empty pattern"),
    ("/", 0, "empty pattern"),
    ("p/:int(x", 6, "unclosed capture type"),
    ("p?", 2, "empty query"),
    ("p?:a&&:b", 5, "empty query item"),
    ("p?a", 2, "expected a query capture"),
    ("p/a b", 3, "unexpected space"),
    ("p/(a)b", 5, "expected '/' before 'b'"),
    ("p?:a?:b", 4, "unexpected second '?'"),
  ]

  @Test("malformed patterns point at the offending byte", arguments: malformed)
  func errors(pattern: String, offset: Int, message: String) {
    do {
      _ = try parser.parse(pattern)
      Issue.record("`\(pattern)` should not parse")
    } catch {
      #expect(error.offset == offset, "\(pattern)")
      #expect(error.message == message, "\(pattern)")
      #expect(error.diagnostic.code == .patternSyntax)
    }
  }

  @Test func anonymousTypedComponentMatchesWithoutBinding() throws {
    // Deeper's own tests: `.recipes / ":int()" / .recipeId` matches recipes/123/456.
    let ast = try parser.parse("recipes/:int()/:recipeId")
    #expect(ast.path[1] == .capture(name: "", type: .int))
    #expect(ast.description == "recipes/:int()/:recipeId")
    let table = RouteTable(patterns: [ast])
    let match = table.firstMatch(try ParsedURL("myapp://recipes/123/456").routingInput)
    #expect(match?.captures.names == ["recipeId"])
    #expect(table.firstMatch(try ParsedURL("myapp://recipes/abc/456").routingInput) == nil)
  }

  @Test func deepNestingIsALimitErrorNotACrash() {
    let deep = String(repeating: "(", count: 1000) + "a" + String(repeating: ")", count: 1000)
    do {
      _ = try parser.parse(deep)
      Issue.record("should not parse")
    } catch {
      #expect(error.code == .limitExceeded)
      #expect(error.offset == 32)
      #expect(error.message == "groups nested deeper than 32 levels")
    }
    let ok = String(repeating: "(", count: 32) + "a" + String(repeating: ")", count: 32)
    #expect(throws: Never.self) { try parser.parse(ok) }
  }

  @Test func overlongPatternsAreLimitErrors() {
    let long = String(repeating: "a/", count: 3000) + "a"
    #expect(throws: PatternSyntaxError.self) { try parser.parse(long) }
    do {
      _ = try parser.parse(long)
    } catch {
      #expect(error.code == .limitExceeded)
    }
  }

  @Test func errorRendersWithCaretAndHint() {
    do {
      _ = try parser.parse("profile|user/:id")
      Issue.record("should not parse")
    } catch {
      #expect(
        error.description == """
          error: '|' outside parentheses
            profile|user/:id
                   ^ wrap the alternatives in parentheses, e.g. '(profile|user)/:id'
          """)
    }
  }
}
