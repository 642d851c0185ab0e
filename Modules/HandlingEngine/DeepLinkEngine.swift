/// Drives a deep link through handlers: the root handler first, then every handler a
/// `passedThrough` state hands it to, until one opens, rejects or delays it.
///
///     let engine = DeepLinkEngine(root: AnyDeepLinkHandler(appDelegate))
///     let result = engine.open(DeepLink(url: url, intent: .showProfile(userId: "42")))
///     result.trace.map(\.description)   // ["AppDelegate:passedThrough", "ProfileScreen:opened"]
///
/// Side effects run right after the state that carries them is returned. A delayed link is kept,
/// with or without a side effect, and ``resume(animated:)`` asks the handler that delayed it
/// again; the handler itself can do the same with
/// ``DeepLinkHandler/complete(deeplinkHandling:)``, as Deeper's handlers do. Handing a link to a
/// handler already on the chain is reported as a `cycle` step instead of looping. All state is
/// per engine; there is nothing global.
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
    /// The `animated` flag of the delayed state, which a resume passes on unless told otherwise.
    public let animated: Bool
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

  /// Asks the handler that delayed the pending link again, with `animated` or else the flag of
  /// its delayed state; nil when nothing is pending, or when the handler has completed the link
  /// itself since (``DeepLinkHandler/complete(deeplinkHandling:)``: its state is no longer
  /// `delayed`), so that a link is never handled twice.
  @MainActor
  @discardableResult
  public func resume(animated: Bool? = nil) -> DeepLinkHandlingResult<Intent>? {
    guard let pending else { return nil }
    self.pending = nil
    guard case .delayed? = pending.handler.deeplinkHandling else { return nil }
    return run(
      pending.deeplink, from: pending.handler, chain: pending.chain, names: pending.names,
      animated: animated ?? pending.animated)
  }

  @MainActor
  private func run(
    _ deeplink: DeepLink<Intent>, from start: AnyDeepLinkHandler<Intent>,
    chain startChain: [ObjectIdentifier], names startNames: [String], animated: Bool
  ) -> DeepLinkHandlingResult<Intent> {
    let (result, delayed) = Self.drive(
      deeplink, from: start, chain: startChain, names: startNames, animated: animated,
      maxChainLength: configuration.maxChainLength, log: configuration.log)
    pending = delayed
    return result
  }

  /// Drives `deeplink` from `start` until a handler opens, rejects or delays it; the delayed
  /// link is returned to keep, unless its side effect completed it already.
  @MainActor
  static func drive(
    _ deeplink: DeepLink<Intent>, from start: AnyDeepLinkHandler<Intent>,
    chain startChain: [ObjectIdentifier], names startNames: [String], animated: Bool,
    maxChainLength: Int, log: (@MainActor (DeepLinkTraceStep) -> Void)?
  ) -> (DeepLinkHandlingResult<Intent>, PendingLink?) {
    var result = DeepLinkHandlingResult<Intent>(trace: [], final: nil)
    var handler = start
    var chain = startChain
    // The same handlers as a set: a long chain is checked in constant time per hop.
    var onChain = Set(startChain)
    var names = startNames
    func record(_ step: DeepLinkTraceStep) {
      result.trace.append(step)
      log?(step)
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
        return (result, nil)
      case .rejected(_, let error):
        record(
          DeepLinkTraceStep(
            handler: handler.deepLinkHandlerName, state: .rejected,
            error: error.map { String(describing: $0) }))
        return (result, nil)
      case .delayed(let link, let delayedAnimated, let effect):
        record(DeepLinkTraceStep(handler: handler.deepLinkHandlerName, state: .delayed))
        effect?(delayedAnimated)
        // Kept whether or not there is a side effect (the original dropped it without one),
        // unless the side effect completed it (`complete(deeplinkHandling:)`).
        guard case .delayed? = handler.deeplinkHandling else { return (result, nil) }
        let pending = PendingLink(
          deeplink: link, handler: handler, animated: delayedAnimated,
          chain: Array(chain.dropLast()), names: Array(names.dropLast()))
        return (result, pending)
      case .passedThrough(_, let next):
        guard let next else {
          record(
            DeepLinkTraceStep(
              handler: handler.deepLinkHandlerName, state: .passedThrough,
              error: "passed through without a next handler"))
          return (result, nil)
        }
        record(DeepLinkTraceStep(handler: handler.deepLinkHandlerName, state: .passedThrough))
        let target = next(animated)
        if onChain.contains(target.identity) || chain.count >= maxChainLength {
          let path = (names + [target.deepLinkHandlerName]).joined(separator: " -> ")
          record(
            DeepLinkTraceStep(
              handler: target.deepLinkHandlerName, state: .cycle,
              error: onChain.contains(target.identity)
                ? "handler cycle: \(path)"
                : "pass-through chain longer than \(maxChainLength): \(path)"))
          return (result, nil)
        }
        handler = target
      }
    }
  }
}

extension DeepLinkHandler {
  /// Completes a link this handler delayed, as Deeper's handlers do when the data they waited
  /// for arrives: given a `delayed` state (usually its own `deeplinkHandling`), asks this
  /// handler again with the state's link and `animated` flag and follows what it answers, side
  /// effects and pass-throughs included. Any other state does nothing.
  ///
  ///     func profileLoaded() { complete(deeplinkHandling: deeplinkHandling) }
  ///
  /// A router's pending link (``DeepLinkEngine/resume(animated:)``) is forgotten when the
  /// handler completes it, from the delayed state's own side effect or later: a resume after
  /// that does nothing.
  @discardableResult
  public func complete(deeplinkHandling: DeepLinkHandling<Intent>?)
    -> DeepLinkHandlingResult<Intent>?
  {
    guard case .delayed(let link, let animated, _)? = deeplinkHandling else { return nil }
    return DeepLinkEngine<Intent>.drive(
      link, from: AnyDeepLinkHandler.erasing(self), chain: [], names: [], animated: animated,
      maxChainLength: DeepLinkEngine<Intent>.Configuration().maxChainLength, log: nil
    ).0
  }
}
