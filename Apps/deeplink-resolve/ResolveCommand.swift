import ArgumentParser
import DeepLinkTools

#if canImport(Glibc)
  import Glibc
#endif

@main
struct ResolveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deeplink-resolve",
    abstract: "Resolve deep links: JSON lines in, one JSON line out per line.",
    discussion: """
      Each input line is {"url": "...", "id": ...} or a bare JSON string. Each output line is a
      record with "status" matched, unmatched or error. A bad manifest exits 2 before reading.
      """)

  @Option(
    name: .long, parsing: .upToNextOption,
    help: "Manifest or fixture files (tried in order). Default: the built-in example.")
  var routes: [String] = []

  mutating func run() throws {
    let tables: TableSet
    switch ResolverSetup.load(routes) {
    case .success(let loaded): tables = loaded
    case .failure(let message):
      FileHandleOutput.standardError(message)
      throw ExitCode(2)
    }
    var resolver = Resolver(tables: tables)
    LineStream.run { line, number, output in
      resolver.respond(to: line, number: number, into: &output)
    }
  }
}
