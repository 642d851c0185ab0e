import PatternCore

// The combinators of DeeperFunc. `/>`, `>/>` and `/?` share Swift's MultiplicationPrecedence with
// `/` and `&`, so `"profile" | "user" /> string` needs parentheses (as DeeperFunc's README writes it);
// `.?` and `.??` bind loosest, so `any /> "profile" .? int("userId") & string("locale")` reads
// as `(any /> "profile") .? (int("userId") & string("locale"))`.

// The operators and their precedence are declared once, in PatternCore (RouteOperators.swift).

/// One component that is an integer.
public let int = leaf(Int.self, .int)
/// One component of any text.
public let string = leaf(String.self, .string)
/// One component that is a number.
public let double = leaf(Double.self, .double)
/// One component that is a Boolean (`true`, `false`, `1`, `0`).
public let bool = leaf(Bool.self, .bool)
/// One or more components of anything.
public let any = TypedRoute<Void>(path: [.wildcard])
/// One or more components, bound as one string: their decoded texts joined with `/`
/// (`"wiki" /> rest` on `wiki/foo/bar` gives `"foo/bar"`).
public let rest = TypedRoute<String>(
  path: [.rest(name: "0")], positions: 1, leaves: [.required(name: "0", type: .string)])

private func leaf<T>(_: T.Type, _ type: ValueType) -> TypedRoute<T> {
  TypedRoute(
    path: [.capture(name: "0", type: type)], positions: 1,
    leaves: [.required(name: "0", type: type)])
}

private func queryLeaf<T>(_ key: String, _ type: ValueType) -> TypedQuery<T> {
  TypedQuery(
    nodes: [.item(QueryItemPattern(keys: [key], name: "0", type: type))], positions: 1,
    leaves: [.required(name: "0", type: type)])
}

/// A required query item `key` that is an integer.
public func int(_ key: String) -> TypedQuery<Int> { queryLeaf(key, .int) }
/// A required query item `key` of any text.
public func string(_ key: String) -> TypedQuery<String> { queryLeaf(key, .string) }
/// A required query item `key` that is a number.
public func double(_ key: String) -> TypedQuery<Double> { queryLeaf(key, .double) }
/// A required query item `key` that is a Boolean.
public func bool(_ key: String) -> TypedQuery<Bool> { queryLeaf(key, .bool) }

/// `"profile" /> string`: drops the left `Void`.
public func /> <B>(lhs: TypedRoute<Void>, rhs: TypedRoute<B>) -> TypedRoute<B> {
  lhs.followed(by: rhs)
}

/// `string /> "follow"`: drops the right `Void`.
public func /> <each A>(lhs: TypedRoute<(repeat each A)>, rhs: TypedRoute<Void>)
  -> TypedRoute<(repeat each A)>
{
  lhs.followed(by: rhs)
}

/// `string /> "follow"` where a one-value constructor expects `TypedRoute<String>`: the solver
/// does not infer a one-element pack from a bare type, so the pack form above cannot give it.
/// Disfavoured, so that the pack form is chosen wherever both fit (a route built on its own
/// and continued with `>/>`).
@_disfavoredOverload
public func /> <A>(lhs: TypedRoute<A>, rhs: TypedRoute<Void>) -> TypedRoute<A> {
  lhs.followed(by: rhs)
}

/// `"a" /> "b"`: two literal parts.
public func /> (lhs: TypedRoute<Void>, rhs: TypedRoute<Void>) -> TypedRoute<Void> {
  lhs.followed(by: rhs)
}

/// `"profile" / string`: the original's other spelling of `/>`.
public func / <B>(lhs: TypedRoute<Void>, rhs: TypedRoute<B>) -> TypedRoute<B> {
  lhs.followed(by: rhs)
}

/// `string / "follow"`: the original's other spelling of `/>`.
public func / <each A>(lhs: TypedRoute<(repeat each A)>, rhs: TypedRoute<Void>)
  -> TypedRoute<(repeat each A)>
{
  lhs.followed(by: rhs)
}

/// `string / "follow"` for a one-value constructor (see `/>`).
@_disfavoredOverload
public func / <A>(lhs: TypedRoute<A>, rhs: TypedRoute<Void>) -> TypedRoute<A> {
  lhs.followed(by: rhs)
}

/// `"a" / "b"`: two literal parts.
public func / (lhs: TypedRoute<Void>, rhs: TypedRoute<Void>) -> TypedRoute<Void> {
  lhs.followed(by: rhs)
}

/// `a | b`: the left alternative first; both give the same type of value.
public func | <A>(lhs: TypedRoute<A>, rhs: TypedRoute<A>) -> TypedRoute<A> {
  let right = rhs.shifted(by: lhs.positions)
  let leftNames = lhs.leaves.flatMap(\.names)
  let leaves: [Leaf] = zip(lhs.leaves, right.leaves).map {
    .either($0, $1, leftNames: leftNames)
  }
  func alternatives(_ path: [PathNode]) -> [[PathNode]] {
    if path.count == 1, case .choice(let inner) = path[0] { return inner }
    return [path]
  }
  return TypedRoute(
    path: [.choice(alternatives(lhs.path) + alternatives(right.path))],
    query: lhs.query + right.query, positions: lhs.positions + rhs.positions, leaves: leaves)
}

/// `a >/> b`: both values, flattened into one tuple: `int >/> string >/> bool` is
/// `TypedRoute<(Int, String, Bool)>`.
public func >/> <each A, B>(lhs: TypedRoute<(repeat each A)>, rhs: TypedRoute<B>)
  -> TypedRoute<(repeat each A, B)>
{
  lhs.followed(by: rhs)
}

/// `a >/> "follow"`: a literal part adds no value.
public func >/> <each A>(lhs: TypedRoute<(repeat each A)>, rhs: TypedRoute<Void>)
  -> TypedRoute<(repeat each A)>
{
  lhs.followed(by: rhs)
}

/// `int >/> "edit"` for a one-value constructor (see `/>`).
@_disfavoredOverload
public func >/> <A>(lhs: TypedRoute<A>, rhs: TypedRoute<Void>) -> TypedRoute<A> {
  lhs.followed(by: rhs)
}

/// `a /? "info"`: an optional literal part.
public func /? <each A>(lhs: TypedRoute<(repeat each A)>, rhs: TypedRoute<Void>)
  -> TypedRoute<(repeat each A)>
{
  lhs.followed(by: rhs, optional: true)
}

/// `int /? "edit"` for a one-value constructor (see `/>`).
@_disfavoredOverload
public func /? <A>(lhs: TypedRoute<A>, rhs: TypedRoute<Void>) -> TypedRoute<A> {
  lhs.followed(by: rhs, optional: true)
}

/// `"a" /? "info"`: an optional literal part after a literal.
public func /? (lhs: TypedRoute<Void>, rhs: TypedRoute<Void>) -> TypedRoute<Void> {
  lhs.followed(by: rhs, optional: true)
}

/// `a /? int`: an optional value, `nil` when absent.
public func /? <each A, B>(lhs: TypedRoute<(repeat each A)>, rhs: TypedRoute<B>)
  -> TypedRoute<(repeat each A, B?)>
{
  lhs.followed(by: rhs, optional: true)
}

/// `route .? int("page") & string("q")`: query items after the path.
public func .? <each A, each B>(lhs: TypedRoute<(repeat each A)>, rhs: TypedQuery<(repeat each B)>)
  -> TypedRoute<(repeat each A, repeat each B)>
{
  lhs.followed(by: rhs.asRoute)
}

/// `"profile" .? int("userId")`: one query value after a path without values. (Its own
/// overload: the solver does not infer a one-element pack from a bare type, so the variadic
/// form cannot give `TypedRoute<Int>` to a one-value constructor.)
public func .? <B>(lhs: TypedRoute<Void>, rhs: TypedQuery<B>) -> TypedRoute<B> {
  lhs.followed(by: rhs.asRoute)
}

/// `"list" .?? int("page")`: one optional query value after a path without values.
public func .?? <B>(lhs: TypedRoute<Void>, rhs: TypedQuery<B>) -> TypedRoute<B?> {
  optionalQuery(lhs, rhs)
}

/// `route .?? int("page")`: optional query items, `nil` unless all are present.
public func .?? <each A, B>(lhs: TypedRoute<(repeat each A)>, rhs: TypedQuery<B>)
  -> TypedRoute<(repeat each A, B?)>
{
  optionalQuery(lhs, rhs)
}

/// `lhs` followed by `rhs`'s items made optional, their value `nil` unless all are present.
private func optionalQuery<Left, B, Result>(_ lhs: TypedRoute<Left>, _ rhs: TypedQuery<B>)
  -> TypedRoute<Result>
{
  var optional = rhs.asRoute
  optional.query = optional.query.map(makeOptional)
  let shifted = optional.shifted(by: lhs.positions)
  // One optional value per item (`.??` is meant for one item; chain more with `&?`).
  return TypedRoute(
    path: lhs.path, query: lhs.query + shifted.query, positions: lhs.positions + rhs.positions,
    leaves: lhs.leaves + shifted.leaves.map { .optional($0) })
}

/// `"search" & int("page")`: one query value after a path without values (see `.?`).
public func & <B>(lhs: TypedRoute<Void>, rhs: TypedQuery<B>) -> TypedRoute<B> {
  lhs.followed(by: rhs.asRoute)
}

/// `route & int("page")`: another query item (query items are order-free, so `&` may also
/// start the query).
public func & <each A, each B>(lhs: TypedRoute<(repeat each A)>, rhs: TypedQuery<(repeat each B)>)
  -> TypedRoute<(repeat each A, repeat each B)>
{
  lhs.followed(by: rhs.asRoute)
}

/// `int("a") & string("b")`: both items.
public func & <each A, B>(lhs: TypedQuery<(repeat each A)>, rhs: TypedQuery<B>)
  -> TypedQuery<(repeat each A, B)>
{
  let route: TypedRoute<(repeat each A, B)> = lhs.asRoute.followed(by: rhs.asRoute)
  return TypedQuery(nodes: route.query, positions: route.positions, leaves: route.leaves)
}

/// `int("a") &? string("b")`: `b` optional.
public func &? <each A, B>(lhs: TypedQuery<(repeat each A)>, rhs: TypedQuery<B>)
  -> TypedQuery<(repeat each A, B?)>
{
  var optional = rhs.asRoute
  optional.query = optional.query.map(makeOptional)
  let shifted = optional.shifted(by: lhs.positions)
  return TypedQuery(
    nodes: lhs.nodes + shifted.query, positions: lhs.positions + rhs.positions,
    leaves: lhs.leaves + shifted.leaves.map { .optional($0) })
}

/// `route &? string("locale")`: an optional query item.
public func &? <each A, B>(lhs: TypedRoute<(repeat each A)>, rhs: TypedQuery<B>)
  -> TypedRoute<(repeat each A, B?)>
{
  lhs .?? rhs
}

private func makeOptional(_ node: QueryNode) -> QueryNode {
  switch node {
  case .item(var item):
    item.required = false
    return .item(item)
  case .oneOf, .forbidden, .all: return node
  }
}
