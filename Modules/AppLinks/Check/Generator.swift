import PatternCore

/// Writes what an OS needs to hand exactly the routes' URLs to the app, as far as each format
/// can say it: both formats match any characters where a route has a capture (`:int(id)`
/// becomes "one or more characters"), neither can ask for a query item's presence the way a
/// route does, and AASA patterns cannot escape `*` or `?` in a literal (such a character becomes
/// `?`, any one character). A literal a link may write with escapes (`caf%C3%A9`, `a%26b`) is
/// claimed decoded (iOS: `percentsEncoded` false), in any hex case, unless it holds a `/`
/// (`x%2Fy`, claimed as written in both hex cases); a letter of a literal compared without case is any
/// one character on Android. So the output may claim more than the routes handle, never less.
public enum Generator {
  /// The most alternatives one route expands into before its groups become "anything".
  static let maximumLines = 64

  /// A piece of a route's path line: a literal text, one component of any characters (a
  /// capture), or one or more components (a wildcard, a rest capture, or what is left of a
  /// route too branchy to expand).
  enum Piece: Hashable {
    case text(String)
    case component
    case components
  }

  /// One route's path lines: literal texts (percent-encoded, or as they are when `encode` is
  /// false, for Android, which matches the decoded path), captures and wildcards.
  static func lines(_ nodes: [PathNode], encode: Bool = true) -> [[Piece]] {
    var result: [[Piece]] = [[]]
    for node in nodes {
      let options: [[Piece]]
      switch node {
      case .literal(let text):
        options = [[.text(encode ? URLPrinterBridge.encodedComponent(text) : text)]]
      case .capture: options = [[.component]]
      case .wildcard, .rest: options = [[.components]]
      case .optional(let inner): options = lines(inner, encode: encode) + [[]]
      case .choice(let alternatives):
        options = alternatives.flatMap { lines($0, encode: encode) }
      }
      if result.count * options.count > maximumLines {
        result = result.map { $0 + [.components] }  // too many: the rest is "anything"
        return result
      }
      result = result.flatMap { prefix in options.map { prefix + $0 } }
    }
    return result
  }

  /// `pieces` with each text's letters beyond ASCII in each case the router folds alike, the
  /// pieces as they are first (at most 16 forms; past that, the pieces as they are).
  static func caseForms(_ pieces: [Piece]) -> [[Piece]] {
    var result: [[Piece]] = [[]]
    for piece in pieces {
      var options: [Piece] = [piece]
      if case .text(let text) = piece {
        var texts = [""]
        for character in text {
          let forms = RouteLanguage.caseForms(of: character)
          texts = texts.flatMap { prefix in forms.map { prefix + $0 } }
          if texts.count > 16 { return [pieces] }
        }
        options = texts.map(Piece.text)
      }
      result = result.flatMap { prefix in options.map { prefix + [$0] } }
      if result.count > 16 { return [pieces] }
    }
    return result
  }

  /// `pieces` with their texts escaped as a URL's path writes them.
  static func escaping(_ pieces: [Piece]) -> [Piece] {
    pieces.map {
      if case .text(let text) = $0 { .text(URLPrinterBridge.encodedComponent(text)) } else { $0 }
    }
  }

  /// AASA `components` for the routes (with and without a trailing `/`).
  ///
  /// `?*` (one or more characters) may span several components, so a capture's `?*` claims
  /// `/post/a/b` beside `/post/a`. Each line of fixed length is preceded by a component that
  /// excludes its paths with more components there (`/post/?*/?*`), and lines are listed
  /// longest first: the URLs of a longer route have met its own components before a shorter
  /// one's exclusion. Lines with a wildcard come first, without exclusions (their `?*` may
  /// span components, and a capture beside one may too).
  public static func aasaComponents(_ routes: [WebRoute]) -> [[String: Any]] {
    // Each line's components, each with the text that tells it apart (path and flags).
    var lines: [(length: Int, components: [(key: String, component: [String: Any])])] = []
    for route in routes {
      for (written, decoded) in zip(Self.lines(route.path), Self.lines(route.path, encode: false)) {
        // A literal a link may write with escapes (`caf%C3%A9`, also `caf%c3%a9`; `a&b`, also
        // `a%26b`) is claimed in its decoded form, which every way of writing it decodes to
        // (`percentsEncoded` false); unless it holds a `/`, which the decoded path would read
        // as two components: then it is claimed as written, in both hex cases (`x%2Fy`,
        // `x%2fy`).
        let slashed = decoded.contains {
          if case .text(let text) = $0 { text.contains("/") } else { false }
        }
        let escaped =
          !slashed
          && written.contains {
            guard case .text(let text) = $0 else { return false }
            return text.utf8.contains {
              $0 == UInt8(ascii: "%") || RouteLanguage.subDelimiters.contains($0)
            }
          }
        let pieces = escaped ? decoded : written
        func path(_ pieces: [Piece], splitting split: Int? = nil) -> String {
          "/"
            + pieces.enumerated().map { index, piece in
              switch piece {
              case .text(let text): text.replacingAASAWildcards()
              case .component, .components: index == split ? "?*/?*" : "?*"
              }
            }.joined(separator: "/")
        }
        func component(_ path: String, excludes: Bool = false) -> [String: Any] {
          var component: [String: Any] = [
            "/": path, "comment": "\(route.table) route \(route.index) \(route.pattern)",
          ]
          if excludes { component["exclude"] = true }
          if route.ignoringCase { component["caseSensitive"] = false }
          if escaped { component["percentsEncoded"] = false }
          return component
        }
        let flags = (escaped ? " decoded" : "") + (route.ignoringCase ? " any case" : "")
        let positive = path(pieces)
        var written: [(key: String, component: [String: Any])] = []
        // A path matched decoded (`percentsEncoded` false) reads a capture's `%2F` as a `/`:
        // such a line claims its paths with more components too.
        let fixed = !pieces.contains(.components) && !escaped
        if fixed {
          let endsInText = if case .text = pieces.last { true } else { false }
          for (index, piece) in pieces.enumerated() where piece == .component {
            let excluded = path(pieces, splitting: index)
            // After a last literal, a trailing `/` too (a last `?*` takes one).
            for variant in endsInText ? [excluded, excluded + "/"] : [excluded] {
              written.append(("exclude " + variant + flags, component(variant, excludes: true)))
            }
          }
        }
        // `caseSensitive` false folds ASCII letters only: a literal of a table without case
        // is also claimed with its other letters in the other case (`/café`, `/cafÉ`).
        // An ASCII literal may have forms beyond ASCII too (`kb`, also with KELVIN SIGN, which
        // the router folds to `k`): claimed as a link writes them, escaped (`/%E2%84%AAb`).
        let cases =
          slashed
          ? [positive, positive.lowercasingEscapes()]
          : !route.ignoringCase
            ? [positive]
            : escaped
              ? Self.caseForms(pieces).map { path($0) }
              : Self.caseForms(decoded).map { path(Self.escaping($0)) }
        for path in cases {
          for variant in path == "/" ? ["/"] : [path, path + "/"] {
            written.append((variant + flags, component(variant)))
          }
        }
        lines.append((fixed ? pieces.count : Int.max, written))
      }
    }
    // Longest first, in route order where lengths are equal; a component written before is
    // not written again.
    let ordered = lines.enumerated().sorted {
      ($0.element.length, -$0.offset) > ($1.element.length, -$1.offset)
    }
    var seen = Set<String>()
    return ordered.flatMap(\.element.components).compactMap {
      seen.insert($0.key).inserted ? $0.component : nil
    }
  }

  /// `<data android:pathPattern>` values for the routes. Android matches the decoded path, so
  /// literals are written decoded, `\\.` and `\\*` for `.` and `*`, and `\\\\` for `\` (the
  /// `<data>` reference: the string is read from XML, which takes one level of `\`, before the
  /// pattern is). A line with the optional trailing slash is written twice, without and with
  /// it; a line that ends with a capture ends with `..*`, which takes the slash already. The patterns avoid a trailing `X*` and a `.*`
  /// before a component's end, where the platform's matcher stops short of its documentation
  /// (it does not try every split); only a wildcard over several components before more
  /// literals still needs one.
  /// Whether a line of the route has a wildcard (any number of components) before more path.
  public static func spansBeforeMore(_ route: WebRoute) -> Bool {
    lines(route.path, encode: false).contains { line in
      line.dropLast().contains(.components)
    }
  }

  public static func androidPathPatterns(_ routes: [WebRoute]) -> [String] {
    var patterns: [String] = []
    for route in routes {
      for line in lines(route.path, encode: false) {
        let body = line.map { piece in
          guard case .text(let text) = piece else { return "..*" }
          return
            text.unicodeScalars.map {
              // A pattern compares with case: where the route does not, a letter is any one
              // character (`.`).
              route.ignoringCase && String($0).lowercased() != String($0).uppercased()
                ? "."
                : $0 == "\\"
                  ? "\\\\\\\\" : "\\.*".unicodeScalars.contains($0) ? "\\\\\($0)" : String($0)
            }
            .joined()
        }
        let path = "/" + body.joined(separator: "/")
        let endsInText = if case .text = line.last { true } else { false }
        let variants = endsInText ? [path, path + "/"] : [path]
        for pattern in variants where !patterns.contains(pattern) { patterns.append(pattern) }
      }
    }
    return patterns
  }
}

extension String {
  /// The text with the hex digits of its `%` escapes in lower case (`x%2fy`).
  fileprivate func lowercasingEscapes() -> String {
    var bytes = Array(utf8)
    var index = 0
    while index + 2 < bytes.count {
      if bytes[index] == UInt8(ascii: "%") {
        for digit in index + 1...index + 2 where bytes[digit] &- 0x41 < 6 { bytes[digit] |= 0x20 }
        index += 3
      } else {
        index += 1
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  fileprivate func replacingAASAWildcards() -> String {
    var result = ""
    var previous: Character?
    for character in self {
      switch character {
      case "*", "?": result.append("?")
      case "(" where previous == "$": result.append("?")
      default: result.append(character)
      }
      previous = character
    }
    return result
  }
}
