#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The stream's two ends: lines read from standard input, records written to standard output.

/// Lines from a file descriptor, read in large blocks.
struct LineReader {
  let fd: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// The `errno` of a failed read, which ended the input.
  private(set) var failure: Int32?
  /// Whether the start of the input was looked at for a byte-order mark.
  private var markChecked = false

  init(fd: Int32) {
    self.fd = fd
  }

  /// The next line, if a whole one (or the last, unterminated one) is buffered: taken without
  /// reading.
  mutating func bufferedLine() -> ArraySlice<UInt8>? {
    if let newline = newline(from: start) {
      let line = buffer[start..<newline]
      start = newline + 1
      return line
    }
    guard atEnd, start < buffer.count else { return nil }
    let line = buffer[start...]
    start = buffer.count
    return line
  }

  /// The offset of the first `\n` at or after `offset` in the buffer (`memchr`, which scans
  /// many bytes at a time), if any.
  private func newline(from offset: Int) -> Int? {
    guard offset < buffer.count else { return nil }
    return buffer.withUnsafeBytes { raw in
      let base = raw.baseAddress!
      return memchr(base + offset, 0x0A, raw.count - offset).map { UnsafeRawPointer($0) - base }
    }
  }

  /// Reads what the descriptor has when that cannot wait for input; false (nothing read) when
  /// it would wait, or at the end of input.
  mutating func readAvailable() -> Bool {
    if atEnd { return false }
    var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) != 0 else { return false }
    fill()
    return true
  }

  /// The next line without its `\n` (and without a `\r` before it, which the responder
  /// handles), or nil at the end of input.
  mutating func nextLine() -> ArraySlice<UInt8>? {
    while true {
      if let newline = newline(from: start) {
        let line = buffer[start..<newline]
        start = newline + 1
        return line
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        let line = buffer[start...]
        start = buffer.count
        return line
      }
      fill()
    }
  }

  private mutating func fill() {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: 1 << 16))
    var count: Int
    repeat {
      count = buffer.withUnsafeMutableBytes { raw in
        read(fd, raw.baseAddress! + old, 1 << 16)
      }
    } while count < 0 && errno == EINTR
    if count < 0 { failure = errno }
    buffer.removeSubrange((old + max(count, 0))...)
    if count <= 0 { atEnd = true }
    // A file saved with a UTF-8 byte-order mark: the first line starts after it.
    if !markChecked && (buffer.count >= 3 || atEnd) {
      markChecked = true
      if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    }
  }
}

/// Records waiting to be written to a file descriptor.
struct RecordWriter {
  let fd: Int32
  var buffer = RecordBuffer(capacity: 1 << 17)
  /// The `errno` of a failed write other than a closed reader (`EPIPE`).
  private(set) var failure: Int32?

  init(fd: Int32) {
    self.fd = fd
  }

  /// Writes everything waiting; false when it cannot (the reader left, or `failure`).
  mutating func flush() -> Bool {
    var offset = 0
    while offset < buffer.count {
      let written = buffer.withUnsafeBytes { bytes in
        write(fd, bytes.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        if errno != EPIPE { failure = errno }
        return false
      }
      offset += written
    }
    buffer.removeAll()
    return true
  }

  /// Queues the records of `records`.
  mutating func append(_ records: RecordBuffer) {
    records.withUnsafeBytes { buffer.append(contentsOf: $0) }
  }
}
