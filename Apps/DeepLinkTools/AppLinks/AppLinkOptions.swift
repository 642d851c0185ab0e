import ArgumentParser

/// The options that name the OS files, shared by `deeplink-applinks check`, `deeplink-resolve`
/// and `deeplink-repl`.
public struct AppLinkOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "An apple-app-site-association file (does iOS open the app?).", valueName: "file"))
  public var aasa: String?

  @Option(
    name: .customLong("app-id"),
    help: ArgumentHelp("The app in the --aasa file: TEAMID.bundle.id.", valueName: "id"))
  public var appID: String?

  @Option(
    name: .customLong("android-manifest"),
    help: ArgumentHelp("An AndroidManifest.xml (does Android open the app?).", valueName: "file"))
  public var androidManifest: String?

  public init() {}

  public func validate() throws {
    try SingleValuedOptions.refuseRepeats(["--aasa", "--app-id", "--android-manifest"])
  }

  /// Whether any OS file is named.
  public var isEmpty: Bool { aasa == nil && androidManifest == nil }

  /// The files (nil when none is named); a file that cannot be read or parsed is reported on
  /// standard error and is an exit with status 2.
  public func load(assetLinks: String? = nil, package: String? = nil) throws -> AppLinkFiles? {
    // `--app-id` alone is reported, not ignored.
    guard !isEmpty || appID != nil else { return nil }
    guard
      let files = AppLinkFiles.loadOrReport(
        aasa: aasa, appID: appID, androidManifest: androidManifest, assetLinks: assetLinks,
        package: package)
    else { throw ExitCode(2) }
    return files
  }
}
