import DeepLinkManifest

/// The version the three apps print for `--version`.
public enum ToolVersion {
  /// The package's release.
  public static let current = "0.1.0"
}
