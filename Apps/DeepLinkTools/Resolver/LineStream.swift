import DeepLinkManifest
import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Something that answers one input line with one record (the resolver).
public protocol LineResponder {
  /// Appends the record for input line `number` to `output`, without a newline.
  mutating func respond(to line: ArraySlice<UInt8>, number: Int, into output: inout RecordBuffer)
}

/// Reads lines of raw bytes from stdin and writes one record per line to stdout, in input order.
///
/// Output is buffered and written when the buffer is full or when reading more input would
/// block, so a batch streams at full speed and an interactive user still sees each answer at
/// once. With several responders, each batch of lines is split between them and answered in
/// parallel; the records are still written in input order. A closed stdout ends the run quietly.
public enum LineStream {
  /// How a run ended.
  public enum End: Equatable, Sendable {
    /// Every line of the input was answered and written.
    case finished
    /// Standard output was closed before the end (its reader, such as `head`, left).
    case outputClosed
    /// Standard input could not be read, or standard output could not be written: what
    /// failed and the operating system's reason (`cannot write standard output: no space
    /// left on device`).
    case failed(String)
  }

  /// The largest record number: a JSON reader keeps integers up to 2^53 - 1 exactly.
  public static let largestLineNumber = 9_007_199_254_740_991

  /// The most lines answered in one batch per responder, and the most bytes of lines (a batch
  /// stops at whichever comes first, after at least one line): bound memory whatever the input,
  /// whatever mix of short and long lines it has.
  static let linesPerResponder = 2048
  static let bytesPerResponder = 1 << 17
  /// Output is written once this many bytes are waiting.
  static let outputLimit = 1 << 16

  /// Calls `respond` for every line of stdin (split on `\n`; a final line without `\n` counts)
  /// and writes each answer followed by `\n`.
  @discardableResult
  public static func run(_ respond: (ArraySlice<UInt8>, Int) -> String) -> End {
    withoutActuallyEscaping(respond) { respond in
      var responder: any LineResponder = ClosureResponder { line, number, output in
        output.append(contentsOf: respond(line, number).utf8)
      }
      return withUnsafeMutablePointer(to: &responder) { pointer in
        run(UnsafeMutableBufferPointer(start: pointer, count: 1), firstLine: 1)
      }
    }
  }

  /// Calls `body` with each line of stdin as bytes (without its `\n`) until it returns false
  /// or the input ends: a reader that does not decode, so a line that is not UTF-8 can be
  /// refused where its bad byte is.
  /// - Returns: the reason stdin could not be read, if it could not.
  public static func forEachLine(_ body: (ArraySlice<UInt8>) -> Bool) -> String? {
    var reader = LineReader(fd: 0)
    while let line = reader.nextLine(), body(line) {}
    return reader.failure.map { "cannot read standard input: " + FileIO.reason($0) }
  }

  /// Answers every line of stdin with `responders` (one per parallel job), numbering lines
  /// from `firstLine`.
  @discardableResult
  public static func run(_ responders: [any LineResponder], firstLine: Int = 1) -> End {
    var responders = responders
    return responders.withUnsafeMutableBufferPointer { run($0, firstLine: firstLine) }
  }

  // Responders are existentials, not a generic parameter: the parallel jobs' closure would
  // otherwise capture a metatype that is not known to be Sendable.
  private static func run(
    _ responders: UnsafeMutableBufferPointer<any LineResponder>, firstLine: Int
  ) -> End {
    FileHandleOutput.ignoreBrokenPipe()
    var reader = LineReader(fd: 0)
    var writer = RecordWriter(fd: 1)
    var number = firstLine
    let jobs = max(responders.count, 1)
    // Two batches and two sets of outputs: while the jobs answer one batch, this thread reads
    // the next one and writes out the records of the one before.
    var batches = [LineBatch(), LineBatch()]
    var current = 0
    // Each its own storage (one value repeated would share one).
    let outputs = UnsafeMutableBufferPointer<RecordBuffer>.allocate(capacity: 2 * jobs)
    for index in outputs.indices { (outputs.baseAddress! + index).initialize(to: RecordBuffer()) }
    let shares = UnsafeMutableBufferPointer<LineBatch>.allocate(capacity: jobs)
    shares.initialize(repeating: LineBatch())
    let group = DispatchGroup()
    // The batch (0 or 1) the jobs are answering, if any.
    var inFlight: Int?
    defer {
      group.wait()
      outputs.deinitialize().deallocate()
      shares.deinitialize().deallocate()
    }
    // Waits for the batch in flight, if any, and queues its records.
    func collect() {
      guard let flight = inFlight else { return }
      group.wait()
      for job in 0..<jobs { writer.append(outputs[flight * jobs + job]) }
      inFlight = nil
    }

    while true {
      batches[current].removeAll()
      // Take the lines at hand, up to the batch size; wait for input only when none are.
      while batches[current].count < linesPerResponder * jobs
        && batches[current].bytes.count < bytesPerResponder * jobs
      {
        // A whole line at hand is taken as it is (one search for its end).
        if let line = reader.bufferedLine() {
          batches[current].append(line)
          continue
        }
        if batches[current].count > 0 {
          // More input would block: answer what we have, and let a person see it. Otherwise
          // take what has arrived (one read, which cannot block) and look for lines again: a
          // line only partly arrived must not hold back the answers to the lines before it.
          guard reader.readAvailable() else { break }
          continue
        }
        // About to wait for input: what was answered goes out first.
        collect()
        if !writer.flush() { return end(reader, writer) }
        guard let line = reader.nextLine() else { break }
        batches[current].append(line)
      }
      let available = batches[current].count
      if available == 0 { break }
      // No record is numbered past the largest exact JSON integer: the lines before it are
      // answered, then the run stops with the reason.
      let count = min(available, largestLineNumber - number + 1)
      if jobs == 1 || count < 2 * jobs || count < available {
        collect()
        for index in 0..<count {
          responders[0].respond(
            to: batches[current][index], number: number + index, into: &writer.buffer)
          writer.buffer.append(0x0A)
        }
      } else {
        // The jobs' responders and shares are free once the batch before is answered.
        let previous = inFlight
        if previous != nil { group.wait() }
        let work = UnsafeWork(
          responders: responders, batch: batches[current], shares: shares,
          outputs: UnsafeMutableBufferPointer(rebasing: outputs[(current * jobs)...]))
        let share = (count + jobs - 1) / jobs
        let first = number
        DispatchQueue.global().async(group: group) {
          DispatchQueue.concurrentPerform(iterations: jobs) { job in
            work.answer(job: job, share: share, firstNumber: first)
          }
        }
        if let previous {
          for job in 0..<jobs { writer.append(outputs[previous * jobs + job]) }
        }
        inFlight = current
        current = 1 - current
      }
      if count < available {
        collect()
        guard writer.flush() else { return end(reader, writer) }
        return .failed(
          "the next line would be numbered \(number + count), past \(largestLineNumber) "
            + "(2^53 - 1), the largest number a JSON reader keeps exactly; give a smaller "
            + "--first-line")
      }
      number += count
      if writer.buffer.count >= outputLimit, !writer.flush() { return end(reader, writer) }
    }
    collect()
    _ = writer.flush()
    return end(reader, writer)
  }

  /// How a run that stopped reading or writing ended. A read error is reported after the
  /// lines read before it were answered.
  private static func end(_ reader: LineReader, _ writer: RecordWriter) -> End {
    if let failure = writer.failure {
      return .failed("cannot write standard output: " + FileIO.reason(failure))
    }
    if !writer.buffer.isEmpty { return .outputClosed }
    if let failure = reader.failure {
      return .failed("cannot read standard input: " + FileIO.reason(failure))
    }
    return .finished
  }
}

/// One job's view of a batch; jobs touch disjoint responders, shares and output buffers.
private struct UnsafeWork: @unchecked Sendable {
  let responders: UnsafeMutableBufferPointer<any LineResponder>
  let batch: LineBatch
  let shares: UnsafeMutableBufferPointer<LineBatch>
  let outputs: UnsafeMutableBufferPointer<RecordBuffer>

  init(
    responders: UnsafeMutableBufferPointer<any LineResponder>, batch: LineBatch,
    shares: UnsafeMutableBufferPointer<LineBatch>, outputs: UnsafeMutableBufferPointer<RecordBuffer>
  ) {
    self.responders = responders
    self.batch = batch
    self.shares = shares
    self.outputs = outputs
  }

  func answer(job: Int, share: Int, firstNumber: Int) {
    let lower = min(job * share, batch.count)
    let upper = min(lower + share, batch.count)
    // The job's responder, lines and output, moved to this thread's stack for the batch (and
    // back after): the shared buffers hold the jobs' entries side by side, and touching them
    // on every line would have the jobs contend for the same memory. The lines are copied into
    // the job's own buffer first, so that no line is a slice of the buffer every job reads.
    let slot = responders.baseAddress! + job
    var responder = slot.move()
    var lines = LineBatch()
    var output = RecordBuffer(capacity: 16)
    swap(&lines, &shares[job])
    swap(&output, &outputs[job])
    defer {
      slot.initialize(to: responder)
      swap(&lines, &shares[job])
      swap(&output, &outputs[job])
    }
    lines.removeAll()
    lines.append(lines: lower..<upper, of: batch)
    output.removeAll()
    for index in 0..<lines.count {
      responder.respond(to: lines[index], number: firstNumber + lower + index, into: &output)
      output.append(0x0A)
    }
  }
}

private struct ClosureResponder: LineResponder {
  let body: (ArraySlice<UInt8>, Int, inout RecordBuffer) -> Void
  mutating func respond(to line: ArraySlice<UInt8>, number: Int, into output: inout RecordBuffer) {
    body(line, number, &output)
  }
}

/// The lines of one batch, copied into one buffer (the reader's buffer moves on).
struct LineBatch {
  private(set) var bytes: [UInt8] = []
  private(set) var ends: [Int] = []

  var count: Int { ends.count }

  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
  }

  mutating func append(_ line: ArraySlice<UInt8>) {
    bytes += line
    ends.append(bytes.count)
  }

  subscript(index: Int) -> ArraySlice<UInt8> {
    bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
  }

  /// Appends lines `range` of `other`, copied.
  mutating func append(lines range: Range<Int>, of other: LineBatch) {
    guard !range.isEmpty else { return }
    let start = range.lowerBound == 0 ? 0 : other.ends[range.lowerBound - 1]
    let base = bytes.count - start
    other.bytes.withUnsafeBufferPointer { source in
      bytes.append(
        contentsOf: UnsafeBufferPointer(rebasing: source[start..<other.ends[range.upperBound - 1]]))
    }
    for index in range { ends.append(other.ends[index] + base) }
  }
}
