import Foundation

extension MappingLoadError: LocalizedError {
  /// The rendered error, as ``description`` prints it.
  public var errorDescription: String? { description }
}

extension MissingParametersError: LocalizedError {
  /// The error, as ``description`` prints it.
  public var errorDescription: String? { description }
}

extension MappingOpenError: LocalizedError {
  /// The error, as ``description`` prints it.
  public var errorDescription: String? { description }
}

extension MappingParameterError: LocalizedError {
  /// The error, as ``description`` prints it.
  public var errorDescription: String? { description }
}
