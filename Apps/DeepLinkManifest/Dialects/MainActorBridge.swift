import Dispatch
import Foundation

/// Runs main-actor work (deep-link handlers) from the tools' synchronous code.
///
/// The tools call it from the main thread (the apps, the fuzzers) or from test tasks while the
/// main thread serves the main queue (the test runner's asynchronous entry point).
package enum MainActorBridge {
  package static func run<Result>(_ body: @MainActor () -> Result) -> Result {
    // The result is handed from the main thread back to the waiting one; `sync` orders the two.
    let box = ResultBox<Result>()
    withoutActuallyEscaping(body) { body in
      let work: @MainActor () -> Void = { box.value = body() }
      if Thread.isMainThread {
        MainActor.assumeIsolated(work)
      } else {
        DispatchQueue.main.sync { MainActor.assumeIsolated(work) }
      }
    }
    return box.value!
  }
}

private final class ResultBox<Value>: @unchecked Sendable {
  package var value: Value?
}
