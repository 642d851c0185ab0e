import Foundation
import PatternCore
import Testing

@testable import DeeperRouter

@Suite("Rest captures, query conditions, types and forwarding in Deeper's syntax and router")
struct RealAppSyntaxTests {
  let parser = DeeperPatternParser()

  @Test func newSyntaxBuildsTheAST() throws {
    #expect(try parser.parse("wiki/*title").path == [.literal("wiki"), .rest(name: "title")])
    #expect(
      try parser.parse("files/(*path)").path == [
        .literal("files"), .optional([.rest(name: "path")]),
      ])
    #expect(
      try parser.parse("p?ref=welcome&:id&!token&*all").query == [
        .item(QueryItemPattern(keys: ["ref"], equals: "welcome")), .item(QueryItemPattern("id")),
        .forbidden(keys: ["token"]), .all(name: "all"),
      ])
    #expect(
      try parser.parse("t?(ref=a|ref=b)").query == [
        .oneOf([
          QueryItemPattern(keys: ["ref"], equals: "a"),
          QueryItemPattern(keys: ["ref"], equals: "b"),
        ])
      ])
    #expect(
      try parser.parse("u?id/uid=:int(id)").query == [
        .item(QueryItemPattern(keys: ["id", "uid"], name: "id", type: .int))
      ])
    #expect(try parser.parse("u/:uuid(id)").path.last == .capture(name: "id", type: .uuid))
  }

  @Test(
    arguments: [
      "wiki/*title", "files/(*path)", "*p/edit/:int(id)", "p?ref=welcome&:id&!token",
      "q?(ref=a|ref=b)&*all", "u?id/uid=:int(id)", "p?ref=a%26b%3D&!%21x", "u/:uuid(id)",
      "v?k=%3Ax",
    ])
  func newSyntaxRoundTrips(pattern: String) throws {
    let ast = try parser.parse(pattern)
    #expect(try parser.parse(ast.description) == ast, "\(ast.description)")
  }

  static let malformed: [(pattern: String, offset: Int, message: String)] = [
    ("wiki/*1x", 6, "unexpected '1' after '*'"),
    ("wiki/*a-b", 7, "unexpected '-' in a rest capture name"),
    ("p?!", 2, "'!' has no key"),
    ("p?ref=", 5, "'=' has no value"),
    ("p?*", 2, "'*' has no name"),
    ("p?ref", 2, "expected a query capture"),
    ("p?ref=a=b", 7, "unexpected '=' in a query value"),
    ("a?(!t|:b)", 3, "'!' item in a group"),
    ("a?(:b|*all)", 6, "'*' item in a group"),
  ]

  @Test(arguments: malformed)
  func badUsesAreErrorsWithACaret(_ item: (pattern: String, offset: Int, message: String)) {
    do {
      _ = try parser.parse(item.pattern)
      Issue.record("\(item.pattern) parsed")
    } catch {
      #expect(error.offset == item.offset, "\(item.pattern)")
      #expect(error.message == item.message, "\(item.pattern)")
    }
  }

  @Test func aTypeMustBeDeclaredBeforeUse() throws {
    #expect(throws: PatternSyntaxError.self) { try parser.parse("a/:month(m)") }
    let month = CustomValueType.constrained(
      name: "month", base: .int, constraints: ValueConstraints(minimum: 1, maximum: 12))
    #expect(
      try DeeperPatternParser(types: [month]).parse("a/:month(m)").path.last
        == .capture(name: "m", type: .custom(month)))
  }

  @Test func routerRegistersAClosureTypeAndReadsItsValueTyped() throws {
    enum Tab: String, Sendable { case home, search }
    let router = DeepLinkRouter<Tab>(scheme: "myapp")
    try router.register(valueType: "tab") { Tab(rawValue: $0) }
    try router.add(routes: ["tab/:tab(t)"]) { _, params in
      params.value(DeepLinkPatternParameter("t"))?.converted(as: Tab.self)
    }
    #expect(router.intent(for: URL(string: "myapp://tab/search")!) == .search)
    #expect(router.intent(for: URL(string: "myapp://tab/other")!) == nil)
    #expect(throws: ValueTypeError.redefinesBuiltIn(name: "int")) {
      try router.register(valueType: "int") { Int($0) }
    }
    // A name names one type: a second registration would make routes read it two ways.
    #expect(throws: ValueTypeError.alreadyRegistered(name: "tab")) {
      try router.register(valueType: "tab") { $0.count == 3 ? $0 : nil }
    }
    #expect(router.intent(for: URL(string: "myapp://tab/home")!) == .home)
  }

  /// Two closures are two types, even of one value type: neither stands for the other.
  @Test func twoClosureTypesAreNotTheSameType() {
    let two = CustomValueType(name: "code", convert: { $0.count == 2 ? $0 : nil })
    let three = CustomValueType(name: "code", convert: { $0.count == 3 ? $0 : nil })
    #expect(two != three)
    #expect(two == two)
  }

  /// The forwarded item is named by its key or its capture's name; a name that is neither, or
  /// a capture that can hold no URL, is refused when the route is added.
  @Test func aForwardNamesItsQueryItem() throws {
    let router = DeepLinkRouter<String>(scheme: "myapp")
    try router.add(forwarding: ["go?to=:target"], queryItem: "to")
    try router.add(routes: ["profile/:id"]) { _, params in params["id"] }
    #expect(router.intent(for: URL(string: "myapp://go?to=myapp://profile/3")!) == "3")
    #expect(throws: PatternSyntaxError.self) {
      try router.add(forwarding: ["mbar?:x"], queryItem: "redirect_to")
    }
    #expect(throws: PatternSyntaxError.self) {
      try router.add(forwarding: ["n?:int(n)"], queryItem: "n")
    }
    #expect(router.registeredRoutes.count == 2)
  }

  /// When no route prints, the reason is the one of the route whose handler gives the intent
  /// back (here the wildcard's), not the first route's.
  @Test func makeURLSaysWhyTheRouteMeantCannotPrint() throws {
    enum Page: Equatable { case profile(String), feed }
    let router = DeepLinkRouter<Page>(scheme: "myapp")
    try router.add(routes: ["profile/:userId"]) { _, params in params["userId"].map(Page.profile) }
    try router.add(routes: ["*/feed"]) { _, _ in .feed }
    #expect(throws: ReverseRoutingError.missingWildcard(pattern: "*/feed")) {
      try router.makeURL(for: .feed, params: [:])
    }
    #expect(
      throws: ReverseRoutingError.noRouteAt(index: 9, routes: 2),
      performing: { try router.makeURL(forRouteAt: 9, params: [:]) })
    #expect(
      ReverseRoutingError.noRouteAt(index: 9, routes: 2).message
        == "there is no route at index 9: 2 routes are registered, at indices 0-1")
  }

  @Test func routerFollowsForwardingRoutes() async throws {
    let router = DeepLinkRouter<String>(scheme: "https")
    try router.add(forwarding: ["wordpress.com/mbar?:redirect_to"], queryItem: "redirect_to")
    try router.add(routes: ["wordpress.com/post/:int(id)"]) { _, params in
      params.int(DeepLinkPatternParameter("id")).map { "post \($0)" }
    }
    let url = "https://wordpress.com/mbar?redirect_to=/post/3"
    guard case .matched(let match) = router.resolve(url) else {
      Issue.record("no match")
      return
    }
    #expect(match.intent == "post 3")
    #expect(match.via == [url])
    #expect(await router.intent(for: URL(string: url)!) == "post 3")
    guard case .unmatched(let miss) = router.resolve("https://wordpress.com/mbar?redirect_to=post")
    else {
      Issue.record("expected a miss")
      return
    }
    #expect(miss.nearest?.routeIndex == 0)
    #expect(miss.nearest?.reason.message.contains("neither a URL with a scheme") == true)
  }
}
