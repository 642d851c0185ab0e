import PatternCore

// The typed DSL of Deeper. Routes and query parts are different types, so `&` and `&?`
// exist only between query parts: `&` before `.?` does not compile.
//
// The operators and their precedence are declared once, in PatternCore (RouteOperators.swift).

extension DeepLinkRoute {
  /// One or more components of anything (`*`).
  public static let any = DeepLinkRoute(pattern: RoutePattern(path: [.wildcard]))

  init(pattern: RoutePattern) {
    self.init(pattern: pattern, text: pattern.description)
  }

  init(capture parameter: DeepLinkPatternParameter) {
    self.init(pattern: RoutePattern(path: [parameter.node]))
  }

  /// Joins two routes; the left one must not have a query yet.
  static func joined(_ lhs: DeepLinkRoute, _ rhs: DeepLinkRoute, optional: Bool) -> DeepLinkRoute {
    combine(lhs, rhs) { left, right throws(PatternSyntaxError) in
      guard left.query.isEmpty else {
        throw PatternSyntaxError(
          .other(
            message: "a path part follows the query",
            hint: "add path parts before '.?' and query parts after it"),
          pattern: left.description, offset: left.description.utf8.count)
      }
      return RoutePattern(
        path: left.path + (optional ? [.optional(right.path)] : right.path), query: right.query)
    }
  }

  static func combine(
    _ lhs: DeepLinkRoute, _ rhs: DeepLinkRoute,
    _ body: (RoutePattern, RoutePattern) throws(PatternSyntaxError) -> RoutePattern
  ) -> DeepLinkRoute {
    do {
      return DeepLinkRoute(pattern: try body(try lhs.pattern, try rhs.pattern))
    } catch {
      return DeepLinkRoute(failed: error)
    }
  }

  /// `a / b`: `b` follows `a`.
  public static func / (lhs: DeepLinkRoute, rhs: DeepLinkRoute) -> DeepLinkRoute {
    joined(lhs, rhs, optional: false)
  }

  /// `a / .param`: a capture follows `a`.
  public static func / (lhs: DeepLinkRoute, rhs: DeepLinkPatternParameter) -> DeepLinkRoute {
    joined(lhs, DeepLinkRoute(capture: rhs), optional: false)
  }

  /// `.param / b`: `b` follows a capture.
  public static func / (lhs: DeepLinkPatternParameter, rhs: DeepLinkRoute) -> DeepLinkRoute {
    joined(DeepLinkRoute(capture: lhs), rhs, optional: false)
  }

  /// `a /? b`: `b`, optional, follows `a` (`a/(b)`).
  public static func /? (lhs: DeepLinkRoute, rhs: DeepLinkRoute) -> DeepLinkRoute {
    joined(lhs, rhs, optional: true)
  }

  /// `a /? .param`: an optional capture follows `a` (`a/(:param)`).
  public static func /? (lhs: DeepLinkRoute, rhs: DeepLinkPatternParameter) -> DeepLinkRoute {
    joined(lhs, DeepLinkRoute(capture: rhs), optional: true)
  }

  /// `a | b`: `a`, or else `b` (`(a|b)`); alternatives of alternatives are flattened.
  public static func | (lhs: DeepLinkRoute, rhs: DeepLinkRoute) -> DeepLinkRoute {
    combine(lhs, rhs) { left, right throws(PatternSyntaxError) in
      guard left.query.isEmpty, right.query.isEmpty else {
        throw PatternSyntaxError(
          .other(message: "alternatives cannot have queries", hint: "add the query after '|'"),
          pattern: left.description + "|" + right.description, offset: 0)
      }
      return RoutePattern(path: [.choice(alternatives(left.path) + alternatives(right.path))])
    }
  }

  private static func alternatives(_ path: [PathNode]) -> [[PathNode]] {
    if path.count == 1, case .choice(let inner) = path[0] { return inner }
    return [path]
  }

  /// `route .? query`: the query parts of the route.
  public static func .? (lhs: DeepLinkRoute, rhs: DeepLinkQuery) -> DeepLinkRoute {
    appendingQuery(lhs, rhs, firstOptional: false)
  }

  /// `route .? .param`: one required query item.
  public static func .? (lhs: DeepLinkRoute, rhs: DeepLinkPatternParameter) -> DeepLinkRoute {
    appendingQuery(lhs, DeepLinkQuery(rhs), firstOptional: false)
  }

  /// `route .?? query`: the query parts, the first one optional.
  public static func .?? (lhs: DeepLinkRoute, rhs: DeepLinkQuery) -> DeepLinkRoute {
    appendingQuery(lhs, rhs, firstOptional: true)
  }

  /// `route .?? .param`: one optional query item.
  public static func .?? (lhs: DeepLinkRoute, rhs: DeepLinkPatternParameter) -> DeepLinkRoute {
    appendingQuery(lhs, DeepLinkQuery(rhs), firstOptional: true)
  }

  static func appendingQuery(_ route: DeepLinkRoute, _ query: DeepLinkQuery, firstOptional: Bool)
    -> DeepLinkRoute
  {
    do {
      var pattern = try route.pattern
      var nodes = query.nodes
      if firstOptional, case .item(var item) = nodes.first {
        item.required = false
        nodes[0] = .item(item)
      }
      pattern.query += nodes
      return DeepLinkRoute(pattern: pattern)
    } catch {
      return DeepLinkRoute(failed: error)
    }
  }
}

/// Query parts joined by `&` and `&?`; give them to a route with `.?` or `.??`.
public struct DeepLinkQuery: Sendable, Hashable {
  /// The query nodes, in order.
  public let nodes: [QueryNode]

  /// One required item.
  public init(_ parameter: DeepLinkPatternParameter) {
    nodes = [.item(parameter.queryItem)]
  }

  init(nodes: [QueryNode]) {
    self.nodes = nodes
  }

  /// At least one of the items (`(:a|:b)`).
  public static func oneOf(_ parameters: DeepLinkPatternParameter...) -> DeepLinkQuery {
    DeepLinkQuery(nodes: [.oneOf(parameters.map(\.queryItem))])
  }

  /// `query & .b`: `b` required too.
  public static func & (lhs: DeepLinkQuery, rhs: DeepLinkPatternParameter) -> DeepLinkQuery {
    DeepLinkQuery(nodes: lhs.nodes + [.item(rhs.queryItem)])
  }

  /// `query & query`: both sets of parts.
  public static func & (lhs: DeepLinkQuery, rhs: DeepLinkQuery) -> DeepLinkQuery {
    DeepLinkQuery(nodes: lhs.nodes + rhs.nodes)
  }

  /// `query &? .b`: `b` optional.
  public static func &? (lhs: DeepLinkQuery, rhs: DeepLinkPatternParameter) -> DeepLinkQuery {
    var item = rhs.queryItem
    item.required = false
    return DeepLinkQuery(nodes: lhs.nodes + [.item(item)])
  }
}

extension DeepLinkPatternParameter {
  /// `.a / .b`: two captures.
  public static func / (lhs: DeepLinkPatternParameter, rhs: DeepLinkPatternParameter)
    -> DeepLinkRoute
  {
    DeepLinkRoute.joined(DeepLinkRoute(capture: lhs), DeepLinkRoute(capture: rhs), optional: false)
  }

  /// `.a & .b`: both required.
  public static func & (lhs: DeepLinkPatternParameter, rhs: DeepLinkPatternParameter)
    -> DeepLinkQuery
  {
    DeepLinkQuery(lhs) & rhs
  }

  /// `.a &? .b`: `b` optional.
  public static func &? (lhs: DeepLinkPatternParameter, rhs: DeepLinkPatternParameter)
    -> DeepLinkQuery
  {
    DeepLinkQuery(lhs) &? rhs
  }

  /// An `:int(name)` capture.
  public static func int(_ name: String) -> DeepLinkPatternParameter {
    DeepLinkPatternParameter(name, type: .int)
  }

  /// A `:num(name)` capture (a number; same as ``double(_:)``).
  public static func num(_ name: String) -> DeepLinkPatternParameter {
    DeepLinkPatternParameter(name, type: .double)
  }

  /// A `:double(name)` capture.
  public static func double(_ name: String) -> DeepLinkPatternParameter {
    DeepLinkPatternParameter(name, type: .double)
  }

  /// A `:bool(name)` capture.
  public static func bool(_ name: String) -> DeepLinkPatternParameter {
    DeepLinkPatternParameter(name, type: .bool)
  }

  /// A `:string(name)` capture (the same as a plain `:name`).
  public static func string(_ name: String) -> DeepLinkPatternParameter {
    DeepLinkPatternParameter(name, type: .string)
  }

  var node: PathNode { .capture(name: name, type: type) }

  var queryItem: QueryItemPattern { QueryItemPattern(name, type: type) }
}
