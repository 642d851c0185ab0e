import CrossroadRouter
import DeeperRouter
import Foundation
import MappingRouter
import Testing

// A Swift 6 app's screens are main-actor types. These compile only if a `@MainActor` class can
// be a `DeepLinkHandler` and can register route handlers that touch its own state.

enum ScreenIntent: Equatable, Sendable {
  case showProfile(userId: String)
  case follow(userId: String)
}

extension DeepLinkPatternParameter {
  static let userId = DeepLinkPatternParameter("userId")
}

@MainActor
final class ProfileViewController: DeepLinkHandler {
  var deeplinkHandling: DeepLinkHandling<ScreenIntent>?
  private(set) var shownProfiles: [String] = []

  func open(deeplink: DeepLink<ScreenIntent>, animated: Bool) -> DeepLinkHandling<ScreenIntent> {
    guard case .showProfile(let userId) = deeplink.intent else {
      return .rejected(deeplink, nil)
    }
    return .opened(deeplink) { [unowned self] _ in
      self.shownProfiles.append(userId)
    }
  }
}

@MainActor
final class AppCoordinator: DeepLinkHandler {
  var deeplinkHandling: DeepLinkHandling<ScreenIntent>?
  let profile = ProfileViewController()
  private(set) var followed: [String] = []

  func open(deeplink: DeepLink<ScreenIntent>, animated: Bool) -> DeepLinkHandling<ScreenIntent> {
    switch deeplink.intent {
    case .showProfile:
      return .passedThrough(deeplink) { [unowned self] _ in AnyDeepLinkHandler(self.profile) }
    case .follow(let userId):
      return .opened(deeplink) { [unowned self] _ in self.followed.append(userId) }
    }
  }

  /// Route handlers written inside a main-actor type, reading its state.
  var knownUsers: Set<String> = ["42", "7"]

  func makeRouter() throws -> DeepLinkRouter<ScreenIntent> {
    let router = DeepLinkRouter<ScreenIntent>(scheme: "myapp", rootDeepLinkHandler: self)
    try router.add(routes: ["profile/:userId"]) { _, params in
      params[.userId].map(ScreenIntent.showProfile)
    }
    try router.add(routes: ["user/:userId/follow"]) { _, params in
      params["userId"].map(ScreenIntent.follow)
    }
    return router
  }
}

@MainActor
@Suite("Main-actor handlers (Swift 6 apps)")
struct MainActorHandlerTests {
  @Test func aMainActorCoordinatorAndScreenHandleLinks() throws {
    let coordinator = AppCoordinator()
    let router = try coordinator.makeRouter()
    #expect(router.open(url: URL(string: "myapp://profile/42")!))
    #expect(coordinator.profile.shownProfiles == ["42"])
    #expect(
      router.lastOpen?.handling?.trace.map(\.description)
        == ["AppCoordinator:passedThrough", "ProfileViewController:opened"])
    #expect(router.open(url: URL(string: "myapp://user/7/follow")!))
    #expect(coordinator.followed == ["7"])
    #expect(!router.open(url: URL(string: "myapp://nothing/here")!))
  }

  @Test func asyncRouteHandlersCanAwaitBeforeAnswering() async throws {
    let coordinator = AppCoordinator()
    let router = DeepLinkRouter<ScreenIntent>(scheme: "myapp", rootDeepLinkHandler: coordinator)
    let directory = UserDirectory(known: ["42"])
    try router.add(routes: ["profile/:userId"]) { _, params async in
      guard let userId = params[.userId], await directory.exists(userId) else { return nil }
      return .showProfile(userId: userId)
    }
    #expect(await router.open(url: URL(string: "myapp://profile/42")!))
    #expect(coordinator.profile.shownProfiles == ["42"])
    // The async handler declines an unknown user: nothing opens.
    #expect(!(await router.open(url: URL(string: "myapp://profile/99")!)))
    // The synchronous entry points pass async handlers over, and say why.
    guard case .unmatched(let miss) = router.resolve("myapp://profile/42") else {
      Issue.record("expected no match without await")
      return
    }
    #expect(miss.declined == [0])
    #expect(miss.nearest?.reason.cause == .handlerIsAsync)
  }

  /// The `async` entry points run on the caller's actor: a synchronous route handler written
  /// in main-actor code, touching main-actor state, runs on the main actor when the app awaits
  /// `open(url:)` or `intent(for:)` (it ran on a pool thread, which Swift 6 stops with a crash).
  @Test func awaitedEntryPointsRunSynchronousHandlersOnTheCallersActor() async throws {
    let coordinator = AppCoordinator()
    let router = DeepLinkRouter<ScreenIntent>(scheme: "myapp", rootDeepLinkHandler: coordinator)
    let screen = PokedexScreen()
    try router.add(routes: ["profile/:userId"]) { _, params in
      MainActor.assertIsolated()
      screen.shown.append(1)
      return params[.userId].map(ScreenIntent.showProfile)
    }
    #expect(await router.open(url: URL(string: "myapp://profile/42")!))
    #expect(
      await router.intent(for: URL(string: "myapp://profile/7")!) == .showProfile(userId: "7"))
    #expect(screen.shown == [1, 1])

    let crossroad = DefaultRouter(scheme: "pokedex")
    try crossroad.register(routes: [
      (
        "pokedex://pokemons/:pokedexID",
        { _ in
          MainActor.assertIsolated()
          screen.shown.append(2)
          return true
        }
      )
    ])
    #expect(await crossroad.openIfPossible(URL(string: "pokedex://pokemons/25")!))
    #expect(await crossroad.openIfPossible(to: URL(string: "pokedex://pokemons/25")))
    #expect(screen.shown == [1, 1, 2, 2])
  }

  /// Crossroad's other spellings run `async` handlers too when awaited; called synchronously,
  /// they pass such a handler over and say why.
  @Test func crossroadAwaitedSpellingsRunAsyncHandlers() async throws {
    let router = DefaultRouter(scheme: "pokedex")
    try router.register(routes: [
      (
        "pokedex://pokemons/:pokedexID",
        { (context: Context<Void>) async throws -> Bool in
          let id: Int = try context.pokedexID
          return await PokedexStore.shared.exists(id)
        }
      )
    ])
    let url = URL(string: "pokedex://pokemons/25")
    #expect(await router.openIfPossible(to: url))
    guard case .matched = await router.resolve("pokedex://pokemons/25") else {
      Issue.record("the awaited resolve did not run the async handler")
      return
    }
    func synchronously() -> CrossroadResolution<Void> { router.resolve("pokedex://pokemons/25") }
    guard case .unmatched(let nearest, _) = synchronously() else {
      Issue.record("a synchronous resolve matched through an async handler")
      return
    }
    #expect(nearest?.1.cause == .handlerIsAsync)
    #expect(nearest?.1.message.contains("call it with `await`") == true)
  }

  @Test func crossroadHandlersOnTheMainActor() async throws {
    let screen = PokedexScreen()
    let router = DefaultRouter(scheme: "pokedex")
    try router.register(routes: [
      (
        "pokedex://pokemons/:pokedexID",
        { context in
          guard let id: Int = try? context.pokedexID else { return false }
          screen.shown.append(id)
          return true
        }
      )
    ])
    #expect(router.openIfPossible(URL(string: "pokedex://pokemons/25")!))
    #expect(screen.shown == [25])

    let asyncRouter = DefaultRouter(scheme: "pokedex")
    try asyncRouter.register(routes: [
      (
        "pokedex://pokemons/:pokedexID",
        { (context: Context<Void>) async throws -> Bool in
          let id: Int = try context.pokedexID
          guard await PokedexStore.shared.exists(id) else { return false }
          await MainActor.run { screen.shown.append(id) }
          return true
        }
      )
    ])
    #expect(await asyncRouter.openIfPossible(URL(string: "pokedex://pokemons/150")!))
    #expect(!(await asyncRouter.openIfPossible(URL(string: "pokedex://pokemons/9999")!)))
    #expect(screen.shown == [25, 150])
  }
}

actor UserDirectory {
  let known: Set<String>
  init(known: Set<String>) { self.known = known }
  func exists(_ id: String) -> Bool { known.contains(id) }
}

actor PokedexStore {
  static let shared = PokedexStore()
  func exists(_ id: Int) -> Bool { (1...151).contains(id) }
}

@MainActor
final class PokedexScreen {
  var shown: [Int] = []
}

// A MappingInfo target that is a screen: a main-actor class with mutable state.
final class UserViewController: RouteTarget {
  let userId: Int
  var title = ""
  init(parameters: MappingParameters) throws {
    userId = try parameters.int("id")
    title = "User \(userId)"
  }
}

@MainActor
@Suite("Main-actor MappingInfo targets")
struct MainActorTargetTests {
  @Test func aScreenClassIsMadeFromTheParameters() throws {
    let router = try MappingInfoRouter.load(
      mappingInfo: MappingInfo(
        group: "user", maps: [.route("/info?{*id/uid}", target: UserViewController.self)]))
    guard case .route(let target, _) = router.open("native://user/info?uid=9") else {
      Issue.record("expected the user screen")
      return
    }
    #expect((target as? UserViewController)?.title == "User 9")
  }
}
