import Foundation
import PatternCore
import Testing

@testable import DeepLinkTools

/// What an outside review of error messages found: each bad pattern or source is reported
/// where it goes wrong, with why.
@Suite("Error messages: outside findings")
struct ErrorFindingsTests {
  func loadError(_ dialect: String, _ pattern: String, sources: [String]? = nil) -> Diagnostic? {
    let table: String
    let quoted = String(decoding: try! JSONEncoder().encode(pattern), as: UTF8.self)
    if dialect == "mapping" {
      table =
        #"{"name":"t","dialect":"mapping","scheme":"myapp","groups":[{"group":"g","maps":[{"route":\#(quoted),"target":"T"}]}]}"#
    } else if let sources {
      let list = String(decoding: try! JSONEncoder().encode(sources), as: UTF8.self)
      table =
        #"{"name":"t","dialect":"\#(dialect)","sources":\#(list),"routes":[{"pattern":\#(quoted),"intent":"i"}]}"#
    } else {
      table =
        #"{"name":"t","dialect":"\#(dialect)","scheme":"myapp","routes":[{"pattern":\#(quoted),"intent":"i"}]}"#
    }
    return HandlerGraphFindingsTests().loadError(table)
  }

  /// A bad character after a query capture is a query mistake; an `&` right after `?` is an
  /// extra `&`, not an empty query.
  @Test func queryMistakesAreNamedAsSuch() {
    let equals = loadError("deeper", "p?:a=b")
    #expect(
      equals?.hint?.hasPrefix("query items are separated by '&'") == true,
      "\(String(describing: equals))")
    #expect(equals?.offset == 4)
    for dialect in ["deeper", "func", "crossroad"] {
      let extra = loadError(dialect, "p?&:a", sources: dialect == "crossroad" ? ["myapp"] : nil)
      #expect(extra?.message == "empty query item", "\(dialect): \(String(describing: extra))")
      #expect(extra?.hint == "remove the extra '&'")
    }
    #expect(loadError("deeper", "p?")?.message == "empty query")
  }

  /// `#` starts a URL's fragment: in a pattern it is an error at that character, in every
  /// dialect.
  @Test func aFragmentMarkIsRefused() {
    for dialect in ["deeper", "func", "crossroad", "mapping"] {
      let error = loadError(
        dialect, dialect == "mapping" ? "/a#b" : "p/a#b",
        sources: dialect == "crossroad" ? ["myapp"] : nil)
      #expect(error?.code == .patternSyntax, "\(dialect): \(String(describing: error))")
      #expect(error?.hint?.contains("%23") == true)
    }
  }

  /// A source a Crossroad pattern starts with is shown in the pattern, with a caret at the
  /// byte no host holds.
  @Test func aPatternsSourceIsShownWithACaret() {
    let error = loadError("crossroad", "https://exa mple.com/x", sources: ["https://example.com"])
    #expect(error?.code == .invalidSource)
    #expect(
      error?.source == "https://exa mple.com/x" && error?.offset == 11,
      "\(String(describing: error))")
    #expect(error?.hint == "the host has a space")
    let scheme = loadError("crossroad", "invalid_schema://x", sources: ["pokedex"])
    #expect(scheme?.code == .invalidSource && scheme?.offset == 7, "\(String(describing: scheme))")
  }

  /// JLRoutes' optional part right after a capture (`:p(/opt)`) is named as such.
  @Test func anOptionalPartAfterACaptureIsExplained() {
    let error = loadError("deeper", "a/:p(/opt/:o)")
    #expect(error?.hint?.contains("an optional part is a component of its own: `:p/(...)`") == true)
    #expect(loadError("deeper", "a/:p(opt)")?.hint?.hasPrefix("known types:") == true)
  }

  /// Mapping items: an `&` inside a closed brace, and another dialect's syntax in a key.
  @Test func mappingItemMistakes() {
    #expect(loadError("mapping", "/i?{*a&b}")?.message == "unexpected '&' in a query item")
    #expect(loadError("mapping", "/i?{*:int(id)}")?.message == "unexpected ':' in a query key")
    #expect(loadError("mapping", "/i?{*a&{*b}")?.message == "unclosed brace")
  }
}
