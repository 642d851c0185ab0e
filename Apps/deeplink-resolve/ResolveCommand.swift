import ArgumentParser
import DeepLinkTools

#if canImport(Glibc)
  import Glibc
#endif

@main
struct ResolveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deeplink-resolve",
    abstract: "Resolve deep links: JSON lines or URLs in, one JSON line out per line.",
    usage: """
      deeplink-resolve [--routes <file> ...] [--jobs <n>] [--first-line <n>]
              [--aasa <file> --app-id <id>] [--android-manifest <file>]
      """,
    discussion: """
      Reads standard input line by line. A line that is JSON is a request: {"url": "...", \
      "id": ...}, a bare JSON string, or {"intent": "...", "params": {...}} to print a URL. \
      A line that is not JSON but starts with a URL scheme (myapp://..., https://...) is \
      resolved as that URL, so `cat urls.txt | deeplink-resolve` works; anything else is an \
      invalid_json record (quote such a URL as a JSON string).

      Each input line gets exactly one output record, in order, with "status" matched, \
      unmatched, printed or error. A bad line never stops the batch. A manifest that cannot \
      be read or loaded exits with status 2 before any input is read; standard input that \
      cannot be read or standard output that cannot be written (a full disk) exits with \
      status 1 and the reason.
      """,
    version: ToolVersion.current)

  @Option(
    name: .long, parsing: .upToNextOption,
    help: ArgumentHelp(
      "Manifest or fixture files (tried in order). Default: the built-in example.",
      valueName: "file"))
  var routes: [String] = []

  // `.unconditional`: `--jobs -1` is a value to refuse with its own message, not a flag.
  @Option(
    name: .long, parsing: .unconditional,
    help: ArgumentHelp(
      "Lines answered in parallel (default: the number of cores).",
      discussion: """
        Records stay in input order. Tables with a handler graph are answered one line at \
        a time. More than 64 is taken as 64: each job holds its own tables and a batch of \
        lines, so memory grows with the jobs.
        """, valueName: "n"))
  var jobs: Int?

  /// The most jobs run: beyond it jobs only add memory (tables and lines held per job).
  static let mostJobs = 64

  @Option(
    name: .customLong("first-line"), parsing: .unconditional,
    help: ArgumentHelp(
      "The number of the first input line.",
      discussion: """
        So records keep global line numbers when the input is split into chunks (GNU \
        parallel, Spark, Hadoop Streaming). At most 2^53 - 1.
        """, valueName: "n"))
  var firstLine: Int = 1

  /// The largest line number a JSON reader keeps exactly.
  static let largestFirstLine = LineStream.largestLineNumber

  @OptionGroup var appLinks: AppLinkOptions

  mutating func validate() throws {
    try SingleValuedOptions.refuseRepeats(["--jobs", "--first-line"])
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    guard firstLine >= 1 else { throw ValidationError("--first-line must be at least 1") }
    // Record numbers are JSON numbers: past 2^53 - 1 readers lose digits (and counting on
    // from near Int.max would overflow).
    guard firstLine <= Self.largestFirstLine else {
      throw ValidationError("--first-line must be at most \(Self.largestFirstLine) (2^53 - 1)")
    }
  }

  mutating func run() throws {
    guard let tables = ResolverSetup.loadOrReport(routes) else { throw ExitCode(2) }
    if isatty(0) != 0 {
      // Someone typing, not a pipe: say what the silence is waiting for.
      FileHandleOutput.standardError(
        "deeplink-resolve: reading JSON lines or URLs from standard input (Ctrl-D ends)")
    }
    var first = Resolver(tables: tables)
    first.appLinks = try appLinks.load()
    // One resolver per job, each with its own scratch buffers and its own copy of the tables:
    // jobs that read the same objects contend for their reference counts, which costs more
    // than loading the manifests again.
    let cores = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
    let count = first.answersInParallel ? min(jobs ?? cores, Self.mostJobs) : 1
    let resolvers =
      [first]
      + ResolverSetup.copies(of: routes, count: count - 1, fallback: tables).map { own in
        var resolver = Resolver(tables: own)
        resolver.appLinks = first.appLinks
        return resolver
      }
    if case .failed(let reason) = LineStream.run(resolvers, firstLine: firstLine) {
      FileHandleOutput.standardError("error: " + reason)
      throw ExitCode(1)
    }
  }
}
