import CrossroadRouter
import FuzzSupport

/// Crossroad patterns and sources: never traps; what parses registers and resolves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCrossroad(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  let text = FuzzSupport.text(data, count)
  _ = try? LinkSource(parsing: text)
  guard let parsed = try? CrossroadPatternParser().parse(text) else { return 0 }
  FuzzSupport.exercise(parsed.pattern)
  let router = DefaultRouter(accepting: ["pokedex", "https://example.com"])
  if (try? router.register(routes: [
    (text, { context in (try? context.argument(named: "id", as: Int.self)) != nil })
  ])) != nil {
    _ = router.resolve("pokedex://pokemons/25?type=fire")
    _ = router.responds(to: "https://example.com/pokemons/1")
  }
  return 0
}

@_cdecl("fuzz_crossroad_main")
public func fuzzCrossroadMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv, fuzzCrossroad)
}
