import FuzzSupport
import PatternCore

/// The compiled table against the linear reference loop (try every route in order with its
/// program), on tables and URLs built from the fuzzer's bytes: the same matches in the same
/// order, the same lookup route and captures, the same nearest route and reason.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEngine(_ data: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let data, count > 2 else { return 0 }
  var bytes = ByteSource(FuzzSupport.bytes(data, count))
  let options = [
    MatchOptions(), MatchOptions(literalsIgnoreCase: true),
    MatchOptions(queryKeysIgnoreCase: true),
  ][Int(bytes.next() % 3)]
  let patterns = (0...Int(bytes.next() % 8)).map { _ in bytes.pattern() }
  let table = RouteTable(patterns: patterns, options: options)
  var lookup = RouteLookup()
  for _ in 0..<3 {
    let url = bytes.url()
    guard let input = try? ParsedURL(url).routingInput else { continue }
    let linear = (0..<table.count).compactMap { table.match(routeAt: $0, input) }
    precondition(Array(table.matches(input)) == linear, "matches differ: \(patterns) \(url)")
    let route = try? table.lookup(url, into: &lookup)
    precondition(route == linear.first?.routeIndex, "lookup differs: \(patterns) \(url)")
    precondition(
      table.captures(of: lookup) == linear.first?.captures ?? Captures(),
      "captures differ: \(patterns) \(url)")
    var best: (Int, MissReason)?
    for index in 0..<table.count {
      if case .missed(let reason) = table.explain(routeAt: index, input),
        best == nil || reason > best!.1
      {
        best = (index, reason)
      }
    }
    let nearest = table.nearestMiss(input)
    precondition(nearest?.routeIndex == best?.0, "nearest route differs: \(patterns) \(url)")
    precondition(nearest?.reason == best?.1, "nearest reason differs: \(patterns) \(url)")
  }
  return 0
}

/// Reads the fuzzer's bytes as choices; past the end every choice is 0.
struct ByteSource {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func next() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }

  mutating func word() -> String {
    ["a", "b", "A", "profile", "1", "x", "é", "É", "7", "true"][Int(next() % 10)]
  }

  mutating func type() -> ValueType {
    [.string, .int, .bool, .double, .list(.int)][Int(next() % 5)]
  }

  mutating func path(depth: Int) -> [PathNode] {
    (0...Int(next() % 3)).map { _ in node(depth: depth) }
  }

  mutating func node(depth: Int) -> PathNode {
    switch next() % (depth > 1 ? 4 : 6) {
    case 0, 1: .literal(word())
    case 2: .capture(name: ["c0", "c1", ""][Int(next() % 3)], type: type())
    case 3: .wildcard
    case 4: .optional(path(depth: depth + 1))
    default: .choice([path(depth: depth + 1), path(depth: depth + 1)])
    }
  }

  mutating func item() -> QueryItemPattern {
    QueryItemPattern(
      keys: next() % 3 == 0 ? ["q", "Q2"] : [["q", "r"][Int(next() % 2)]],
      name: ["q", "c1"][Int(next() % 2)], type: type(), required: next() % 2 == 0)
  }

  mutating func pattern() -> RoutePattern {
    var query: [QueryNode] = []
    switch next() % 4 {
    case 0: query = [.item(item())]
    case 1: query = [.oneOf([item(), item()])]
    default: break
    }
    return RoutePattern(path: path(depth: 0), query: query)
  }

  mutating func url() -> String {
    let components = (0..<Int(next() % 6)).map { _ in
      next() % 4 == 0 ? ["%41", "%C3%A9", "PROFILE", "2.5", "1,2", "-3"][Int(next() % 6)] : word()
    }
    var url =
      ["myapp://", "myapp:///", "MyApp://"][Int(next() % 3)] + components.joined(separator: "/")
    if next() % 2 == 0 {
      url +=
        "?"
        + (0...Int(next() % 2)).map { _ in
          ["q", "Q", "r", "Q2"][Int(next() % 4)] + "=" + ["1", "x", "true", "1,2"][Int(next() % 4)]
        }.joined(separator: "&")
    }
    return url
  }
}

@_cdecl("fuzz_engine_main")
public func fuzzEngineMain(
  _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> CInt {
  runFuzzer(argc, argv, fuzzEngine)
}
