import ArgumentParser
import DeepLinkTools

@main
struct AppLinksCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deeplink-applinks",
    abstract: "Check Universal Links and App Links against the routes, or generate them.",
    discussion: """
      `check` compares the routes of web sources (http and https hosts) with what iOS (an \
      apple-app-site-association file) and Android (AndroidManifest.xml intent filters, \
      assetlinks.json) hand to the app. Exit status: 0 nothing found, 1 findings, 2 bad input.
      """,
    version: ToolVersion.current,
    subcommands: [Check.self, Generate.self])

  /// No subcommand: a command line that cannot run, bad input like any other (exit 2), so a CI
  /// step that left out `check` fails rather than passing after printing the help.
  func run() throws {
    throw ValidationError("missing subcommand: `check` or `generate`")
  }

  /// Runs the command. A usage error (an unknown option or subcommand, a missing value) is bad
  /// input like a bad file: its message, then exit status 2, not the argument parser's 64.
  static func main() {
    // A reader that leaves early (`2>&1 | head`) ends the run quietly, not by the signal, even
    // while notes go to standard error.
    FileHandleOutput.ignoreBrokenPipe()
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
      FileHandleOutput.standardError(fullMessage(for: error))
      exit(withError: ExitCode(2))
    }
  }

  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Report routes the OS never hands over, and links it hands over that no route handles.",
      usage: """
        deeplink-applinks check --routes <file> ... [--aasa <file> --app-id <id>]
                [--android-manifest <file>
                  [--assetlinks <file> [--package <name>]]]
                [--host <host>] [--json]
        """,
      discussion: """
        Findings: unreachable_route, partly_reachable_route, unhandled_links, \
        unverified_host. Each names the route or the rule and carries a witness URL, checked \
        with the OS matcher and the router before it is printed. Each domain serves its own \
        association file: --host checks one domain's file, reporting only that host's findings.
        """)

    @Option(
      name: .long, parsing: .upToNextOption,
      help: ArgumentHelp("Manifest or fixture files with the routes.", valueName: "file"))
    var routes: [String] = []

    @OptionGroup var appLinks: AppLinkOptions

    @Option(name: .long, help: ArgumentHelp("The site's assetlinks.json.", valueName: "file"))
    var assetlinks: String?

    @Option(
      name: .long,
      help: ArgumentHelp("The Android package (default: the manifest's).", valueName: "name"))
    var package: String?

    @Option(
      name: .long,
      help: ArgumentHelp(
        "Only the findings at this host (www.example.com takes those of *.example.com).",
        valueName: "host"))
    var host: String?

    @Flag(name: .long, help: "One JSON object per finding.")
    var json = false

    func validate() throws {
      try SingleValuedOptions.refuseRepeats(["--assetlinks", "--package", "--host"])
    }

    mutating func run() throws {
      guard !routes.isEmpty else { fail("--routes is required") }
      guard !appLinks.isEmpty else {
        fail("give --aasa FILE --app-id ID, --android-manifest FILE, or both")
      }
      guard let tables = ResolverSetup.loadOrReport(routes) else { throw ExitCode(2) }
      guard let files = try appLinks.load(assetLinks: assetlinks, package: package) else {
        throw ExitCode(2)
      }
      if let host { requireAnswered(host, AppLinksTool.webHosts(tables)) }
      let (output, status, warnings) = AppLinksTool.check(tables, files, json: json, host: host)
      for warning in warnings { FileHandleOutput.standardError("deeplink-applinks: " + warning) }
      if !output.isEmpty { try write(output) }
      throw ExitCode(status)
    }
  }

  struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write the AASA components or the Android intent filters the routes need.",
      usage: """
        deeplink-applinks generate --routes <file> ... --app-id <id>
                --format aasa|android [--host <host>]
        """,
      discussion: """
        An association file is served by each domain: when the routes answer several hosts, \
        --host writes the components of one of them (without it, every host's routes are \
        claimed together, and a note on standard error lists the hosts).
        """)

    @Option(
      name: .long, parsing: .upToNextOption,
      help: ArgumentHelp("Manifest or fixture files with the routes.", valueName: "file"))
    var routes: [String] = []

    @Option(
      name: .customLong("app-id"),
      help: ArgumentHelp("The app: TEAMID.bundle.id.", valueName: "id"))
    var appID: String?

    @Option(name: .long, help: ArgumentHelp("aasa or android.", valueName: "format"))
    var format: String?

    @Option(
      name: .long,
      help: ArgumentHelp(
        "Only the routes that answer this host (www.example.com takes those of *.example.com).",
        valueName: "host"))
    var host: String?

    func validate() throws {
      try SingleValuedOptions.refuseRepeats(["--app-id", "--format", "--host"])
    }

    mutating func run() throws {
      // Missing or bad arguments are bad input (exit 2), as for `check`.
      guard !routes.isEmpty else { fail("--routes is required") }
      guard let appID else { fail("--app-id is required") }
      guard !appID.isEmpty else { fail("--app-id is empty; give TEAMID.bundle.id") }
      // An app ID is the team ID, a dot, the bundle ID: a file for anything else names no app.
      guard let dot = appID.firstIndex(of: "."), dot != appID.startIndex,
        appID.index(after: dot) != appID.endIndex, !appID.contains(where: \.isWhitespace)
      else {
        fail("--app-id is `\(appID)`, not TEAMID.bundle.id (the team ID, a dot, the bundle ID)")
      }
      guard let format else { fail("--format is required (aasa or android)") }
      guard format == "aasa" || format == "android" else {
        fail("--format is aasa or android, not `\(format)`")
      }
      guard let tables = ResolverSetup.loadOrReport(routes) else { throw ExitCode(2) }
      let hosts = AppLinksTool.webHosts(tables)
      if let host {
        // A domain serves its own file, whatever the port: a host is named without one.
        if format == "aasa", host.contains(":") || host.contains("/") {
          fail(
            "--host names a domain (`example.com`), not `\(host)`: a domain serves one "
              + "association file whatever the port, and a path has no file of its own")
        }
        requireAnswered(host, hosts)
      } else if hosts.count > 1 && format == "aasa" {
        FileHandleOutput.standardError(
          "deeplink-applinks: note: the routes answer \(hosts.count) hosts ("
            + hosts.joined(separator: ", ")
            + "); each domain serves its own file: --host HOST writes one host's components")
      }
      for route in AppLinksTool.unknownHostRoutes(tables) {
        FileHandleOutput.standardError(
          "deeplink-applinks: note: " + AppLinksTool.unknownHostNote(route, "the generated file"))
      }
      if format == "android" {
        for route in AppLinksTool.spanningRoutes(tables) {
          FileHandleOutput.standardError(
            "deeplink-applinks: note: \(route) has a wildcard spanning components before more "
              + "path: its `..*/` takes such paths as the <data> reference describes pathPattern, "
              + "but Android's own matcher stops `.*` at the first `/`, so there only one "
              + "component reaches the app")
        }
      }
      try write(AppLinksTool.generate(tables, appID: appID, format: format, host: host))
    }
  }
}

/// Writes `text` to standard output. One that cannot be written (a full disk) ends the run with
/// the reason and exit status 1, so a CI step never keeps an empty or cut file as if it were
/// whole; a reader that left early (`| head`) ends it quietly.
func write(_ text: String) throws {
  switch FileHandleOutput.standardOutput(text) {
  case .written, .closed: return
  case .failed(let reason):
    FileHandleOutput.standardError("deeplink-applinks: cannot write standard output: " + reason)
    throw ExitCode(1)
  }
}

/// A `--host` that no route answers is bad input: the hosts the routes answer are named.
func requireAnswered(_ host: String, _ hosts: [String]) {
  guard !hosts.contains(where: { AppLinksTool.answers($0, host) }) else { return }
  fail(
    "no route answers the host `\(host)`; "
      + (hosts.isEmpty
        ? "no route answers http or https links"
        : "the routes answer " + hosts.map { "`\($0)`" }.joined(separator: ", ")))
}

/// Bad arguments: the message on standard error and exit status 2.
func fail(_ message: String) -> Never {
  FileHandleOutput.standardError("deeplink-applinks: " + message)
  AppLinksCommand.exit(withError: ExitCode(2))
}
