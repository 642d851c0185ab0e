import ArgumentParser
import DeepLinkTools

@main
struct ConformanceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deeplink-conformance",
    abstract: "Run fixture files through the library API of their dialect.",
    discussion: """
      Prints every failure with its fixture and table, the case (cases[i] and its URL) or \
      what else failed (the fixture, a table's load), the expected and actual outcome, and \
      ends with "N passed, N failed". Exits 1 on any failure or unreadable fixture.
      """,
    version: ToolVersion.current)

  @Argument(help: "Fixture files or directories (searched for *.json).")
  var paths: [String] = ["Fixtures/"]

  @Option(name: .long, help: "Also write a JUnit XML report to this file.")
  var junit: String?

  func validate() throws {
    try SingleValuedOptions.refuseRepeats(["--junit"])
  }

  mutating func run() throws {
    // A reader that leaves early (`| head`) ends the report, not the process by a signal.
    FileHandleOutput.ignoreBrokenPipe()
    let files = ConformanceRunner.fixtureFiles(paths)
    let results = ConformanceRunner().run(files: files)
    if case .failed(let reason) = FileHandleOutput.standardOutput(ConformanceReport.text(results)) {
      FileHandleOutput.standardError("error: cannot write the report to standard output: " + reason)
      throw ExitCode(1)
    }
    if let junit, let reason = ConformanceReport.writeJUnit(results, to: junit) {
      FileHandleOutput.standardError(
        "error: cannot write the JUnit report to `\(junit)`: \(reason)")
      throw ExitCode(1)
    }
    if files.isEmpty || results.contains(where: { $0.failure != nil }) {
      if files.isEmpty { FileHandleOutput.standardError("error: no fixture files found") }
      throw ExitCode(1)
    }
  }
}
