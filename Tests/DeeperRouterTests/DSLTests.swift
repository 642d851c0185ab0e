import PatternCore
import Testing

@testable import DeeperRouter

extension DeepLinkRoute {
  static let profile = DeepLinkRoute("profile")
}

extension DeepLinkPatternParameter {
  static let locale = DeepLinkPatternParameter("locale")
}

/// Every string example of seeds 000 and 004 next to its DSL twin: both must build the same AST.
@Suite("Deeper DSL twins (seeds 000, 004)")
struct DSLTests {
  func ast(_ route: DeepLinkRoute) throws -> RoutePattern { try route.pattern }
  func ast(_ text: String) throws -> RoutePattern { try DeeperPatternParser().parse(text) }

  @Test func plainCaptures() throws {
    #expect(try ast("profile" / .userId) == ast("profile/:userId"))
    #expect(try ast(.profile / .userId) == ast("profile/:userId"))
    #expect(try ast(.profile / DeepLinkPatternParameter("userId")) == ast("profile/:userId"))
  }

  @Test func wildcard() throws {
    #expect(try ast(.any / .profile / .userId) == ast("*/profile/:userId"))
  }

  @Test func choice() throws {
    #expect(try ast((.profile | "user") / .userId) == ast("(profile|user)/:userId"))
    // Swift's precedence makes `|` looser than `/`: the seed's spelling without parentheses
    // is "profile, or user/:userId".
    #expect(try ast(.profile | "user" / .userId) == ast("(profile|user/:userId)"))
    #expect(try ast(.profile | "user" | "u") == ast("(profile|user|u)"))
  }

  @Test func optional() throws {
    #expect(try ast(.profile /? "info" / .userId) == ast("profile/(info)/:userId"))
    #expect(try ast(.profile /? .userId) == ast("profile/(:userId)"))
  }

  @Test func typedCaptures() throws {
    #expect(try ast(.profile / .int("userId")) == ast("profile/:int(userId)"))
    #expect(try ast(.profile / .num("userId")) == ast("profile/:num(userId)"))
    #expect(try ast(.profile / .double("x")) == ast("profile/:double(x)"))
    #expect(try ast(.profile / .bool("b") / .string("s")) == ast("profile/:bool(b)/:string(s)"))
  }

  @Test func queries() throws {
    #expect(try ast(.any / .profile .? .userId & .locale) == ast("*/profile?:userId&:locale"))
    #expect(try ast(.any / .profile .? .userId &? .locale) == ast("*/profile?:userId&(:locale)"))
    #expect(try ast(.any / .profile .?? .userId & .locale) == ast("*/profile?(:userId)&:locale"))
    #expect(try ast(.profile .? .int("page")) == ast("profile?:int(page)"))
    #expect(try ast(.profile .?? .locale) == ast("profile?(:locale)"))
    #expect(try ast(.profile .? .oneOf(.userId, .locale)) == ast("profile?(:userId|:locale)"))
  }

  @Test func stringAndDSLMixFreely() throws {
    #expect(try ast("user/(info)" / .int("id") .? .locale) == ast("user/(info)/:int(id)?:locale"))
  }

  @Test func misuseIsAThrownErrorNotACrash() throws {
    // `&` before `.?` does not compile (only query parts have `&`); what can only be found at
    // run time is kept in the route and thrown when it is added.
    let pathAfterQuery = DeepLinkRoute("profile?:userId") / "info"
    #expect(throws: PatternSyntaxError.self) { try pathAfterQuery.pattern }
    let broken = DeepLinkRoute("profile/(") / .userId
    #expect(throws: PatternSyntaxError.self) { try broken.pattern }
    let router = Router<String>(scheme: "myapp")
    #expect(throws: PatternSyntaxError.self) {
      try router.add(routes: [pathAfterQuery]) { _, _ in "x" }
    }
  }

  @Test func dslRoutesRoute() throws {
    let router = Router<String>(scheme: "myapp")
    try router.add(routes: [.any / .profile .? .userId &? .locale]) { _, params in
      params[.userId].map { "show \($0) \(params[.locale] ?? "-")" }
    }
    #expect(router.resolve("myapp://a/profile?locale=en&userId=7").intent == "show 7 en")
    #expect(router.resolve("myapp://a/profile?userId=7").intent == "show 7 -")
    #expect(router.resolve("myapp://profile?userId=7").intent == nil)
  }
}
