import DeepLinkTools
import FuzzSupport
import PatternCore

/// Manifests (JSON of any dialect): never traps; every table that loads resolves URLs and can be
/// run as a fixture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  guard let manifest = try? ManifestLoader.parse(FuzzSupport.bytes(data, count), path: "fuzz.json")
  else { return 0 }
  _ = ConformanceRunner().run(manifest: manifest)
  if case .success(let tables) = Result(catching: { () throws(Diagnostic) in
    try TableLoader.load(manifest)
  }) {
    for url in [
      "myapp://profile/42", "native://user/info?id=1", "pokedex://pokemons/1",
      "https://example.com/a",
    ] {
      _ = tables.resolve(url)
    }
    _ = tables.printURL(intent: "showProfile", params: [("userId", .string("1"))], table: nil)
  }
  return 0
}

@_cdecl("fuzz_manifest_main")
public func fuzzManifestMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv, fuzzManifest)
}
