/// Writes compact JSON on one line (object members in the order given).
public enum JSONWriter {
  /// The compact text of a value.
  public static func write(_ value: JSONValue) -> String {
    var output = ""
    write(value, into: &output)
    return output
  }

  /// Appends the compact text of a value.
  public static func write(_ value: JSONValue, into output: inout String) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): writeString(text, into: &output)
    case .array(let values):
      output += "["
      for (index, element) in values.enumerated() {
        if index > 0 { output += "," }
        write(element, into: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, (key, element)) in members.enumerated() {
        if index > 0 { output += "," }
        writeString(key, into: &output)
        output += ":"
        write(element, into: &output)
      }
      output += "}"
    }
  }

  /// Appends a quoted, escaped string.
  public static func writeString(_ text: String, into output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
