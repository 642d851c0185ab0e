#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An error whose `localizedDescription` is its rendered text (its `description`, with the
/// caret line where it has one). Every public error of the package is one: without it, apps
/// would log Foundation's "The operation could not be completed" with the type name.
public protocol RenderedError: LocalizedError, CustomStringConvertible {}

extension RenderedError {
  /// The rendered text, as `description` prints it.
  public var errorDescription: String? { description }
}

extension Diagnostic: RenderedError {}
extension PatternSyntaxError: RenderedError {}
extension URLParseError: RenderedError {}
extension ReverseRoutingError: RenderedError {}
extension ValueTypeError: RenderedError {}
