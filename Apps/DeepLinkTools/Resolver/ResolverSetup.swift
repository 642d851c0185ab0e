import DeepLinkManifest
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Loads the resolver's tables from manifest paths (or the built-in example).
public enum ResolverSetup {
  /// The outcome of loading: tables, or the rendered diagnostics for stderr.
  public enum Loaded {
    case success(TableSet)
    case failure(String)
  }

  /// Loads every manifest in order; the first error is rendered with its caret.
  public static func load(_ paths: [String], colored: Bool = false) -> Loaded {
    var notes: [String] = []
    return load(paths, colored: colored, notes: &notes)
  }

  /// The same, with a note for each manifest that holds no table (an app-links matcher
  /// fixture): its URLs are tried against no route.
  static func load(_ paths: [String], colored: Bool, notes: inout [String]) -> Loaded {
    let renderer = DiagnosticRendererBox(colored: colored)
    var tables: [any LoadedTable] = []
    // Where each table name was first seen: one manifest may not give two tables one name (its
    // loader refuses it); two manifests may, and are told so.
    var firstSeen: [String: String] = [:]
    do {
      let manifests =
        paths.isEmpty
        ? [try BuiltInExample.load()]
        : try paths.map { path throws(ManifestError) in
          try ManifestLoader.load(path: path, readCases: false)
        }
      for manifest in manifests {
        if manifest.tables.isEmpty {
          notes.append(
            "note: \(manifest.path) holds no route table (an app-links matcher fixture); "
              + "no URL matches a route of it")
        }
        for spec in manifest.tables {
          do {
            tables.append(try TableLoader.loadServing(spec))
          } catch {
            return .failure(renderer.render(error))
          }
          if let first = firstSeen[spec.name] {
            notes.append(
              "note: table name `\(spec.name)` is used in \(first) and in \(manifest.path): "
                + "records and print requests that name it cannot tell the two apart")
          }
          firstSeen[spec.name] = firstSeen[spec.name] ?? manifest.path
          notes += unusedHandlerEntries(spec)
        }
      }
    } catch {
      return .failure(renderer.render(error.diagnostic))
    }
    return .success(TableSet(tables))
  }

  /// A note for each handler entry of a table's graph that names an intent no route of the
  /// table gives (a misspelt `showProfle`): it can never be used, and would otherwise pass in
  /// silence. `"*"` takes every other intent and is always used.
  static func unusedHandlerEntries(_ spec: TableSpec) -> [String] {
    guard let handlers = spec.json["handlers"]?.objectValue else { return [] }
    // By their bytes, as the graph looks entries up.
    let intents = Set(spec.routes.map { ExactText($0.intent) })
    var notes: [String] = []
    for (handler, entries) in handlers {
      for (intent, _) in entries.objectValue ?? []
      where intent != "*" && !intents.contains(ExactText(intent)) {
        notes.append(
          "note: table `\(spec.name)`: handler `\(handler)` has an entry for `\(intent)`, which no "
            + "route of the table gives; it is never used (misspelt?)")
      }
    }
    return notes
  }

  /// `count` more loads of `paths`, made at once on the available cores: each parallel job of
  /// `deeplink-resolve` answers from its own copy of the tables (jobs reading the same objects
  /// would contend for their reference counts). A load that fails (a file changed since the
  /// first) gives `fallback`, the first load, to share.
  public static func copies(of paths: [String], count: Int, fallback: TableSet) -> [TableSet] {
    guard count > 0 else { return [] }
    let results = UnsafeMutableBufferPointer<TableSet?>.allocate(capacity: count)
    results.initialize(repeating: nil)
    defer {
      _ = results.deinitialize()
      results.deallocate()
    }
    // Each iteration writes its own element only.
    let slots = UncheckedSlots(results)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      if case .success(let loaded) = load(paths) { slots.buffer[index] = loaded }
    }
    return results.map { $0 ?? fallback }
  }

  /// The tables, or nil after the diagnostic is written to standard error (the apps then exit
  /// with status 2).
  public static func loadOrReport(_ paths: [String]) -> TableSet? {
    var notes: [String] = []
    switch load(paths, colored: false, notes: &notes) {
    case .success(let tables):
      for note in notes { FileHandleOutput.standardError(note) }
      return tables
    case .failure(let message):
      FileHandleOutput.standardError(message)
      return nil
    }
  }
}

/// Writes to the process's standard output and error.
public enum FileHandleOutput {
  /// What became of a write.
  public enum Outcome: Equatable, Sendable {
    case written
    /// The reader left (`EPIPE`): a tool stops quietly.
    case closed
    /// The operating system's reason it could not be written (`no space left on device`).
    case failed(String)
  }

  /// Makes a write to a closed pipe fail with `EPIPE` (``Outcome/closed``) instead of ending
  /// the process by the signal (exit status 141), so a tool whose reader left early exits as
  /// it documents.
  public static func ignoreBrokenPipe() {
    signal(SIGPIPE, SIG_IGN)
  }

  /// Writes `text` and a newline to stderr.
  public static func standardError(_ text: String) {
    writeAll(2, text + "\n")
  }

  /// Writes `text` and a newline to stdout, unbuffered.
  @discardableResult
  public static func standardOutput(_ text: String) -> Outcome {
    writeAll(1, text + "\n")
  }

  /// Every byte, NULs included, retrying short and interrupted writes.
  @discardableResult
  private static func writeAll(_ descriptor: Int32, _ text: String) -> Outcome {
    var text = text
    return text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written < 0 && errno == EPIPE { return .closed }
        if written <= 0 { return .failed(FileIO.reason(written < 0 ? errno : EIO)) }
        offset += written
      }
      return .written
    }
  }
}

/// Result slots written by parallel iterations, each its own (see ``ResolverSetup/copies(of:count:fallback:)``).
private struct UncheckedSlots: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<TableSet?>

  init(_ buffer: UnsafeMutableBufferPointer<TableSet?>) { self.buffer = buffer }
}
