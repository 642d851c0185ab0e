import PatternCore

/// A group of maps: every map's path is under the group's first component.
///
///     let userMapping = MappingInfo(group: "user", maps: [
///       .route("/info?{*id/userId/uid}", target: UserController.self, remark: "user info"),
///       .action("/logout", target: UserActions.self, remark: "user logout action"),
///     ])
public struct MappingInfo: Sendable {
  /// The group: the first component of every route in it.
  public let group: String
  /// The maps, in priority order.
  public let maps: [Map]

  /// Creates a group.
  public init(group: String, maps: [Map]) {
    self.group = group
    self.maps = maps
  }
}

/// One route or action of a ``MappingInfo``.
public struct Map: Sendable {
  /// Whether the map makes a target or runs an action.
  public enum Kind: String, Sendable, Hashable, Codable {
    case route, action
    /// A forwarding map: the value of a query item is resolved again (``Map/forward(_:queryItem:remark:)``).
    case forward
  }

  /// Route or action.
  public let kind: Kind
  /// The path as written (`/info?{*id}`).
  public let path: String
  /// The target type's name.
  public internal(set) var targetName: String
  /// The catalog description.
  public let remark: String?
  let perform: (@MainActor @Sendable (MappingParameters) throws -> MappingOutcome)?

  /// A route: opening it constructs `target` from the parameters.
  public static func route<Target: RouteTarget>(
    _ path: String, target: Target.Type, remark: String? = nil
  ) -> Map {
    Map(
      kind: .route, path: path, targetName: String(describing: target), remark: remark,
      perform: { .made(try Target(parameters: $0)) })
  }

  /// An action: opening it runs `target.perform(with:)`.
  public static func action<Target: ActionTarget>(
    _ path: String, target: Target.Type, remark: String? = nil
  ) -> Map {
    Map(
      kind: .action, path: path, targetName: String(describing: target), remark: remark,
      perform: {
        try Target.perform(with: $0)
        return .ran
      })
  }

  /// A map that only names its target (for tables written as data): opening it reports the
  /// target without constructing anything.
  /// A forwarding map (`/mbar?{*redirect_to}`): when it matches, the value of `queryItem` is
  /// resolved again, a URL with a scheme as that URL, a path starting with `/` under the scheme
  /// and authority of the URL that matched, and the answer is that URL's. At most
  /// `ForwardChain.maximumHops` forwards and no URL twice.
  public static func forward(_ path: String, queryItem: String, remark: String? = nil) -> Map {
    Map(kind: .forward, path: path, targetName: queryItem, remark: remark, perform: nil)
  }

  public static func named(_ kind: Kind, _ path: String, target: String, remark: String? = nil)
    -> Map
  {
    Map(kind: kind, path: path, targetName: target, remark: remark, perform: nil)
  }
}

/// A screen or object a route constructs from the matched parameters.
///
/// Targets are made on the main actor, so a view controller (or a SwiftUI model) conforms with
/// no isolation annotations. A class that is not `final` marks the initializer `required`, as
/// Swift asks of any protocol initializer:
///
///     final class UserController: UIViewController, RouteTarget {
///       init(parameters: MappingParameters) throws { ... }
///     }
@MainActor
public protocol RouteTarget {
  /// Builds the target; throw when the parameters do not fit.
  init(parameters: MappingParameters) throws
}

/// Something an action map performs (log out, send a message), on the main actor.
@MainActor
public protocol ActionTarget {
  /// Performs the action; throw when it fails.
  static func perform(with parameters: MappingParameters) throws
}

/// What opening a map did.
public enum MappingOutcome {
  /// A route constructed its target.
  case made(any RouteTarget)
  /// An action ran.
  case ran
}
