import PatternCore

// The keys a manifest's objects may have, and the check that refuses any other.
extension ManifestLoader {
  /// The keys each object of a manifest may have. `note` is a comment for people.
  package enum Keys {
    package static let tableList = ["tables", "cases", "note"]
    package static let table = [
      "name", "dialect", "scheme", "sources", "routes", "handlers", "groups", "cases", "loadError",
      "types", "note",
    ]
    package static let route = ["pattern", "intent", "declines", "remark", "forward", "note"]
    package static let `case` = [
      "url", "intent", "params", "route", "error", "message", "table", "trace", "context",
      "handlingError", "host", "via", "note",
    ]
    package static let hop = ["table", "route", "pattern", "url"]
    package static let group = ["group", "maps", "note"]
    package static let map = ["route", "action", "target", "remark", "forward", "note"]
  }

  /// Refuses a key the format does not have (a typo such as `intnt` would otherwise make a
  /// case check nothing), naming it and the nearest known key.
  package static func checkKeys(
    _ json: JSONValue, _ allowed: [String], _ what: String, _ origin: String
  )
    throws(ManifestError)
  {
    guard let members = json.objectValue else { return }
    if let note = json["note"], note.stringValue == nil {
      throw ManifestError(
        diagnostic: Diagnostic(
          code: .invalidRequest, message: "invalid manifest: `note` in \(what) must be a string",
          hint: "a note is free text for readers", origin: origin))
    }
    for (key, _) in members where !allowed.contains(key) {
      let nearest = allowed.min { distance(key, $0) < distance(key, $1) }
      let hint =
        nearest.flatMap { distance(key, $0) <= 2 ? "did you mean `\($0)`? " : nil } ?? ""
      throw ManifestError(
        diagnostic: Diagnostic(
          code: .invalidRequest, message: "invalid manifest: unknown key `\(key)` in \(what)",
          hint: hint + "known keys: " + allowed.joined(separator: ", "), origin: origin))
    }
  }

  /// The edit distance between two short keys, a swap of two neighbours counting as one edit
  /// (`tarce` is one from `trace`).
  private static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    // Rows i-2, i-1 and i of the table.
    var older = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(
          previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], older[j - 2] + 1)
        }
      }
      (older, previous) = (previous, current)
    }
    return previous[b.count]
  }
}
