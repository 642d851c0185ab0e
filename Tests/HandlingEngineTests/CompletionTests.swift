import Foundation
import Testing

@testable import HandlingEngine

/// A handler that delays until its side effect has run, then completes the link itself, as
/// Deeper's handlers do (`complete(deeplinkHandling:)`), recording every state it is given.
final class SelfCompletingHandler: DeepLinkHandler {
  var deeplinkHandling: DeepLinkHandling<Intent>? {
    didSet { states.append(deeplinkHandling.map(\.stateName) ?? "nil") }
  }
  var states: [String] = []
  var ready = false
  var animatedSeen: [Bool] = []
  /// Whether the delayed side effect completes the link at once.
  var completesInSideEffect = true

  func open(deeplink: DeepLink<Intent>, animated: Bool) -> DeepLinkHandling<Intent> {
    animatedSeen.append(animated)
    if ready { return .opened(deeplink, nil) }
    return .delayed(deeplink, false) { [unowned self] _ in
      self.ready = true
      if self.completesInSideEffect { self.complete(deeplinkHandling: self.deeplinkHandling) }
    }
  }
}

@MainActor @Suite("HandlingEngine: a handler completes its delayed link")
struct CompletionTests {
  func link(_ intent: Intent) -> DeepLink<Intent> {
    DeepLink(url: URL(string: "myapp://x")!, intent: intent)
  }

  /// Completed from its own side effect: delayed, then opened, with the state's flag; the
  /// engine keeps nothing to resume.
  @Test func completingFromTheSideEffectOpensTheLink() {
    let handler = SelfCompletingHandler()
    let engine = DeepLinkEngine(root: AnyDeepLinkHandler(handler))
    let result = engine.open(link(.follow(userId: "1")), animated: true)
    #expect(result.trace.map(\.description) == ["SelfCompletingHandler:delayed"])
    #expect(handler.states == ["delayed", "opened"])
    #expect(handler.animatedSeen == [true, false])
    #expect(engine.pending == nil)
  }

  /// Completed later: the result says what happened; any other state completes nothing.
  @Test func completingLaterFollowsTheAnswer() throws {
    let handler = SelfCompletingHandler()
    handler.completesInSideEffect = false
    let engine = DeepLinkEngine(root: AnyDeepLinkHandler(handler))
    engine.open(link(.follow(userId: "1")))
    #expect(engine.pending?.animated == false)
    let completed = try #require(handler.complete(deeplinkHandling: handler.deeplinkHandling))
    #expect(completed.trace.map(\.description) == ["SelfCompletingHandler:opened"])
    #expect(handler.complete(deeplinkHandling: handler.deeplinkHandling) == nil)
    #expect(handler.complete(deeplinkHandling: nil) == nil)
    // Completed already: a resume does not hand the link to the handler a second time.
    let opens = handler.animatedSeen.count
    #expect(engine.resume() == nil)
    #expect(handler.animatedSeen.count == opens)
    #expect(engine.pending == nil)
  }

  /// A resume passes the delayed state's `animated` flag on unless it is given one.
  @Test func resumeKeepsTheDelayedFlag() throws {
    let handler = SelfCompletingHandler()
    handler.completesInSideEffect = false
    handler.ready = false
    let engine = DeepLinkEngine(root: AnyDeepLinkHandler(handler))
    engine.open(link(.follow(userId: "1")), animated: true)
    handler.ready = true
    _ = try #require(engine.resume())
    #expect(handler.animatedSeen == [true, false])
    handler.ready = false
    engine.open(link(.follow(userId: "2")), animated: true)
    handler.ready = true
    _ = try #require(engine.resume(animated: true))
    #expect(handler.animatedSeen.last == true)
  }
}
