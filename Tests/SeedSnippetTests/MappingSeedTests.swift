// swift-format-ignore-file
// Pasted as the original READMEs write it (tabs, spacing); not reformatted.
import MappingRouter
import Testing

// The MappingInfo router's README snippets, pasted as written; changes are marked `// changed:`
// and listed in the MappingRouter article "Migrating from the MappingInfo router".

struct UserController: RouteTarget {
  let id: String?
  init(parameters: MappingParameters) throws { id = parameters["id"] }
}

struct UserActions: ActionTarget {
  static func perform(with parameters: MappingParameters) throws {}
}

struct ChatActions: ActionTarget {
  static func perform(with parameters: MappingParameters) throws {}
}

@MainActor @Suite("MappingInfo's README snippets")
struct MappingSeedTests {
  @Test func registerAndUse() throws {
    let userMapping = MappingInfo(group: "user", maps: [

        // changed: the README lists five ways to map `/info` (1 to 4) as alternatives; two maps
        // with the same path in one scheme are a load error (which one would win?), so a table
        // keeps one of them. Elements are separated by `,`.

        // 4. multiple required params (and alias)
        // user/info?{*id/userId}&{*name/nickname}&{*age}
        .route("/info?{*id/userId}&{*name/nickname}&{*age}", target: UserController.self, remark: "user info"),

        // 5. action without UIViewController
        .action("/logout", target: UserActions.self, remark: "user logout action")
    ])

    let chatMapping = MappingInfo(group: "chat", maps: [
        // 6>
        // chat/sendMessage
        .action("/sendMessage", target: ChatActions.self, remark: "send message")
    ])

    // changed: `let router = try` (a new router, not a global one; a bad map throws)
    let router = try Router.load(mappingInfo: userMapping, chatMapping)

    guard case .route(let target, _) = router.open("native://user/info?id=1&name=a&age=2") else {
      Issue.record("expected user/info")
      return
    }
    #expect(target is UserController)
    guard case .action = router.open("native://chat/sendMessage") else {
      Issue.record("expected the chat action")
      return
    }
  }

  @Test func requiredParametersAndAliases() throws {
    let aliases = try Router.load(
      mappingInfo: MappingInfo(
        group: "user",
        maps: [.route("/info?{*id/userId/uid}", target: UserController.self, remark: "user info")]))
    for url in ["native://user/info?id=10086", "native://user/info?userId=10086", "native://user/info?uid=10086"] {
      guard case .route(let target, _) = aliases.open(url) else {
        Issue.record("expected a route for \(url)")
        continue
      }
      #expect((target as? UserController)?.id == "10086")
    }

    let required = try Router.load(
      mappingInfo: MappingInfo(
        group: "user",
        maps: [.route("/info?{*id/userId}&{*name/nickname}&{*age}", target: UserController.self)]))
    guard case .failed(.missingParameters(let error)) = required.open("native://user/info?id=10086")
    else {
      Issue.record("expected missing parameters")
      return
    }
    #expect(
      error.message == """
        Missing params: `name` or `nickname` and `age`,
        Route { native://user/info?id=10086 },
        Required: `id` or `userId` and
        `name` or `nickname` and
        `age`
        """)
  }
}

// The README's "Use" section, map by map: each ✅ URL opens its target, each ❌ one fails with
// the message the README prints.
@MainActor @Suite("MappingInfo's README: Use")
struct MappingUseTests {
  func router(_ pattern: String) throws -> Router {
    try Router.load(
      mappingInfo: MappingInfo(
        group: "user",
        maps: [
          .route(pattern, target: UserController.self, remark: "user info"),
          .action("/logout", target: UserActions.self, remark: "user logout action"),
        ]))
  }

  func opens(_ router: Router, _ url: String) -> Bool {
    if case .route(let target, _) = router.open(url) { return target is UserController }
    return false
  }

  func missing(_ router: Router, _ url: String) -> String? {
    if case .failed(.missingParameters(let error)) = router.open(url) { return error.message }
    return nil
  }

  @Test func map1NoParameters() throws {
    let router = try router("/info")
    #expect(opens(router, "native://user/info"))
    #expect(opens(router, "native://user/info?id=10086"))
    guard case .action = router.open("native://user/logout") else {
      Issue.record("expected the logout action")
      return
    }
  }

  @Test func map2ARequiredParameter() throws {
    let router = try router("/info?{*id}")
    #expect(opens(router, "native://user/info?id=10086"))
    #expect(
      missing(router, "native://user/info?uid=10086") == """
        Missing params: `id`,
        Route { native://user/info?uid=10086 },
        Required: `id`
        """)
  }

  @Test func map4SeveralRequiredParametersWithAliases() throws {
    let router = try router("/info?{*id/userId}&{*name/nickname}&{*age}")
    #expect(opens(router, "native://user/info?id=10086&name=PartyMan&age=18"))
    #expect(opens(router, "native://user/info?userId=10086&nickname=PartyMan&age=18"))
    #expect(
      missing(router, "native://user/info?id=10086&name=PartyMan") == """
        Missing params: `age`,
        Route { native://user/info?id=10086&name=PartyMan },
        Required: `id` or `userId` and
        `name` or `nickname` and
        `age`
        """)
  }
}

@MainActor @Suite("MappingInfo: one path, one map")
struct MappingDuplicateTests {
  @Test func theREADMEsAlternativesForOnePathAreALoadError() {
    #expect(throws: MappingLoadError.self) {
      try Router.load(
        mappingInfo: MappingInfo(
          group: "user",
          maps: [
            .route("/info", target: UserController.self, remark: "user info"),
            .route("/info?{*id}", target: UserController.self, remark: "user info"),
          ]))
    }
  }
}
