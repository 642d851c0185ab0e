import PatternCore
import Testing

@testable import DeepLinkTools

@Suite("JSON")
struct JSONTests {
  /// `{"k0":0,` … `"k19":0,` then `"k3"` again, at offset 1 + 10 × 7 + 10 × 8.
  static let twentyMembersThenK3: String = {
    let members: [String] = (0..<20).map { number in "\"k\(number)\":0," }
    return "{" + members.joined() + "\"k3\":1}"
  }()

  @Test func parsesAndWritesBackCompactly() throws {
    let text = #"{"a":[1,-2.5e3,true,false,null],"b":"x\"\\\n\u00e9\ud83d\ude00","c":{}}"#
    let value = try JSONParser.parse(text)
    #expect(value["b"]?.stringValue == "x\"\\\né😀")
    #expect(JSONWriter.write(value) == #"{"a":[1,-2.5e3,true,false,null],"b":"x\"\\\né😀","c":{}}"#)
  }

  @Test func keepsLargeIntegersExact() throws {
    let value = try JSONParser.parse("[9223372036854775807,-9223372036854775808]")
    #expect(value.arrayValue?.map(\.intValue) == [Int64.max, Int64.min])
  }

  @Test(
    arguments: [
      ("{", 1), (#"{"a" 1}"#, 5), ("[1,]", 3), ("01", 1), ("1.", 2), (#""\x""#, 1), ("tru", 0),
      (#"{"a":1}x"#, 7), ("\"a\u{1}\"", 2),
      // A repeated member name, at its second appearance (in a small and a large object).
      (#"{"a":1,"b":2,"a":3}"#, 13),
      (JSONTests.twentyMembersThenK3, 151),
    ])
  func errorsHavePositions(text: String, offset: Int) {
    #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    do {
      _ = try JSONParser.parse(text)
    } catch {
      #expect(error.offset == offset, "\(text)")
    }
  }

  @Test(arguments: [
    0, 7, 9, 10, 42, 99, 100, 101, 12_345, -1, -10, -305, 1_000_000_007, Int.max, Int.min,
  ])
  func integersAreWrittenInDecimal(value: Int) {
    var output = ByteWriter(capacity: 1)
    output.append("x")
    JSONWriter.writeInteger(value, into: &output)
    #expect(String(decoding: output.buffer, as: UTF8.self) == "x\(value)")
  }

  @Test func aByteWriterGrowsAndACopyKeepsWhatItHeld() {
    var first = ByteWriter(capacity: 1)
    for index in 0..<100 { first.append(UInt8(index)) }
    first.append(UnsafeBufferPointer(start: nil, count: 0))
    var second = first
    second.reset()
    second.append("abc")
    second.append(text: "dé")
    #expect(Array(first.buffer) == (0..<100).map(UInt8.init))
    #expect(String(decoding: second.buffer, as: UTF8.self) == "abcdé")
    first.reset()
    first.append(Array(repeating: UInt8(ascii: "z"), count: 40))
    #expect(String(decoding: second.buffer, as: UTF8.self) == "abcdé")
    #expect(first.bytes == Array(repeating: UInt8(ascii: "z"), count: 40))
  }

  @Test func piecesOfEveryLengthAreCopiedExactly() {
    // Short pieces are copied a word at a time, the last word overlapping; long ones by a copy.
    var output = ByteWriter(capacity: 1)
    var expected: [UInt8] = []
    for length in 0...80 {
      let piece = (0..<length).map { UInt8(truncatingIfNeeded: length &* 31 &+ $0) }
      piece.withUnsafeBufferPointer { output.append($0) }
      output.append(UInt8(ascii: "|"))
      expected += piece + [UInt8(ascii: "|")]
    }
    #expect(Array(output.buffer) == expected)
  }

  @Test func deepNestingIsAnErrorNotACrash() {
    #expect(throws: JSONSyntaxError.self) {
      try JSONParser.parse(String(repeating: "[", count: 100_000))
    }
  }

  /// Every byte JSON escapes, at every offset around the eight-byte steps of the writer, among
  /// bytes it does not (ASCII, 0x80 and up): the text reads back as written, with exactly one
  /// escape per special byte and nothing else escaped.
  @Test(arguments: [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x22, 0x5C, 0x7F] as [UInt8])
  func escapesEachSpecialByteWhereverItStands(special: UInt8) throws {
    let plain = Array("ab~ é ${}".utf8) + [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7E]
    for length in [1, 7, 8, 9, 16, 17, 23] {
      for offset in 0..<length {
        var bytes = (0..<length).map { plain[$0 % plain.count] }
        bytes[offset] = special
        var output = ByteWriter()
        bytes.withUnsafeBufferPointer { JSONWriter.writeString(bytes: $0, into: &output) }
        let written = String(decoding: output.buffer, as: UTF8.self)
        #expect(try JSONParser.parse(written) == .string(String(decoding: bytes, as: UTF8.self)))
        // `\u00XX` for a control with no short form and for DEL, `\X` for the others.
        let shortForm = [0x09, 0x0A, 0x0D, 0x22, 0x5C].contains(special)
        #expect(output.count == bytes.count + 2 + (shortForm ? 1 : 5))
      }
    }
  }

  @Test func stringsWithNothingToEscapeAreQuotedAsTheyAre() {
    // Written in one piece when no byte needs an escape, the empty string included.
    for length in 0...20 {
      let bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0) }
      var output = ByteWriter(capacity: 1)
      output.append("x")
      bytes.withUnsafeBufferPointer { JSONWriter.writeString(bytes: $0, into: &output) }
      #expect(Array(output.buffer) == Array("x\"".utf8) + bytes + Array("\"".utf8))
    }
  }

  @Test func controlCharactersAreEscapedOnOutput() {
    #expect(JSONWriter.write(.string("a\u{0}b\u{1F}\t")) == #""a\u0000b\u001f\t""#)
  }
}
