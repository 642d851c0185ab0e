import PatternCore

/// Why a group of maps could not be loaded.
public enum MappingLoadError: Error, Sendable, Hashable, CustomStringConvertible,
  DiagnosticConvertible
{
  /// A malformed path or `{...}` item in map `index` of `group`, the `groupIndex`th of the
  /// groups loaded (two may share a name).
  case syntax(PatternSyntaxError, group: String, groupIndex: Int, index: Int)
  /// Two maps with the same path (the query and capture names aside) in one scheme, whose
  /// query conditions do not exclude each other; the second is map `index` of the
  /// `groupIndex`th group.
  case duplicatePath(path: String, first: String, second: String, groupIndex: Int, index: Int)
  /// A group name with characters a component cannot hold (`a/b`, `a?`), the `groupIndex`th
  /// of the groups loaded.
  case invalidGroup(String, groupIndex: Int)
  /// A declared value type whose name is taken or malformed.
  case invalidType(ValueTypeError)

  public var diagnostic: Diagnostic {
    switch self {
    case .syntax(let error, _, let groupIndex, let index):
      var diagnostic = error.diagnostic
      diagnostic.origin = "groups[\(groupIndex)], maps[\(index)]"
      return diagnostic
    case .duplicatePath(let path, let first, let second, let groupIndex, let index):
      return Diagnostic(
        code: .duplicateRoute, message: "duplicate path `\(path)`",
        hint: "\(second) repeats \(first); one scheme holds each path once",
        origin: "groups[\(groupIndex)], maps[\(index)]")
    case .invalidGroup(let group, let groupIndex):
      // The caret under the first character a component cannot hold.
      let bad = group.firstIndex(where: MappingInfoRouter.isOutsideGroup) ?? group.startIndex
      return Diagnostic(
        code: .patternSyntax, message: "invalid group `\(group)`", source: group,
        offset: group.utf8.distance(from: group.startIndex, to: bad),
        hint: bad < group.endIndex && group[bad] == "%"
          ? "a group is written as its URLs read it, without `%` escapes"
          : "a group is one path component (or empty: its maps' paths then start the URL)",
        origin: "groups[\(groupIndex)]")
    case .invalidType(let error):
      return Diagnostic(code: .invalidRequest, message: error.description)
    }
  }

  public var description: String { diagnostic.description }
}
