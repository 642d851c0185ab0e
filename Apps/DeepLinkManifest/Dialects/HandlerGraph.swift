import DeeperRouter
import Foundation
import HandlingEngine
import PatternCore

/// A handler graph written as data (a manifest's `handlers`), turned into real
/// ``HandlingEngine/AnyDeepLinkHandler`` objects so the engine runs exactly as in an app.
///
///     "handlers": {
///       "root": {"showProfile": {"passTo": "profile"}, "*": {"reject": "unsupported"}},
///       "profile": {"showProfile": {"open": true}, "follow": {"delay": true, "resume": {"open": true}}}
///     }
///
/// Actions: `{"open": true}`, `{"reject": "message"}` (or `true`), `{"passTo": "handler"}`,
/// `{"delay": true}` (kept), `{"delay": true, "resume": ACTION}` (kept, then resumed at once: the
/// handler answers ACTION the second time, and ACTION may delay and resume again). `"*"` is the
/// entry for intents without their own. A handler with no entry for an intent rejects it.
///
/// Handlers live on the main actor, so the graph's state (`wantsResume`, the answers handlers
/// keep for a resume) is only read and written there: by the handlers and by ``reset()``.
package final class HandlerGraph: @unchecked Sendable {
  package indirect enum Action {
    case open
    case reject(String?)
    case passTo(String)
    case delay(resume: Action?)
  }

  /// Keyed by the exact bytes of handler and intent names, as the JSON keeps them apart.
  private let entries: [ExactText: [ExactText: Action]]
  private var handlers: [ExactText: AnyDeepLinkHandler<String>] = [:]
  /// Set when a handler delayed a link it wants resumed.
  package private(set) var wantsResume = false
  /// What each handler that delayed a link answers when the link is resumed.
  private var resumes: [ExactText: Action] = [:]

  /// The root handler.
  package var root: AnyDeepLinkHandler<String> { handlers[ExactText("root")]! }

  /// The longest pass-through chain the graph can make without a cycle: one visit per handler
  /// (the engine reports a longer one, which must repeat a handler, as a cycle first).
  package var longestChain: Int { handlers.count + 1 }

  package init(_ json: JSONValue, origin: String) throws(Diagnostic) {
    guard let members = json.objectValue else {
      throw Self.error("`handlers` must be an object of handler names", "\(origin), handlers")
    }
    var entries: [ExactText: [ExactText: Action]] = [:]
    guard members.contains(where: { $0.0.isExactly("root") }) else {
      throw Self.error("the handler graph has no `root` handler", origin)
    }
    // Every action is checked where it is written, its `passTo` targets included, so that the
    // first mistake as written is the one reported.
    let names = Set(members.map { ExactText($0.0) })
    for (name, table) in members {
      guard let intents = table.objectValue else {
        throw Self.error(
          "handler `\(name)` must be an object of intent names", "\(origin), handlers.\(name)")
      }
      var actions: [ExactText: Action] = [:]
      for (intent, json) in intents {
        actions[ExactText(intent)] = try Self.action(
          json, "\(origin), handlers.\(name).\(intent)",
          target: { (target: String, at: String) throws(Diagnostic) in
            guard names.contains(ExactText(target)) else {
              throw Self.error(
                "handler `\(name)` passes `\(intent)` to `\(target)`, which is not in the graph",
                at)
            }
          })
      }
      entries[ExactText(name)] = actions
    }
    self.entries = entries
    for name in entries.keys {
      handlers[name] = AnyDeepLinkHandler(name: name.text) { [unowned self] link, animated in
        self.answer(name, link, animated)
      }
    }
  }

  /// Forgets every handler's last state, so one URL's handling does not leak into the next.
  @MainActor
  package func reset() {
    wantsResume = false
    resumes = [:]
    for handler in handlers.values { handler.deeplinkHandling = nil }
  }

  /// Clears `wantsResume` before the kept link is resumed (a resumed answer may set it again).
  @MainActor
  package func willResume() {
    wantsResume = false
  }

  @MainActor
  private func answer(_ name: ExactText, _ link: DeepLink<String>, _ animated: Bool)
    -> DeepLinkHandling<String>
  {
    if let resume = resumes.removeValue(forKey: name) {
      return perform(resume, name, link, animated)
    }
    guard
      let action = entries[name]?[ExactText(link.intent)] ?? entries[name]?[ExactText("*")]
    else {
      return .rejected(link, GraphError("`\(name)` has no entry for intent `\(link.intent)`"))
    }
    return perform(action, name, link, animated)
  }

  @MainActor
  private func perform(
    _ action: Action, _ name: ExactText, _ link: DeepLink<String>, _ animated: Bool
  ) -> DeepLinkHandling<String> {
    switch action {
    case .open:
      return .opened(link, nil)
    case .reject(let message):
      return .rejected(link, message.map(GraphError.init))
    case .passTo(let target):
      guard let next = handlers[ExactText(target)] else { return .passedThrough(link, nil) }
      return .passedThrough(link, { _ in next })
    case .delay(let resume):
      if let resume {
        resumes[name] = resume
        wantsResume = true
      }
      return .delayed(link, animated, nil)
    }
  }

  /// The action `json` at `origin`, with each handler it passes to checked by `target` (given
  /// the handler's name and where it is written).
  private static func action(
    _ json: JSONValue, _ origin: String,
    target: (String, String) throws(Diagnostic) -> Void
  ) throws(Diagnostic) -> Action {
    guard let members = json.objectValue else {
      throw error("an action is an object such as {\"open\": true}", origin)
    }
    let keys = Set(members.map(\.0))
    let verbs = keys.intersection(["open", "reject", "passTo", "delay"])
    guard verbs.count == 1, let verb = verbs.first else {
      // A misspelt verb is named (`opn`), not only the verbs that are missing.
      let unknown = keys.subtracting(["open", "reject", "passTo", "delay", "resume"]).sorted()
      throw error(
        "an action has exactly one of `open`, `reject`, `passTo`, `delay`"
          + (verbs.isEmpty && !unknown.isEmpty
            ? "; unknown member `\(unknown[0])` in an action" : ""),
        origin)
    }
    let allowed: Set<String> = verb == "delay" ? ["delay", "resume"] : [verb]
    if let extra = keys.subtracting(allowed).sorted().first {
      throw error("unknown member `\(extra)` in an action", origin)
    }
    let value = json[verb]!
    switch verb {
    case "open":
      guard value.boolValue == true else { throw error("`open` must be true", origin) }
      return .open
    case "reject":
      if let message = value.stringValue { return .reject(message) }
      guard value.boolValue == true else {
        throw error("`reject` must be an error message or true", origin)
      }
      return .reject(nil)
    case "passTo":
      guard let name = value.stringValue else {
        throw error("`passTo` must name a handler", origin)
      }
      try target(name, origin)
      return .passTo(name)
    default:
      guard value.boolValue == true else { throw error("`delay` must be true", origin) }
      return .delay(
        resume: try json["resume"].map { v throws(Diagnostic) in
          try action(v, origin + ".resume", target: target)
        })
    }
  }

  private static func error(_ message: String, _ origin: String) -> Diagnostic {
    Diagnostic(code: .invalidRequest, message: "invalid handler graph: " + message, origin: origin)
  }
}

/// A rejection error carrying the graph's message.
package struct GraphError: Error, CustomStringConvertible {
  package let description: String
  package init(_ description: String) { self.description = description }
}

extension HandlerGraph {
  /// The deep link of a resolved URL. A graph's handlers act on the intent alone, so a URL
  /// Foundation cannot read (which our parser took) stands in as `/`.
  package static func link(_ url: String, _ intent: String) -> DeepLink<String> {
    DeepLink(url: URL(string: url) ?? URL(fileURLWithPath: "/"), intent: intent)
  }

  /// Opens `link` from the root handler, on the main actor as an app does, resuming while a
  /// written `resume` wants it (each answers one level, so this ends): the trace of it all.
  @MainActor
  package func drive(_ link: DeepLink<String>, _ engine: DeepLinkEngine<String>)
    -> [DeepLinkTraceStep]
  {
    reset()
    var steps = engine.open(link).trace
    while wantsResume {
      willResume()
      guard let resumed = engine.resume() else { break }
      steps += resumed.trace
    }
    // Each handler's last answer holds the next handler of its chain: forget them now, so a
    // long chain is not left linked (its release would recurse once per handler).
    reset()
    return steps
  }
}
