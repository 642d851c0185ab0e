/// A router that hands every resolved deep link to a root handler (DeeperRouter's and
/// FuncRouter's routers). It gives them one way to take any ``DeepLinkHandler`` as the root.
public protocol RootHandlingRouter: AnyObject {
  /// The app's intent type.
  associatedtype Intent
  /// Creates a router for one scheme, with an optional root handler.
  init(scheme: String, rootDeepLinkHandler: AnyDeepLinkHandler<Intent>?)
}

extension RootHandlingRouter {
  /// Creates a router whose root handler is any ``DeepLinkHandler`` (an app delegate, a
  /// coordinator).
  @MainActor
  public init<Root: DeepLinkHandler>(scheme: String, rootDeepLinkHandler: Root)
  where Root.Intent == Intent {
    // Typed as optional so this calls the requirement, not itself.
    let root: AnyDeepLinkHandler<Intent>? = .erasing(rootDeepLinkHandler)
    self.init(scheme: scheme, rootDeepLinkHandler: root)
  }
}
