// The operators of the typed route DSLs (DeeperRouter's and FuncRouter's), declared once so that
// any combination of this package's modules imports cleanly: two modules declaring the same
// operator with different precedence groups make every use of it ambiguous.
//
// Precedence: Swift fixes `/` and `&` at MultiplicationPrecedence and `|` at AdditionPrecedence,
// so `|` binds looser than `/`: write `(.profile | "user") / .userId`. The path operators below
// share `/`'s precedence and associate left; `.?` and `.??` bind looser than both `/` and `|`, so
// `.any / .profile .? .userId & .locale` reads `(.any / .profile) .? (.userId & .locale)`.

/// The precedence of `.?` and `.??`: below `|`, so a whole path is built before its query.
precedencegroup RouteQueryPrecedence {
  associativity: left
  lowerThan: AdditionPrecedence
  higherThan: ComparisonPrecedence
}

/// `route /? part`: like `/`, with the part optional.
infix operator /? : MultiplicationPrecedence
/// `a /> b`: concatenation that keeps only the non-`Void` side's value (FuncRouter).
infix operator /> : MultiplicationPrecedence
/// `a >/> b`: concatenation that keeps both values (FuncRouter).
infix operator >/> : MultiplicationPrecedence
/// `route .? query`: ends the path and starts the query.
infix operator .? : RouteQueryPrecedence
/// `route .?? query`: like `.?`, with the first query part optional.
infix operator .?? : RouteQueryPrecedence
/// `query &? part`: like `&`, with the part optional.
infix operator &? : MultiplicationPrecedence
