// How an AndroidManifest.xml's attributes are read: the Android namespace under any prefix, and
// booleans as the build tools read them.
extension AndroidManifest {
  /// The Android namespace is usually bound to `android`, but any prefix may be (`xmlns:a=`):
  /// attributes under that prefix are read as `android:` ones. The prefix `android` bound to
  /// another namespace is an error (its attributes would not be Android's, so the file would
  /// mean something else than it reads), as is one attribute given under two prefixes of the
  /// namespace (Namespaces in XML: attributes are unique by expanded name).
  static func androidPrefixed(_ root: XMLElement) throws(AppLinksError) -> XMLElement {
    let namespace = "http://schemas.android.com/apk/res/android"
    if let own = root.attribute("xmlns:android"), own != namespace {
      throw AppLinksError(
        "the prefix `android` is bound to `\(own)`, not to the Android namespace",
        origin: "line \(root.line)", hint: "xmlns:android=\"\(namespace)\"")
    }
    let prefixes = root.attributes.filter {
      $0.name.hasPrefix("xmlns:") && $0.value == namespace && $0.name != "xmlns:android"
    }.map { $0.name.dropFirst("xmlns:".count) + ":" }
    guard !prefixes.isEmpty else { return root }
    func renamed(_ element: XMLElement) throws(AppLinksError) -> XMLElement {
      var element = element
      var names = Set<String>()
      var attributes: [(name: String, value: String)] = []
      for attribute in element.attributes {
        var name = attribute.name
        if let prefix = prefixes.first(where: { name.hasPrefix($0) }) {
          name = "android:" + name.dropFirst(prefix.count)
        }
        guard names.insert(name).inserted else {
          throw AppLinksError(
            "the attribute `\(name)` is given twice (under two prefixes of its namespace)",
            origin: "line \(element.line)")
        }
        attributes.append((name, attribute.value))
      }
      element.attributes = attributes
      var children: [XMLElement] = []
      for child in element.children { children.append(try renamed(child)) }
      element.children = children
      return element
    }
    return try renamed(root)
  }

  /// A boolean attribute as the build tools read it (aapt2): `true`, `True` or `TRUE`, and the
  /// same for false, spaces around them aside; nil when absent. Any other value is an error,
  /// as the build makes it: read as false, `"TRUE"` would drop a filter's verification.
  static func boolean(_ element: XMLElement, _ name: String) throws(AppLinksError) -> Bool? {
    guard let value = element.attribute(name) else { return nil }
    switch value.trimmingCharacters(in: .whitespacesAndNewlines) {
    case "true", "True", "TRUE": return true
    case "false", "False", "FALSE": return false
    default:
      throw AppLinksError(
        "`\(name)` is `\(value)`, not a boolean", origin: "line \(element.line)",
        hint: "write true or false")
    }
  }
}
