import CrossroadRouter
import DeeperRouter
import Foundation
import FuncRouter
import HandlingEngine
import MappingRouter
import PatternCore
import Testing

// Every library in one file: the DSL operators of DeeperRouter and FuncRouter, each router under
// its own name, and the errors of all of them. This file compiling is half the test.

enum AllIntent: Equatable, Sendable {
  case showProfile(String)
  case follow(String, locale: String?)
  case search
}

extension DeepLinkRoute {
  static let profile = DeepLinkRoute("profile")
}

extension DeepLinkPatternParameter {
  static let locale = DeepLinkPatternParameter("locale")
}

struct AllUserController: RouteTarget {
  let id: Int
  init(parameters: MappingParameters) throws { id = try parameters.int("id") }
}

@MainActor @Suite("Every module in one file")
struct AllModulesTests {
  @Test func bothDSLsInOneFile() throws {
    let deeper = DeepLinkRouter<AllIntent>(scheme: "myapp")
    try deeper.add(routes: [.any / .profile .? .userId &? .locale]) { _, params in
      params[.userId].map { .follow($0, locale: params[.locale]) }
    }
    try deeper.add(routes: [.profile /? "info" / .int("id")]) { _, params in
      params.int(.int("id")).map { .showProfile(String($0)) }
    }
    #expect(
      deeper.intent(for: URL(string: "myapp://a/profile?userId=7&locale=en")!)
        == .follow("7", locale: "en"))
    #expect(deeper.intent(for: URL(string: "myapp://profile/info/3")!) == .showProfile("3"))

    let function = DeeperFuncRouter<AllIntent>(scheme: "myapp")
    function.add(AllIntent.showProfile, route: "profile" /> string)
    function.add(AllIntent.search, route: any /> "search")
    try function.add(AllIntent.follow, format: "user/:string/follow?(locale=:string)")
    #expect(function.intent(for: URL(string: "myapp://profile/42")!) == .showProfile("42"))
    #expect(
      function.url(for: .follow("7", locale: "en"))?.absoluteString
        == "myapp://user/7/follow?locale=en")

    let crossroad = DefaultRouter(scheme: "pokedex")
    try crossroad.register(routes: [("pokedex://pokemons/:id", { _ in true })])
    #expect(crossroad.responds(to: URL(string: "pokedex://pokemons/25")!))
    let typed = LinkRouter<Int>(scheme: "pokedex")
    try typed.register(routes: [("pokedex://pokemons", { $0.userInfo == 1 })])
    #expect(typed.openIfPossible(URL(string: "pokedex://pokemons")!, userInfo: 1))

    let mapping = try MappingInfoRouter.load(
      mappingInfo: MappingInfo(
        group: "user", maps: [.route("/info?{*id/userId}", target: AllUserController.self)]))
    guard case .route(let target, _) = mapping.open("native://user/info?userId=5") else {
      Issue.record("expected the user route")
      return
    }
    #expect((target as? AllUserController)?.id == 5)
  }

  @Test func everyRouterPrintsURLsAndSaysWhyNot() throws {
    let deeper = DeepLinkRouter<AllIntent>(scheme: "myapp")
    try deeper.add(routes: ["profile/:userId"]) { _, params in
      params[.userId].map(AllIntent.showProfile)
    }
    try deeper.add(routes: ["*/search"]) { _, _ in .search }
    #expect(
      deeper.url(for: .showProfile("a b"), params: [.userId: "a b"])?.absoluteString
        == "myapp://profile/a%20b")
    #expect(
      deeper.url(forRouteAt: 1, params: [:], wildcards: [["x", "y"]])?.absoluteString
        == "myapp://x/y/search")
    #expect(throws: ReverseRoutingError.missingWildcard(pattern: "*/search")) {
      try deeper.makeURL(forRouteAt: 1, params: [:])
    }
    #expect(throws: ReverseRoutingError.missingValue(name: "userId", pattern: "profile/:userId")) {
      try deeper.makeURL(forRouteAt: 0, params: [:])
    }
    // By intent, the reason is the one of the route that names the values given (here the
    // wildcard route), not of the first route registered.
    let wiki = DeepLinkRouter<AllIntent>(scheme: "myapp")
    try wiki.add(routes: ["wiki/*title"]) { _, _ in .search }
    try wiki.add(routes: ["*/profile?:userId"]) { _, params in
      params[.userId].map(AllIntent.showProfile)
    }
    #expect(throws: ReverseRoutingError.missingWildcard(pattern: "*/profile?:userId")) {
      try wiki.makeURL(for: .showProfile("42"), params: [.userId: "42"])
    }

    let function = DeeperFuncRouter<AllIntent>(scheme: "myapp")
    function.add(AllIntent.search, route: any /> "search")
    #expect(function.url(for: .search) == nil)
    #expect(throws: ReverseRoutingError.missingWildcard(pattern: "*/search")) {
      try function.makeURL(for: .search)
    }
    #expect(
      try function.makeURL(for: .search, wildcards: [["a"]]).absoluteString == "myapp://a/search")
    #expect(throws: ReverseRoutingError.noRoute(subject: "`showProfile(\"1\")`", routes: 0)) {
      try function.makeURL(for: .showProfile("1"))
    }

    let crossroad = DefaultRouter(accepting: ["pokedex", "https://example.com"])
    try crossroad.register(routes: [
      ("pokedex://pokemons/:int(pokedexID)", { _ in true }),
      ("https://example.com/pokemons/:name", { _ in true }),
    ])
    #expect(
      crossroad.url(for: "pokedex://pokemons/:int(pokedexID)", arguments: ["pokedexID": 25])?
        .absoluteString == "pokedex://pokemons/25")
    #expect(
      crossroad.url(for: "https://example.com/pokemons/:name", arguments: ["name": "Mr. Mime"])?
        .absoluteString == "https://example.com/pokemons/Mr.%20Mime")
    #expect(
      throws: ReverseRoutingError.invalidValue(
        name: "pokedexID", value: "pika", expected: .int, pattern: "pokemons/:int(pokedexID)")
    ) {
      try crossroad.makeURL(
        for: "pokedex://pokemons/:int(pokedexID)", arguments: ["pokedexID": "pika"])
    }

    let mapping = try MappingInfoRouter.load(
      mappingInfo: MappingInfo(
        group: "user", maps: [.route("/info?{*id/userId}&{name}", target: AllUserController.self)]))
    #expect(
      mapping.url(for: AllUserController.self, parameters: ["id": 10086])?.absoluteString
        == "native://user/info?id=10086")
    #expect(throws: ReverseRoutingError.self) {
      try mapping.makeURL(for: AllUserController.self, parameters: ["name": "x"])
    }
  }

  @Test func errorsPrintTheirRenderedText() {
    let error: any Error = DeepLinkRoute("profile/(info").parsedError!
    #expect(error.localizedDescription.hasPrefix("error: unclosed group"))
    #expect(error.localizedDescription.contains("^"))
    #expect("\(error)" == error.localizedDescription)
    let reverse: any Error = ReverseRoutingError.missingWildcard(pattern: "*/search")
    #expect(!reverse.localizedDescription.contains("operation could not be completed"))
  }
}

extension DeepLinkRoute {
  fileprivate var parsedError: PatternSyntaxError? {
    do {
      _ = try pattern
      return nil
    } catch {
      return error
    }
  }
}
