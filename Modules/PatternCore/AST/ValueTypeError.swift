/// Why a declared value type was refused.
public enum ValueTypeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The name is a built-in type's (`int`, `uuid`, …), which a declaration may not replace.
  case redefinesBuiltIn(name: String)
  /// The name is not `[A-Za-z_][A-Za-z0-9_]*`.
  case invalidName(name: String)

  public var description: String {
    switch self {
    case .redefinesBuiltIn(let name):
      "type `\(name)` redefines a built-in type; built-in types: "
        + ValueType.knownNames.joined(separator: ", ")
    case .invalidName(let name):
      "type name `\(name)` is not a name (a letter or '_', then letters, digits or '_')"
    }
  }
}

extension CustomValueType {
  /// Throws when the name is taken by a built-in type or is not a name.
  public func validate() throws(ValueTypeError) {
    if ValueType(name: name) != nil { throw .redefinesBuiltIn(name: name) }
    let bytes = Array(name.utf8)
    func isStart(_ byte: UInt8) -> Bool {
      (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == UInt8(ascii: "_")
    }
    guard let first = bytes.first, isStart(first),
      bytes.allSatisfy({ isStart($0) || ($0 >= 0x30 && $0 <= 0x39) })
    else { throw .invalidName(name: name) }
  }
}
