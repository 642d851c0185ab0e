import DeepLinkTools
import FuzzSupport

/// Resolver lines: never traps, every line gives exactly one record that is one JSON object on
/// one line, and the byte-level path (the one `deeplink-resolve` takes) writes the general
/// path's record.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResolver(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let data else { return 0 }
  guard case .success(let tables) = ResolverSetup.load([]) else { return 0 }
  let line = ArraySlice(FuzzSupport.bytes(data, count))
  var resolver = Resolver(tables: tables)
  let record = resolver.respond(to: line, number: 1)
  var output: [UInt8] = []
  resolver.respond(to: line, number: 1, into: &output)
  precondition(String(decoding: output, as: UTF8.self) == record, "paths differ: \(record)")
  precondition(!record.contains("\n"), "a record spans lines")
  guard let json = try? JSONParser.parse(record), json["line"] != nil, json["status"] != nil else {
    preconditionFailure("a record is not a JSON object with line and status: \(record)")
  }
  return 0
}

@_cdecl("fuzz_resolver_main")
public func fuzzResolverMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv, fuzzResolver)
}
