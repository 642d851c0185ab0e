import DeepLinkTools
import FuzzSupport

/// Resolver lines: never traps, and every line gives exactly one record that is one JSON object
/// on one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResolver(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  guard case .success(let tables) = ResolverSetup.load([]) else { return 0 }
  let record = Resolver(tables: tables).respond(to: ArraySlice(FuzzSupport.bytes(data, count)), number: 1)
  precondition(!record.contains("\n"), "a record spans lines")
  guard let json = try? JSONParser.parse(record), json["line"] != nil, json["status"] != nil else {
    preconditionFailure("a record is not a JSON object with line and status: \(record)")
  }
  return 0
}

@_cdecl("fuzz_resolver_main")
public func fuzzResolverMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzResolver)
}
