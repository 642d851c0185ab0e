/// Drives a deep link through handlers: the root handler first, then every handler a
/// `passedThrough` state hands it to, until one opens, rejects or delays it.
///
///     let engine = DeepLinkEngine(root: AnyDeepLinkHandler(appDelegate))
///     let result = engine.open(DeepLink(url: url, intent: .showProfile(userId: "42")))
///     result.trace.map(\.description)   // ["AppDelegate:passedThrough", "ProfileScreen:opened"]
///
/// Side effects run right after the state that carries them is returned. A delayed link is kept,
/// with or without a side effect, and ``resume(animated:)`` asks the handler that delayed it
/// again. Handing a link to a handler already on the chain is reported as a `cycle` step instead
/// of looping. All state is per engine; there is nothing global.
///
/// The engine opens links on the main actor, where handlers (screens) live. It can be created
/// anywhere.
public final class DeepLinkEngine<Intent> {
  /// Per-engine settings (the original's global flags).
  public struct Configuration {
    /// Called with each step as it happens (the original's global logger).
    public var log: (@MainActor (DeepLinkTraceStep) -> Void)?
    /// The longest pass-through chain followed before giving up.
    public var maxChainLength: Int

    /// Creates a configuration.
    public init(log: (@MainActor (DeepLinkTraceStep) -> Void)? = nil, maxChainLength: Int = 64) {
      self.log = log
      self.maxChainLength = maxChainLength
    }
  }

  /// A delayed link and the handler that delayed it.
  public struct PendingLink {
    /// The link.
    public let deeplink: DeepLink<Intent>
    /// The handler that will be asked again on resume.
    public let handler: AnyDeepLinkHandler<Intent>
    /// The chain of handlers that led there (for cycle detection and messages on resume).
    let chain: [ObjectIdentifier]
    let names: [String]
  }

  /// The handler every link starts at.
  public let root: AnyDeepLinkHandler<Intent>
  /// The settings.
  public var configuration: Configuration
  /// The delayed link waiting for ``resume(animated:)``, if any. Opening another link replaces it.
  public private(set) var pending: PendingLink?

  /// Creates an engine with a root handler.
  public init(root: AnyDeepLinkHandler<Intent>, configuration: Configuration = Configuration()) {
    self.root = root
    self.configuration = configuration
  }

  /// Opens a link from the root handler.
  @MainActor
  @discardableResult
  public func open(_ deeplink: DeepLink<Intent>, animated: Bool = true)
    -> DeepLinkHandlingResult<Intent>
  {
    pending = nil
    return run(deeplink, from: root, chain: [], names: [], animated: animated)
  }

  /// Asks the handler that delayed the pending link again; nil when nothing is pending.
  @MainActor
  @discardableResult
  public func resume(animated: Bool = true) -> DeepLinkHandlingResult<Intent>? {
    guard let pending else { return nil }
    self.pending = nil
    return run(
      pending.deeplink, from: pending.handler, chain: pending.chain, names: pending.names,
      animated: animated)
  }

  @MainActor
  private func run(
    _ deeplink: DeepLink<Intent>, from start: AnyDeepLinkHandler<Intent>,
    chain startChain: [ObjectIdentifier], names startNames: [String], animated: Bool
  ) -> DeepLinkHandlingResult<Intent> {
    var result = DeepLinkHandlingResult<Intent>(trace: [], final: nil)
    var handler = start
    var chain = startChain
    // The same handlers as a set: a long chain is checked in constant time per hop.
    var onChain = Set(startChain)
    var names = startNames
    func record(_ step: DeepLinkTraceStep) {
      result.trace.append(step)
      configuration.log?(step)
    }
    while true {
      chain.append(handler.identity)
      onChain.insert(handler.identity)
      names.append(handler.deepLinkHandlerName)
      let handling = handler.open(deeplink: deeplink, animated: animated)
      handler.deeplinkHandling = handling
      result.final = handling
      switch handling {
      case .opened(_, let effect):
        record(DeepLinkTraceStep(handler: handler.deepLinkHandlerName, state: .opened))
        effect?(animated)
        return result
      case .rejected(_, let error):
        record(
          DeepLinkTraceStep(
            handler: handler.deepLinkHandlerName, state: .rejected,
            error: error.map { String(describing: $0) }))
        return result
      case .delayed(let link, let delayedAnimated, let effect):
        record(DeepLinkTraceStep(handler: handler.deepLinkHandlerName, state: .delayed))
        // Kept whether or not there is a side effect (the original dropped it without one).
        pending = PendingLink(
          deeplink: link, handler: handler, chain: Array(chain.dropLast()),
          names: Array(names.dropLast()))
        effect?(delayedAnimated)
        return result
      case .passedThrough(_, let next):
        guard let next else {
          record(
            DeepLinkTraceStep(
              handler: handler.deepLinkHandlerName, state: .passedThrough,
              error: "passed through without a next handler"))
          return result
        }
        record(DeepLinkTraceStep(handler: handler.deepLinkHandlerName, state: .passedThrough))
        let target = next(animated)
        if onChain.contains(target.identity) || chain.count >= configuration.maxChainLength {
          let path = (names + [target.deepLinkHandlerName]).joined(separator: " -> ")
          record(
            DeepLinkTraceStep(
              handler: target.deepLinkHandlerName, state: .cycle,
              error: onChain.contains(target.identity)
                ? "handler cycle: \(path)"
                : "pass-through chain longer than \(configuration.maxChainLength): \(path)"))
          return result
        }
        handler = target
      }
    }
  }
}
