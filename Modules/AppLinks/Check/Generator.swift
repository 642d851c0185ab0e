import PatternCore

/// Writes what an OS needs to hand exactly the routes' URLs to the app, as far as each format
/// can say it: both formats match any characters where a route has a capture (`:int(id)`
/// becomes "one or more characters"), neither can ask for a query item's presence the way a
/// route does, and AASA patterns cannot escape `*` or `?` in a literal (such a character becomes
/// `?`, any one character). A literal written with escapes is claimed decoded (iOS:
/// `percentsEncoded` false), in any hex case; a letter of a literal compared without case is any
/// one character on Android. So the output may claim more than the routes handle, never less.
public enum Generator {
  /// The most alternatives one route expands into before its groups become "anything".
  static let maximumLines = 64

  /// One route's path lines: literal texts (percent-encoded, or as they are when `encode` is
  /// false, for Android, which matches the decoded path) and `nil` for "one or more characters".
  static func lines(_ nodes: [PathNode], encode: Bool = true) -> [[String?]] {
    var result: [[String?]] = [[]]
    for node in nodes {
      let options: [[String?]]
      switch node {
      case .literal(let text):
        options = [[encode ? URLPrinterBridge.encodedComponent(text) : text]]
      case .capture, .wildcard, .rest: options = [[nil]]
      case .optional(let inner): options = lines(inner, encode: encode) + [[]]
      case .choice(let alternatives):
        options = alternatives.flatMap { lines($0, encode: encode) }
      }
      if result.count * options.count > maximumLines {
        result = result.map { $0 + [nil] }  // too many: the rest is "anything"
        return result
      }
      result = result.flatMap { prefix in options.map { prefix + $0 } }
    }
    return result
  }

  /// AASA `components` for the routes (with and without a trailing `/`).
  public static func aasaComponents(_ routes: [WebRoute]) -> [[String: Any]] {
    var components: [[String: Any]] = []
    var seen = Set<String>()
    for route in routes {
      for (written, decoded) in zip(lines(route.path), lines(route.path, encode: false)) {
        // A literal a link writes with escapes (`caf%C3%A9`, also `caf%c3%a9`) is claimed in
        // its decoded form, which every way of writing it decodes to (`percentsEncoded` false).
        let escaped = written.contains { $0?.contains("%") == true }
        let body = (escaped ? decoded : written).map { part in
          part.map { $0.replacingAASAWildcards() } ?? "?*"
        }
        let path = "/" + body.joined(separator: "/")
        for variant in path == "/" ? ["/"] : [path, path + "/"]
        where seen.insert(variant + (escaped ? " decoded" : "")).inserted {
          var component: [String: Any] = [
            "/": variant, "comment": "\(route.table) route \(route.index) \(route.pattern)",
          ]
          if route.ignoringCase { component["caseSensitive"] = false }
          if escaped { component["percentsEncoded"] = false }
          components.append(component)
        }
      }
    }
    return components
  }

  /// `<data android:pathPattern>` values for the routes. Android matches the decoded path, so
  /// literals are written decoded, `\\.` and `\\*` for `.` and `*`, and `\\\\` for `\` (the
  /// `<data>` reference: the string is read from XML, which takes one level of `\`, before the
  /// pattern is). A line with the optional trailing slash is written twice, without and with
  /// it; a line that ends with a capture ends with `..*`, which takes the slash already. The patterns avoid a trailing `X*` and a `.*`
  /// before a component's end, where the platform's matcher stops short of its documentation
  /// (it does not try every split); only a wildcard over several components before more
  /// literals still needs one.
  public static func androidPathPatterns(_ routes: [WebRoute]) -> [String] {
    var patterns: [String] = []
    for route in routes {
      for line in lines(route.path, encode: false) {
        let body = line.map { part in
          part.map { text in
            text.unicodeScalars.map {
              // A pattern compares with case: where the route does not, a letter is any one
              // character (`.`).
              route.ignoringCase && String($0).lowercased() != String($0).uppercased()
                ? "."
                : $0 == "\\"
                  ? "\\\\\\\\" : "\\.*".unicodeScalars.contains($0) ? "\\\\\($0)" : String($0)
            }
            .joined()
          } ?? "..*"
        }
        let path = "/" + body.joined(separator: "/")
        let variants = line.isEmpty || line.last! == nil ? [path] : [path, path + "/"]
        for pattern in variants where !patterns.contains(pattern) { patterns.append(pattern) }
      }
    }
    return patterns
  }
}

extension String {
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
