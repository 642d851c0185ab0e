import PatternCore

/// Writes compact JSON on one line (object members in the order given).
///
/// Output is built as UTF-8 bytes and decoded once: appending to a `String` one scalar at a time
/// was most of the resolver's cost.
public enum JSONWriter {
  /// The compact text of a value.
  public static func write(_ value: JSONValue) -> String {
    var bytes = ByteWriter()
    write(value, into: &bytes)
    return bytes.text
  }

  /// Appends the compact text of a value.
  public static func write(_ value: JSONValue, into output: inout String) {
    output += write(value)
  }

  /// Appends a quoted, escaped string.
  public static func writeString(_ text: String, into output: inout String) {
    var bytes = ByteWriter()
    writeString(text, into: &bytes)
    output += bytes.text
  }

  package static func write(_ value: JSONValue, into output: inout ByteWriter) {
    switch value {
    case .null: output.append("null")
    case .bool(let flag): output.append(flag ? "true" : "false")
    case .number(let text): output.append(text: text)
    case .string(let text): writeString(text, into: &output)
    case .array(let values):
      output.append(UInt8(ascii: "["))
      for (index, element) in values.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        write(element, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, (key, element)) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeString(key, into: &output)
        output.append(UInt8(ascii: ":"))
        write(element, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Quotes and escapes: `"` and `\` get a backslash, control characters and DEL become
  /// `\n`, `\r`, `\t` or `\u00XX`; every other byte (UTF-8 included) is copied as it is.
  package static func writeString(_ text: String, into output: inout ByteWriter) {
    var text = text
    text.withUTF8 { writeString(bytes: $0, into: &output) }
  }

  /// An integer in decimal, with no `String` on the way: its digits written straight into the
  /// writer's room, last first.
  package static func writeInteger(_ value: Int, into output: inout ByteWriter) {
    if value < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits = 1
    var power: UInt = 10
    while digits < 20, magnitude >= power {
      digits += 1
      power = power &* 10
    }
    let pairs = digitPairs.utf8Start
    output.withRoom(digits) { room in
      // Two digits at a time from the end, then the first one if the count is odd.
      var index = digits
      while index >= 2 {
        let pair = Int(magnitude % 100) &* 2
        magnitude /= 100
        room[index &- 2] = pairs[pair]
        room[index &- 1] = pairs[pair &+ 1]
        index &-= 2
      }
      if index == 1 { room[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude) }
    }
  }

  /// `00` to `99`, each two digits at twice its value.
  private static let digitPairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """

  /// ``writeString(_:into:)`` for UTF-8 bytes. Inlined where records are written (a value is
  /// a few bytes: the call cost more than the check); a string with an escape is written by a
  /// call.
  @inline(__always)
  package static func writeString(bytes: UnsafeBufferPointer<UInt8>, into output: inout ByteWriter)
  {
    let escaped = escapedBytes.utf8Start
    let count = bytes.count
    // Most strings need no escape: the first byte that does, if any (eight bytes at a time,
    // then one at a time).
    var index = 0
    while index &+ 8 <= count,
      !needsEscape(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
    {
      index &+= 8
    }
    while index < count, escaped[Int(bytes[index])] == UInt8(ascii: "0") { index &+= 1 }
    if index == count {
      // Quotes and bytes in one piece of room.
      output.withRoom(count &+ 2) { room in
        room[0] = UInt8(ascii: "\"")
        if count > 0 {
          copyBytes(from: bytes.baseAddress!, to: room.baseAddress! + 1, count: count)
        }
        room[count &+ 1] = UInt8(ascii: "\"")
      }
      return
    }
    writeEscaped(bytes, from: index, into: &output)
  }

  /// A string whose first byte to escape is at `index`.
  @inline(never)
  private static func writeEscaped(
    _ bytes: UnsafeBufferPointer<UInt8>, from index: Int, into output: inout ByteWriter
  ) {
    let escaped = escapedBytes.utf8Start
    let count = bytes.count
    var index = index
    output.append(UInt8(ascii: "\""))
    // The plain bytes before `index`, then byte by byte from there.
    output.append(UnsafeBufferPointer(rebasing: bytes[..<index]))
    var runStart = index
    while index < count {
      let byte = bytes[index]
      index &+= 1
      guard escaped[Int(byte)] != UInt8(ascii: "0") else { continue }
      output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index &- 1]))
      runStart = index
      writeEscape(byte, into: &output)
    }
    output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    output.append(UInt8(ascii: "\""))
  }

  /// The escape for a byte a JSON string cannot hold as it is.
  private static func writeEscape(_ byte: UInt8, into output: inout ByteWriter) {
    switch byte {
    case UInt8(ascii: "\""): output.append(#"\""#)
    case UInt8(ascii: "\\"): output.append(#"\\"#)
    case 0x0A: output.append(#"\n"#)
    case 0x0D: output.append(#"\r"#)
    case 0x09: output.append(#"\t"#)
    default:
      let digits: StaticString = "0123456789abcdef"
      output.append(#"\u00"#)
      output.append(digits.utf8Start[Int(byte >> 4)])
      output.append(digits.utf8Start[Int(byte & 0xF)])
    }
  }

  /// Whether any of the eight bytes in `word` is one a JSON string escapes (a control, `"`,
  /// `\\`, DEL): the bytes below 0x20, and those equal to each of the others, found by the
  /// usual borrow tricks (a byte of 0x80 or more never counts as below 0x20).
  @inline(__always) private static func needsEscape(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func zeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
    let controls = (word &- 0x20 &* ones) & ~word & highs
    return controls | zeroByte(word ^ (0x22 &* ones)) | zeroByte(word ^ (0x5C &* ones))
      | zeroByte(word ^ (0x7F &* ones)) != 0
  }

  /// For each byte, `1` when a JSON string escapes it (controls, `"`, `\\`, DEL): one load
  /// per byte instead of four comparisons (a literal: no allocation, no lazy initialization).
  private static let escapedBytes: StaticString = """
    1111111111111111111111111111111100100000000000000000000000000000\
    0000000000000000000000000000100000000000000000000000000000000001\
    0000000000000000000000000000000000000000000000000000000000000000\
    0000000000000000000000000000000000000000000000000000000000000000
    """
}
