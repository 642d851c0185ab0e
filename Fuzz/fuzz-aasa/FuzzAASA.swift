import AppLinks
import FuzzSupport

/// apple-app-site-association and assetlinks.json files: parsing never traps; a file that
/// parses decides every probe URL, and an opened URL always names its rule.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAASA(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = FuzzSupport.bytes(data, count)
  _ = try? AssetLinks(data: bytes)
  guard let file = try? AASAFile(data: bytes) else { return 0 }
  let apps = Set(file.details.flatMap(\.appIDs)).prefix(4)
  for app in apps {
    for url in probes {
      let decision = file.decision(for: url, appID: app)
      precondition(!decision.opens || decision.rule != nil, "opened without a rule")
    }
  }
  return 0
}

let probes = [
  "https://example.com/", "https://example.com/buy/shoes?x=1#frag", "https://example.com/a%20b",
  "https://example.com/" + String(repeating: "ab/", count: 40),
]

@_cdecl("fuzz_aasa_main")
public func fuzzAASAMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?)
  -> CInt
{
  runFuzzer(argc, argv, fuzzAASA)
}
