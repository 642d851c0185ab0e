/// One node of a path pattern.
public indirect enum PathNode: Sendable, Hashable {
  /// One component equal to the text.
  case literal(String)
  /// One component that parses as `type`, bound to `name`.
  case capture(name: String, type: ValueType)
  /// One or more components (`*`), binding as few as it can.
  case wildcard
  /// One or more components like ``wildcard`` (`*name`), binding their decoded texts joined
  /// with `/` to `name`.
  case rest(name: String)
  /// The sequence or nothing, preferring the sequence.
  case optional([PathNode])
  /// The first alternative (left first) that lets the whole pattern match.
  case choice([[PathNode]])
}

/// One query requirement: a value under one of `keys`, parsed as `type`, bound to `name`.
public struct QueryItemPattern: Sendable, Hashable {
  /// The accepted keys (aliases), in declaration order.
  public var keys: [String]
  /// The name the value binds to.
  public var name: String
  /// The type the value must parse as.
  public var type: ValueType
  /// Whether a URL without a valid value fails the route.
  public var required: Bool
  /// A condition instead of a capture (`ref=welcome`): the decoded value must equal this text
  /// exactly, and the item binds nothing (its name is empty).
  public var equals: String?

  /// Creates a query item.
  public init(keys: [String], name: String, type: ValueType = .string, required: Bool = true) {
    self.keys = keys
    self.name = name
    self.type = type
    self.required = required
  }

  /// A single-key item whose key is its name (`:userId` in Deeper).
  public init(_ name: String, type: ValueType = .string, required: Bool = true) {
    self.init(keys: [name], name: name, type: type, required: required)
  }

  /// A condition item (`key=value`): one of `keys` must carry exactly `value`; binds nothing.
  public init(keys: [String], equals value: String, required: Bool = true) {
    self.init(keys: keys, name: "", type: .string, required: required)
    self.equals = value
  }
}

/// One query node: an item, or a choice of items of which at least one must be present.
public enum QueryNode: Sendable, Hashable {
  /// A single item.
  case item(QueryItemPattern)
  /// At least one of the items must bind; the first that does (left first) binds alone.
  case oneOf([QueryItemPattern])
  /// The route fails when the URL has an item under one of the keys (`!token`).
  case forbidden(keys: [String])
  /// Binds every query item to `name` as an object of keys to their first values (`*name`).
  case all(name: String)
}

/// A whole route pattern: a path and order-free query requirements.
///
/// `description` prints canonical syntax (the Deeper syntax, extended with `key/alias=` for
/// aliased query items, which Deeper cannot express):
///
///     RoutePattern(path: [.literal("profile"), .capture(name: "id", type: .int)],
///                  query: [.item(QueryItemPattern("locale", required: false))])
///       .description  // "profile/:int(id)?(:locale)"
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
  /// The path nodes, in order.
  public var path: [PathNode]
  /// The query nodes, in pattern order.
  public var query: [QueryNode]

  /// Creates a pattern.
  public init(path: [PathNode], query: [QueryNode] = []) {
    self.path = path
    self.query = query
  }

  public var description: String { CanonicalPrinter.print(self) }

  /// The pattern with every capture and query name replaced by its position, so two patterns
  /// that differ only in names compare equal.
  public var anonymized: RoutePattern {
    var counter = 0
    var anonymous = renamingCaptures { _ in
      counter += 1
      return "#\(counter)"
    }
    anonymous.query = anonymous.query.map { node in
      switch node {
      case .item(var item):
        item.name = ""
        return .item(item)
      case .oneOf(let items):
        return .oneOf(
          items.map {
            var item = $0; item.name = ""; return item
          })
      case .forbidden: return node
      case .all: return .all(name: "")
      }
    }
    return anonymous
  }

  /// The pattern with every path capture and query item renamed by `transform`, in pattern
  /// order (front-ends renumber positional captures with it).
  package func renamingCaptures(_ transform: (String) -> String) -> RoutePattern {
    func path(_ nodes: [PathNode]) -> [PathNode] {
      nodes.map { node in
        switch node {
        case .literal, .wildcard: node
        case .rest(let name): .rest(name: transform(name))
        case .capture(let name, let type): .capture(name: transform(name), type: type)
        case .optional(let inner): .optional(path(inner))
        case .choice(let alternatives): .choice(alternatives.map(path))
        }
      }
    }
    func item(_ item: QueryItemPattern) -> QueryItemPattern {
      guard item.equals == nil else { return item }
      var copy = item
      copy.name = transform(item.name)
      return copy
    }
    return RoutePattern(
      path: path(self.path),
      query: query.map { node in
        switch node {
        case .item(let value): .item(item(value))
        case .oneOf(let items): .oneOf(items.map(item))
        case .forbidden: node
        case .all(let name): .all(name: transform(name))
        }
      })
  }

  /// Every capture name in the path, in pattern order (each branch included).
  public var pathCaptureNames: [String] {
    var names: [String] = []
    func walk(_ nodes: [PathNode]) {
      for node in nodes {
        switch node {
        case .capture(let name, _), .rest(let name): names.append(name)
        case .optional(let inner): walk(inner)
        case .choice(let alternatives): alternatives.forEach(walk)
        case .literal, .wildcard: break
        }
      }
    }
    walk(path)
    return names
  }

  /// Every query item, flattened, in pattern order (conditions included; forbidden keys and
  /// `*name` are not items).
  public var queryItems: [QueryItemPattern] {
    query.flatMap { node -> [QueryItemPattern] in
      switch node {
      case .item(let item): [item]
      case .oneOf(let items): items
      case .forbidden, .all: []
      }
    }
  }
}
