/// An error as data: what went wrong, in which text, at which byte, and a hint.
///
/// Every domain error of the package (`URLParseError`, `PatternSyntaxError`, …) converts into a
/// `Diagnostic`; ``DiagnosticRenderer`` draws it with a caret under the offending column:
///
///     error: unclosed group
///       profile/(info/:userId
///               ^ '(' opened here is never closed
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
  /// The stable error code.
  public var code: ErrorCode
  /// One line saying what is wrong, without position.
  public var message: String
  /// The text the error is about (a pattern, a URL, a line of JSON), if any.
  public var source: String?
  /// The UTF-8 byte offset in `source` the caret points at.
  public var offset: Int?
  /// A short hint printed after the caret.
  public var hint: String?
  /// Where `source` came from (a file and line, a route index), printed as `--> origin`.
  public var origin: String?

  /// Creates a diagnostic.
  public init(
    code: ErrorCode, message: String, source: String? = nil, offset: Int? = nil,
    hint: String? = nil, origin: String? = nil
  ) {
    self.code = code
    self.message = message
    self.source = source
    self.offset = offset
    self.hint = hint
    self.origin = origin
  }

  /// The rendered plain-text form.
  public var description: String { DiagnosticRenderer().render(self) }
}

/// A domain error that can be shown as a ``Diagnostic``.
public protocol DiagnosticConvertible: Error {
  /// The diagnostic describing this error.
  var diagnostic: Diagnostic { get }
}

extension Diagnostic: DiagnosticConvertible {
  public var diagnostic: Diagnostic { self }
}
