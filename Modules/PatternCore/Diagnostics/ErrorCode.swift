/// The stable error codes. Tools print them; fixtures assert them.
public enum ErrorCode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case invalidURL = "invalid_url"
  case invalidJSON = "invalid_json"
  case invalidRequest = "invalid_request"
  case patternSyntax = "pattern_syntax"
  case duplicateRoute = "duplicate_route"
  case invalidSource = "invalid_source"
  case missingParams = "missing_params"
  case limitExceeded = "limit_exceeded"

  public var description: String { rawValue }
}
