import PatternCore

/// A route whose value type the compiler knows: `"profile" /> string` is a
/// `TypedRoute<String>`, `int >/> string` a `TypedRoute<(Int, String)>`.
///
/// The value type is a phantom: a route carries its shared AST and a flat list of *leaves*, one
/// per value, in order. Captures are named by position (`0`, `1`, …). Registration casts each
/// leaf to the matching parameter of the intent's constructor, so no nested tuple is ever built
/// or cast at run time.
public struct TypedRoute<Value>: @unchecked Sendable {
  /// The path nodes (captures named by position unless a format string named them).
  public internal(set) var path: [PathNode]
  /// The query nodes.
  public internal(set) var query: [QueryNode]
  /// How many positional captures the route has.
  var positions: Int
  /// One leaf per value.
  var leaves: [Leaf]

  init(path: [PathNode] = [], query: [QueryNode] = [], positions: Int = 0, leaves: [Leaf] = []) {
    self.path = path
    self.query = query
    self.positions = positions
    self.leaves = leaves
  }

  /// The shared AST.
  public var pattern: RoutePattern { RoutePattern(path: path, query: query) }

  /// Reinterprets the value type (the combinators decide what it is).
  func retyped<Other>(_: Other.Type = Other.self) -> TypedRoute<Other> {
    TypedRoute<Other>(path: path, query: query, positions: positions, leaves: leaves)
  }

  /// This route followed by `other`, whose positional names move after this route's.
  func followed<Other, Result>(by other: TypedRoute<Other>, optional: Bool = false)
    -> TypedRoute<Result>
  {
    let shifted = other.shifted(by: positions)
    var leaves = self.leaves
    if optional {
      leaves += shifted.leaves.map { .optional($0) }
    } else {
      leaves += shifted.leaves
    }
    return TypedRoute<Result>(
      path: path + (optional ? [.optional(shifted.path)] : shifted.path),
      query: query + shifted.query, positions: positions + other.positions, leaves: leaves)
  }

  /// Positional names renumbered from `offset`.
  func shifted(by offset: Int) -> TypedRoute<Value> {
    guard offset > 0 else { return self }
    func rename(_ name: String) -> String {
      Int(name).map { String($0 + offset) } ?? name
    }
    let renamed = RoutePattern(path: path, query: query).renamingCaptures(rename)
    return TypedRoute(
      path: renamed.path, query: renamed.query, positions: positions,
      leaves: leaves.map { $0.renamed(rename) })
  }
}

extension TypedRoute: ExpressibleByStringLiteral, ExpressibleByUnicodeScalarLiteral,
  ExpressibleByExtendedGraphemeClusterLiteral
where Value == Void {
  /// A literal path component; `"a/b"` is two components.
  public init(stringLiteral value: String) {
    self.init(path: value.split(separator: "/").map { .literal(String($0)) })
  }
}

/// Query items with a known value type, joined by `&` and `&?`, given to a route by `.?`.
public struct TypedQuery<Value>: @unchecked Sendable {
  var nodes: [QueryNode]
  var positions: Int
  var leaves: [Leaf]

  var asRoute: TypedRoute<Value> {
    TypedRoute(query: nodes, positions: positions, leaves: leaves)
  }
}

/// One value of a route: where it comes from in the captures and how it prints back.
indirect enum Leaf: Sendable {
  /// A capture or query item that must be there.
  case required(name: String, type: ValueType)
  /// An optional value (`/?`, `.??`, `&?`): `nil` when absent.
  case optional(Leaf)
  /// A value from the left alternative when it was taken, else from the right.
  case either(Leaf, Leaf, leftNames: [String])

  func renamed(_ rename: (String) -> String) -> Leaf {
    switch self {
    case .required(let name, let type): .required(name: rename(name), type: type)
    case .optional(let inner): .optional(inner.renamed(rename))
    case .either(let left, let right, let names):
      .either(left.renamed(rename), right.renamed(rename), leftNames: names.map(rename))
    }
  }

  /// The names this leaf reads.
  var names: [String] {
    switch self {
    case .required(let name, _): [name]
    case .optional(let inner): inner.names
    case .either(let left, let right, _): left.names + right.names
    }
  }

  /// The Swift value from the captures: Int, Double, Bool, String, or `Any?` for optionals.
  func decode(_ captures: Captures) -> Any? {
    switch self {
    case .required(let name, _):
      guard let value = captures[name] else { return nil }
      switch value {
      case .int(let number): return Int(exactly: number)
      case .double(let number): return number
      case .bool(let flag): return flag
      case .string(let text): return text
      case .converted(let converted): return converted.value
      case .list, .object: return nil
      }
    case .optional(let inner):
      let value: Any? = inner.names.contains { captures[$0] != nil } ? inner.decode(captures) : nil
      return value as Any
    case .either(let left, let right, let names):
      return names.contains { captures[$0] != nil } ? left.decode(captures) : right.decode(captures)
    }
  }

  /// The capture values that print `value` back; nil when the value is not of this leaf's type.
  func encode(_ value: Any, into values: inout [String: PatternValue]) -> Bool {
    switch self {
    case .required(let name, let type):
      let typed: PatternValue?
      switch (type, value) {
      case (.int, let number as Int): typed = .int(Int64(number))
      case (.double, let number as Double): typed = .double(number)
      case (.bool, let flag as Bool): typed = .bool(flag)
      case (.string, let text as String), (.uuid, let text as String): typed = .string(text)
      // A value of the app's own type prints as its description (`String(describing:)`); the
      // printed URL is matched again, so a text its closure would not take back is refused.
      case (.custom, let custom): typed = .string(String(describing: custom))
      default: typed = nil
      }
      guard let typed else { return false }
      values[name] = typed
      return true
    case .optional(let inner):
      guard let unwrapped = unwrapOptional(value) else { return false }
      guard let present = unwrapped else { return true }
      return inner.encode(present, into: &values)
    case .either(let left, _, _):
      return left.encode(value, into: &values)
    }
  }
}

/// `.some(.some(x))` for a present optional, `.some(nil)` for nil, nil for a non-optional.
func unwrapOptional(_ value: Any) -> Any?? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .optional else { return nil }
  return .some(mirror.children.first?.value)
}
