/// What a handler did with a deep link (seed 004).
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

/// An object that opens deep links: a screen, a coordinator, the app's root.
public protocol DeepLinkHandler: AnyObject {
  /// The app's intent type.
  associatedtype Intent
  /// The state of the last deep link this handler saw.
  var deeplinkHandling: DeepLinkHandling<Intent>? { get set }
  /// Handles a deep link and says what happened.
  func open(deeplink: DeepLink<Intent>, animated: Bool) -> DeepLinkHandling<Intent>
}

/// A type-erased handler; subclass it or wrap a closure.
open class AnyDeepLinkHandler<Intent>: DeepLinkHandler {
  private let body: (DeepLink<Intent>, Bool) -> DeepLinkHandling<Intent>
  /// The state of the last deep link this handler saw.
  public var deeplinkHandling: DeepLinkHandling<Intent>?

  /// Wraps a closure.
  public init(_ body: @escaping (DeepLink<Intent>, Bool) -> DeepLinkHandling<Intent>) {
    self.body = body
  }

  /// Wraps another handler.
  public convenience init<Handler: DeepLinkHandler>(_ handler: Handler)
  where Handler.Intent == Intent {
    self.init { [handler] deeplink, animated in handler.open(deeplink: deeplink, animated: animated) }
  }

  /// Handles a deep link by calling the wrapped closure.
  open func open(deeplink: DeepLink<Intent>, animated: Bool) -> DeepLinkHandling<Intent> {
    body(deeplink, animated)
  }
}
