import FuzzSupport
import MappingRouter

/// MappingInfo paths: never traps; a path that parses loads and resolves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMapping(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  let text = FuzzSupport.text(data, count)
  guard let pattern = try? MappingPatternParser().parse(text, group: "user") else { return 0 }
  FuzzSupport.exercise(pattern)
  if let router = try? Router.load(
    mappingInfo: MappingInfo(group: "user", maps: [.named(.route, text, target: "T")]))
  {
    _ = router.resolve("native://user/info?id=1&name=x")
    _ = router.catalogTable
  }
  return 0
}

@_cdecl("fuzz_mapping_main")
public func fuzzMappingMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv, fuzzMapping)
}
