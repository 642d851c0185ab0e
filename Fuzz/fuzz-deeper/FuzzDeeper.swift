import DeeperRouter
import FuzzSupport
import PatternCore

/// Deeper's syntax: never traps; a pattern that parses prints canonical syntax that parses back
/// to the same AST; its table matches and explains without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeeper(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  let text = FuzzSupport.text(data, count)
  guard let pattern = try? DeeperPatternParser().parse(text) else { return 0 }
  let printed = pattern.description
  let reparsed = try? DeeperPatternParser().parse(printed)
  precondition(reparsed == pattern, "canonical syntax did not parse back: \(text) -> \(printed)")
  FuzzSupport.exercise(pattern)
  return 0
}

@_cdecl("fuzz_deeper_main")
public func fuzzDeeperMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv, fuzzDeeper)
}
