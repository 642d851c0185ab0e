import Foundation
import PatternCore
import Testing

@testable import DeepLinkTools

/// What an outside review of handler graphs found: names compared byte for byte, and a load
/// error reported at the first mistake as written.
@Suite("Handler graphs: outside findings")
struct HandlerGraphFindingsTests {
  func loadError(_ manifest: String) -> Diagnostic? {
    do {
      _ = try TableLoader.load(
        ManifestLoader.parse(Array(manifest.utf8), path: "<test>", readCases: false))
      return nil
    } catch {
      return error as? Diagnostic
    }
  }

  /// An unknown `passTo` target written before a bad action elsewhere is the error reported,
  /// and one inside a nested `resume` is reported there.
  @Test func theFirstMistakeAsWrittenIsReported() throws {
    let order = loadError(
      #"{"name":"o","dialect":"deeper","scheme":"a","routes":[{"pattern":"x","intent":"x"}],"handlers":{"root":{"x":{"passTo":"ghost"}},"z":{"x":{"open":false}}}}"#
    )
    #expect(
      order?.message.contains("passes `x` to `ghost`") == true, "\(String(describing: order))")
    #expect(order?.origin?.hasSuffix("handlers.root.x") == true)
    let nested = loadError(
      #"{"name":"n","dialect":"deeper","scheme":"a","routes":[{"pattern":"x","intent":"x"}],"handlers":{"root":{"x":{"delay":true,"resume":{"delay":true,"resume":{"passTo":"ghost"}}}}}}"#
    )
    #expect(nested?.origin?.hasSuffix("handlers.root.x.resume.resume") == true)
  }

  /// A print request names its intent by its exact bytes: a canonically equivalent spelling is
  /// another intent.
  @Test func aPrintRequestsIntentIsItsBytes() throws {
    let resolver = Resolver(
      tables: try TableLoader.load(
        ManifestLoader.parse(
          Array(
            #"{"name":"p","dialect":"deeper","scheme":"a","routes":[{"pattern":"c","intent":"caf\u00e9"}]}"#
              .utf8), path: "<test>", readCases: false)))
    let same = resolver.respond(
      to: ArraySlice(Array(#"{"intent":"caf\u00e9","params":{}}"#.utf8)), number: 1)
    #expect(same.contains(#""url":"a://c""#), "\(same)")
    let other = resolver.respond(
      to: ArraySlice(Array(#"{"intent":"cafe\u0301","params":{}}"#.utf8)), number: 1)
    #expect(other.contains(#""status":"error""#), "\(other)")
  }
}
