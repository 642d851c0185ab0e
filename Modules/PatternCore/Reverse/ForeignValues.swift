import Foundation

// What the routers' reverse routing shares: values given as Swift values, and the printed
// string as a Foundation `URL`.

extension URLPrinter {
  /// Values given as Swift values (`["id": 42]`) as the printer's values: each printed by its
  /// `description`, under the capture name `name` gives its key.
  package static func values<Key>(
    _ given: [Key: any CustomStringConvertible], named name: (Key) -> String
  ) -> [String: PatternValue] {
    var values: [String: PatternValue] = [:]
    for (key, value) in given { values[name(key)] = .string(value.description) }
    return values
  }

  /// `string`, a URL this printer printed, as a Foundation `URL`.
  /// - Throws: `ReverseRoutingError.noRoute` naming `subject` when Foundation cannot read it.
  package static func foundationURL(_ string: String, subject: String)
    throws(ReverseRoutingError) -> URL
  {
    guard let url = URL(string: string) else {
      throw .noRoute(subject: "\(subject) (the printed URL `\(string)` is not a URL)", routes: 1)
    }
    return url
  }
}
