import Foundation

/// A resolved deep link: the URL that was opened and the intent a route made of it.
public struct DeepLink<Intent> {
  /// The URL that was opened.
  public let url: URL
  /// What the app should do.
  public let intent: Intent

  /// Creates a deep link.
  public init(url: URL, intent: Intent) {
    self.url = url
    self.intent = intent
  }
}

extension DeepLink: Sendable where Intent: Sendable {}
extension DeepLink: Equatable where Intent: Equatable {}
