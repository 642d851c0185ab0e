// A plain loop over the GitHub lookups, for profilers (`valgrind --tool=callgrind`), outside
// the benchmark harness. Usage: LookupProfile [hit|miss|resolver] [count]
import DeepLinkTools
import DeeperRouter
import Foundation
import PatternCore

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "hit"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 100_000 : 100_000
let routesFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../Benchmarks/RouterBenchmarks/github-api-routes.txt")
let lines = try String(contentsOf: routesFile, encoding: .utf8).split(separator: "\n")
var patterns: [RoutePattern] = []
var urls: [String] = []
for (index, line) in lines.enumerated() {
  let parts = line.split(separator: " ")
  let segments = parts[1].split(separator: "/").map(String.init)
  patterns.append(
    try DeeperPatternParser().parse(([String(parts[0])] + segments).joined(separator: "/")))
  let filled = segments.map { $0.hasPrefix(":") ? "v\(index)" : $0 }
  urls.append(
    "gh://" + ([String(parts[0])] + filled).joined(separator: "/") + (mode == "miss" ? "/zz" : ""))
}
if mode.hasPrefix("resolver") {
  // The resolver in-process on the same routes: `resolver-hit` or `resolver-miss` lines.
  let routes = lines.enumerated().map { index, line in
    let parts = line.split(separator: " ")
    return #"{"pattern": "\#(parts[0])\#(parts[1])", "intent": "r\#(index)"}"#
  }
  let manifest =
    #"{"name": "github", "dialect": "deeper", "scheme": "gh", "routes": [\#(routes.joined(separator: ","))]}"#
  let tables = try TableLoader.load(
    ManifestLoader.parse(Array(manifest.utf8), path: "<github>", readCases: false))
  var resolver = Resolver(tables: tables)
  let requests = urls.enumerated().map { index, url in
    Array(
      (mode == "resolver-miss" ? #""\#(url)/zz""# : #"{"url": "\#(url)", "id": \#(index)}"#).utf8)
  }
  // In a function, as the lookups below: no run-time checks on globals in the count.
  func respond(_ resolver: inout Resolver, _ requests: [[UInt8]], _ count: Int) -> ([UInt8], Int) {
    // As the app writes records: into the buffer they are sent from.
    var output = RecordBuffer()
    var written = 0
    for index in 0..<count {
      output.removeAll()
      resolver.respond(to: requests[index % requests.count][...], number: index + 1, into: &output)
      written += output.count
    }
    return (output.bytes, written)
  }
  let start = ContinuousClock.now
  let (output, written) = respond(&resolver, requests, count)
  let elapsed = ContinuousClock.now - start
  print(String(decoding: output, as: UTF8.self))
  print("\(count) lines, \(written) bytes, \(elapsed / count) each")
  exit(0)
}
let table = RouteTable(patterns: patterns)
// In a function: top-level variables are globals, whose every access is checked at run time,
// which would be counted as the lookup's cost.
func lookups(_ table: RouteTable, _ urls: [String], _ count: Int) -> Int {
  var lookup = RouteLookup()
  var found = 0
  for index in 0..<count {
    if (try? table.lookup(urls[index % urls.count], into: &lookup)) ?? nil != nil { found += 1 }
  }
  return found
}
let start = ContinuousClock.now
let found = lookups(table, urls, count)
let elapsed = ContinuousClock.now - start
print("\(count) lookups, \(found) found, \(elapsed / count) each")
