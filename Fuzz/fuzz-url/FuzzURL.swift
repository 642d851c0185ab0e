import FuzzSupport
import PatternCore

/// URL parser: never traps; the one-pass scan of plain URLs agrees with the full scan; a parsed
/// URL's components are non-empty and reverse routing of its components through a
/// capture-per-component pattern prints a URL that parses back to them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzURL(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  let text = FuzzSupport.text(data, count)
  precondition(URLParser().plainScanAgrees(text), "the plain scan disagrees with the full one")
  guard let url = try? ParsedURL(text) else { return 0 }
  let components = url.components
  precondition(components.allSatisfy { !$0.isEmpty }, "empty component kept")
  let pattern = RoutePattern(
    path: components.indices.map { .capture(name: "c\($0)", type: .string) })
  var values: [String: PatternValue] = [:]
  for (index, component) in components.enumerated() { values["c\(index)"] = .string(component) }
  if !components.isEmpty,
    let printed = try? URLPrinter.url(base: "myapp", pattern: pattern, values: values)
  {
    let reparsed = try? ParsedURL(printed)
    precondition(reparsed?.components == components, "reverse routing did not round-trip")
  }
  return 0
}

@_cdecl("fuzz_url_main")
public func fuzzURLMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
  -> CInt
{
  runFuzzer(argc, argv, fuzzURL)
}
