import FuncRouter
import FuzzSupport

/// DeeperFunc format strings: never traps; a format that parses registers and resolves.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFunc(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  let text = FuzzSupport.text(data, count)
  guard let parsed = try? FormatParser().parse(text) else { return 0 }
  FuzzSupport.exercise(parsed.pattern)
  let router = Router<String>(scheme: "myapp")
  if (try? router.add("intent", format: text)) != nil {
    _ = router.resolve("myapp://profile/42?userId=1&locale=en")
  }
  return 0
}

@_cdecl("fuzz_func_main")
public func fuzzFuncMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
  -> CInt
{
  runFuzzer(argc, argv, fuzzFunc)
}
