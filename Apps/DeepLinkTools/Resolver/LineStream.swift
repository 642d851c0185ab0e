#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads lines of raw bytes from stdin and writes records to stdout, one flush per record.
/// A closed stdout ends the run quietly.
public enum LineStream {
  /// Calls `respond` for every line of stdin (split on `\n`; a final line without `\n` counts)
  /// and writes each answer followed by `\n`.
  /// - Returns: false when stdout was closed before the end.
  @discardableResult
  public static func run(_ respond: (ArraySlice<UInt8>, Int) -> String) -> Bool {
    run { line, number, output in output += respond(line, number).utf8 }
  }

  /// Calls `respond` for every line of stdin; it appends its record (without `\n`) to the
  /// buffer it is given.
  @discardableResult
  public static func run(_ respond: (ArraySlice<UInt8>, Int, inout [UInt8]) -> Void) -> Bool {
    signal(SIGPIPE, SIG_IGN)
    // Own streams over fds 0 and 1: the C globals are not concurrency-safe to name in Swift 6.
    guard let inputStream = fdopen(0, "rb"), let outputStream = fdopen(1, "wb") else {
      return false
    }
    var linePointer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(linePointer) }
    var number = 0
    var record: [UInt8] = []
    while true {
      let length = getline(&linePointer, &capacity, inputStream)
      guard length >= 0, let linePointer else { break }
      number += 1
      let bytes = UnsafeRawBufferPointer(start: linePointer, count: length)
      var slice = ArraySlice(bytes)
      if slice.last == 0x0A { slice = slice.dropLast() }
      record.removeAll(keepingCapacity: true)
      respond(slice, number, &record)
      record.append(0x0A)
      let written = record.withUnsafeBufferPointer {
        fwrite($0.baseAddress, 1, $0.count, outputStream)
      }
      if written != record.count || fflush(outputStream) != 0 { return false }
    }
    return true
  }
}
