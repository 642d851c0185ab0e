/// Why a route did not match a URL: the cause as data, how close the route came, and one
/// rendering of it in words (``message``). Front-ends build causes; they never word them.
public struct MissReason: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// What failed.
  public enum Cause: Sendable, Hashable {
    /// A component is none of the literals the pattern takes there (one, or each alternative
    /// of a choice, in pattern order; `position` is 0-based).
    case componentMismatch(position: Int, found: String, expected: [String])
    /// A component does not parse as its capture's type (`capture` as the pattern writes it).
    case typeMismatch(position: Int, found: String, capture: String, type: ValueType)
    /// The URL ends while the pattern expects one of `expected` next (literals or captures,
    /// as written: each alternative, as an optional part that may be left out and what comes
    /// after it; empty when it cannot say which).
    case urlTooShort(components: Int, expected: [String])
    /// The URL has a component after the pattern's end.
    case urlTooLong(position: Int, found: String)
    /// No item has any of these keys (a required item, aliases in order).
    case missingQueryItem(keys: [String])
    /// The item is there but its value is not of the type.
    case queryValueMismatch(key: String, value: String, type: ValueType)
    /// None of a one-of group's items is present.
    case noneOfQueryItems(keys: [String])
    /// The item is there but its value is none of those the pattern's conditions name under
    /// its key (one, or a one-of group's, in pattern order).
    case queryValueNotEqual(key: String, value: String, expected: [String])
    /// The URL has an item the pattern forbids (`!key`).
    case forbiddenQueryItem(key: String)
    /// The URL's scheme is not the router's.
    case schemeMismatch(found: String, expected: String)
    /// The URL comes from a source (scheme or origin) the router does not answer; when the
    /// path matches, `then` is nil, otherwise it is why the path fails too.
    indirect case unknownSource(found: String, expected: [String], then: Cause?)
    /// The route answers another of the router's sources than the URL's; when the path
    /// matches, `then` is nil, otherwise it is why the path fails too.
    indirect case otherSource(route: String, url: String, then: Cause?)
    /// The route matched and its handler declined.
    case handlerDeclined
    /// The route matched, but its handler is `async` and the call was synchronous, which
    /// cannot run it.
    case handlerIsAsync
    /// A forwarding route matched, but its value cannot be followed (why, in words).
    case forwardStopped(String)
  }

  /// What failed.
  public var cause: Cause
  /// How close the route came (higher is nearer); used to pick the nearest route.
  public var closeness: Int

  /// Creates a reason.
  public init(_ cause: Cause, closeness: Int) {
    self.cause = cause
    self.closeness = closeness
  }

  /// The reason for a URL of another scheme: it ranks below every real attempt.
  public static func schemeMismatch(found: String, expected: String) -> MissReason {
    MissReason(.schemeMismatch(found: found, expected: expected), closeness: foreignScheme)
  }

  /// Misses of a URL from a source (scheme or origin) a router does not answer rank below
  /// every real attempt (closeness 0 and up), so that of several tables the one that takes the
  /// URL's source names the nearest route: first a route whose path matches but whose source
  /// differs, then a router of another scheme, then a route whose path fails too.
  public static let foreignSourcePathMatched = -1
  /// See ``foreignSourcePathMatched``.
  public static let foreignScheme = -2
  /// See ``foreignSourcePathMatched``.
  public static let foreignSourcePathFails = -3

  /// The least closeness of a route whose path matched (its query failed): above every path
  /// that fails, whose closeness is below this.
  public static let pathMatched = 1 << 40

  /// A handler that declined: nearer than any route that did not match.
  public static let handlerDeclined = MissReason(.handlerDeclined, closeness: .max)

  /// An `async` handler a synchronous call skipped: as near as one that declined.
  public static let handlerIsAsync = MissReason(.handlerIsAsync, closeness: .max)

  /// One sentence saying what failed.
  public var message: String { MissReasonRenderer.message(cause) }

  public var description: String { message }

  /// The 0-based index of the component that failed, if the path failed at one.
  public var componentIndex: Int? {
    switch cause {
    case .componentMismatch(let position, _, _), .typeMismatch(let position, _, _, _),
      .urlTooLong(let position, _):
      position
    case .unknownSource(_, _, let then?), .otherSource(_, _, let then?):
      MissReason(then, closeness: 0).componentIndex
    default: nil
    }
  }

  /// The query key that failed, if the query failed.
  public var queryKey: String? {
    switch cause {
    case .missingQueryItem(let keys), .noneOfQueryItems(let keys): keys.first
    case .queryValueMismatch(let key, _, _), .queryValueNotEqual(let key, _, _),
      .forbiddenQueryItem(let key):
      key
    case .unknownSource(_, _, let then?), .otherSource(_, _, let then?):
      MissReason(then, closeness: 0).queryKey
    default: nil
    }
  }

  /// Whether the URL ended too early (the caret goes after its last character).
  public var urlEndsEarly: Bool {
    switch cause {
    case .urlTooShort: true
    case .unknownSource(_, _, let then?), .otherSource(_, _, let then?):
      MissReason(then, closeness: 0).urlEndsEarly
    default: false
    }
  }

  /// Nearer reasons are greater.
  public static func < (lhs: MissReason, rhs: MissReason) -> Bool {
    lhs.closeness < rhs.closeness
  }
}

/// The words of every miss, in one place.
public enum MissReasonRenderer {
  /// One sentence for a cause.
  public static func message(_ cause: MissReason.Cause) -> String {
    var words = ByteWriter(capacity: 128)
    words.write(cause)
    return words.text
  }

  /// Appends the UTF-8 bytes of ``message(_:)`` to `output` (no `String` on the way).
  public static func write(_ cause: MissReason.Cause, into output: inout [UInt8]) {
    var words = ByteWriter(capacity: 128)
    words.write(cause)
    output += words.bytes
  }

  /// The same, into a writer (the resolver's records).
  package static func write(_ cause: MissReason.Cause, into output: inout ByteWriter) {
    output.write(cause)
  }

  /// The type with its article, as a sentence names it (`an int`, `a UUID`).
  static func article(_ type: ValueType) -> String {
    switch type {
    case .int: "an int"
    case .double: "a number"
    case .bool: "a bool"
    case .string: "a string"
    case .list(let element): "a list of \(element)"
    case .uuid: "a UUID"
    case .custom(let type): "a `\(type.name)`"
    }
  }
}

/// A sentence being written, piece by piece.
extension ByteWriter {
  fileprivate mutating func say(_ text: StaticString) { append(text) }

  fileprivate mutating func say(_ text: String) { append(text: text) }

  /// `text` in backquotes.
  fileprivate mutating func quote(_ text: String) {
    say("`")
    // A decoded component or value may hold control characters (`%0A`, `%1B`): written as
    // escapes, so a reason neither breaks a line nor sends a terminal its controls (and a `\`
    // as `\\`, so `a%0Ab` and `a%5Cnb` read apart).
    say(ControlEscapes.visible(text, escapingBackslashes: true))
    say("`")
  }

  fileprivate mutating func quote(_ texts: [String], joinedBy separator: StaticString) {
    for (index, text) in texts.enumerated() {
      if index > 0 { say(separator) }
      quote(text)
    }
  }

  fileprivate mutating func number(_ value: Int) {
    guard value >= 10 || value < 0 else {
      append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    say(String(value))
  }

  /// `component N` for 0-based `position`.
  /// "query item `key` is empty", or "query item `key`" then `shown` and the value quoted.
  fileprivate mutating func item(_ key: String, _ value: String, shown: StaticString) {
    say("query item ")
    quote(key)
    if value.isEmpty {
      say(" is empty")
    } else {
      say(shown)
      quote(value)
    }
  }

  fileprivate mutating func component(_ position: Int) {
    say("component ")
    number(position + 1)
  }

  fileprivate mutating func write(_ cause: MissReason.Cause) {
    switch cause {
    case .componentMismatch(let position, let found, let expected):
      component(position)
      say(" is ")
      quote(found)
      say(", the pattern expects ")
      quote(expected, joinedBy: " or ")
    case .typeMismatch(let position, let found, let capture, let type):
      component(position)
      say(" ")
      quote(found)
      say(" is not ")
      say(MissReasonRenderer.article(type))
      say(", as ")
      quote(capture)
      say(" requires")
    case .urlTooShort(let count, let expected):
      say("the URL ends after ")
      number(count)
      say(count == 1 ? " component" : " components")
      say("; the pattern expects ")
      if expected.isEmpty { say("another component") } else { quote(expected, joinedBy: " or ") }
      say(" next")
    case .urlTooLong(let position, let found):
      component(position)
      say(" ")
      quote(found)
      say(" is extra; the pattern ends before it")
    case .missingQueryItem(let keys):
      say("missing required query item ")
      quote(keys, joinedBy: " or ")
    case .queryValueMismatch(let key, let value, let type):
      item(key, value, shown: " has the value ")
      say(", which is not ")
      say(MissReasonRenderer.article(type))
    case .noneOfQueryItems(let keys) where keys.count == 1:
      say("missing query item ")
      quote(keys[0])
    case .noneOfQueryItems(let keys):
      say("none of the query items ")
      quote(keys, joinedBy: ", ")
      say(" is present")
    case .queryValueNotEqual(let key, let value, let expected):
      item(key, value, shown: " is ")
      say("; the pattern needs ")
      quote(expected, joinedBy: " or ")
    case .forbiddenQueryItem(let key):
      say("query item ")
      quote(key)
      say(" is present; the pattern forbids it")
    case .schemeMismatch(let found, let expected):
      if found.isEmpty {
        say("the URL has no scheme (a relative reference); routes answer ")
        quote(expected + ":")
      } else {
        say("scheme ")
        quote(found)
        say(" is not ")
        quote(expected)
      }
    case .unknownSource(let found, let expected, let then):
      if then == nil { say("the path matches, but ") }
      if found.isEmpty {
        say("the URL has no scheme (a relative reference), which")
      } else {
        say("source ")
        quote(found)
      }
      say(" is not a source of this router (sources: ")
      quote(expected, joinedBy: ", ")
      say(")")
      if let then {
        say("; and ")
        write(then)
      }
    case .otherSource(let route, let url, let then):
      if then == nil { say("the path matches, but ") }
      say("the route is for source ")
      quote(route)
      say(" and the URL comes from source ")
      quote(url)
      if let then {
        say("; and ")
        write(then)
      }
    case .handlerDeclined:
      say("the handler declined")
    case .handlerIsAsync:
      say("the handler is `async`, which a synchronous call cannot run (call it with `await`)")
    case .forwardStopped(let problem):
      say(problem)
    }
  }
}
