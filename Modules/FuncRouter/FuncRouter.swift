import PatternCore

/// The FuncRouter front-end. Its syntax and API arrive with its own issue; until then it exposes the
/// dialect name the tools use to refer to it.
public enum FuncRouterDialect {
  /// The manifest `dialect` value of this front-end.
  public static let name = "func"
}
