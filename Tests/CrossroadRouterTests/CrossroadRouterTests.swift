import Foundation
import PatternCore
import Testing

@testable import CrossroadRouter

enum PokemonType: String, Argument {
  case normal, fire, water, grass
}

/// The seed 003 Pokédex, as written (with the SPEC's fixes noted).
@Suite("CrossroadRouter (seed 003)")
struct CrossroadRouterTests {
  final class Screens {
    var list: [PokemonType?] = []
    var detail: [Int] = []
  }

  func pokedex(_ screens: Screens) throws -> DefaultRouter {
    // The seed builds `DefaultRouter(scheme: "pokemon")` and then registers `pokedex://` routes;
    // per the SPEC that is an unknown source, so the router answers `pokedex` here.
    let router = DefaultRouter(scheme: "pokedex")
    try router.register(routes: [
      (
        "pokedex://pokemons",
        { context in
          let type: PokemonType? = context.parameters(for: "type")
          screens.list.append(type)
          return true
        }
      ),
      (
        "pokedex://pokemons/:pokedexID",
        { context in
          guard let pokedexID: Int = try? context.pokedexID else { return false }
          guard (1...151).contains(pokedexID) else { return false }
          screens.detail.append(pokedexID)
          return true
        }
      ),
    ])
    return router
  }

  @Test func theSeedExampleRuns() throws {
    let screens = Screens()
    let router = try pokedex(screens)
    #expect(router.responds(URL(string: "pokedex://pokemons/25")!))
    // SPEC: responds runs no handler, so 9999 responds (the seed says false).
    #expect(router.responds(to: URL(string: "pokedex://pokemons/9999")!))
    #expect(screens.detail.isEmpty)
    #expect(router.openIfPossible(to: URL(string: "pokedex://pokemons/25")!))
    #expect(!router.openIfPossible(URL(string: "pokedex://pokemons/9999")!))
    #expect(router.openIfPossible(to: URL(string: "pokedex://pokemons?type=fire")!))
    #expect(screens.detail == [25])
    #expect(screens.list == [.fire])
  }

  @Test func contextReadsTypedArgumentsAndParameters() throws {
    let router = DefaultRouter(scheme: "pokedex")
    var seen: Context<Void>?
    try router.register(routes: [
      (
        "search/:keyword/:int(page)",
        {
          seen = $0; return true
        }
      )
    ])
    #expect(
      router.openIfPossible(
        URL(string: "pokedex://search/Pikachu/2?generation=1&TYPES=water,,grass&bad=water,lava")!))
    let context = try #require(seen)
    #expect(try context.argument(named: "keyword", as: String.self) == "Pikachu")
    let page: Int64 = try context.argument(for: "page")
    #expect(page == 2)
    #expect(throws: Context<Void>.Error.keyNotFound("nope")) {
      try context.argument(named: "nope", as: Int.self)
    }
    #expect(
      throws: Context<Void>.Error.couldNotParse(key: "keyword", value: "Pikachu", type: "Int")
    ) {
      try context.argument(named: "keyword", as: Int.self)
    }
    #expect(
      Context<Void>.Error.couldNotParse(key: "keyword", value: "Pikachu", type: "Int").description
        == "`keyword` = `Pikachu` is not an Int")
    #expect(
      Context<Void>.Error.couldNotParse(key: "u", value: "x", type: "URL").description
        == "`u` = `x` is not a URL")
    let generation: Int? = context.parameter(for: "generation")
    #expect(generation == 1)
    let types: [PokemonType]? = context.parameter(for: "types")
    #expect(types == [.water, .grass])
    let set: Set<PokemonType>? = context.parameter(for: "Types")
    #expect(set == [.grass, .water])
    let bad: [PokemonType]? = context.parameter(for: "bad")
    #expect(bad == nil)
    #expect(throws: Context<Void>.Error.keyNotFound("missing")) {
      try context.requiredQueryParameter(named: "missing", as: Int.self)
    }
    #expect(try context.requiredQueryParameter(named: "GENERATION", as: Double.self) == 1)
    #expect(context.queryParameter(named: "types") == "water,,grass")
  }

  @Test(
    arguments: [
      ("1", true), ("-7", true), ("1.5", false), ("abc", false), ("9223372036854775808", false),
    ])
  func intArguments(text: String, parses: Bool) {
    #expect((Int(argument: text) != nil) == parses)
  }

  @Test func argumentTypes() {
    #expect(Float(argument: "1.5") == 1.5)
    #expect(Float(argument: "1e39") == nil)
    #expect(Double(argument: "nan") == nil)
    #expect(Bool(argument: "TRUE") == true)
    #expect(URL(argument: "https://example.com/x")?.host == "example.com")
    #expect([Int](argument: "1,2,x") == nil)
    #expect(PokemonType(argument: "Fire") == nil)
  }

  @Test func userInfoReachesTheHandler() throws {
    struct UserInfo { let userID: Int64 }
    let router = Router<UserInfo>(scheme: "pokedex")
    var seen: Int64?
    try router.register(routes: [
      (
        "pokedex://pokemons",
        { context in
          seen = context.userInfo.userID
          return true
        }
      )
    ])
    #expect(
      router.openIfPossible(URL(string: "pokedex://pokemons")!, userInfo: UserInfo(userID: 42)))
    #expect(seen == 42)
  }

  @Test func universalLinksMatchTheHostAndThePathAlone() throws {
    let router = DefaultRouter(accepting: [
      "pokedex", "https://example.com", "https://beta.example.com:8443",
    ])
    try router.register(routes: [
      ("https://example.com/pokemons/:int(id)", { _ in true }),
      ("/pokemons/:id", { _ in true }),
    ])
    func route(_ url: String) -> Int? {
      if case .matched(let index, _, _) = router.resolve(url) { index } else { nil }
    }
    #expect(route("https://EXAMPLE.com/pokemons/1") == 0)
    #expect(route("https://beta.example.com:8443/pokemons/1") == 1)
    #expect(route("https://beta.example.com/pokemons/1") == nil)
    #expect(route("pokedex://Pokemons/1") == 1)
    #expect(route("https://other.com/pokemons/1") == nil)
    #expect(route("https://example.com/Pokemons/1") == nil)
    #expect(route("https://example.com/pokemons/x") == 1)
  }

  @Test func declinedAndThrowingHandlersPassTheURLOn() throws {
    struct Nope: Error {}
    let router = DefaultRouter(scheme: "app")
    try router.register(routes: [
      ("a/:x", { _ in false }), ("a/:int(y)", { _ in throw Nope() }), ("*", { _ in true }),
    ])
    guard case .matched(2, _, let declined) = router.resolve("app://a/1") else {
      Issue.record("expected the wildcard route")
      return
    }
    #expect(declined == [0, 1])
  }

  @Test(
    arguments: [
      (
        ["pokedex"], "pokedex://pokemons/:id", "pokedex://pokemons/:number",
        ErrorCode.duplicateRoute
      ),
      (["pokedex"], "/pokemons/:id", "pokedex://POKEMONS/:x", .duplicateRoute),
      (["pokedex"], "other://x", nil, .invalidSource),
      (["pokedex"], "https://example.com/x", nil, .invalidSource),
      (["https"], "/x", nil, .invalidSource), (["tel"], "/x", nil, .invalidSource),
      (["poke/dex"], "/x", nil, .invalidSource),
      (["https://example.com/app"], "/x", nil, .invalidSource),
      (["pokedex"], "pokedex://pokemons/(a", nil, .patternSyntax),
      (["pokedex"], "pokedex://pokemons?type", nil, .patternSyntax),
    ] as [([String], String, String?, ErrorCode)])
  func registrationErrors(sources: [String], first: String, second: String?, code: ErrorCode) {
    let router = DefaultRouter(accepting: sources)
    do {
      try router.register(
        routes: [(first, { _ in true })] + (second.map { [($0, { _ in true })] } ?? []))
      Issue.record("expected \(code)")
    } catch {
      #expect(error.diagnostic.code == code)
    }
  }

  @Test func theRootRouteServesEverySource() throws {
    let router = DefaultRouter(accepting: ["pokedex", "https://example.com"])
    try router.register(routes: [("/", { _ in true })])
    #expect(router.responds(to: "pokedex://"))
    #expect(router.responds(to: "https://example.com/"))
    #expect(!router.responds(to: "pokedex://pokemons"))
    #expect(!router.responds(to: "static"))
    #expect(throws: CrossroadError.self) { try router.register(routes: [("", { _ in true })]) }
  }

  @Test func sameRouteForDifferentSourcesIsNotADuplicate() throws {
    let router = DefaultRouter(accepting: ["pokedex", "https://example.com"])
    try router.register(routes: [
      ("pokedex://x", { _ in true }), ("https://example.com/x", { _ in true }),
    ])
    #expect(router.routes.count == 2)
  }

  @Test func aWebPathKeepsItsCaseWhereASchemeFoldsItsHost() throws {
    // Under a universal link the first component is path, compared with case: two routes.
    let web = DefaultRouter(accepting: ["https://example.com"])
    try web.register(routes: [("/Open", { _ in true })])
    try web.register(routes: [("/open", { _ in true })])
    #expect(web.routes.count == 2)
    // Under a custom scheme it is the host, compared without case: the same route, also when
    // the router answers a web origin too (the scheme's URLs would reach only the first).
    for sources in [["app"], ["app", "https://example.com"]] {
      let router = DefaultRouter(accepting: sources)
      try router.register(routes: [("/Open", { _ in true })])
      #expect(throws: CrossroadError.self) {
        try router.register(routes: [("/open", { _ in true })])
      }
      #expect(router.routes.count == 1)
    }
  }

  @Test func duplicatesAreFoundAcrossRegistrationsAndLeaveTheRouterAsItWas() throws {
    let router = DefaultRouter(accepting: ["app"])
    for index in 0..<50 { try router.register(routes: [("/s\(index)/:id", { _ in true })]) }
    // A batch with a duplicate of an earlier call's route adds none of its routes.
    #expect(throws: CrossroadError.self) {
      try router.register(routes: [("/new", { _ in true }), ("/s7/:other", { _ in true })])
    }
    #expect(router.routes.count == 50)
    // The refused batch's first route was not kept as taken.
    try router.register(routes: [("/new", { _ in true })])
    #expect(throws: CrossroadError.self) {
      try router.register(routes: [("/x", { _ in true }), ("/x", { _ in true })])
    }
    #expect(router.routes.count == 51)
  }

  @Test func sourceErrorsSayWhy() {
    do {
      _ = try LinkSource(parsing: "https")
      Issue.record("https is not a custom scheme")
    } catch {
      #expect(
        error.description == """
          error: invalid link source `https`
            = `https` is a well-known scheme, not a custom one; use a universal link source such as https://example.com
          """)
    }
  }
}

@Suite("Crossroad nearest miss across sources")
struct CrossroadSourceMissTests {
  @Test func aSourceWithNoRouteOfItsOwnStillHasANearestRoute() throws {
    let router = DefaultRouter(accepting: ["pokedex", "https://example.com"])
    try router.register(routes: [("https://example.com/a", { _ in true })])
    for url in ["pokedex://x", "pokedex://"] {
      guard case .unmatched(let nearest?, _) = router.resolve(url) else {
        Issue.record("expected a nearest route for \(url)")
        continue
      }
      #expect(nearest.0 == 0)
      #expect(
        nearest.1.message.hasPrefix(
          "the route is for source `https://example.com` and the URL comes from source `pokedex`; and "
        ))
    }
  }

  /// A route of the URL's own source whose path matched (its query failed) is nearer than a
  /// route of another source whose path matches, which is nearer than any path that fails.
  @Test func theURLsOwnSourceComesFirstOnceItsPathMatched() throws {
    let router = DefaultRouter(accepting: ["https://a.com", "https://b.com"])
    try router.register(routes: [
      ("https://b.com/(*)", { _ in true }),
      ("/login?!token", { _ in true }),
      ("/item/:int(id)", { _ in true }),
    ])
    guard case .unmatched(let login?, _) = router.resolve("https://a.com/login?token=1"),
      case .unmatched(let item?, _) = router.resolve("https://a.com/item/x")
    else {
      Issue.record("expected misses")
      return
    }
    #expect(login.0 == 1)
    #expect(login.1.message == "query item `token` is present; the pattern forbids it")
    #expect(item.0 == 0)
    #expect(
      item.1.message.hasPrefix("the path matches, but the route is for source `https://b.com`"))
  }

  /// A source's host is compared decoded, as a URL's is.
  @Test func aPercentEncodedSourceHostIsDecoded() throws {
    let router = DefaultRouter(accepting: ["https://*.b%C3%BCcher.de"])
    try router.register(routes: [("/p", { _ in true })])
    #expect(router.responds(to: "https://x.bücher.de/p"))
    #expect(router.responds(to: "https://x.b%C3%BCcher.de/p"))
    #expect(!router.responds(to: "https://x.bucher.de/p"))
    for bad in [
      "https://a%zz.de", "https://a%2Fb.de", "https://%2A.example.com", "https://a%FF.de",
    ] {
      #expect(throws: CrossroadError.self, "\(bad)") { try LinkSource(parsing: bad) }
    }
  }

  /// A port that is a number too large says so; one that is not a number says that.
  @Test func aSourcePortOutOfRangeIsNotCalledNotANumber() {
    for (text, reason) in [
      ("https://example.com:99999", "the port is out of range (0 to 65535)"),
      ("https://example.com:8x", "the port is not a number"),
      ("https://example.com:", "the port is not a number"),
      ("https://example.com:-1", "the port is not a number"),
    ] {
      do {
        _ = try LinkSource(parsing: text)
        Issue.record("\(text) was accepted")
      } catch {
        #expect("\(error)".contains(reason), "\(text): \(error)")
      }
    }
    #expect((try? LinkSource(parsing: "https://example.com:65535")) != nil)
  }

  @Test func aRouteThatDiffersOnlyByItsSourceIsTheNearest() throws {
    let router = DefaultRouter(accepting: ["pokedex", "https://example.com"])
    try router.register(routes: [
      ("pokedex://list", { _ in true }),
      ("https://example.com/pokemons/:int(id)", { _ in true }),
    ])
    guard case .unmatched(let nearest?, _) = router.resolve("pokedex://pokemons/25") else {
      Issue.record("expected a miss")
      return
    }
    #expect(nearest.0 == 1)
    #expect(
      nearest.1.message
        == "the path matches, but the route is for source `https://example.com` and the URL "
        + "comes from source `pokedex`")
    guard case .unmatched(let other?, _) = router.resolve("https://other.org/pokemons/3") else {
      Issue.record("expected a miss")
      return
    }
    #expect(other.0 == 1)
    #expect(other.1.message.contains("source `https://other.org` is not a source of this router"))
  }
}
