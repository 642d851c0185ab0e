import Foundation

// The original library's calls without a payload (`DefaultRouter`).
extension LinkRouter where UserInfo == Void {
  /// Opens a URL: the first matching route whose handler returns true wins.
  @discardableResult
  public func openIfPossible(_ url: URL) -> Bool {
    openIfPossible(url, userInfo: ())
  }

  /// Opens a URL, running `async` handlers too, on the caller's actor.
  @discardableResult
  public func openIfPossible(_ url: URL, isolation: isolated (any Actor)? = #isolation) async
    -> Bool
  {
    await openIfPossible(url, userInfo: ())
  }

  /// ``openIfPossible(to:)``, running `async` handlers too, on the caller's actor.
  @discardableResult
  public func openIfPossible(to url: URL?, isolation: isolated (any Actor)? = #isolation) async
    -> Bool
  {
    guard let url else { return false }
    return await openIfPossible(url, userInfo: ())
  }

  /// The original library's spelling, for a URL that may be nil (`URL(string:)`): false for nil.
  @discardableResult
  public func openIfPossible(to url: URL?) -> Bool {
    url.map { openIfPossible($0, userInfo: ()) } ?? false
  }

  /// Resolves a URL string without a payload.
  public func resolve(_ string: String) -> CrossroadResolution<Void> {
    resolve(string, userInfo: ())
  }

  /// Resolves a URL string without a payload, running `async` handlers too, on the caller's
  /// actor.
  public func resolve(_ string: String, isolation: isolated (any Actor)? = #isolation) async
    -> CrossroadResolution<Void>
  {
    await resolve(string, userInfo: ())
  }
}
