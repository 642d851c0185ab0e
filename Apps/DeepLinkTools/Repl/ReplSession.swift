import DeepLinkManifest
import PatternCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The logic of `deeplink-repl`: it keeps the loaded tables and answers one input line at a time.
/// It knows nothing about terminals, so tests drive it directly.
///
///     let session = ReplSession(style: ReplStyle(colored: false))
///     session.execute(":load Fixtures/examples/twitter-handlers.json").text
///     session.execute("myapp://profile/42").text
public final class ReplSession {
  /// What a line produced.
  public struct Output: Sendable, Equatable {
    /// The text to print (no trailing newline; may be empty).
    public var text: String
    /// Whether the session should end.
    public var quit: Bool = false
  }

  /// One loaded (or typed-in) table.
  struct Entry {
    let spec: TableSpec
    let table: any LoadedTable
  }

  /// Every command with its one-line help, in `:help` order.
  public static let commands: [(name: String, usage: String, help: String)] = [
    (":load", ":load FILE", "load the tables of a manifest or fixture"),
    (":routes", ":routes", "list every route with its intent, remark and analysis warnings"),
    (
      ":add", ":add [TABLE|DIALECT] PATTERN -> INTENT",
      "add a route to the last loaded table (or one named)"
    ),
    (":explain", ":explain URL", "show what every route makes of a URL"),
    (
      ":url", ":url INTENT [name=value ...] [@host]",
      "print the URL of an intent; quote values with spaces; *=a/b for each wildcard; "
        + "@host for a universal link"
    ),
    (":dialect", ":dialect [NAME]", "show or set the dialect of new scratch tables"),
    (":clear", ":clear", "forget every table"),
    (":help", ":help", "list the commands"),
    (":quit", ":quit", "leave (Ctrl-D works too)"),
  ]

  /// The drawing style.
  public let style: ReplStyle
  /// The dialect `:add` uses when none is named.
  public private(set) var dialect = "deeper"
  var entries: [Entry] = []
  /// Whether the only table is the built-in example, which the first `:load` replaces (unless
  /// `:add` put a route of the user's in it).
  var showingBuiltInExample = false
  /// The OS files whose decision a resolved http(s) URL reports (`opens app: …`).
  public var appLinks: AppLinkFiles?
  /// Routes added with `:add`, by dialect, as manifest routes.
  var scratch: [String: [(pattern: String, intent: String)]] = [:]
  /// The name of the table loaded last, where `:add` with no table named goes (a table loaded
  /// again keeps its place in the order tried, so it is not always the last one there).
  var lastLoaded: String?

  /// Creates an empty session.
  public init(style: ReplStyle) {
    self.style = style
  }

  var tables: TableSet { TableSet(entries.map(\.table)) }

  // MARK: Completion

  /// Command names, for tab completion.
  public var commandNames: [String] { Self.commands.map(\.name) }

  /// Every intent of the loaded tables, for `:url` completion (forwarding routes have none).
  public var intentNames: [String] {
    var seen = Set<String>()
    return entries.flatMap { $0.table.printableRoutes.map(\.intent) }.filter {
      !$0.isEmpty && seen.insert($0).inserted
    }
  }

  /// URL beginnings built from the route patterns (scheme plus the leading literals).
  public var urlStarts: [String] {
    var seen = Set<String>()
    var starts: [String] = []
    for entry in entries {
      for route in entry.table.printableRoutes {
        // Every source the route answers (a host wildcard as a host it takes), and every
        // literal beginning of its path (each alternative of a choice, an optional's with and
        // without it).
        for base in route.bases {
          let prefix = Self.urlPrefix(of: base)
          for literals in Self.literalStarts(route.pattern.path[...])
          where seen.insert(prefix + literals.joined(separator: "/")).inserted {
            starts.append(prefix + literals.joined(separator: "/"))
          }
        }
      }
    }
    return starts
  }

  /// `myapp://` for a scheme, `https://example.com/` for an origin, a host wildcard's origin
  /// under a host it answers (`https://www.example.com/` for `https://*.example.com`).
  static func urlPrefix(of base: String) -> String {
    guard let separator = base.range(of: "://") else { return base + "://" }
    let host = base[separator.upperBound...]
    return base[..<separator.upperBound] + HostPattern.example(of: host) + "/"
  }

  /// The literals a path can begin with, as lists of components (at most 16 of them).
  static func literalStarts(_ nodes: ArraySlice<PathNode>) -> [[String]] {
    guard let first = nodes.first else { return [[]] }
    let rest = nodes.dropFirst()
    switch first {
    case .literal(let text):
      return literalStarts(rest).map { [text] + $0 }
    case .choice(let alternatives):
      return Array(alternatives.flatMap { literalStarts(ArraySlice($0) + rest) }.prefix(16))
    case .optional(let inner):
      return Array((literalStarts(ArraySlice(inner) + rest) + literalStarts(rest)).prefix(16))
    case .capture, .wildcard, .rest:
      return [[]]
    }
  }

  // MARK: Commands

  /// Runs one input line as it was read. A line that is not UTF-8 is refused where its first
  /// bad byte is (as a URL, such a byte makes an invalid URL), never decoded with replacement
  /// characters; a final carriage return is dropped.
  public func execute(bytes: ArraySlice<UInt8>) -> Output {
    var line = bytes.last == 0x0D ? bytes.dropLast() : bytes
    while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
    let bad = line.withUnsafeBufferPointer { JSONParser.firstInvalidUTF8($0) }
    guard let bad else { return execute(String(decoding: line, as: UTF8.self)) }
    let byte = line[line.startIndex + bad]
    let hex = String(byte, radix: 16, uppercase: true)
    // In a URL the byte can be written as an escape; a command (a file name) cannot be read.
    let isCommand = line.first == UInt8(ascii: ":")
    return Output(
      text: render(
        Diagnostic(
          code: isCommand ? .invalidRequest : .invalidURL,
          message: "byte 0x\(hex) is not UTF-8",
          source: String(decoding: line, as: UTF8.self), offset: bad,
          hint: isCommand
            ? "commands are read as UTF-8 text (set the terminal to UTF-8)"
            : "percent-encode it (%\(hex))")))
  }

  /// Runs one input line.
  public func execute(_ line: String) -> Output {
    let trimmed = line.trimmingWhitespace()
    if trimmed.isEmpty { return Output(text: "") }
    guard trimmed.hasPrefix(":") else { return Output(text: resolve(trimmed)) }
    let (command, argument) = trimmed.splitCommand()
    if [":routes", ":clear", ":quit", ":q", ":exit"].contains(command), !argument.isEmpty {
      // Not ignored: `:clear everything` might be meant as something else.
      return Output(
        text: render(
          Diagnostic(
            code: .invalidRequest, message: "`\(command)` takes no argument",
            hint: "give `\(command)` alone (:help lists the commands)")))
    }
    switch command {
    case ":load":
      switch Self.fileArgument(argument) {
      case .success(let path): return Output(text: load(Self.expandingHome(path)))
      case .failure(let diagnostic): return Output(text: render(diagnostic))
      }
    case ":routes": return Output(text: routes())
    case ":add": return Output(text: add(argument))
    case ":explain": return Output(text: explain(argument))
    case ":url": return Output(text: url(argument))
    case ":dialect": return Output(text: setDialect(argument))
    case ":clear":
      entries = []
      lastLoaded = nil
      showingBuiltInExample = false
      scratch = [:]
      return Output(text: "cleared: no tables")
    case ":help", ":h", ":?": return Output(text: help())
    case ":quit", ":q", ":exit": return Output(text: "", quit: true)
    default:
      return Output(
        text: render(
          Diagnostic(
            code: .invalidRequest, message: "unknown command `\(command)`",
            hint: ":help lists the commands")))
    }
  }

  /// A file named on a command line: as written (spaces and all), or inside its quotes when it
  /// is quoted (`:load "my routes.json"`).
  /// `~/x.json` (or `~` alone) under the home directory, as a shell reads it; any other path
  /// as it is.
  static func expandingHome(
    _ path: String, home: String? = getenv("HOME").map { String(cString: $0) }
  )
    -> String
  {
    guard let home, path == "~" || path.hasPrefix("~/") else { return path }
    return home + path.dropFirst()
  }

  static func fileArgument(_ text: String) -> Result<String, Diagnostic> {
    guard text.first == "\"" || text.first == "'" else { return .success(text) }
    return words(text).flatMap { words in
      guard words.count == 1 else {
        return .failure(
          Diagnostic(
            code: .invalidRequest, message: "expected one file, found \(words.count) words",
            source: text, offset: 0, hint: "quote the whole path: :load \"my routes.json\""))
      }
      return .success(words[0])
    }
  }

  func help() -> String {
    let width = Self.commands.map(\.usage.count).max() ?? 0
    return Self.commands.map { command in
      command.usage + String(repeating: " ", count: width - command.usage.count + 2) + command.help
    }.joined(separator: "\n") + "\nA line that is not a command is a URL to resolve."
  }

  func render(_ diagnostic: Diagnostic) -> String {
    DiagnosticRenderer(colored: style.colored).render(diagnostic)
  }

  /// Loads a manifest; returns a summary of the tables loaded.
  public func load(_ path: String) -> String {
    guard !path.isEmpty else {
      return render(
        Diagnostic(code: .invalidRequest, message: "`:load` needs a file", hint: ":load FILE"))
    }
    let manifest: Manifest
    do {
      manifest = try ManifestLoader.load(path: path, readCases: false)
    } catch {
      return render(error.diagnostic)
    }
    // A file with no route table replaces nothing.
    if manifest.tables.isEmpty { return load(manifest).0 }
    // The built-in example is a placeholder: a file of the user's own takes its place (the
    // scratch tables of `:add` stay).
    let replacing = showingBuiltInExample
    let saved = entries
    if replacing { entries.removeAll { !$0.table.name.hasPrefix("repl-") } }
    let (summary, loaded) = load(manifest)
    guard loaded else {
      entries = saved
      return summary
    }
    showingBuiltInExample = false
    return summary + (replacing ? "\n" + style.dim("(replaces the built-in example)") : "")
  }

  /// Loads the table `deeplink-resolve` uses without `--routes`; returns the summary.
  public func loadBuiltInExample() -> String {
    do {
      let (summary, loaded) = load(try BuiltInExample.load())
      showingBuiltInExample = loaded
      return summary
    } catch {
      return render(error.diagnostic)
    }
  }

  /// Loads every table of a manifest, or none: the summary, and whether it loaded.
  private func load(_ manifest: Manifest) -> (String, Bool) {
    guard !manifest.tables.isEmpty else {
      return (
        "note: \(manifest.path) holds no route table (an app-links matcher fixture); "
          + "no URL matches a route of it", true
      )
    }
    var loaded: [Entry] = []
    for spec in manifest.tables {
      do {
        loaded.append(Entry(spec: spec, table: try TableLoader.loadServing(spec)))
      } catch {
        return (render(error), false)
      }
    }
    // A table of a name already loaded (the same file again, after an edit) takes that table's
    // place in the order tried, and says so: the routes `:add` gave the old one are gone.
    lastLoaded = loaded.last?.table.name
    var replaced: Set<String> = []
    for entry in loaded {
      if let index = entries.firstIndex(where: { $0.table.name == entry.table.name }) {
        entries[index] = entry
        replaced.insert(entry.table.name)
      } else {
        entries.append(entry)
      }
    }
    let summary = loaded.map {
      "loaded \(style.bold($0.table.name)) (\($0.table.dialect), \($0.table.patterns.count) route\($0.table.patterns.count == 1 ? "" : "s"))"
        + (replaced.contains($0.table.name)
          ? " "
            + style.dim(
              "(replaces the table of that name, in its place; routes added to it are gone)")
          : "")
    }.joined(separator: "\n")
    let notes = loaded.flatMap { ResolverSetup.unusedHandlerEntries($0.spec) }
    return ((([summary] + notes.map { style.dim($0) }).joined(separator: "\n")), true)
  }

  func routes() -> String {
    guard !entries.isEmpty else { return "no tables; :load FILE or :add PATTERN -> INTENT" }
    var lines: [String] = []
    for entry in entries {
      let table = entry.table
      let count = table.patterns.count
      lines.append(
        style.bold(table.name) + " (\(table.dialect), \(count) route\(count == 1 ? "" : "s"))")
      let routes = table.printableRoutes
      let width = table.patterns.map(\.count).max() ?? 0
      // Route numbers right-aligned, so the patterns line up past route 9.
      let digits = String(max(table.patterns.count - 1, 0)).count
      for (index, pattern) in table.patterns.enumerated() {
        var line =
          "  " + String(repeating: " ", count: digits - String(index).count) + "\(index)  "
          + pattern + String(repeating: " ", count: width - pattern.count)
          + "  \(style.arrow) "
          + (index < table.forwards.count && table.forwards[index] != nil
            ? "forwards `\(table.forwards[index]!)`"
            : index < routes.count ? routes[index].intent : "?")
        if index < table.remarks.count, let remark = table.remarks[index] {
          line += "  " + style.dim("(\(remark))")
        }
        lines.append(line)
      }
      for warning in table.warnings {
        lines.append("  " + style.warn("warning: ") + warning.message)
      }
    }
    return lines.joined(separator: "\n")
  }

  func setDialect(_ name: String) -> String {
    if name.isEmpty {
      return "dialect: \(dialect)  "
        + style.dim(
          "(:dialect NAME sets it: " + TableLoader.knownDialects.joined(separator: ", ") + ")")
    }
    guard TableLoader.knownDialects.contains(name) else {
      return render(
        Diagnostic(
          code: .invalidRequest, message: "unknown dialect `\(name)`",
          hint: "one of: " + TableLoader.knownDialects.joined(separator: ", ")))
    }
    dialect = name
    return "dialect: \(name)"
  }
}

extension String {
  func trimmingWhitespace() -> String {
    var scalars = Substring(self)
    while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }

  /// `:cmd rest` as (":cmd", "rest").
  func splitCommand() -> (String, String) {
    guard let space = firstIndex(where: \.isWhitespace) else { return (self, "") }
    return (String(self[..<space]), String(self[space...]).trimmingWhitespace())
  }
}
