import PatternCore
import Testing

@testable import MappingRouter

struct UserController: RouteTarget {
  let id: String
  let age: Int?

  init(parameters: MappingParameters) throws {
    id = try parameters.string("id")
    age = parameters["age"] == nil ? nil : try parameters.int("age")
  }
}

struct UserActions: ActionTarget {
  struct LoggedOut: Error {}
  static func perform(with parameters: MappingParameters) throws {
    if parameters["fail"] != nil { throw LoggedOut() }
  }
}

/// Seed 002, example by example.
@MainActor @Suite("MappingRouter (seed 002)")
struct MappingRouterTests {
  func router(_ path: String) throws(MappingLoadError) -> Router {
    try Router.load(
      mappingInfo: MappingInfo(
        group: "user", maps: [.route(path, target: UserController.self, remark: "user info")]))
  }

  func missing(_ router: Router, _ url: String) -> MissingParametersError? {
    if case .missingParameters(let error) = router.resolve(url) { error } else { nil }
  }

  func matches(_ router: Router, _ url: String) -> MappingParameters? {
    if case .matched(let match) = router.resolve(url) { match.parameters } else { nil }
  }

  @Test func example1NoParams() throws {
    let router = try router("/info")
    #expect(matches(router, "native://user/info") != nil)
    #expect(matches(router, "native://user/info?id=10086") != nil)
    #expect(matches(router, "native://USER/Info") != nil)
  }

  @Test func example2RequiredParam() throws {
    let router = try router("/info?{*id}")
    #expect(matches(router, "native://user/info?id=10086")?.captures.text("id") == "10086")
    let error = try #require(missing(router, "native://user/info?uid=10086"))
    #expect(
      error.message
        == "Missing params: `id`,\nRoute { native://user/info?uid=10086 },\nRequired: `id`")
    #expect(error.missing == [["id"]])
    #expect(error.diagnostic.code == .missingParams)
  }

  @Test(arguments: ["id", "userId", "uid"])
  func example3Aliases(key: String) throws {
    let router = try router("/info?{*id/userId/uid}")
    #expect(matches(router, "native://user/info?\(key)=10086")?.captures.text("id") == "10086")
  }

  @Test func example4SeveralRequiredWithAliases() throws {
    let router = try router("/info?{*id/userId}&{*name/nickname}&{*age}")
    #expect(matches(router, "native://user/info?id=10086&name=PartyMan&age=18") != nil)
    let aliased = try #require(
      matches(router, "native://user/info?userId=10086&nickname=PartyMan&age=18"))
    #expect(aliased.captures.names == ["id", "name", "age"])
    let age = try #require(missing(router, "native://user/info?id=10086&name=PartyMan"))
    #expect(
      age.message == """
        Missing params: `age`,
        Route { native://user/info?id=10086&name=PartyMan },
        Required: `id` or `userId` and
        `name` or `nickname` and
        `age`
        """)
    let two = try #require(missing(router, "native://user/info?id=10086"))
    #expect(
      two.message == """
        Missing params: `name` or `nickname` and `age`,
        Route { native://user/info?id=10086 },
        Required: `id` or `userId` and
        `name` or `nickname` and
        `age`
        """)
    #expect(two.missing == [["name", "nickname"], ["age"]])
    #expect(two.required == [["id", "userId"], ["name", "nickname"], ["age"]])
  }

  @Test func optionalItemsAndDeeperPathSyntax() throws {
    let router = try Router.load(
      mappingInfo: MappingInfo(
        group: "user",
        maps: [.route("/:int(uid)/posts/*?{name/nickname}", target: UserController.self)]))
    let params = try #require(matches(router, "native://user/7/posts/a/b?nickname=P"))
    #expect(params.captures["uid"] == .int(7))
    #expect(params.captures.text("name") == "P")
    #expect(try #require(matches(router, "native://user/7/posts/a")).captures.names == ["uid"])
  }

  @Test func openConstructsTargetsAndRunsActions() throws {
    let router = try Router.load(
      mappingInfo: MappingInfo(
        group: "user",
        maps: [
          .route("/info?{*id}", target: UserController.self),
          .action("/logout", target: UserActions.self, remark: "log out"),
        ]))
    guard
      case .route(let target as UserController, let map) = router.open(
        "native://user/info?id=5&age=18")
    else {
      Issue.record("expected a route")
      return
    }
    #expect(target.id == "5" && target.age == 18)
    #expect(map.targetName == "UserController")
    guard case .action(let action) = router.open("native://user/logout") else {
      Issue.record("expected an action")
      return
    }
    #expect(action.targetName == "UserActions")
    guard case .failed(.targetFailed(let name, _)) = router.open("native://user/logout?fail=1")
    else {
      Issue.record("a throwing action is a failure")
      return
    }
    #expect(name == "UserActions")
    // Typed access is strict: "abc" is not 0.
    guard
      case .failed(.targetFailed(_, let reason)) = router.open("native://user/info?id=5&age=abc")
    else {
      Issue.record("a wrong type is a failure")
      return
    }
    #expect(reason == "parameter `age` is `abc`, which is not an int")
  }

  @Test(
    arguments: [
      ("/info?{*id", "unclosed brace", 6), ("/info?{*id//uid}", "empty alias", 11),
      ("/info?{}", "empty alias", 7), ("/info?{*}", "empty alias", 8),
      ("/info?{id*}", "'*' in the middle of a query item", 9),
      ("/info?{id/*uid}", "'*' in the middle of a query item", 10),
      ("/info?id", "expected '{' in the query", 6), ("/info?{*id}&&{age}", "empty query item", 12),
      ("/a//b", "empty component", 3),
    ])
  func loadErrorsPointAtTheByte(path: String, message: String, offset: Int) {
    #expect(throws: MappingLoadError.self) { try router(path) }
    do {
      _ = try router(path)
    } catch {
      guard case .syntax(let syntax, "user", 0, 0) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(syntax.message == message, "\(path)")
      #expect(syntax.offset == offset, "\(path)")
    }
  }

  @Test func duplicatePathsAreLoadErrors() {
    #expect(throws: MappingLoadError.self) {
      try Router.load(
        mappingInfo: MappingInfo(
          group: "user",
          maps: [.named(.route, "/info", target: "A"), .named(.route, "/INFO?{*id}", target: "B")]))
    }
    do {
      _ = try Router.load(
        mappingInfo: MappingInfo(group: "user", maps: [.named(.route, "/:id", target: "A")]),
        MappingInfo(group: "User", maps: [.named(.action, "/:uid", target: "B")]))
      Issue.record("expected a duplicate")
    } catch {
      #expect(error.diagnostic.code == .duplicateRoute)
      #expect(error.diagnostic.message == "duplicate path `User/:uid`")
      // The second map is where the error is: the second group's first map.
      #expect(error.diagnostic.origin == "groups[1], maps[0]")
    }
  }

  @Test func catalogListsEveryRouteWithItsRemark() throws {
    let router = try Router.load(
      mappingInfo: MappingInfo(
        group: "user",
        maps: [
          .route("/info?{*id}", target: UserController.self, remark: "user info"),
          .action("/logout", target: UserActions.self, remark: "user logout action"),
        ]),
      MappingInfo(group: "chat", maps: [.named(.action, "/sendMessage", target: "ChatActions")]))
    #expect(
      router.catalogTable == """
        #  KIND    PATTERN                    TARGET          REMARK
        0  route   native://user/info?{*id}   UserController  user info
        1  action  native://user/logout       UserActions     user logout action
        2  action  native://chat/sendMessage  ChatActions
        """)
    #expect(router.catalogJSON.contains("\"remark\" : \"user logout action\""))
    #expect(router.catalog.map(\.kind) == [.route, .action, .action])
  }
}

@Suite("Mapping nearest miss for another scheme")
struct MappingSchemeMissTests {
  @Test func theMapWhosePathMatchesIsNearestAndTheReasonNamesTheSource() throws {
    let router = try Router.load(
      mappingInfo: MappingInfo(
        group: "user",
        maps: [.named(.route, "/logout", target: "A"), .named(.route, "/info", target: "B")]))
    guard case .unmatched(let nearest?) = router.resolve("other://user/info") else {
      Issue.record("expected a miss")
      return
    }
    #expect(nearest.0 == 1)
    #expect(nearest.1.message.hasPrefix("the path matches, but source `other` is not a source"))
    // A web link is named by its scheme and host, and ranked by its path alone.
    guard case .unmatched(let web?) = router.resolve("https://other.org/user/info") else {
      Issue.record("expected a miss")
      return
    }
    #expect(web.0 == 1)
    #expect(
      web.1.message.hasPrefix("the path matches, but source `https://other.org` is not a source"),
      "\(web.1.message)")
  }
}

@Suite("MappingRouter: conditions, forbidden items, rests, forwarding")
struct MappingRealAppRoutesTests {
  @Test func conditionsForbiddenItemsAndForwarding() throws {
    let router = try Router.load(
      mappingInfo: MappingInfo(
        group: "promo",
        maps: [
          .named(.route, "/open?{*ref=welcome}&{*id}&{!token}", target: "Promo"),
          .forward("/mbar?{*redirect_to}", queryItem: "redirect_to"),
          .named(.route, "/wiki/*title", target: "Article"),
        ]))
    guard case .matched(let open) = router.resolve("native://promo/open?id=1&ref=welcome") else {
      Issue.record("no match")
      return
    }
    #expect(open.routeIndex == 0)
    guard
      case .unmatched(let forbidden) = router.resolve("native://promo/open?id=1&ref=welcome&token")
    else {
      Issue.record("expected a miss")
      return
    }
    #expect(forbidden?.1.message == "query item `token` is present; the pattern forbids it")
    guard
      case .matched(let article) = router.resolve(
        "native://promo/mbar?redirect_to=native%3A%2F%2Fpromo%2Fwiki%2Fa%2Fb")
    else {
      Issue.record("no forwarded match")
      return
    }
    #expect(article.routeIndex == 2)
    #expect(article.parameters.captures.text("title") == "a/b")
  }
}
