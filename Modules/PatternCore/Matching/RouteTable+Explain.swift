/// Why a route did not match a URL: the cause as data, how close the route came, and one
/// rendering of it in words (``message``). Front-ends build causes; they never word them.
public struct MissReason: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// What failed.
  public enum Cause: Sendable, Hashable {
    /// A component is not the literal the pattern expects (`position` is 0-based).
    case componentMismatch(position: Int, found: String, expected: String)
    /// A component does not parse as its capture's type (`capture` as the pattern writes it).
    case typeMismatch(position: Int, found: String, capture: String, type: ValueType)
    /// The URL ends while the pattern expects `expected` (a literal or a capture, as written).
    case urlTooShort(components: Int, expected: String?)
    /// The URL has a component after the pattern's end.
    case urlTooLong(position: Int, found: String)
    /// No item has any of these keys (a required item, aliases in order).
    case missingQueryItem(keys: [String])
    /// The item is there but its value is not of the type.
    case queryValueMismatch(key: String, value: String, type: ValueType)
    /// None of a one-of group's items is present.
    case noneOfQueryItems(keys: [String])
    /// The item is there but its value is not the one the pattern's condition names.
    case queryValueNotEqual(key: String, value: String, expected: String)
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
    MissReason(.schemeMismatch(found: found, expected: expected), closeness: -1)
  }

  /// A handler that declined: nearer than any route that did not match.
  public static let handlerDeclined = MissReason(.handlerDeclined, closeness: .max)

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
    var words = Words()
    words.write(cause)
    return String(decoding: words.bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 bytes of ``message(_:)`` to `output` (no `String` on the way).
  public static func write(_ cause: MissReason.Cause, into output: inout [UInt8]) {
    var words = Words(bytes: output)
    output = []
    words.write(cause)
    output = words.bytes
  }

  /// A sentence being written, piece by piece.
  private struct Words {
    var bytes: [UInt8] = []

    mutating func say(_ text: StaticString) {
      bytes.append(
        contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func say(_ text: String) {
      var text = text
      text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `text` in backquotes.
    mutating func quote(_ text: String) {
      say("`")
      say(text)
      say("`")
    }

    mutating func quote(_ texts: [String], joinedBy separator: StaticString) {
      for (index, text) in texts.enumerated() {
        if index > 0 { say(separator) }
        quote(text)
      }
    }

    mutating func number(_ value: Int) {
      guard value >= 10 || value < 0 else {
        bytes.append(UInt8(ascii: "0") + UInt8(value))
        return
      }
      say(String(value))
    }

    /// `component N` for 0-based `position`.
    mutating func component(_ position: Int) {
      say("component ")
      number(position + 1)
    }

    mutating func write(_ cause: MissReason.Cause) {
      switch cause {
      case .componentMismatch(let position, let found, let expected):
        component(position)
        say(" is ")
        quote(found)
        say(", the pattern expects ")
        quote(expected)
      case .typeMismatch(let position, let found, let capture, let type):
        component(position)
        say(" ")
        quote(found)
        say(" is not ")
        say(RouteTable.article(type))
        say(", as ")
        quote(capture)
        say(" requires")
      case .urlTooShort(let count, let expected):
        say("the URL ends after ")
        number(count)
        say(count == 1 ? " component" : " components")
        say("; the pattern expects ")
        if let expected { quote(expected) } else { say("another component") }
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
        say("query item ")
        quote(key)
        say(" has the value ")
        quote(value)
        say(", which is not ")
        say(RouteTable.article(type))
      case .noneOfQueryItems(let keys):
        say("none of the query items ")
        quote(keys, joinedBy: ", ")
        say(" is present")
      case .queryValueNotEqual(let key, let value, let expected):
        say("query item ")
        quote(key)
        say(" is ")
        quote(value)
        say("; the pattern needs ")
        quote(expected)
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
      case .forwardStopped(let problem):
        say(problem)
      }
    }
  }
}

/// What one route makes of one URL.
public enum RouteVerdict: Sendable, Hashable {
  case matched(RouteMatch)
  case missed(MissReason)
}

extension RouteTable {
  /// Tries route `index` and says why it failed, if it did.
  public func explain(routeAt index: Int, _ input: RoutingInput) -> RouteVerdict {
    var layout = URLLayout()
    layout.load(input)
    return explain(routeAt: index, layout, firstIsHost: input.firstComponentIsHost)
  }

  /// ``explain(routeAt:_:)`` over the components of `layout`.
  func explain(routeAt index: Int, _ layout: URLLayout, firstIsHost: Bool) -> RouteVerdict {
    if let reason = diagnose(routeAt: index, layout, first: 0, firstIsHost: firstIsHost) {
      return .missed(reason)
    }
    if let match = match(routeAt: index, layout, first: 0, firstIsHost: firstIsHost) {
      return .matched(match)
    }
    // The diagnosis and the match run the same program; they cannot disagree.
    return .missed(
      MissReason(.urlTooShort(components: layout.componentCount, expected: nil), closeness: 0))
  }

  /// Why route `index` fails on `input`; nil when it matches.
  func diagnose(routeAt index: Int, _ input: RoutingInput) -> MissReason? {
    var layout = URLLayout()
    layout.load(input)
    return diagnose(routeAt: index, layout, first: 0, firstIsHost: input.firstComponentIsHost)
  }

  /// Why route `index` fails on components `first...` of `layout`, from one backtracking run of
  /// its program; nil when it matches. (A reason's words are only written when asked for.)
  func diagnose(routeAt index: Int, _ layout: URLLayout, first: Int, firstIsHost: Bool)
    -> MissReason?
  {
    let route = routes[index]
    var tracker = FailureTracker()
    let slots = withExtendedLifetime(layout) {
      withUnsafeMutablePointer(to: &tracker) {
        matcher(route, layout, first: first, firstIsHost: firstIsHost).runBacktracking(tracker: $0)
      }
    }
    guard slots != nil else { return pathReason(route, layout, first: first, tracker) }
    var captures = Captures()
    let failures = withExtendedLifetime(layout) {
      trie.index.queries.bind(route: index, QueryView(layout), into: &captures)
    }
    guard let firstFailure = failures.first else { return nil }
    let satisfied = route.pattern.query.count - failures.count
    return Self.queryReason(firstFailure, closeness: (1 << 40) + satisfied)
  }

  /// How many (instruction, component) states the matcher expands for route `index` on this
  /// input, and the most it could ever expand (instructions × (components + 1)). The search
  /// visits each state at most once, which is what keeps matching linear.
  package func matchWork(routeAt index: Int, _ input: RoutingInput) -> (steps: Int, bound: Int) {
    let route = routes[index]
    var layout = URLLayout()
    layout.load(input)
    var tracker = FailureTracker()
    _ = withExtendedLifetime(layout) {
      withUnsafeMutablePointer(to: &tracker) {
        matcher(route, layout, first: 0, firstIsHost: input.firstComponentIsHost)
          .runBacktracking(tracker: $0)
      }
    }
    return (tracker.steps, route.program.instructions.count * (input.components.count + 1))
  }

  private static func queryReason(_ failure: CompiledQueries.Failure?, closeness: Int) -> MissReason
  {
    switch failure {
    case .missing(let item, let invalid?) where item.equals != nil:
      MissReason(
        .queryValueNotEqual(key: item.keys[0], value: invalid, expected: item.equals!),
        closeness: closeness)
    case .forbidden(let key):
      MissReason(.forbiddenQueryItem(key: key), closeness: closeness)
    case .missing(let item, let invalid?):
      MissReason(
        .queryValueMismatch(key: item.keys[0], value: invalid, type: item.type),
        closeness: closeness)
    case .missing(let item, nil):
      MissReason(.missingQueryItem(keys: item.keys), closeness: closeness)
    case .noneOf(let items):
      MissReason(.noneOfQueryItems(keys: items.flatMap(\.keys)), closeness: closeness)
    case nil:
      MissReason(.handlerDeclined, closeness: closeness)
    }
  }

  private func pathReason(
    _ route: CompiledRoute, _ layout: URLLayout, first: Int, _ tracker: FailureTracker
  ) -> MissReason {
    let position = tracker.furthest
    let count = layout.componentCount - first
    let instructions = route.program.instructions
    if position < count, let pc = tracker.failedInstruction {
      let component = layout.component(first + position)
      switch instructions[pc] {
      case .literal(let literal):
        return MissReason(
          .componentMismatch(
            position: position, found: component, expected: route.program.text(of: literal)),
          closeness: tracker.rank + 0)
      case .capture(let slot, let type):
        let shown = CanonicalPrinter.capture(name: route.program.slotNames[slot], type: type)
        return MissReason(
          .typeMismatch(position: position, found: component, capture: shown, type: type),
          closeness: tracker.rank + 2)
      default:
        break
      }
    }
    if position >= count, let pc = tracker.failedInstruction {
      let expected: String?
      switch instructions[pc] {
      case .literal(let literal): expected = route.program.text(of: literal)
      case .capture(let slot, let type):
        expected = CanonicalPrinter.capture(name: route.program.slotNames[slot], type: type)
      default: expected = nil
      }
      return MissReason(
        .urlTooShort(components: count, expected: expected), closeness: tracker.rank + 1)
    }
    let extra = position < count ? layout.component(first + position) : ""
    return MissReason(.urlTooLong(position: position, found: extra), closeness: tracker.rank + 1)
  }

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

extension FailureTracker {
  /// Literal matches outrank position, which outranks the kind of failure (0-3).
  var rank: Int { max(literals, 0) * 4096 + furthest * 4 }
}

extension RouteTable {
  /// The nearest route for a URL that comes from a source the routes do not answer (another
  /// scheme or host): routes are ranked by their path, so a route that differs only by its
  /// source comes first, and the reason names the source.
  /// - Parameters:
  ///   - input: the URL's components as the routes would see them.
  ///   - source: the URL's source as written (`foo`, `https://other.example`).
  ///   - expected: the sources the routes answer, as written.
  ///   - eligible: the routes to consider (all of them when nil).
  public func nearestMiss(
    _ input: RoutingInput, fromSource source: String, expected: [String],
    eligible: Set<Int>? = nil
  ) -> (routeIndex: Int, reason: MissReason)? {
    guard !routes.isEmpty else { return nil }
    let candidates = eligible.map { Array($0).sorted() } ?? Array(0..<count)
    if let match = matches(input).first(where: { candidates.contains($0.routeIndex) }) {
      return (
        match.routeIndex,
        MissReason(
          .unknownSource(found: source, expected: expected, then: nil), closeness: .max - 1)
      )
    }
    var layout = URLLayout()
    layout.load(input)
    var best: (Int, MissReason)?
    for index in candidates {
      guard
        case .missed(let reason) = explain(
          routeAt: index, layout, firstIsHost: input.firstComponentIsHost)
      else { continue }
      if best == nil || reason > best!.1 { best = (index, reason) }
    }
    guard let (index, reason) = best else { return nil }
    return (
      index,
      MissReason(
        .unknownSource(found: source, expected: expected, then: reason.cause), closeness: -1)
    )
  }
}
