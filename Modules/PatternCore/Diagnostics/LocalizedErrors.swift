#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// `error.localizedDescription` is what apps log and show; without these it is Foundation's
// "The operation could not be completed" with the type name. Each error's rendered text (with
// its caret line where it has one) is its description.

extension Diagnostic: LocalizedError {
  public var errorDescription: String? { description }
}

extension PatternSyntaxError: LocalizedError {
  public var errorDescription: String? { description }
}

extension URLParseError: LocalizedError {
  public var errorDescription: String? { description }
}

extension ReverseRoutingError: LocalizedError {
  public var errorDescription: String? { description }
}
