import Foundation
import Testing

@testable import HandlingEngine

enum Intent: Equatable {
  case showProfile(userId: String)
  case follow(userId: String)
  case retweet(tweetId: String)
}

struct Failure: Error, CustomStringConvertible {
  let description: String
}

/// A screen in the seed's style: opens profiles, rejects the rest.
final class ProfileScreen: DeepLinkHandler {
  var deeplinkHandling: DeepLinkHandling<Intent>?
  var shown: [String] = []

  func open(deeplink: DeepLink<Intent>, animated: Bool) -> DeepLinkHandling<Intent> {
    switch deeplink.intent {
    case .showProfile(let userId):
      return .opened(deeplink) { [unowned self] _ in self.shown.append(userId) }
    default:
      return .rejected(deeplink, Failure(description: "not a profile"))
    }
  }
}

/// The app's root in the seed's style, with a data-loading flag for delays.
final class AppRoot: DeepLinkHandler {
  var deeplinkHandling: DeepLinkHandling<Intent>?
  let profile = ProfileScreen()
  var loaded = false
  var followed: [String] = []
  var delaySideEffectRuns = 0
  var useDelayClosure = true

  func open(deeplink: DeepLink<Intent>, animated: Bool) -> DeepLinkHandling<Intent> {
    switch deeplink.intent {
    case .showProfile:
      return .passedThrough(deeplink) { [unowned self] _ in AnyDeepLinkHandler(self.profile) }
    case .follow(let userId):
      guard loaded else {
        return .delayed(
          deeplink, animated,
          useDelayClosure ? { [unowned self] _ in self.delaySideEffectRuns += 1 } : nil)
      }
      return .opened(deeplink) { [unowned self] _ in self.followed.append(userId) }
    case .retweet:
      return .passedThrough(deeplink, nil)
    }
  }
}

func link(_ intent: Intent) -> DeepLink<Intent> {
  DeepLink(url: URL(string: "myapp://x")!, intent: intent)
}

@MainActor @Suite("Handling engine (seed 004)")
struct DeepLinkEngineTests {
  @Test func passedThroughThenOpenedRunsTheSideEffect() {
    let root = AppRoot()
    let engine = DeepLinkEngine(root: AnyDeepLinkHandler(root))
    let result = engine.open(link(.showProfile(userId: "42")))
    #expect(result.trace.map(\.description) == ["AppRoot:passedThrough", "ProfileScreen:opened"])
    #expect(result.isOpened)
    #expect(root.profile.shown == ["42"])
    #expect(root.profile.deeplinkHandling?.stateName == "opened")
    #expect(root.deeplinkHandling?.stateName == "passedThrough")
  }

  @Test func rejectedCarriesItsError() {
    let profile = ProfileScreen()
    let engine = DeepLinkEngine(root: AnyDeepLinkHandler(profile))
    let result = engine.open(link(.follow(userId: "1")))
    #expect(
      result.trace == [
        DeepLinkTraceStep(handler: "ProfileScreen", state: .rejected, error: "not a profile")
      ])
  }

  @Test(arguments: [true, false])
  func delayedLinksAreKeptAndResumedWithOrWithoutAClosure(closure: Bool) throws {
    let root = AppRoot()
    root.useDelayClosure = closure
    let engine = DeepLinkEngine(root: AnyDeepLinkHandler(root))
    let first = engine.open(link(.follow(userId: "7")))
    #expect(first.isDelayed)
    #expect(root.delaySideEffectRuns == (closure ? 1 : 0))
    #expect(engine.pending?.deeplink.intent == .follow(userId: "7"))
    // Still not ready: delayed again, still kept.
    #expect(engine.resume()?.isDelayed == true)
    #expect(engine.pending != nil)
    root.loaded = true
    let resumed = try #require(engine.resume())
    #expect(resumed.trace.map(\.description) == ["AppRoot:opened"])
    #expect(root.followed == ["7"])
    #expect(engine.pending == nil)
    #expect(engine.resume() == nil)
  }

  @Test func openingAnotherLinkReplacesThePendingOne() {
    let root = AppRoot()
    let engine = DeepLinkEngine(root: AnyDeepLinkHandler(root))
    engine.open(link(.follow(userId: "1")))
    engine.open(link(.showProfile(userId: "2")))
    #expect(engine.pending == nil)
  }

  @Test func passingThroughToNobodyIsReported() {
    let engine = DeepLinkEngine(root: AnyDeepLinkHandler(AppRoot()))
    let result = engine.open(link(.retweet(tweetId: "3")))
    #expect(
      result.trace == [
        DeepLinkTraceStep(
          handler: "AppRoot", state: .passedThrough, error: "passed through without a next handler")
      ])
  }

  @Test func chainsOfAnyDepthAndCyclesAreDetected() {
    var handlers: [AnyDeepLinkHandler<Intent>] = []
    for index in 0..<10 {
      handlers.append(
        AnyDeepLinkHandler(name: "h\(index)") { deeplink, _ in
          index == 9
            ? .opened(deeplink, nil) : .passedThrough(deeplink) { _ in handlers[index + 1] }
        })
    }
    let deep = DeepLinkEngine(root: handlers[0]).open(link(.follow(userId: "1")))
    #expect(deep.trace.count == 10)
    #expect(deep.trace.last?.description == "h9:opened")

    var a: AnyDeepLinkHandler<Intent>!
    var b: AnyDeepLinkHandler<Intent>!
    a = AnyDeepLinkHandler(name: "a") { deeplink, _ in .passedThrough(deeplink) { _ in b } }
    b = AnyDeepLinkHandler(name: "b") { deeplink, _ in .passedThrough(deeplink) { _ in a } }
    let cycle = DeepLinkEngine(root: a).open(link(.follow(userId: "1")))
    #expect(cycle.trace.map(\.description) == ["a:passedThrough", "b:passedThrough", "a:cycle"])
    #expect(cycle.trace.last?.error == "handler cycle: a -> b -> a")
  }

  @Test func wrappingTheSameHandlerTwiceIsStillACycle() {
    final class Selfish: DeepLinkHandler {
      var deeplinkHandling: DeepLinkHandling<Intent>?
      func open(deeplink: DeepLink<Intent>, animated: Bool) -> DeepLinkHandling<Intent> {
        .passedThrough(deeplink) { [unowned self] _ in AnyDeepLinkHandler(self) }
      }
    }
    let handler = Selfish()
    let result = DeepLinkEngine(root: AnyDeepLinkHandler(handler)).open(link(.follow(userId: "1")))
    #expect(result.trace.map(\.description) == ["Selfish:passedThrough", "Selfish:cycle"])
  }

  @Test func theLogIsPerEngineConfiguration() {
    final class Log { var lines: [String] = [] }
    let log = Log()
    let engine = DeepLinkEngine(
      root: AnyDeepLinkHandler(AppRoot()),
      configuration: .init(log: { log.lines.append($0.description) }))
    engine.open(link(.showProfile(userId: "1")))
    #expect(log.lines == ["AppRoot:passedThrough", "ProfileScreen:opened"])
  }
}
