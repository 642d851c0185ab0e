import AppLinks
import DeepLinkManifest
import PatternCore

/// The OS files a check or a resolver run compares with: an association file for an app ID,
/// an Android manifest, and a site's `assetlinks.json` for a package.
public struct AppLinkFiles {
  public var aasa: AASAFile?
  public var appID: String?
  public var android: AndroidManifest?
  public var assetLinks: AssetLinks?
  public var package: String?

  public init() {}

  /// The files, or nil after the diagnostic is written to standard error (the apps then exit
  /// with status 2).
  public static func loadOrReport(
    aasa: String?, appID: String?, androidManifest: String?, assetLinks: String? = nil,
    package: String? = nil
  ) -> AppLinkFiles? {
    switch load(
      aasa: aasa, appID: appID, androidManifest: androidManifest, assetLinks: assetLinks,
      package: package)
    {
    case .success(let files):
      for note in files.android?.notes ?? [] { FileHandleOutput.standardError(note) }
      if let note = files.unknownAppNote { FileHandleOutput.standardError(note) }
      return files
    case .failure(let diagnostic):
      FileHandleOutput.standardError(diagnostic.description)
      return nil
    }
  }

  /// Whether any OS file was given.
  public var isEmpty: Bool { aasa == nil && android == nil }

  /// A note when the association file names no app `appID` (a typo, or another team's file):
  /// then iOS opens none of its links for the app, which the answers will show.
  var unknownAppNote: String? {
    guard let aasa, let appID, !aasa.names(app: appID) else { return nil }
    var named: [String] = []
    for detail in aasa.details {
      for app in detail.appIDs where !named.contains(app) { named.append(app) }
    }
    let others =
      named.isEmpty
      ? "it names no app at all" : "it names " + named.map { "`\($0)`" }.joined(separator: ", ")
    return "note: the association file names no app `\(appID)` (\(others)): iOS opens none "
      + "of its links for that app"
  }

  /// Reads the files; a problem is a diagnostic naming the file and where in it.
  public static func load(
    aasa: String?, appID: String?, androidManifest: String?, assetLinks: String?, package: String?
  ) -> Result<AppLinkFiles, Diagnostic> {
    var files = AppLinkFiles()
    // An option that goes with another is an error without it, as the other way round: it
    // would be ignored.
    if appID != nil && aasa == nil {
      return .failure(
        Diagnostic(
          code: .invalidRequest, message: "--app-id goes with --aasa",
          hint: "give the association file it is checked against: --aasa FILE --app-id ID"))
    }
    if package != nil && assetLinks == nil {
      return .failure(
        Diagnostic(
          code: .invalidRequest, message: "--package goes with --assetlinks",
          hint: "give the assetlinks.json it is checked against: --assetlinks FILE --package NAME"))
    }
    func read<T>(_ path: String, _ parse: ([UInt8]) throws(AppLinksError) -> T) -> Result<
      T, Diagnostic
    > {
      let bytes: [UInt8]
      switch FileIO.readFile(reporting: path) {
      case .success(let contents): bytes = contents
      case .failure(let error):
        return .failure(
          Diagnostic(code: .invalidRequest, message: "cannot read `\(path)`: \(error.reason)"))
      }
      do {
        return .success(try parse(bytes))
      } catch {
        var diagnostic = error.diagnostic
        diagnostic.origin = "\(path), \(error.origin)"
        return .failure(diagnostic)
      }
    }
    if let aasa {
      guard let appID, !appID.isEmpty else {
        return .failure(
          Diagnostic(
            code: .invalidRequest,
            message: appID == nil ? "--aasa needs --app-id" : "--app-id is empty",
            hint: "name the app as TEAMID.bundle.id, e.g. --app-id ABCDE12345.com.example.app"))
      }
      switch read(aasa, { (bytes) throws(AppLinksError) in try AASAFile(data: bytes) }) {
      case .success(let file): files.aasa = file
      case .failure(let diagnostic): return .failure(diagnostic)
      }
      files.appID = appID
    }
    if let androidManifest {
      switch read(
        androidManifest, { (bytes) throws(AppLinksError) in try AndroidManifest(data: bytes) })
      {
      case .success(let manifest): files.android = manifest
      case .failure(let diagnostic): return .failure(diagnostic)
      }
    }
    if let assetLinks {
      guard files.android != nil else {
        return .failure(
          Diagnostic(code: .invalidRequest, message: "--assetlinks needs --android-manifest"))
      }
      switch read(assetLinks, { (bytes) throws(AppLinksError) in try AssetLinks(data: bytes) }) {
      case .success(let links): files.assetLinks = links
      case .failure(let diagnostic): return .failure(diagnostic)
      }
      guard let name = package ?? files.android?.package else {
        return .failure(
          Diagnostic(
            code: .invalidRequest, message: "--assetlinks needs --package",
            hint: "the manifest names no package; give --package com.example.app"))
      }
      files.package = name
    }
    return .success(files)
  }

  /// `"opensApp"` for an http(s) URL: `{"ios": true, "rule": "..."}` and/or
  /// `{"android": false, "androidRule": null}`; nil for other URLs or without OS files.
  public func opensApp(_ url: String) -> JSONValue? {
    let lower = url.prefix(8).lowercased()
    guard !isEmpty, lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
    var fields: [(String, JSONValue)] = []
    if let aasa, let appID {
      let decision = aasa.decision(for: url, appID: appID)
      fields.append(("ios", .bool(decision.opens)))
      fields.append(("rule", decision.rule.map(JSONValue.string) ?? .null))
    }
    if let android {
      let decision = android.decision(for: url)
      fields.append(("android", .bool(decision.opens)))
      fields.append(("androidRule", decision.rule.map(JSONValue.string) ?? .null))
    }
    return .object(fields)
  }

  /// The REPL's line: `opens app: iOS yes (details[0].components[2]), Android no`.
  public func opensAppLine(_ url: String) -> String? {
    guard opensApp(url) != nil else { return nil }
    var parts: [String] = []
    if let aasa, let appID {
      let decision = aasa.decision(for: url, appID: appID)
      parts.append("iOS " + Self.words(decision))
    }
    if let android {
      parts.append("Android " + Self.words(android.decision(for: url)))
    }
    return "opens app: " + parts.joined(separator: ", ")
  }

  static func words(_ decision: OpenDecision) -> String {
    (decision.opens ? "yes" : "no") + (decision.rule.map { " (\($0))" } ?? "")
  }
}
