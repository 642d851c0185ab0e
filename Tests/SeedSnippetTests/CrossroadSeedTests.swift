// swift-format-ignore-file
// Pasted as the original READMEs write it (tabs, spacing); not reformatted.
import CrossroadRouter
import Foundation
import Testing

// Crossroad's README snippets, pasted as written; changes are marked `// changed:` and listed in
// the CrossroadRouter article "Migrating from Crossroad".

enum Type: String, Argument {  // changed: cases without the seed's stray dots
  case normal
  case fire
  case water
  case grass
}

struct UserInfo {
    let userID: Int64
}

@Suite("Crossroad's README snippets")
struct CrossroadSeedTests {
  @Test func basicUsage() throws {
    var presented: [String] = []
    let router = DefaultRouter(scheme: "pokedex")  // changed: the seed's scheme "pokemon" does not match its own patterns
    try router.register(routes: [  // changed: `try`
        ("pokedex://pokemons", { context in
            let type: Type? = context.parameters(for: "type")
            presented.append("list \(type.map(\.rawValue) ?? "all")")
            return true
        }),
        ("pokedex://pokemons/:pokedexID", { context in
            guard let pokedexID: Int = try? context.pokedexID else {
                // pokedexID must be Int
                return false
            }
            if !(1...151).contains(pokedexID) { // Find the Pokémon by ID
                return false
            }
            presented.append("detail \(pokedexID)")
            return true
        }),
        // ...
    ])

    let canRespond25 = router.responds(URL(string: "pokedex://pokemons/25")!)
    let canRespond9999 = router.responds(URL(string: "pokedex://pokemons/9999")!)
    router.openIfPossible(to: URL(string: "pokedex://pokemons/25")) // Open Pikachu page
    router.openIfPossible(to: URL(string: "pokedex://pokemons?type=fire")) // Open list of fire Pokémons page

    #expect(canRespond25)
    // `responds` matches patterns only (no handler runs), so 9999 responds too.
    #expect(canRespond9999)
    #expect(!router.openIfPossible(URL(string: "pokedex://pokemons/9999")!))
    #expect(presented == ["detail 25", "list fire"])
  }

  @Test func argumentsParametersAndLists() throws {
    let router = DefaultRouter(scheme: "pokedex")
    var seen: [String] = []
    try router.register(routes: [
      ("pokedex://searches/:keyword", { context in
        let keyword: String = try! context.argument(for: "keyword") // Pikachu
        let generation: Int? = context.parameter(for: "generation") // changed: optional, absent items are nil
        let types: [Type]? = context.parameter(for: "types")
        seen.append("\(keyword) \(generation ?? 0) \(types?.map(\.rawValue) ?? [])")
        return true
      })
    ])
    router.openIfPossible(URL(string: "pokedex://searches/Pikachu?generation=1&types=water,grass")!)
    #expect(seen == ["Pikachu 1 [\"water\", \"grass\"]"])
  }

  @Test func customRouter() throws {
    let router = Router<UserInfo>(scheme: "pokedex")
    var userID: Int64?
    try router.register(routes: [  // changed: `try`
        ("pokedex://pokemons", { context in
            let userInfo: UserInfo = context.userInfo
            userID = userInfo.userID
            return true
        }),
        // ...
    ])
    let userInfo = UserInfo(userID: 42)
    let url = URL(string: "pokedex://pokemons")!
    router.openIfPossible(to: url, userInfo: userInfo)
    #expect(userID == 42)
    // The spelling without `to:` does the same.
    userID = nil
    router.openIfPossible(url, userInfo: UserInfo(userID: 7))
    #expect(userID == 7)
  }
}
