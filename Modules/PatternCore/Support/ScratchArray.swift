/// A growable buffer of plain values for per-lookup scratch space: appends and reads are
/// pointer operations, with none of `Array`'s per-call uniqueness and generic paths.
///
/// Value semantics hold at the granularity lookups need: every lookup starts with ``reset()``,
/// which gives the buffer its own storage if a copy still shares it, so a copy of a
/// ``RouteLookup`` keeps what it saw while the original goes on.
struct ScratchArray<Element: BitwiseCopyable>: @unchecked Sendable {
  final class Storage: @unchecked Sendable {
    // Only touched through the owning ScratchArray, which is a value: no overlapping access to
    // check at run time (the checks cost more than the work on the lookup path).
    @exclusivity(unchecked) var base: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) var capacity: Int

    init(capacity: Int) {
      self.capacity = max(capacity, 8)
      base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    func grow(to minimum: Int, keeping count: Int) {
      var newCapacity = capacity * 2
      while newCapacity < minimum { newCapacity *= 2 }
      let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
      newBase.update(from: base, count: count)
      base.deallocate()
      base = newBase
      capacity = newCapacity
    }
  }

  private var storage: Storage
  private(set) var count = 0

  init(capacity: Int = 16) {
    storage = Storage(capacity: capacity)
  }

  /// Empties the buffer, keeping its capacity (and taking its own storage if shared).
  @inline(__always)
  mutating func reset() {
    if !isKnownUniquelyReferenced(&storage) {
      storage = Storage(capacity: storage.capacity)
    }
    count = 0
  }

  /// Empties the buffer without checking whether a copy shares its storage: for an owner that
  /// knows it does not (see ``ScratchOwner``), one check for all its buffers.
  @inline(__always)
  mutating func clear() {
    count = 0
  }

  /// Drops everything from `index` on.
  @inline(__always)
  mutating func truncate(to index: Int) {
    count = Swift.min(count, index)
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == storage.capacity { storage.grow(to: count + 1, keeping: count) }
    storage.base[count] = element
    count += 1
  }

  /// Where the next `extra` elements go, with room made for them: the caller writes them
  /// through the pointer, then counts them with ``didAppend(_:)``.
  mutating func tail(reserving extra: Int) -> UnsafeMutablePointer<Element> {
    if count + extra > storage.capacity { storage.grow(to: count + extra, keeping: count) }
    return storage.base + count
  }

  /// Counts `written` elements written through ``tail(reserving:)``.
  @inline(__always)
  mutating func didAppend(_ written: Int) {
    precondition(count + written <= storage.capacity, "scratch append beyond the reserved capacity")
    count += written
  }

  @inline(__always)
  mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    guard let source = elements.baseAddress, !elements.isEmpty else { return }
    let length = elements.count
    if count + length > storage.capacity { storage.grow(to: count + length, keeping: count) }
    let target = storage.base + count
    if length <= 8 {
      // A few capture positions: a loop beats a call to copy memory.
      for index in 0..<length { target[index] = source[index] }
    } else {
      target.update(from: source, count: length)
    }
    count += length
  }

  mutating func append(contentsOf other: ScratchArray<Element>) {
    append(contentsOf: other.buffer)
  }

  /// Makes `count` elements, each `value` (memo stamps, capture slots).
  @inline(__always)
  mutating func fill(_ value: Element, count newCount: Int) {
    reset()
    if newCount > storage.capacity { storage.grow(to: newCount, keeping: 0) }
    let base = storage.base
    for index in 0..<newCount { base[index] = value }
    count = newCount
  }

  @inline(__always)
  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "scratch index out of range")
      return storage.base[index]
    }
    set {
      precondition(index >= 0 && index < count, "scratch index out of range")
      storage.base[index] = newValue
    }
  }

  /// The elements; valid until the next mutation.
  var buffer: UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: storage.base, count: count)
  }

  /// The elements, to change in place; valid until the next mutation.
  var mutableBuffer: UnsafeMutableBufferPointer<Element> {
    mutating get {
      if !isKnownUniquelyReferenced(&storage) {
        let copy = Storage(capacity: storage.capacity)
        copy.base.update(from: storage.base, count: count)
        storage = copy
      }
      return UnsafeMutableBufferPointer(start: storage.base, count: count)
    }
  }

  @inline(__always)
  @discardableResult
  mutating func removeLast() -> Element {
    precondition(count > 0, "removeLast on empty scratch")
    count -= 1
    return storage.base[count]
  }
}

extension ScratchArray<UInt8> {
  /// Appends bytes (a URL) as ``ByteWriter`` appends them, beating a call to copy memory.
  @inline(__always)
  mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    copyBytes(from: source, to: tail(reserving: bytes.count), count: bytes.count)
    didAppend(bytes.count)
  }
}

/// A token that a value holding several scratch buffers copies along with them: when the token
/// is uniquely referenced, so are the buffers (the holder replaces them all together otherwise),
/// and one check covers them all.
final class ScratchOwner: Sendable {}
