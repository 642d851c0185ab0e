/// Why a URL could not be printed for a pattern and values.
public enum ReverseRoutingError: Error, Sendable, Hashable, CustomStringConvertible,
  DiagnosticConvertible
{
  /// A required capture or query item has no value (an anonymous capture is named by its
  /// spelling, `:bool()`).
  case missingValue(name: String, pattern: String)
  /// A value does not parse as its capture's type, or is empty in the path.
  case invalidValue(name: String, value: String, expected: ValueType, pattern: String)
  /// A wildcard has no (or an empty) value.
  case missingWildcard(pattern: String)
  /// A value names no capture of the pattern, or would not be bound back.
  case unusedValue(name: String, pattern: String)
  /// The printed URL would also bind a capture that was given no value (an item of a `*name`
  /// object that a capture of the same key binds too).
  case unexpectedValue(name: String, pattern: String)
  /// No registered route can print what was asked for (`subject` says what that was).
  case noRoute(subject: String, routes: Int)
  /// There is no route at `index` (registration order) among the `routes` registered.
  case noRouteAt(index: Int, routes: Int)
  /// The route prints `url`, but an earlier route (`route`, `pattern`) takes that URL first, so
  /// it would not give back what was asked for.
  case takenFirst(url: String, route: Int, pattern: String)
  /// The route's source has a host wildcard (`https://*.example.com`): a host must be given.
  case hostNeeded(source: String)
  /// The given host is not one the route's source answers.
  case hostNotAnswered(host: String, source: String)
  /// The printed URL would be refused as a URL (`reason`: too long, too many components).
  case refusedURL(reason: String, pattern: String)
  /// The pattern does not match the URL it prints (`reason`: why), as when its query
  /// conditions contradict each other (`?!k&k=1`: no URL can match it).
  case notMatched(url: String, reason: String, pattern: String)

  public var message: String {
    switch self {
    case .missingValue(let name, _):
      name.hasPrefix(":")
        ? "a capture with no name (`\(name)`) has no value to print, as none can name it"
        : "no value for `\(name)`"
    case .invalidValue(let name, let value, let expected, _):
      if value.isEmpty {
        "`\(name)` is empty, which a path component cannot be"
      } else if expected == .string,
        value.hasPrefix("/") || value.hasSuffix("/") || value.contains("//")
      {
        // A rest capture's value: a piece between its '/' is empty.
        "`\(name)` = `\(value)` has an empty piece between its `/`, which a path component "
          + "cannot be"
      } else if expected == .string {
        // A `*name` query object given a text.
        "`\(name)` = `\(value)` is not an object of query items"
      } else {
        "`\(name)` = `\(value)` is not \(MissReasonRenderer.article(expected))"
      }
    case .missingWildcard: "a wildcard `*` needs a value (one or more non-empty components)"
    case .unusedValue(let name, _): "`\(name)` would not be bound back by this pattern"
    case .unexpectedValue(let name, _):
      "the URL would also bind `\(name)`, which was given no value"
    case .noRoute(let subject, let routes):
      routes == 0
        ? "no route is registered for \(subject)"
        : "none of the \(routes) routes registered for \(subject) can print it"
    case .takenFirst(let url, let route, let pattern):
      "the URL it prints, `\(url)`, is taken first by route \(route) `\(pattern)`"
    case .noRouteAt(let index, let routes):
      routes == 0
        ? "there is no route at index \(index): no route is registered"
        : "there is no route at index \(index): \(routes) routes are registered, at "
          + (routes == 1 ? "index 0" : "indices 0-\(routes - 1)")
    case .hostNeeded(let source):
      "the source `\(source)` answers many hosts: give the host to print under (for example "
        + "`\(HostPattern.example(of: source.drop { $0 != "*" }.prefix { $0 != ":" && $0 != "/" }))`)"
    case .hostNotAnswered(let host, let source):
      "the source `\(source)` does not answer the host `\(host)`"
    case .refusedURL(let reason, _):
      "the URL would be refused: \(reason)"
    case .notMatched(let url, let reason, _):
      "the pattern does not match the URL it prints, `\(url)`: \(reason)"
    }
  }

  var pattern: String {
    switch self {
    case .missingValue(_, let pattern), .invalidValue(_, _, _, let pattern),
      .missingWildcard(let pattern), .unusedValue(_, let pattern),
      .unexpectedValue(_, let pattern), .refusedURL(_, let pattern),
      .notMatched(_, _, let pattern):
      pattern
    case .noRoute, .noRouteAt, .takenFirst: ""
    case .hostNeeded(let source), .hostNotAnswered(_, let source): source
    }
  }

  public var diagnostic: Diagnostic {
    switch self {
    case .noRoute, .noRouteAt, .takenFirst:
      return Diagnostic(code: .invalidRequest, message: message)
    default: break
    }
    return Diagnostic(code: code, message: message, source: pattern, offset: offset)
  }

  /// `limit_exceeded` for a URL over a limit (as a URL that long is when resolved), else
  /// `invalid_request`.
  public var code: ErrorCode {
    if case .refusedURL = self { return .limitExceeded }
    return .invalidRequest
  }

  /// Where in `pattern` the caret goes: the capture named, the first wildcard, or the host
  /// wildcard of a source.
  var offset: Int? {
    let text = Array(pattern.utf8)
    func index(of byte: UInt8) -> Int? { text.firstIndex(of: byte) }
    switch self {
    case .missingValue(let name, _), .invalidValue(let name, _, _, _), .unusedValue(let name, _),
      .unexpectedValue(let name, _):
      // The name as a whole word, then back to the `:`, `*` or `{` that starts its capture.
      let word = Array(name.utf8)
      guard !word.isEmpty, text.count >= word.count else { return nil }
      func isNamePart(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 || byte == UInt8(ascii: "_")
      }
      for start in 0...(text.count - word.count)
      where Array(text[start..<(start + word.count)]) == word {
        let end = start + word.count
        guard start == 0 || !isNamePart(text[start - 1]),
          end == text.count || !isNamePart(text[end])
        else { continue }
        var head = start
        while head > 0, !":*{".utf8.contains(text[head]), text[head - 1] != UInt8(ascii: "/") {
          head -= 1
        }
        return ":*{".utf8.contains(text[head]) ? head : start
      }
      return nil
    case .missingWildcard, .hostNeeded, .hostNotAnswered:
      return index(of: UInt8(ascii: "*"))
    case .noRoute, .noRouteAt, .takenFirst, .refusedURL, .notMatched:
      return nil
    }
  }

  public var description: String { diagnostic.description }
}
