import Foundation
import PatternCore

// The awaited entry points: handlers run in order, `async` ones too, on the caller's actor.
extension LinkRouter {
  /// Resolves a URL string, running handlers (`async` ones too) in order until one accepts.
  /// It runs on the caller's actor (`isolation`), as the synchronous call does on the caller's
  /// thread: a handler written in `@MainActor` code runs on the main actor.
  public func resolve(
    _ string: String, userInfo: UserInfo, isolation: isolated (any Actor)? = #isolation
  ) async -> CrossroadResolution<UserInfo> {
    var chain = ForwardChain(start: string)
    return await resolveAsync(string, userInfo: userInfo, chain: &chain)
  }

  private func resolveAsync(
    _ string: String, userInfo: UserInfo, chain: inout ForwardChain,
    isolation: isolated (any Actor)? = #isolation
  ) async -> CrossroadResolution<UserInfo> {
    guard
      case .success(let (url, source)) = Result(catching: { () throws(AcceptFailure) in
        try accept(string)
      })
    else {
      // An invalid URL or no source: no handler runs.
      return resolveNow(string, userInfo: userInfo, chain: &chain)
    }
    var declined: [Int] = []
    let (routes, table) = snapshot()
    for (index, context) in contexts(string, url, source, routes, table, userInfo) {
      let accepted: Bool?
      switch routes[index].handler {
      case .sync(let handler): accepted = try? handler(context)
      case .async(let handler):
        // The context is this iteration's own value, read again only after the handler
        // returned: handing it over cannot race with this function (a payload of a class the
        // handler keeps is the caller's to share, as it is for the synchronous call).
        nonisolated(unsafe) let handed = context
        accepted = try? await handler(handed)
      case .forward(let name):
        if let stop = follow(name, index, context, declined, &chain) { return stop }
        return await resolveAsync(chain.current, userInfo: userInfo, chain: &chain)
      }
      if accepted == true {
        return .matched(routeIndex: index, context: context, declined: declined)
      }
      declined.append(index)
    }
    return unmatched(url, source, routes, table, declined: declined)
  }

  /// Opens a URL with a payload, running `async` handlers too, on the caller's actor.
  @discardableResult
  public func openIfPossible(
    _ url: URL, userInfo: UserInfo, isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    if case .matched = await resolve(url.absoluteString, userInfo: userInfo) { return true }
    return false
  }

  /// The original library's spelling with a payload, running `async` handlers too: false for
  /// a nil URL.
  @discardableResult
  public func openIfPossible(
    to url: URL?, userInfo: UserInfo, isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    guard let url else { return false }
    return await openIfPossible(url, userInfo: userInfo)
  }
}
