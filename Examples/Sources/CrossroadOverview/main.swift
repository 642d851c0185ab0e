// snippet
import CrossroadRouter
import Foundation

enum PokemonType: String, Argument { case normal, fire, water, grass }

let router = DefaultRouter(accepting: ["pokedex", "https://example.com"])
try router.register(routes: [
  ("pokedex://pokemons", { context in
    let type: PokemonType? = context.parameter(for: "type")      // ?type=fire
    return type != nil
  }),
  ("/pokemons/:pokedexID", { context in                           // every source
    guard let id: Int = try? context.pokedexID else { return false }
    return (1...151).contains(id)
  }),
])
let responds = router.responds(to: URL(string: "pokedex://pokemons/25")!)    // true: patterns only
let opened = router.openIfPossible(URL(string: "https://example.com/pokemons/25")!)   // true
let printed = router.url(for: "/pokemons/:pokedexID", arguments: ["pokedexID": 25])
// pokedex://pokemons/25
// end snippet

precondition(responds)
precondition(opened)
precondition(router.openIfPossible(URL(string: "pokedex://pokemons?type=fire")!))
precondition(!router.openIfPossible(URL(string: "pokedex://pokemons/9999")!))
precondition(printed?.absoluteString == "pokedex://pokemons/25")
print("CrossroadOverview: ok")
