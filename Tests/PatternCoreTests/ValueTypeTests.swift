import Testing

@testable import PatternCore

@Suite("Typed values (SPEC §3)")
struct ValueTypeTests {
  @Test(
    arguments: [
      ("42", Int64?.some(42)), ("+5", 5), ("-3", -3), ("007", 7),
      ("9223372036854775807", .max), ("-9223372036854775808", .min),
      ("9223372036854775808", nil), ("1.0", nil), ("", nil), ("+", nil), ("1e3", nil),
      ("٣", nil), (" 1", nil),
    ])
  func int(text: String, expected: Int64?) {
    #expect(PatternValue(parsing: text, as: .int) == expected.map(PatternValue.int))
  }

  @Test(
    arguments: [
      ("1", Double?.some(1)), ("1.5", 1.5), ("-2.5e3", -2500), (".5", 0.5), ("5.", 5),
      ("+1.5", 1.5), ("1E2", 100), ("nan", nil), ("inf", nil), ("infinity", nil), ("0x1p3", nil),
      ("1e", nil), ("abc", nil), ("", nil), ("1e400", nil), (".", nil), ("1.2.3", nil),
    ])
  func double(text: String, expected: Double?) {
    #expect(PatternValue(parsing: text, as: .double) == expected.map(PatternValue.double))
  }

  @Test(
    arguments: [
      ("true", Bool?.some(true)), ("TRUE", true), ("False", false), ("1", true), ("0", false),
      ("yes", nil), ("", nil), ("2", nil),
    ])
  func bool(text: String, expected: Bool?) {
    #expect(PatternValue(parsing: text, as: .bool) == expected.map(PatternValue.bool))
  }

  @Test func listsDropEmptyPiecesAndFailOnABadPiece() {
    #expect(PatternValue(parsing: "1,,2,", as: .list(.int)) == .list([.int(1), .int(2)]))
    #expect(PatternValue(parsing: "1,x,2", as: .list(.int)) == nil)
    #expect(PatternValue(parsing: "", as: .list(.string)) == .list([]))
  }

  @Test func typeNamesAndSubtyping() {
    #expect(ValueType(name: "num") == .double)
    #expect(ValueType(name: "foo") == nil)
    #expect(ValueType.int.isSubtype(of: .double))
    #expect(!ValueType.double.isSubtype(of: .int))
    #expect(ValueType.bool.isSubtype(of: .string))
  }

  /// A table may declare a type per route: more types than a byte can number (this trapped
  /// when the compiled table numbered them in one), each still checked as its own.
  @Test func aTableWithHundredsOfDeclaredTypes() throws {
    let patterns = (0..<300).map { index in
      let type = CustomValueType.constrained(
        name: "t\(index)", base: .int,
        constraints: ValueConstraints(
          integerMinimum: Int64(index), integerMaximum: Int64(index + 10)))
      return RoutePattern(path: [.literal("a\(index)"), .capture(name: "x", type: .custom(type))])
    }
    let table = RouteTable(patterns: patterns)
    for index in [0, 254, 255, 256, 299] {
      let hit = table.firstMatch(try ParsedURL("myapp://a\(index)/\(index + 5)").routingInput)
      #expect(hit?.routeIndex == index)
      #expect(hit?.captures["x"] == .int(Int64(index + 5)))
      #expect(
        table.firstMatch(try ParsedURL("myapp://a\(index)/\(index + 11)").routingInput) == nil)
    }
  }
}
