/// A growable byte buffer for writing records: appends are pointer copies, without the
/// generic path `Array.append(contentsOf:)` takes for every piece (most of a record's cost when
/// a record is a dozen short pieces).
///
/// Value semantics hold at the granularity of records, as a writer is used: every record
/// starts with ``reset()``, which gives the writer its own storage if a copy still shares it
/// (one check per record, none per piece). A copy must not append without a reset first.
///
/// Its appends are inlinable (with the storage they touch) so that the apps' modules, which
/// write records piece by piece, append in place instead of calling across modules for every
/// piece; the type is `@usableFromInline` because the compiler inlines no member of a plain
/// `package` type into another module.
@usableFromInline
package struct ByteWriter: @unchecked Sendable {
  @usableFromInline
  final class Storage {
    // Only touched through the owning writer, a value: no overlapping access to check at run
    // time (the checks would cost more than the copies).
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) @usableFromInline var capacity: Int

    @usableFromInline
    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
      self.base = base
      self.capacity = capacity
    }

    @usableFromInline
    convenience init(capacity: Int) {
      self.init(base: .allocate(capacity: capacity), capacity: capacity)
    }

    deinit { base.deallocate() }
  }

  @usableFromInline var storage: Storage
  /// The number of bytes written.
  @usableFromInline package internal(set) var count = 0

  package init(capacity: Int = 256) {
    storage = Storage(capacity: max(capacity, 16))
  }

  /// Empties the buffer, keeping its capacity (and taking its own storage if a copy shares it).
  @inlinable
  package mutating func reset() {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(capacity: storage.capacity) }
    count = 0
  }

  /// Gives the writer storage of its own, holding what it wrote, if a copy shares its storage
  /// (so that a writer can be a value where its copies may all be appended to).
  @inlinable
  package mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { copyStorage() }
  }

  @usableFromInline
  mutating func copyStorage() {
    let copy = Storage(capacity: storage.capacity)
    copy.base.update(from: storage.base, count: count)
    storage = copy
  }

  /// The bytes written; valid until the next change.
  @inlinable
  package var buffer: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: storage.base, count: count)
  }

  /// The bytes written, as an array.
  package var bytes: [UInt8] { Array(buffer) }

  /// The bytes written, decoded as UTF-8.
  package var text: String { String(decoding: buffer, as: UTF8.self) }

  /// Makes room for `extra` more bytes.
  @inlinable @inline(__always)
  mutating func reserve(_ extra: Int) {
    if count &+ extra > storage.capacity { grow(count &+ extra) }
  }

  @usableFromInline
  mutating func grow(_ minimum: Int) {
    var capacity = storage.capacity * 2
    while capacity < minimum { capacity *= 2 }
    let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    base.update(from: storage.base, count: count)
    if isKnownUniquelyReferenced(&storage) {
      storage.base.deallocate()
      storage.base = base
      storage.capacity = capacity
    } else {
      // A copy shares the old bytes: leave them to it.
      storage = Storage(base: base, capacity: capacity)
    }
  }

  /// Makes room for `length` more bytes, lets `body` write all of them, and counts them.
  @inlinable @inline(__always)
  package mutating func withRoom(
    _ length: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Void
  ) {
    reserve(length)
    body(UnsafeMutableBufferPointer(start: storage.base + count, count: length))
    count &+= length
  }

  @inlinable
  package mutating func append(_ byte: UInt8) {
    reserve(1)
    storage.base[count] = byte
    count &+= 1
  }

  @inlinable
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    let length = bytes.count
    reserve(length)
    copyBytes(from: source, to: storage.base + count, count: length)
    count &+= length
  }

  @inlinable
  package mutating func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends a literal's UTF-8 bytes.
  @inlinable
  package mutating func append(_ literal: StaticString) {
    append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }

  /// Appends a string's UTF-8 bytes.
  package mutating func append(text: String) {
    text.withUTF8Bytes { append($0) }
  }
}

/// Copies `count` bytes. Most pieces are short: up to 64 bytes, whole words cost less than a
/// call to copy memory. The source's last word is read from its last eight bytes (never past
/// them), so a piece of eight or more bytes is copied as words that may overlap; a shorter one
/// byte by byte.
@inlinable @inline(__always)
package func copyBytes(
  from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count length: Int
) {
  let target = UnsafeMutableRawPointer(target)
  guard length <= 64 else {
    target.copyMemory(from: source, byteCount: length)
    return
  }
  let from = UnsafeRawPointer(source)
  if length >= 8 {
    var offset = 0
    while offset &+ 8 < length {
      target.storeBytes(
        of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
        toByteOffset: offset, as: UInt64.self)
      offset &+= 8
    }
    target.storeBytes(
      of: from.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self),
      toByteOffset: length &- 8, as: UInt64.self)
  } else {
    for offset in 0..<length {
      target.storeBytes(of: source[offset], toByteOffset: offset, as: UInt8.self)
    }
  }
}

extension String {
  /// Runs `body` with the string's UTF-8 bytes: in place for a native string (no copy of the
  /// string to make it mutable, as `withUTF8` needs), from a contiguous copy for a bridged one.
  func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = self
    return copy.withUTF8(body)
  }
}
