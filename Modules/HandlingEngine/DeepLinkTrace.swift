/// One step of handling: which handler, what it answered, and any error.
public struct DeepLinkTraceStep: Sendable, Hashable, CustomStringConvertible {
  /// The handler's state after the step.
  public enum State: String, Sendable, Hashable {
    case opened, rejected, delayed, passedThrough
    /// The engine refused to enter a handler already on the chain.
    case cycle
  }

  /// The handler's name (``DeepLinkHandler/deepLinkHandlerName``).
  public var handler: String
  /// What happened.
  public var state: State
  /// The rejection error, or what went wrong (a cycle, a pass-through to nobody).
  public var error: String?

  /// Creates a step.
  public init(handler: String, state: State, error: String? = nil) {
    self.handler = handler
    self.state = state
    self.error = error
  }

  /// `handler:state`, as resolver traces print it.
  public var description: String { "\(handler):\(state.rawValue)" }
}

/// The outcome of opening (or resuming) a deep link.
public struct DeepLinkHandlingResult<Intent> {
  /// Every step, in order.
  public var trace: [DeepLinkTraceStep]
  /// The last handler's answer, if any handler answered.
  public var final: DeepLinkHandling<Intent>?

  /// The last step's state.
  public var state: DeepLinkTraceStep.State? { trace.last?.state }

  /// Whether the link ended opened.
  public var isOpened: Bool { state == .opened }

  /// Whether the link is kept for a later ``DeepLinkEngine/resume(animated:)``.
  public var isDelayed: Bool { state == .delayed }
}
