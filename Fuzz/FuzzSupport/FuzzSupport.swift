import PatternCore

/// Helpers shared by the fuzz targets: each target turns libFuzzer's bytes into one input of its
/// language, runs it through the library, and traps (a finding) only when an invariant breaks.
public enum FuzzSupport {
  /// The bytes as a string (invalid UTF-8 repaired, as a String would be in real use).
  public static func text(_ data: UnsafeRawPointer, _ count: Int) -> String {
    String(decoding: UnsafeRawBufferPointer(start: data, count: count), as: UTF8.self)
  }

  /// The bytes as an array.
  public static func bytes(_ data: UnsafeRawPointer, _ count: Int) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: data, count: count))
  }

  /// URLs every parsed pattern is matched against.
  public static let urls: [RoutingInput] = [
    "myapp://profile/42", "myapp://a/b/c?x=1&y=true", "myapp://", "myapp://1/2.5/true/%2F",
    "https://example.com/pokemons/25?type=fire",
    "myapp://" + Array(repeating: "a", count: 64).joined(separator: "/"),
  ].compactMap { try? ParsedURL($0).routingInput }

  /// Compiles a pattern, matches it everywhere, explains the misses and analyzes it: none of
  /// this may trap, and a match must bind only names the pattern has.
  public static func exercise(_ pattern: RoutePattern) {
    let table = RouteTable(
      patterns: [pattern, pattern], options: MatchOptions(literalsIgnoreCase: true))
    let allItems = pattern.query.compactMap { node -> String? in
      if case .all(let name) = node { name } else { nil }
    }
    let names = Set(pattern.pathCaptureNames + pattern.queryItems.map(\.name) + allItems)
    for input in urls {
      if let match = table.firstMatch(input) {
        precondition(
          match.captures.names.allSatisfy(names.contains), "bound a name the pattern lacks")
      }
      _ = table.nearestMiss(input)
    }
    _ = RouteTableAnalysis.analyze([
      AnalyzedRoute(pattern: pattern), AnalyzedRoute(pattern: pattern),
    ])
  }
}

/// libFuzzer's driver. SwiftPM links an executable through `<module>_main`, so each target
/// defines that entry and hands control to the driver with its callback.
@_silgen_name("LLVMFuzzerRunDriver")
func llvmFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with the process's arguments and a test callback.
public func runFuzzer(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ callback: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt {
  var count = argc
  var arguments = argv
  return llvmFuzzerRunDriver(&count, &arguments, callback)
}
