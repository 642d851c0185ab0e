import ArgumentParser
import CLibEdit
import DeepLinkTools

#if canImport(Glibc)
  import Glibc
#endif

@main
struct ReplCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deeplink-repl",
    abstract: "Try deep links interactively: resolve URLs, explain misses, print URLs.",
    usage: """
      deeplink-repl [--routes <file> ...] [--history <file>]
              [--aasa <file> --app-id <id>] [--android-manifest <file>]
      """,
    discussion: """
      On a terminal: line editing, history (Up arrow) kept across runs, Tab completion of \
      commands, files after :load, intents after :url, and URL beginnings at the \
      prompt and after :explain. With standard input from a pipe or a file it prints only \
      what the commands print, so `deeplink-repl < script` makes a clean transcript. Without \
      --routes it loads the built-in example table. Type :help for the commands.
      """,
    version: ToolVersion.current)

  @Option(
    name: .long, parsing: .upToNextOption,
    help: ArgumentHelp("Manifest or fixture files to load.", valueName: "file"))
  var routes: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "History file (default: $DEEPLINK_HISTORY or ~/.deeplink_history).", valueName: "file"))
  var history: String?

  @OptionGroup var appLinks: AppLinkOptions

  func validate() throws {
    try SingleValuedOptions.refuseRepeats(["--history"])
  }

  mutating func run() throws {
    // A reader of standard output that leaves (`| head -1`) ends the session quietly, with
    // status 0: a write then fails with EPIPE (see `show`), instead of the signal killing us.
    FileHandleOutput.ignoreBrokenPipe()
    let interactive = isatty(0) != 0
    let colored = isatty(1) != 0 && getenv("NO_COLOR") == nil
    let session = ReplSession(style: ReplStyle(colored: colored))
    session.appLinks = try appLinks.load()
    if routes.isEmpty {
      // As deeplink-resolve does: something to try at once.
      let summary = session.loadBuiltInExample()
      let note = summary + " (the built-in example; --routes FILE or :load FILE for your own)"
      if interactive {
        FileHandleOutput.standardOutput(note)
      } else {
        FileHandleOutput.standardError(note)
      }
    }
    for path in routes {
      let summary = session.load(path)
      if summary.hasPrefix("error") || summary.contains("error:") {
        FileHandleOutput.standardError(summary)
        throw ExitCode(2)
      }
      if summary.hasPrefix("note:") {
        // A file with no route table (an app-links matcher fixture), as deeplink-resolve says.
        FileHandleOutput.standardError(summary)
      } else if interactive {
        FileHandleOutput.standardOutput(summary)
      }
    }
    if interactive {
      try runInteractive(session)
    } else {
      try runPiped(session)
    }
  }

  private func historyPath() -> String {
    if let history { return history }
    if let path = getenv("DEEPLINK_HISTORY") { return String(cString: path) }
    let home = getenv("HOME").map { String(cString: $0) } ?? "."
    return home + "/.deeplink_history"
  }

  private func runInteractive(_ session: ReplSession) throws {
    let path = historyPath()
    dl_install()
    _ = dl_read_history(path)
    FileHandleOutput.standardOutput(
      "deeplink-repl: type a URL to resolve it, :help for commands, Ctrl-D to leave")
    setList(DL_COMMANDS, session.commandNames)
    setList(DL_DIALECTS, ["deeper", "func", "mapping", "crossroad"])
    var previous: [UInt8] = []
    var historyFailed = false
    while true {
      setList(DL_INTENTS, session.intentNames)
      setList(DL_URLS, session.urlStarts)
      guard let raw = dl_readline("deeplink> ") else {
        if dl_take_interrupt() != 0 {
          FileHandleOutput.standardOutput("^C")
          continue
        }
        FileHandleOutput.standardOutput("")
        break
      }
      let bytes = Array(UnsafeRawBufferPointer(start: raw, count: strlen(raw)))
      // A line typed again at once is one history entry, as in a shell.
      if !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }), bytes != previous {
        dl_add_history(raw)
        let failure = dl_write_history(path)
        if failure != 0, !historyFailed {
          // Said once: the session goes on, without history kept.
          historyFailed = true
          FileHandleOutput.standardError(
            "note: cannot save history to `\(path)`: \(FileIO.reason(failure))")
        }
        previous = bytes
      }
      free(raw)
      let output = session.execute(bytes: bytes[...])
      guard try show(output) else { break }
    }
  }

  private func runPiped(_ session: ReplSession) throws {
    var failure: Error?
    if let reason = LineStream.forEachLine({ line in
      do {
        return try show(session.execute(bytes: line))
      } catch {
        failure = error
        return false
      }
    }) {
      FileHandleOutput.standardError("error: " + reason)
      throw ExitCode(1)
    }
    if let failure { throw failure }
  }

  /// Prints what a line gave; false when the session ends (`:quit`, or the reader of standard
  /// output left). Standard output that cannot be written ends the run with status 1.
  private func show(_ output: ReplSession.Output) throws -> Bool {
    if !output.text.isEmpty {
      switch FileHandleOutput.standardOutput(output.text) {
      case .written: break
      case .closed: return false
      case .failed(let reason):
        FileHandleOutput.standardError("error: cannot write standard output: " + reason)
        throw ExitCode(1)
      }
    }
    return !output.quit
  }

  private func setList(_ which: Int, _ items: [String]) {
    var pointers = items.map { strdup($0) }
    pointers.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count)
      {
        dl_set_list(Int32(which), $0, Int32(items.count))
      }
    }
    pointers.forEach { free($0) }
  }
}
