/// The original library's protocol for intents that print back (reverse routing). Conforming is optional:
/// an `Equatable` intent is deconstructed automatically (see `url(for:)`).
///
///     extension Intent: Route {
///       func deconstruct<A>(_ constructor: (A) -> Intent) -> A? {
///         switch self {
///         case let .showProfile(values as A) where self == constructor(values): values
///         default: nil
///         }
///       }
///     }
public protocol Route: Equatable {
  /// The values `constructor` would need to build `self`, or nil when another case built it.
  func deconstruct<A>(_ constructor: (A) -> Self) -> A?
}
