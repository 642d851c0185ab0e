/// What a handler did with a deep link.
public enum DeepLinkHandling<Intent> {
  /// Handled; the optional side effect runs right after `open` returns.
  case opened(DeepLink<Intent>, ((Bool) -> Void)?)
  /// Refused, with an optional error.
  case rejected(DeepLink<Intent>, (any Error)?)
  /// Kept for later (more data is needed); resumed with the flag and side effect given.
  case delayed(DeepLink<Intent>, Bool, ((Bool) -> Void)?)
  /// Handed on to another handler returned by the closure.
  case passedThrough(DeepLink<Intent>, ((Bool) -> AnyDeepLinkHandler<Intent>)?)
}

extension DeepLinkHandling {
  /// The deep link the state is about.
  public var deeplink: DeepLink<Intent> {
    switch self {
    case .opened(let link, _), .rejected(let link, _), .delayed(let link, _, _),
      .passedThrough(let link, _):
      link
    }
  }

  /// The state's name: `opened`, `rejected`, `delayed` or `passedThrough`.
  public var stateName: String {
    switch self {
    case .opened: "opened"
    case .rejected: "rejected"
    case .delayed: "delayed"
    case .passedThrough: "passedThrough"
    }
  }
}

/// An object that opens deep links: a screen, a coordinator, the app's root.
///
/// Handlers live on the main actor, as screens do: a `UIViewController`, an `NSViewController` or
/// an `@Observable` SwiftUI model conforms directly, under Swift 6's strict concurrency.
///
///     @MainActor final class ProfileScreen: DeepLinkHandler {
///       var deeplinkHandling: DeepLinkHandling<Intent>?
///       func open(deeplink: DeepLink<Intent>, animated: Bool) -> DeepLinkHandling<Intent> {
///         .opened(deeplink) { animated in /* show the profile */ }
///       }
///     }
@MainActor
public protocol DeepLinkHandler: AnyObject {
  /// The app's intent type.
  associatedtype Intent
  /// The state of the last deep link this handler saw (the engine sets it after each call).
  var deeplinkHandling: DeepLinkHandling<Intent>? { get set }
  /// Handles a deep link and says what happened.
  func open(deeplink: DeepLink<Intent>, animated: Bool) -> DeepLinkHandling<Intent>
  /// The name shown in traces; the type name unless the handler says otherwise.
  var deepLinkHandlerName: String { get }
}

extension DeepLinkHandler {
  public var deepLinkHandlerName: String { String(describing: type(of: self)) }
}

/// A type-erased handler; subclass it or wrap a closure or another handler.
///
/// It can be made off the main actor (a router is often built before the first screen exists);
/// it is only ever asked to open a link on the main actor.
@MainActor
open class AnyDeepLinkHandler<Intent>: DeepLinkHandler {
  // `nonisolated` (all Sendable) so the initializers can run off the main actor.
  private nonisolated let body: @MainActor (DeepLink<Intent>, Bool) -> DeepLinkHandling<Intent>
  private nonisolated let wrapped: ObjectIdentifier?
  private nonisolated let name: String?
  private nonisolated let readHandling: @MainActor () -> DeepLinkHandling<Intent>?
  private nonisolated let writeHandling: @MainActor (DeepLinkHandling<Intent>?) -> Void

  /// The state of the last deep link this handler (or the one it wraps) saw. A subclass may
  /// override it (to observe it, say).
  open var deeplinkHandling: DeepLinkHandling<Intent>? {
    get { readHandling() }
    set { writeHandling(newValue) }
  }

  /// A handler for a subclass to fill in, as Deeper's `AnyDeepLinkHandler()`: the subclass
  /// overrides ``open(deeplink:animated:)``; until it does, every link is rejected.
  ///
  ///     final class ProfileHandler: AnyDeepLinkHandler<Intent> {
  ///       override func open(deeplink: DeepLink<Intent>, animated: Bool)
  ///         -> DeepLinkHandling<Intent> { .opened(deeplink, nil) }
  ///     }
  ///     let handler = ProfileHandler()
  public nonisolated init() {
    let box = HandlingBox<Intent>()
    self.body = { deeplink, _ in .rejected(deeplink, nil) }
    self.wrapped = nil
    self.name = nil
    self.readHandling = { box.value }
    self.writeHandling = { box.value = $0 }
  }

  /// Wraps a closure, named `name` in traces.
  public nonisolated init(
    name: String? = nil,
    _ body: @escaping @MainActor (DeepLink<Intent>, Bool) -> DeepLinkHandling<Intent>
  ) {
    let box = HandlingBox<Intent>()
    self.body = body
    self.wrapped = nil
    self.name = name
    self.readHandling = { box.value }
    self.writeHandling = { box.value = $0 }
  }

  /// Wraps another handler; its name and `deeplinkHandling` are the wrapped handler's.
  public init<Handler: DeepLinkHandler>(_ handler: Handler) where Handler.Intent == Intent {
    self.body = { [handler] deeplink, animated in
      handler.open(deeplink: deeplink, animated: animated)
    }
    self.wrapped = ObjectIdentifier(handler)
    self.name = handler.deepLinkHandlerName
    self.readHandling = { [handler] in handler.deeplinkHandling }
    self.writeHandling = { [handler] in handler.deeplinkHandling = $0 }
  }

  /// The handler itself when it already is an `AnyDeepLinkHandler` (so its identity is kept
  /// for cycle detection), otherwise a wrapper around it.
  public static func erasing<Handler: DeepLinkHandler>(_ handler: Handler) -> AnyDeepLinkHandler<
    Intent
  >
  where Handler.Intent == Intent {
    handler as? AnyDeepLinkHandler<Intent> ?? AnyDeepLinkHandler(handler)
  }

  /// Handles a deep link by calling the wrapped closure or handler.
  open func open(deeplink: DeepLink<Intent>, animated: Bool) -> DeepLinkHandling<Intent> {
    body(deeplink, animated)
  }

  /// The name given at creation, the wrapped handler's name, or the class name.
  open var deepLinkHandlerName: String {
    name ?? String(describing: type(of: self))
  }

  /// The identity used for cycle detection: the wrapped handler when there is one.
  var identity: ObjectIdentifier { wrapped ?? ObjectIdentifier(self) }
}

/// The last handling of a closure handler; only read and written on the main actor.
private final class HandlingBox<Intent>: @unchecked Sendable {
  var value: DeepLinkHandling<Intent>?
}
