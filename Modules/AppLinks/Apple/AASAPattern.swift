import Foundation

/// One pattern of an `apple-app-site-association` component (`"/"`, `"#"`, a `"?"` string or
/// one value of a `"?"` dictionary): `*` matches zero or more characters, `?` exactly one (so
/// `?*` is one or more), `$(name)` any one of a substitution variable's values; every other
/// character matches itself. The whole string must match.
public struct AASAPattern: Sendable {
  /// The pattern as written.
  public let text: String
  /// Its language over the bytes of the URL part it is compared with.
  public let automaton: ByteNFA

  /// Compiles `text`.
  /// - Parameters:
  ///   - text: the pattern as written.
  ///   - variables: the file's custom substitution variables (the built-in ones are known).
  ///   - caseSensitive: whether letters compare with case.
  ///   - origin: where the pattern is written, for errors.
  ///   - allowVariables: false for a variable's own values, which may not hold variables.
  /// - Throws: ``AppLinksError`` for an unclosed `$(` or an unknown variable.
  public init(
    _ text: String, variables: [String: [String]], caseSensitive: Bool, origin: String,
    allowVariables: Bool = true
  ) throws(AppLinksError) {
    self.text = text
    var result = ByteNFA.empty
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "*"):
        result = result.then(ByteNFA.byte(.all).star)
        index += 1
      case UInt8(ascii: "?"):
        // One character, whatever its length in UTF-8 (Apple: "any single character").
        result = result.then(ByteNFA.oneCharacter)
        index += 1
      case UInt8(ascii: "$")
      where allowVariables && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "("):
        guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ")")) else {
          throw AppLinksError(
            "unclosed `$(` in the pattern `\(text)`", origin: origin,
            hint: "write a substitution variable as $(name)")
        }
        let name = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
        if let values = variables[name] {
          // A value may hold `*` and `?` but no other variable.
          var alternatives: [ByteNFA] = []
          for value in values {
            alternatives.append(
              try AASAPattern(
                value, variables: [:], caseSensitive: caseSensitive, origin: origin,
                allowVariables: false
              ).automaton)
          }
          result = result.then(.union(alternatives))
        } else if let builtIn = Self.builtIn(name) {
          result = result.then(caseSensitive ? builtIn : builtIn.ignoringCase)
        } else {
          throw AppLinksError(
            "unknown substitution variable `$(\(name))` in the pattern `\(text)`", origin: origin,
            hint: "declare it in applinks.substitutionVariables, or use a built-in one: "
              + Self.builtInNames.map { "$(\($0))" }.joined(separator: ", "))
        }
        index = close + 1
      default:
        result = result.then(.literal([byte], ignoringCase: !caseSensitive))
        index += 1
      }
    }
    automaton = result
  }

  /// Whether `text` (the URL part as compared) matches.
  public func matches(_ text: String) -> Bool { automaton.matches(text.utf8) }

  /// The built-in variables, each one ASCII character or code.
  static let builtInNames = [
    "alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang",
  ]

  static func builtIn(_ name: String) -> ByteNFA? {
    let upper = ByteSet(UInt8(ascii: "A")...UInt8(ascii: "Z"))
    let lower = ByteSet(UInt8(ascii: "a")...UInt8(ascii: "z"))
    switch name {
    case "alpha": return .byte(upper.union(lower))
    case "upper": return .byte(upper)
    case "lower": return .byte(lower)
    case "alnum": return .byte(ByteSet.alphanumerics)
    case "digit": return .byte(ByteSet.digits)
    case "xdigit": return .byte(ByteSet.digits.union(ByteSet(Array("abcdefABCDEF".utf8))))
    // Apple: "All ISO regions in isoRegionCodes", "All ISO languages in isoLanguageCodes":
    // the platform's own lists.
    case "region": return regions
    case "lang": return languages
    default: return nil
    }
  }

  /// `$(region)`: the codes of `Locale.Region.isoRegions` (what `isoRegionCodes` returns).
  static let regions = ByteNFA.words(Locale.Region.isoRegions.map(\.identifier))
  /// `$(lang)`: the codes of `Locale.LanguageCode.isoLanguageCodes`.
  static let languages = ByteNFA.words(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
}
