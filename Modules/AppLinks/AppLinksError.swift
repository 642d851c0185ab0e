import PatternCore

/// A problem in an association file, an Android manifest or an `assetlinks.json`: what is
/// wrong, where (a JSON path such as `applinks.details[0].components[2]`, or an XML line), and
/// a hint.
public struct AppLinksError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  /// Where: a JSON path or `line N`; the file is added by whoever read it.
  public var origin: String
  /// How to fix it, when there is something to say.
  public var hint: String?

  public init(_ message: String, origin: String, hint: String? = nil) {
    self.message = message
    self.origin = origin
    self.hint = hint
  }

  /// The error as a diagnostic (`invalid_request`), for the tools.
  public var diagnostic: Diagnostic {
    Diagnostic(code: .invalidRequest, message: message, hint: hint, origin: origin)
  }

  public var description: String { diagnostic.description }
}

extension AppLinksError: RenderedError {}
