import Foundation

extension JSONSyntaxError: LocalizedError {
  /// The error, as ``description`` prints it.
  public var errorDescription: String? { description }
}

extension ManifestError: LocalizedError {
  /// The rendered error, as ``description`` prints it.
  public var errorDescription: String? { description }
}
