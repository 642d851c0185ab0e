import Foundation

extension CrossroadError: LocalizedError {
  /// The rendered error, as ``description`` prints it.
  public var errorDescription: String? { description }
}

extension Context.Error: LocalizedError {
  /// The error, as ``description`` prints it.
  public var errorDescription: String? { description }
}
