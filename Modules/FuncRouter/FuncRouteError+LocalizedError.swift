import Foundation

extension FuncRouteError: LocalizedError {
  /// The rendered error, as ``description`` prints it.
  public var errorDescription: String? { description }
}
