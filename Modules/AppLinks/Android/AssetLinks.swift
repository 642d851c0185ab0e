import Foundation

/// A site's `assetlinks.json`: the statements by which a host delegates links to apps.
public struct AssetLinks: Sendable {
  /// One statement's target: a package and the relations given to it.
  public struct Grant: Sendable, Hashable {
    public var package: String
    public var relations: [String]
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
      grants.append(Grant(package: package, relations: relations))
    }
    self.grants = grants
  }

  /// Whether the file delegates `handle_all_urls` to `package`.
  public func delegates(to package: String) -> Bool {
    grants.contains { $0.package == package && $0.relations.contains(Self.handleAllURLs) }
  }
}

/// JSON read with Foundation, its syntax errors as ``AppLinksError``s.
enum JSONDocument {
  static func parse(_ data: [UInt8], hint: String) throws(AppLinksError) -> Any {
    do {
      return try JSONSerialization.jsonObject(with: Data(data), options: [.fragmentsAllowed])
    } catch {
      throw AppLinksError(
        "not valid JSON (\((error as NSError).localizedDescription))", origin: "the file",
        hint: hint)
    }
  }
}
