import PatternCore

/// The records a ``LineResponder`` writes and ``LineStream`` sends out: a growable byte buffer
/// whose appends are pointer copies, so that a record is written once, in place, where it is
/// sent from (no copy from a record of its own into an output array).
///
/// A value, like an array: a copy shares its bytes until either is changed.
public struct RecordBuffer: Sendable {
  /// Written to by the resolver after ``prepareToWrite()``.
  package var writer: ByteWriter

  /// An empty buffer with room for `capacity` bytes (it grows as needed).
  public init(capacity: Int = 4096) {
    writer = ByteWriter(capacity: capacity)
  }

  /// The number of bytes written.
  public var count: Int { writer.count }

  /// Whether nothing is written.
  public var isEmpty: Bool { writer.count == 0 }

  /// The bytes written.
  public var bytes: [UInt8] { writer.bytes }

  /// Empties the buffer, keeping its capacity.
  public mutating func removeAll() { writer.reset() }

  /// Appends bytes.
  public mutating func append(contentsOf bytes: some Sequence<UInt8>) {
    writer.makeUnique()
    if let done = bytes.withContiguousStorageIfAvailable({ writer.append($0) }) { return done }
    for byte in bytes { writer.append(byte) }
  }

  /// Appends one byte.
  public mutating func append(_ byte: UInt8) {
    writer.makeUnique()
    writer.append(byte)
  }

  /// Gives the buffer storage of its own if a copy shares it: `writer` may then be appended to
  /// directly, piece by piece, without a check per piece.
  package mutating func prepareToWrite() { writer.makeUnique() }

  /// Calls `body` with the bytes written (valid only during the call).
  public func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result)
    rethrows -> Result
  {
    try body(writer.buffer)
  }
}
