import AppLinks
import FuzzSupport

/// AndroidManifest.xml files: the XML reader and the path patterns never trap; a manifest
/// that parses decides every probe URL, and an opened URL always names its filter.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAndroid(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  guard let manifest = try? AndroidManifest(data: FuzzSupport.bytes(data, count)) else {
    return 0
  }
  for url in probes {
    let decision = manifest.decision(for: url)
    precondition(!decision.opens || decision.rule != nil, "opened without a rule")
  }
  return 0
}

let probes = [
  "https://www.example.com/", "https://www.example.com/recipes/1?x=1", "app://open.my.app/x",
  "https://m.example.org:8443/a%2Fb", "https://example.com/" + String(repeating: "x", count: 200),
]

@_cdecl("fuzz_android_main")
public func fuzzAndroidMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv, fuzzAndroid)
}
