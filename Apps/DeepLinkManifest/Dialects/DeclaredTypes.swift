import PatternCore

/// A table's `"types"`: value types of the app's own, declared with a base type and bounds.
///
///     "types": {"month": {"base": "int", "min": 1, "max": 12},
///               "tab": {"base": "string", "enum": ["home", "search"]},
///               "web": {"base": "url", "schemes": ["http", "https"]}}
///
/// `int`/`double` bounds are inclusive, `enum` compares case-sensitively, a `url` value must
/// parse as an absolute URL whose scheme is listed (default `http`, `https`). Values have the
/// base's JSON type (`url` and `enum` values are strings). A mistake is a load error naming the
/// type.
package enum DeclaredTypes {
  static let keys = ["base", "min", "max", "enum", "minLength", "maxLength", "schemes", "note"]
  static let bases = ["int", "double", "num", "string", "url"]

  /// The declared types of `spec`, in declaration order.
  package static func load(_ spec: TableSpec) throws(Diagnostic) -> [CustomValueType] {
    guard let json = spec.json["types"] else { return [] }
    let origin = "\(spec.origin), types"
    guard let members = json.objectValue else {
      throw fail("`types` must be an object of type declarations", origin)
    }
    var types: [CustomValueType] = []
    for (name, declaration) in members {
      let type = try load(name, declaration, "\(origin).\(name)")
      do {
        try type.validate()
      } catch {
        throw fail(error.description, "\(origin).\(name)")
      }
      types.append(type)
    }
    return types
  }

  private static func load(_ name: String, _ json: JSONValue, _ origin: String)
    throws(Diagnostic) -> CustomValueType
  {
    guard case .object(let members) = json else {
      throw fail("type `\(name)` must be an object such as {\"base\": \"int\"}", origin)
    }
    for (key, _) in members where !keys.contains(key) {
      throw fail(
        "type `\(name)` has an unknown key `\(key)`",
        origin, hint: "keys: " + keys.joined(separator: ", "))
    }
    guard let written = json["base"]?.stringValue else {
      throw fail(
        "type `\(name)` needs a `base`", origin, hint: "one of: " + bases.joined(separator: ", "))
    }
    // `num` is `double`, as in patterns.
    let base = written == "num" ? "double" : written
    guard bases.contains(base) else {
      throw fail(
        "type `\(name)` has an unknown base `\(base)`", origin,
        hint: "one of: " + bases.joined(separator: ", "))
    }
    func number(_ key: String) throws(Diagnostic) -> Double? {
      guard let value = json[key] else { return nil }
      guard base == "int" || base == "double" else {
        throw fail("type `\(name)`: `\(key)` applies to int and double bases, not \(base)", origin)
      }
      guard case .number(let text) = value, let number = Double(text) else {
        throw fail("type `\(name)`: `\(key)` must be a number", origin)
      }
      // A JSON number beyond a double's range (`1e400`) reads as infinity: no bound at all.
      guard number.isFinite else {
        throw fail(
          "type `\(name)`: `\(key)` must be a finite number (a double holds up to about "
            + "1.8e308), found \(text)", origin)
      }
      if base == "int", value.intValue == nil {
        throw fail(
          "type `\(name)`: `\(key)` of an int type must be an integer from \(Int64.min) to "
            + "\(Int64.max), found \(text)", origin)
      }
      return number
    }
    /// An int type's bound, exactly (a `Double` is not, beyond 2^53).
    func integer(_ key: String) -> Int64? {
      guard base == "int" else { return nil }
      return json[key]?.intValue
    }
    func length(_ key: String) throws(Diagnostic) -> Int? {
      guard let value = json[key] else { return nil }
      guard base == "string" else {
        throw fail("type `\(name)`: `\(key)` applies to a string base, not \(base)", origin)
      }
      guard let exact = value.intValue, let count = Int(exactly: exact), count >= 0 else {
        throw fail(
          "type `\(name)`: `\(key)` must be a whole number of characters, 0 or more", origin)
      }
      return count
    }
    func strings(_ key: String, allowedBase: String) throws(Diagnostic) -> [String]? {
      guard let value = json[key] else { return nil }
      guard base == allowedBase else {
        throw fail("type `\(name)`: `\(key)` applies to a \(allowedBase) base, not \(base)", origin)
      }
      guard let list = value.arrayValue, !list.isEmpty,
        case let texts = list.compactMap(\.stringValue), texts.count == list.count
      else {
        throw fail("type `\(name)`: `\(key)` must be a non-empty array of strings", origin)
      }
      return texts
    }
    let minimum = try number("min")
    let maximum = try number("max")
    let integerMinimum = integer("min")
    let integerMaximum = integer("max")
    // Exactly for an int type, as the bounds are read.
    let reversed: Bool
    if let integerMinimum, let integerMaximum {
      reversed = integerMinimum > integerMaximum
    } else if let minimum, let maximum {
      reversed = minimum > maximum
    } else {
      reversed = false
    }
    if reversed { throw fail("type `\(name)`: `min` is greater than `max`", origin) }
    let minLength = try length("minLength")
    let maxLength = try length("maxLength")
    if let minLength, let maxLength, minLength > maxLength {
      throw fail("type `\(name)`: `minLength` is greater than `maxLength`", origin)
    }
    let allowed = try strings("enum", allowedBase: "string")
    var schemes = try strings("schemes", allowedBase: "url")?.map { $0.lowercased() }
    if let bad = schemes?.first(where: { !Self.isScheme($0) }) {
      throw fail(
        "type `\(name)`: `\(bad)` in `schemes` is not a scheme", origin,
        hint: "a scheme is a letter followed by letters, digits, '+', '-' or '.', without `:`")
    }
    if base == "url" { schemes = schemes ?? ["http", "https"] }
    var constraints = ValueConstraints(
      minimum: minimum, maximum: maximum, allowed: allowed, minLength: minLength,
      maxLength: maxLength, schemes: schemes)
    constraints.integerMinimum = integerMinimum
    constraints.integerMaximum = integerMaximum
    let valueType: ValueType =
      switch base {
      case "int": .int
      case "double": .double
      default: .string
      }
    return .constrained(name: name, base: valueType, constraints: constraints)
  }

  private static func fail(_ message: String, _ origin: String, hint: String? = nil) -> Diagnostic {
    Diagnostic(code: .invalidRequest, message: message, hint: hint, origin: origin)
  }

  /// Whether `text` is a URL scheme: a letter, then letters, digits, `+`, `-` or `.`.
  static func isScheme(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic
    else { return false }
    return text.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
          || "+-.".unicodeScalars.contains($0))
    }
  }
}
