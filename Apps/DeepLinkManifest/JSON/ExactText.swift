/// A string compared and hashed by its UTF-8 bytes, as manifests compare text. Swift's `String`
/// equality treats canonically equivalent texts as equal (`"caf\u{E9}"` and `"cafe\u{301}"`),
/// so a dictionary keyed by `String` would merge two names the JSON keeps apart.
package struct ExactText: Hashable, Sendable, CustomStringConvertible {
  package let text: String

  package init(_ text: String) { self.text = text }

  package var description: String { text }

  package static func == (lhs: ExactText, rhs: ExactText) -> Bool {
    lhs.text.utf8.elementsEqual(rhs.text.utf8)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(text.utf8.count)
    for byte in text.utf8 { hasher.combine(byte) }
  }
}

extension String {
  /// Whether the two texts are the same bytes (not merely canonically equivalent).
  package func isExactly(_ other: String) -> Bool { utf8.elementsEqual(other.utf8) }
}
