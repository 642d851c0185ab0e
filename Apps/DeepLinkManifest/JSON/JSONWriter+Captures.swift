import PatternCore

extension JSONWriter {
  /// Captures as a JSON object of typed values, as the resolver's records show them.
  package static func write(_ captures: Captures, into output: inout ByteWriter) {
    output.append(UInt8(ascii: "{"))
    for (index, entry) in captures.entries.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      writeString(entry.name, into: &output)
      output.append(UInt8(ascii: ":"))
      write(entry.value, into: &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  package static func write(_ value: PatternValue, into output: inout ByteWriter) {
    switch value {
    case .string(let text): writeString(text, into: &output)
    case .int(let number): writeInteger(Int(number), into: &output)
    case .double(let number): output.append(text: number.description)
    case .bool(let flag): output.append(flag ? "true" : "false")
    case .list(let values):
      output.append(UInt8(ascii: "["))
      for (index, element) in values.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        write(element, into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let items):
      output.append(UInt8(ascii: "{"))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeString(item.key, into: &output)
        output.append(UInt8(ascii: ":"))
        writeString(item.value, into: &output)
      }
      output.append(UInt8(ascii: "}"))
    case .converted(let value): writeString(value.text, into: &output)
    }
  }
}
