import PatternCore
import Testing

@testable import DeepLinkTools

@Suite("Resolver records for real-app routes: host, via, *name objects")
struct RealAppRecordTests {
  func resolver(_ json: String) throws -> Resolver {
    let manifest = try ManifestLoader.parse(Array(json.utf8), path: "t.json")
    return Resolver(tables: try TableLoader.load(manifest))
  }

  func respond(_ resolver: Resolver, _ line: String) -> String {
    let general = resolver.respond(to: ArraySlice(Array(line.utf8)), number: 1)
    var copy = resolver
    var output: [UInt8] = []
    copy.respond(to: ArraySlice(Array(line.utf8)), number: 1, into: &output)
    #expect(String(decoding: output, as: UTF8.self) == general, "\(line)")
    return general
  }

  @Test func httpMatchesReportTheHostBesideTheParams() throws {
    let deeper = try resolver(
      #"{"name":"w","dialect":"deeper","scheme":"https","routes":[{"pattern":"en.wikipedia.org/wiki/*title","intent":"article"}]}"#
    )
    #expect(
      respond(deeper, #""https://EN.wikipedia.org/wiki/foo/bar""#)
        == #"{"line":1,"url":"https://EN.wikipedia.org/wiki/foo/bar","status":"matched","table":"w","dialect":"deeper","route":0,"pattern":"en.wikipedia.org/wiki/*title","intent":"article","params":{"title":"foo/bar"},"host":"en.wikipedia.org"}"#
    )
    let crossroad = try resolver(
      #"{"name":"c","dialect":"crossroad","sources":["https://*.example.com","shop"],"routes":[{"pattern":"/p/:id","intent":"p"}]}"#
    )
    #expect(
      respond(crossroad, #""https://uk.example.com/p/1""#).hasSuffix(
        #""params":{"id":"1"},"host":"uk.example.com"}"#))
    #expect(!respond(crossroad, #""shop://p/1""#).contains(#""host""#))
  }

  @Test func printRequestsFindRoutesOfDeclaredTypesAndTheSourceOfTheHost() throws {
    let deeper = try resolver(
      #"{"name":"d","dialect":"deeper","scheme":"myapp","types":{"month":{"base":"int","min":1,"max":12}},"routes":[{"pattern":"a","intent":"a"},{"pattern":"m/:month(m)","intent":"month"},{"pattern":"b","intent":"b"}]}"#
    )
    #expect(
      respond(deeper, #"{"intent":"month","params":{"m":4}}"#)
        == #"{"line":1,"status":"printed","table":"d","dialect":"deeper","route":1,"intent":"month","url":"myapp://m/4"}"#
    )
    #expect(respond(deeper, #"{"intent":"b"}"#).contains(#""route":2,"#))
    let crossroad = try resolver(
      #"{"name":"c","dialect":"crossroad","sources":["https://a.com","https://*.b.com"],"routes":[{"pattern":"/p/:id","intent":"i"}]}"#
    )
    #expect(
      respond(crossroad, #"{"intent":"i","params":{"id":1},"host":"x.b.com"}"#)
        .hasSuffix(#""url":"https://x.b.com/p/1"}"#))
    #expect(
      respond(crossroad, #"{"intent":"i","params":{"id":1}}"#)
        .hasSuffix(#""url":"https://a.com/p/1"}"#))
    // A single-scheme table of web links: the host picks the route that starts with it.
    let web = try resolver(
      #"{"name":"w","dialect":"deeper","scheme":"https","routes":[{"pattern":"example.com/p/:id","intent":"i"},{"pattern":"other.org/q/:id","intent":"i"}]}"#
    )
    #expect(
      respond(web, #"{"intent":"i","params":{"id":1},"host":"Other.org"}"#)
        .hasSuffix(#""route":1,"intent":"i","url":"https://other.org/q/1"}"#))
    #expect(
      respond(web, #"{"intent":"i","params":{"id":1},"host":"nope.org"}"#)
        .contains("the source `https` does not answer the host `nope.org`"))
  }

  @Test func aWildcardValueGoesToARouteWithAWildcard() throws {
    let tables = try resolver(
      #"{"name":"d","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"profile/:userId","intent":"show"},{"pattern":"*/profile/:userId","intent":"show"}]}"#
    )
    #expect(
      respond(tables, #"{"intent":"show","params":{"userId":"1","*":["a","b"]}}"#)
        .hasSuffix(#""route":1,"intent":"show","url":"myapp://a/b/profile/1"}"#))
  }

  @Test func aForwardWithNothingToForwardMakesNoHop() throws {
    let tables = try resolver(
      #"{"name":"fw","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"a","intent":"a"},{"pattern":"g?(:to)","forward":"to"}]}"#
    )
    #expect(
      respond(tables, #""myapp://g""#)
        == #"{"line":1,"url":"myapp://g","status":"unmatched","nearest":{"table":"fw","route":1,"pattern":"g?(:to)","reason":"the forwarding route binds no `to` for this URL, so there is nothing to forward"}}"#
    )
    #expect(respond(tables, #""myapp://g?to=/a""#).contains(#""via":[{"table":"fw","route":1"#))
  }

  @Test func aForwardedMissingParamsKeepsItsExactText() throws {
    let tables = try resolver(
      #"{"name":"m","dialect":"mapping","scheme":"native","groups":[{"group":"user","maps":[{"route":"/info?{*id}","target":"I"}]},{"group":"promo","maps":[{"route":"/mbar?{*redirect_to/r}","forward":"redirect_to"}]}]}"#
    )
    #expect(
      respond(tables, #""native://promo/mbar?r=native://user/info""#).contains(
        ##""message":"Missing params: `id`,\nRoute { native://user/info },\nRequired: `id`"},"via":["##
      ))
  }

  @Test func forwardedRecordsListTheHops() throws {
    let tables = try resolver(
      #"{"name":"wp","dialect":"deeper","scheme":"https","routes":[{"pattern":"wordpress.com/mbar?:redirect_to","forward":"redirect_to"},{"pattern":"wordpress.com/post/:int(id)","intent":"post"}]}"#
    )
    #expect(
      respond(tables, #""https://wordpress.com/mbar?redirect_to=/post/3""#)
        == #"{"line":1,"url":"https://wordpress.com/mbar?redirect_to=/post/3","status":"matched","table":"wp","dialect":"deeper","route":1,"pattern":"wordpress.com/post/:int(id)","intent":"post","params":{"id":3},"host":"wordpress.com","via":[{"table":"wp","route":0,"pattern":"wordpress.com/mbar?:redirect_to","url":"https://wordpress.com/mbar?redirect_to=/post/3"}]}"#
    )
    let missed = respond(tables, #""https://wordpress.com/mbar?redirect_to=/none""#)
    #expect(missed.contains(#""status":"unmatched""#))
    #expect(
      missed.hasSuffix(
        #""via":[{"table":"wp","route":0,"pattern":"wordpress.com/mbar?:redirect_to","url":"https://wordpress.com/mbar?redirect_to=/none"}]}"#
      ))
  }

  /// A forward to something that is not a URL, or to a URL that does not parse, is an error
  /// record that lists the hops; the message quotes the forwarded URL and carries no offset
  /// (it would point into that URL, not into the line's).
  @Test func aForwardThatCannotBeResolvedListsItsHops() throws {
    let tables = try resolver(
      #"{"name":"wp","dialect":"deeper","scheme":"https","routes":[{"pattern":"wordpress.com/mbar?:redirect_to","forward":"redirect_to"}]}"#
    )
    let hop =
      #""via":[{"table":"wp","route":0,"pattern":"wordpress.com/mbar?:redirect_to","url":"https://wordpress.com/mbar?redirect_to=myapp%3A%2F%2Fbad%25zz"}]"#
    #expect(
      respond(tables, #""https://wordpress.com/mbar?redirect_to=myapp%3A%2F%2Fbad%25zz""#)
        == #"{"line":1,"url":"https://wordpress.com/mbar?redirect_to=myapp%3A%2F%2Fbad%25zz","status":"error","error":{"code":"invalid_url","message":"the forwarded URL `myapp://bad%zz`: malformed percent-escape"},"#
        + hop + "}")
    let notURL = respond(tables, #""https://wordpress.com/mbar?redirect_to=nothing""#)
    #expect(notURL.contains(#""code":"invalid_url""#) && notURL.contains(#""via":["#), "\(notURL)")
    // A one-of group that bound another alternative leaves nothing to forward.
    let oneOf = try resolver(
      #"{"name":"d","dialect":"deeper","scheme":"myapp","routes":[{"pattern":"dl?(:a|:b)","forward":"b"}]}"#
    )
    let unbound = respond(oneOf, #""myapp://dl?a=1&b=myapp%3A%2F%2Fx""#)
    #expect(
      unbound.contains(
        #""reason":"the forwarding route binds no `b` for this URL, so there is nothing to forward""#
      ), "\(unbound)")
  }

  @Test func badDeclarationsAndForwardsAreLoadErrorsNamingTheType() throws {
    for (json, words) in [
      (#""types":{"int":{"base":"int"}}"#, "type `int` redefines a built-in type"),
      (#""types":{"m":{"base":"float"}}"#, "type `m` has an unknown base `float`"),
      (#""types":{"m":{"base":"int","min":3,"max":1}}"#, "type `m`: `min` is greater than `max`"),
    ] {
      let manifest = try ManifestLoader.parse(
        Array(#"{"name":"t","dialect":"deeper","scheme":"m",\#(json),"routes":[]}"#.utf8),
        path: "t.json")
      #expect(throws: Diagnostic.self) { try TableLoader.load(manifest) }
      do {
        _ = try TableLoader.load(manifest)
      } catch {
        #expect(error.message.hasPrefix(words), "\(error.message)")
        #expect(error.code == .invalidRequest)
      }
    }
  }

  /// A `forward` that names no query capture of its route is a load error that points at the
  /// route's `forward` key, as every other manifest error points at its place.
  @Test func aForwardWithoutItsCaptureNamesItsPlace() throws {
    let json =
      #"{"name":"f","dialect":"deeper","scheme":"https","routes":[{"pattern":"a.com/x","intent":"x"},{"pattern":"a.com/m?:to","forward":"next"}]}"#
    let manifest = try ManifestLoader.parse(Array(json.utf8), path: "t.json")
    do {
      _ = try TableLoader.load(manifest)
      Issue.record("the manifest loaded")
    } catch {
      #expect(error.origin?.hasSuffix("routes[1].forward") == true, "\(error)")
      #expect(error.message.contains("`next`"))
    }
  }
}
