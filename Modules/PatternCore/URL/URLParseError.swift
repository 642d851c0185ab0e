/// Why a URL could not be parsed, with the UTF-8 byte offset of the problem.
public enum URLParseError: Error, Sendable, Hashable, CustomStringConvertible, DiagnosticConvertible
{
  /// The URL has a ':' in its first segment but no valid `scheme:` before it.
  case missingScheme(url: String, offset: Int)
  /// A `%` not followed by two hex digits.
  case malformedEscape(url: String, offset: Int)
  /// Percent-escapes that decode to bytes which are not UTF-8.
  case invalidUTF8(url: String, offset: Int)
  /// A space or an ASCII control character.
  case forbiddenCharacter(url: String, offset: Int, byte: UInt8)
  /// A port that is not a number.
  case invalidPort(url: String, offset: Int)
  /// A port above 65535.
  case portOutOfRange(url: String, offset: Int)
  /// A host starting with `[` that never closes.
  case unclosedIPLiteral(url: String, offset: Int)
  /// Something other than `:` and a port after an IP literal's `]` (`[::1].example.com`).
  case textAfterIPLiteral(url: String, offset: Int)
  /// The URL is longer than the limit.
  case tooLong(url: String, length: Int, limit: Int)
  /// More components than the limit; `offset` is where the first one past the limit starts.
  case tooManyComponents(url: String, count: Int, limit: Int, offset: Int)
  /// More query items than the limit; `offset` is where the first one past the limit starts.
  case tooManyQueryItems(url: String, count: Int, limit: Int, offset: Int)

  /// `invalid_url`, or `limit_exceeded` for the limits.
  public var code: ErrorCode {
    switch self {
    case .tooLong, .tooManyComponents, .tooManyQueryItems: .limitExceeded
    default: .invalidURL
    }
  }

  /// The byte offset the error points at.
  public var offset: Int {
    switch self {
    case .missingScheme(_, let offset), .malformedEscape(_, let offset),
      .invalidUTF8(_, let offset), .forbiddenCharacter(_, let offset, _),
      .invalidPort(_, let offset), .portOutOfRange(_, let offset),
      .unclosedIPLiteral(_, let offset), .textAfterIPLiteral(_, let offset):
      offset
    case .tooLong(_, _, let limit): limit
    case .tooManyComponents(_, _, _, let offset), .tooManyQueryItems(_, _, _, let offset): offset
    }
  }

  /// The one-line message.
  public var message: String { words.message }

  var hint: String { words.hint }

  /// What went wrong and how to mend it, written once per case.
  private var words: (message: String, hint: String) {
    switch self {
    case .missingScheme:
      ("malformed scheme", "a scheme is a letter, then letters, digits, '+', '-' or '.', then ':'")
    case .malformedEscape:
      (
        "malformed percent-escape",
        "'%' must be followed by two hex digits (write '%25' for a literal '%')"
      )
    case .invalidUTF8:
      ("percent-escapes do not decode to UTF-8", "the decoded bytes are not valid UTF-8")
    case .forbiddenCharacter(_, _, let byte):
      byte == 0x20
        ? ("space in URL", "percent-encode it as %20")
        : ("control character 0x\(hex(byte)) in URL", "percent-encode it")
    case .invalidPort: ("port is not a number", "a port is digits only")
    case .portOutOfRange: ("port is out of range", "a port is at most 65535")
    case .unclosedIPLiteral: ("unclosed '[' in the host", "an IP literal host is written [::1]")
    case .textAfterIPLiteral:
      ("text after the IP literal's ']'", "an IP literal is the whole host: [::1] or [::1]:8080")
    case .tooLong(_, let length, let limit):
      (
        "URL is \(length) bytes long; the limit is \(limit)",
        "bytes past the limit are not read; shorten the URL or raise the limit"
      )
    case .tooManyComponents(_, let count, let limit, _):
      ("URL has \(count) components; the limit is \(limit)", "raise the limit or shorten the URL")
    case .tooManyQueryItems(_, let count, let limit, _):
      ("URL has \(count) query items; the limit is \(limit)", "raise the limit or shorten the URL")
    }
  }

  var url: String {
    switch self {
    case .missingScheme(let url, _), .malformedEscape(let url, _), .invalidUTF8(let url, _),
      .forbiddenCharacter(let url, _, _), .invalidPort(let url, _), .portOutOfRange(let url, _),
      .unclosedIPLiteral(let url, _), .textAfterIPLiteral(let url, _), .tooLong(let url, _, _),
      .tooManyComponents(let url, _, _, _), .tooManyQueryItems(let url, _, _, _):
      url
    }
  }

  public var diagnostic: Diagnostic {
    switch self {
    case .tooLong:
      // Drawing an 8 KB line helps nobody; say how long it is instead.
      Diagnostic(code: code, message: message, offset: offset, hint: hint)
    default:
      Diagnostic(code: code, message: message, source: url, offset: offset, hint: hint)
    }
  }

  public var description: String { diagnostic.description }
}

private func hex(_ byte: UInt8) -> String {
  let digits = Array("0123456789ABCDEF")
  return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}
