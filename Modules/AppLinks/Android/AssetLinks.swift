import Foundation

/// A site's `assetlinks.json`: the statements by which a host delegates links to apps.
public struct AssetLinks: Sendable {
  /// One statement's target: a package and the relations given to it.
  public struct Grant: Sendable, Hashable {
    public var package: String
    public var relations: [String]
    /// `sha256_cert_fingerprints`: the signing certificates the grant is for.
    public var fingerprints: [String] = []
  }

  public var grants: [Grant]

  /// The relation that lets Android open the host's links in the app without asking.
  public static let handleAllURLs = "delegate_permission/common.handle_all_urls"

  /// Parses the file.
  /// - Throws: ``AppLinksError`` with the JSON path of the problem.
  public init(data: [UInt8]) throws(AppLinksError) {
    let root = try JSONDocument.parse(data, hint: "assetlinks.json is a JSON array of statements")
    guard let statements = root as? [Any] else {
      throw AppLinksError("the file is not a JSON array of statements", origin: "$")
    }
    var grants: [Grant] = []
    for (index, entry) in statements.enumerated() {
      let origin = "$[\(index)]"
      guard let statement = entry as? [String: Any] else {
        throw AppLinksError("a statement is an object", origin: origin)
      }
      if let include = statement["include"] {
        throw AppLinksError(
          "an \"include\" statement (\(include)) points at another file, which is not fetched",
          origin: "\(origin).include",
          hint: "give the statements of the included file in this one")
      }
      guard let relations = statement["relation"] as? [String] else {
        throw AppLinksError("\"relation\" is an array of strings", origin: "\(origin).relation")
      }
      guard let target = statement["target"] as? [String: Any] else {
        throw AppLinksError("\"target\" is an object", origin: "\(origin).target")
      }
      guard let namespace = target["namespace"] as? String else {
        throw AppLinksError("\"namespace\" is a string", origin: "\(origin).target.namespace")
      }
      guard namespace == "android_app" else { continue }  // a web target: not an app grant
      guard let package = target["package_name"] as? String else {
        throw AppLinksError(
          "an android_app target needs \"package_name\"", origin: "\(origin).target.package_name")
      }
      // Android checks the app's signing certificate against these: without any, the grant
      // verifies nothing (kept, so the finding can say why).
      var fingerprints: [String] = []
      if let value = target["sha256_cert_fingerprints"] {
        guard let list = value as? [String] else {
          throw AppLinksError(
            "\"sha256_cert_fingerprints\" is an array of strings",
            origin: "\(origin).target.sha256_cert_fingerprints")
        }
        fingerprints = list
      }
      grants.append(Grant(package: package, relations: relations, fingerprints: fingerprints))
    }
    self.grants = grants
  }

  /// Whether the file delegates `handle_all_urls` to `package`, for a signing certificate
  /// (a grant without `sha256_cert_fingerprints` verifies no app).
  public func delegates(to package: String) -> Bool {
    allURLGrants(to: package).contains { $0.fingerprints.contains(where: Self.isFingerprint) }
  }

  /// Whether `text` is a SHA-256 certificate fingerprint as Android compares them: 32 bytes in
  /// hex, separated by colons (`14:6D:E9:...`); anything else matches no certificate.
  static func isFingerprint(_ text: String) -> Bool {
    let bytes = text.split(separator: ":", omittingEmptySubsequences: false)
    return bytes.count == 32 && bytes.allSatisfy { $0.count == 2 && UInt8($0, radix: 16) != nil }
  }

  /// Why the file does not delegate `handle_all_urls` to `package`, in words.
  public func whyNotDelegating(to package: String) -> String {
    let grants = allURLGrants(to: package)
    if let bad = grants.lazy.flatMap(\.fingerprints).first(where: { !Self.isFingerprint($0) }) {
      return "assetlinks.json grants \(Self.handleAllURLs) to \(package) with the "
        + "sha256_cert_fingerprints entry `\(bad)`, which is not a SHA-256 fingerprint (32 "
        + "hex bytes separated by colons), so Android verifies no app with it"
    }
    if grants.contains(where: \.fingerprints.isEmpty) {
      return "assetlinks.json grants \(Self.handleAllURLs) to \(package) without "
        + "sha256_cert_fingerprints, so Android verifies no app with it"
    }
    return "assetlinks.json does not delegate \(Self.handleAllURLs) to \(package)"
  }

  /// The grants of `handle_all_urls` to `package`.
  private func allURLGrants(to package: String) -> [Grant] {
    grants.filter { $0.package == package && $0.relations.contains(Self.handleAllURLs) }
  }
}

/// JSON read with Foundation once ``JSONSyntax`` has checked it strictly (RFC 8259: no trailing
/// comma, no comment), its syntax errors as ``AppLinksError``s that name the line and column.
enum JSONDocument {
  static func parse(_ data: [UInt8], hint: String) throws(AppLinksError) -> Any {
    try JSONSyntax.check(data, hint: hint)
    do {
      return try JSONSerialization.jsonObject(with: Data(data), options: [.fragmentsAllowed])
    } catch {
      throw AppLinksError(
        "not valid JSON (\((error as NSError).localizedDescription))", origin: "the file",
        hint: hint)
    }
  }
}
