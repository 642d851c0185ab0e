/// A malformed pattern in any dialect: what is wrong, in which pattern, at which byte.
public struct PatternSyntaxError: Error, Sendable, Hashable, CustomStringConvertible,
  DiagnosticConvertible
{
  /// What is wrong.
  public enum Reason: Sendable, Hashable {
    case emptyPattern
    case unclosedGroup
    case unbalancedCloseParenthesis
    case emptyGroup
    case emptyAlternative
    case emptyComponent
    case trailingSlash
    case missingCaptureName
    case unclosedCapture
    case unknownType(String)
    case pipeOutsideGroup
    case wildcardNotWholeComponent
    case unexpectedCharacter(String)
    case expectedSeparator(found: String)
    case emptyQueryItem
    case expectedQueryCapture
    case nestedQueryGroup
    case malformedEscape
    /// Groups nested deeper than the limit.
    case nestingTooDeep(limit: Int)
    /// A pattern longer than the limit.
    case patternTooLong(length: Int, limit: Int)
    /// A dialect-specific problem with its own words (used by front-ends).
    case other(message: String, hint: String)

    /// An empty alternative in a query group (`?(:a|)`), which holds query items.
    package static let emptyQueryAlternative = Reason.other(
      message: "empty alternative", hint: "each alternative between '(' '|' ')' needs a query item")

    /// A `!key` or `*name` item (`what`, as the scanner describes its first character) inside a
    /// query group, where only items that bind or must be there go.
    package static func standaloneItemInGroup(_ what: String) -> Reason {
      .other(
        message: "\(what) item in a group",
        hint: "!key and *name stand alone in the query, outside parentheses, as in ?!token")
    }
  }

  /// What is wrong.
  public var reason: Reason
  /// The whole pattern.
  public var pattern: String
  /// The UTF-8 byte offset of the problem in `pattern`.
  public var offset: Int

  /// Creates an error.
  public init(_ reason: Reason, pattern: String, offset: Int) {
    self.reason = reason
    self.pattern = pattern
    self.offset = offset
  }

  /// The one-line message.
  public var message: String {
    switch reason {
    case .emptyPattern: "empty pattern"
    case .unclosedGroup: "unclosed group"
    case .unbalancedCloseParenthesis: "unbalanced ')'"
    case .emptyGroup: "empty group"
    case .emptyAlternative: "empty alternative"
    case .emptyComponent, .trailingSlash: "empty component"
    case .missingCaptureName: "capture has no name"
    case .unclosedCapture: "unclosed capture type"
    case .unknownType(let name): "unknown type `\(name)`"
    case .pipeOutsideGroup: "'|' outside parentheses"
    case .wildcardNotWholeComponent: "'*' must be a whole component"
    case .unexpectedCharacter(let text): "unexpected \(text)"
    case .expectedSeparator(let found): "expected '/' before \(found)"
    case .emptyQueryItem: "empty query item"
    case .expectedQueryCapture: "expected a query capture"
    case .nestedQueryGroup: "nested group in the query"
    case .malformedEscape: "malformed percent-escape"
    case .nestingTooDeep(let limit): "groups nested deeper than \(limit) levels"
    case .patternTooLong(let length, let limit):
      "pattern is \(length) bytes long; the limit is \(limit)"
    case .other(let message, _): message
    }
  }

  /// The hint printed after the caret.
  public var hint: String {
    switch reason {
    case .emptyPattern: "a pattern needs at least one component"
    case .unclosedGroup: "'(' opened here is never closed"
    case .unbalancedCloseParenthesis: "no '(' is open here"
    case .emptyGroup: "a group needs at least one component"
    case .emptyAlternative: "each alternative between '(' '|' ')' needs a component"
    case .emptyComponent: "remove the extra '/'"
    case .trailingSlash: "remove the trailing '/'"
    case .missingCaptureName: "write a name after ':', e.g. ':userId'"
    case .unclosedCapture: "close the name with ')', e.g. ':int(id)'"
    case .unknownType:
      "known types: " + ValueType.knownNames.joined(separator: ", ")
        + ", or a type the table declares"
    case .pipeOutsideGroup: "wrap the alternatives in parentheses, e.g. '(profile|user)/:id'"
    case .wildcardNotWholeComponent: "write '*' alone between slashes"
    case .unexpectedCharacter(let text):
      if text.hasSuffix(" after a query capture") {
        "query items are separated by '&'; a capture takes the item's whole value"
      } else if text.hasSuffix(" after a capture") {
        "components are separated by '/'"
      } else if text.hasSuffix(" after a query group") {
        "query items and groups are separated by '&', e.g. '(:a)&(:b)'"
      } else if text.hasSuffix(" in a capture name") {
        "a capture name is letters, digits and '_'"
      } else if text.hasPrefix("'|'") && text.hasSuffix(" after a query item") {
        "wrap the alternatives in parentheses, e.g. '(a=:int|b=:int)'"
      } else if text.hasSuffix(" after a query item") {
        "query items are separated by '&'"
      } else if text.hasSuffix(" in a query group") {
        "a query group holds one item or alternatives separated by '|'; put '&' between groups"
      } else {
        "percent-encode it or remove it"
      }
    case .expectedSeparator: "components are separated by '/'"
    case .emptyQueryItem: "remove the extra '&'"
    case .expectedQueryCapture:
      "query items are written ':name', ':int(name)', '(:name)', 'key=value', '!key' or '*name'"
    case .nestedQueryGroup: "query groups do not nest: '(:a|:b)' or '(:a)'"
    case .malformedEscape: "'%' must be followed by two hex digits"
    case .nestingTooDeep: "this '(' is one level too many; flatten the pattern"
    case .patternTooLong: "shorten the pattern, or split it into several routes"
    case .other(_, let hint): hint
    }
  }

  /// `limit_exceeded` for the size limits, `pattern_syntax` otherwise.
  public var code: ErrorCode {
    switch reason {
    case .nestingTooDeep, .patternTooLong: .limitExceeded
    default: .patternSyntax
    }
  }

  public var diagnostic: Diagnostic {
    if case .patternTooLong = reason {
      return Diagnostic(code: code, message: message, hint: hint)
    }
    return Diagnostic(code: code, message: message, source: pattern, offset: offset, hint: hint)
  }

  public var description: String { diagnostic.description }
}
