/// Why a declared value type was refused.
public enum ValueTypeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The name is a built-in type's (`int`, `uuid`, …), which a declaration may not replace.
  case redefinesBuiltIn(name: String)
  /// The name is not `[A-Za-z_][A-Za-z0-9_]*`.
  case invalidName(name: String)
  /// The router has a type of this name already: patterns added before and after would read
  /// one name two ways.
  case alreadyRegistered(name: String)

  public var description: String {
    switch self {
    case .redefinesBuiltIn(let name):
      "type `\(name)` redefines a built-in type; built-in types: "
        + ValueType.knownNames.joined(separator: ", ")
    case .invalidName(let name):
      "type name `\(name)` is not a name (a letter or '_', then letters, digits or '_')"
    case .alreadyRegistered(let name):
      "type `\(name)` is registered already; a name names one type in a router"
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

/// A router that takes value types of the app's own. Each router declares types with
/// `register(valueType:)`; the converting-closure form comes from here, once for all of them.
public protocol ValueTypeRegistering: AnyObject {
  /// Declares a value type that patterns added afterwards can use like a built-in one
  /// (`:month(m)`).
  /// - Throws: ``ValueTypeError`` when the name is a built-in type's, not a name, or one the
  ///   router has already.
  func register(valueType: CustomValueType) throws(ValueTypeError)
}

extension ValueTypeRegistering {
  /// Declares a value type whose values `convert` makes from the decoded text (nil: the text
  /// does not fit), as URLNavigator's value converters do; read them back with
  /// ``PatternValue/converted(as:)``.
  /// - Throws: ``ValueTypeError`` when the name is a built-in type's, not a name, or one the
  ///   router has already.
  public func register<Value: Sendable>(
    valueType name: String, convert: @escaping @Sendable (String) -> Value?
  ) throws(ValueTypeError) {
    try register(valueType: CustomValueType(name: name, convert: convert))
  }
}
