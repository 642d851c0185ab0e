import PatternCore

/// The URLs of a route's path as an automaton over the path as written (`/orders/42`): literals
/// in their percent-encoded form, each capture as the texts its type accepts, a wildcard or rest
/// as one or more components, and an optional trailing `/` (the router drops empty components).
///
/// A string capture or wildcard component takes what the router takes: over the path as
/// written, the characters a path may hold unencoded (letters, digits and `-._~!$&'()*+,;=:@`)
/// and the `%` escapes links carry; over the decoded path, any bytes but `/`. Witnesses are
/// shortest, readable bytes first, so they stay plain where they can.
public struct RouteLanguage: Sendable {
  /// The automaton.
  public let automaton: ByteNFA
  /// Whether a capture's type says more than an automaton can (numeric bounds, a converting
  /// closure, the 64-bit range): such a route's findings may depend on the value.
  public let approximate: Bool

  /// The language of `path` (`ignoringCase`: literals compare without case, as in MappingInfo;
  /// `decoded`: literals as they are, for an OS that reads the decoded path; without
  /// `slashLiterals`, a literal that holds a `/` takes nothing: its URLs write it `%2F`, so none
  /// of them is written with the decoded path's `/` where a path is printed from it).
  public init(
    _ path: [PathNode], ignoringCase: Bool = false, typed: Bool = true, decoded: Bool = false,
    slashLiterals: Bool = true
  ) {
    var approximate = false
    let form = Form(
      ignoringCase: ignoringCase, typed: typed, decoded: decoded, slashLiterals: slashLiterals)
    let body = Self.sequence(path, form, &approximate)
    automaton = body.then(ByteNFA.literal("/".utf8).optional)
    self.approximate = approximate
  }

  static let segmentByte = ByteSet(
    Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@".utf8))
  /// The bytes a path holds as they are and links also escape (`&` as `%26`, `+` as `%2B`):
  /// the router decodes either spelling to the same text.
  static let subDelimiters = ByteSet(Array("!$&'()*+,;=:@".utf8))
  /// A component's text as written in a URL: its plain bytes and the `%` escapes the router
  /// decodes (so a URL whose capture holds `%20` is one the route handles).
  static let writtenSegment = ByteNFA.union([.byte(segmentByte), escape]).plus

  /// A `%` escape a link carries: of an ASCII byte a path may not hold as it is (a space, a
  /// quote, `%`, `/`) or may hold either way (`&`, `+`), or of a whole UTF-8 character (`é`);
  /// not of a letter, digit or `-._~` (`%41`), nor of bytes that are not text.
  static let escape: ByteNFA = {
    // Each as `%`, a high digit, then a low digit that makes a byte of the set: a few states,
    // where one branch per byte made every step of a search walk dozens.
    let ascii = ByteSet(
      (0..<0x80).map(UInt8.init).filter {
        !segmentByte.contains($0) || subDelimiters.contains($0)
      })
    let continuation = ByteNFA.byte(ByteSet(0x80...0xBF))
    let character = ByteNFA.union([
      ByteNFA.byte(ByteSet(0xC2...0xDF)).then(continuation),
      ByteNFA.byte(ByteSet(0xE0...0xEF)).then(continuation.repeated(2)),
      ByteNFA.byte(ByteSet(0xF0...0xF4)).then(continuation.repeated(3)),
    ])
    return ByteNFA.union([.byte(ascii), character]).encodedForms(plain: ByteSet())
  }()

  /// How literals and captures are written.
  struct Form {
    var ignoringCase: Bool
    var typed: Bool
    var decoded: Bool
    var slashLiterals: Bool

    /// A component's text: where the path is compared decoded, any bytes but `/` (what the
    /// router takes); where it is compared as written, plain bytes and escapes.
    var segment: ByteNFA {
      decoded
        ? ByteNFA.byte(ByteSet.all.subtracting(ByteSet([UInt8(ascii: "/")]))).plus
        : RouteLanguage.writtenSegment
    }

    /// A literal text as the compared path holds it.
    func text(_ text: String) -> String.UTF8View {
      (decoded ? text : URLPrinterBridge.encodedComponent(text)).utf8
    }

    /// A literal's texts as the compared path holds them: as written, a byte a path may not
    /// hold as it is being escaped with hex digits of either case (`caf%C3%A9`, `caf%c3%a9`),
    /// and a sub-delimiter as it is or escaped (`a&b`, `a%26b`). Without case, a character
    /// beyond ASCII in each case the router folds alike (`é`, `É`), as letters are.
    func literal(_ text: String) -> ByteNFA {
      guard ignoringCase, text.contains(where: RouteLanguage.hasOtherCaseForms) else {
        return spelled(text)
      }
      var result = ByteNFA.empty
      for character in text {
        let forms = RouteLanguage.caseForms(of: character)
        result = result.then(forms.count == 1 ? spelled(forms[0]) : .union(forms.map(spelled)))
      }
      return result
    }

    /// ``literal(_:)`` with ASCII letters in either case.
    private func spelled(_ text: String) -> ByteNFA {
      guard !decoded else { return .literal(text.utf8, ignoringCase: ignoringCase) }
      var result = ByteNFA.empty
      var digits = 0
      for byte in self.text(text) {
        let set = ByteSet([byte])
        if digits == 0 && RouteLanguage.subDelimiters.contains(byte) {
          result = result.then(ByteNFA.byte(set).encodedForms(plain: set))
          continue
        }
        result = result.then(.byte(digits > 0 || ignoringCase ? set.caseFolded : set))
        digits = byte == UInt8(ascii: "%") ? 2 : max(digits - 1, 0)
      }
      return result
    }
  }

  /// A character as it is, then in each other form the router folds alike (it compares
  /// `lowercased()` texts): beyond ASCII its other cases (`É` for `é`), and for any character
  /// the other characters whose lower case it is (KELVIN SIGN for `k`, `ẞ` for `ß`). ASCII
  /// letters' upper case is left out: `caseSensitive` false and the automata's case folding
  /// take it already.
  static func caseForms(of character: Character) -> [String] {
    let text = String(character)
    let folded = text.lowercased()
    var forms = [text]
    let others =
      (character.isASCII ? [] : [folded, text.uppercased()])
      + (foldingInto[folded] ?? []).map { String($0) }
    for form in others where form.lowercased() == folded && !forms.contains(form) {
      forms.append(form)
    }
    return forms
  }

  /// Whether ``caseForms(of:)`` has more than the character itself.
  static func hasOtherCaseForms(_ character: Character) -> Bool {
    !character.isASCII || foldingInto[String(character).lowercased()] != nil
  }

  /// The characters beyond ASCII whose lower case is another text, by that text (`k`: KELVIN
  /// SIGN; `å`: `Å` and ANGSTROM SIGN). Planes 0 and 1: no later one has cased letters.
  static let foldingInto: [String: [Unicode.Scalar]] = {
    var map: [String: [Unicode.Scalar]] = [:]
    for value in UInt32(0x80)..<0x20000 {
      guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else {
        continue
      }
      map[scalar.properties.lowercaseMapping, default: []].append(scalar)
    }
    return map
  }()

  static func sequence(_ nodes: [PathNode], _ form: Form, _ approximate: inout Bool) -> ByteNFA {
    var result = ByteNFA.empty
    for node in nodes {
      result = result.then(Self.node(node, form, &approximate))
    }
    return result
  }

  /// `/` and the component(s) of one node.
  static func node(_ node: PathNode, _ form: Form, _ approximate: inout Bool) -> ByteNFA {
    let slash = ByteNFA.literal("/".utf8)
    switch node {
    case .literal(let text):
      if form.decoded && !form.slashLiterals && text.contains("/") { return .nothing }
      return slash.then(form.literal(text))
    case .capture(_, let type):
      return slash.then(form.typed ? value(type, form, &approximate) : form.segment)
    case .wildcard, .rest:
      return slash.then(form.segment).plus
    case .optional(let inner):
      return sequence(inner, form, &approximate).optional
    case .choice(let alternatives):
      return .union(alternatives.map { sequence($0, form, &approximate) })
    }
  }

  /// The texts a value type accepts, as written in a path.
  static func value(_ type: ValueType, _ form: Form, _ approximate: inout Bool) -> ByteNFA {
    let digit = ByteNFA.byte(.digits)
    let sign = ByteNFA.byte(ByteSet(Array("+-".utf8))).optional
    switch type {
    case .string:
      return form.segment
    case .int:
      approximate = true  // the 64-bit range is not in the automaton
      return sign.then(digit.plus)
    case .double:
      let dot = ByteNFA.literal(".".utf8)
      let mantissa = ByteNFA.union([
        digit.plus.then(dot.then(digit.star).optional), dot.then(digit.plus),
      ])
      let exponent = ByteNFA.byte(ByteSet(Array("eE".utf8))).then(sign).then(digit.plus)
      return sign.then(mantissa).then(exponent.optional)
    case .bool:
      return .union(["true", "false", "1", "0"].map { .literal($0.utf8, ignoringCase: true) })
    case .uuid:
      let hex = ByteNFA.byte(ByteSet.digits.union(ByteSet(Array("abcdefABCDEF".utf8))))
      let dash = ByteNFA.literal("-".utf8)
      return hex.repeated(8).then(dash).then(hex.repeated(4)).then(dash).then(hex.repeated(4))
        .then(dash).then(hex.repeated(4)).then(dash).then(hex.repeated(12))
    case .list:
      approximate = true
      return form.segment
    case .custom(let custom):
      if let allowed = custom.allowedValues {
        return .union(allowed.map { .literal(form.text($0)) })
      }
      approximate = true
      return custom.narrowsBase ? value(custom.base, form, &approximate) : form.segment
    }
  }
}

extension WebRoute {
  /// The route's literals that hold a `/` (`x/y`, written `/x%2Fy` in its URLs).
  var slashLiterals: [String] {
    func collect(_ nodes: [PathNode]) -> [String] {
      nodes.flatMap { node -> [String] in
        switch node {
        case .literal(let text): text.contains("/") ? [text] : []
        case .optional(let inner): collect(inner)
        case .choice(let alternatives): alternatives.flatMap(collect)
        case .capture, .wildcard, .rest: []
        }
      }
    }
    return collect(path)
  }
}

/// Percent-encoding of one path component, as reverse routing writes it.
enum URLPrinterBridge {
  static func encodedComponent(_ text: String) -> String {
    URLPrinter.percentEncode(text) { RouteLanguage.segmentByte.contains($0) }
  }
}
