/// Our RFC 3986 parser over UTF-8 bytes, with the component rules of the URL model.
///
/// It never uses Foundation: `scheme ":" ["//" authority] path ["?" query] ["#" fragment]`,
/// empty components dropped, each component decoded once after splitting.
public struct URLParser: Sendable {
  /// The limits applied while parsing.
  public var limits: URLLimits

  /// Creates a parser with the given limits.
  public init(limits: URLLimits = .default) {
    self.limits = limits
  }

  /// Parses a URL string.
  /// - Throws: ``URLParseError`` naming the byte offset of the first problem.
  public func parse(_ string: String) throws(URLParseError) -> ParsedURL {
    var layout = URLLayout()
    try scan(string, into: &layout)
    return layout.parsedURL(string)
  }

  /// Splits `string` into `layout` (decoded bytes and their ranges) without building strings:
  /// the allocation-free half of ``parse(_:)``, used by ``RouteTable/lookup(_:into:)``.
  /// - Throws: ``URLParseError``, exactly as ``parse(_:)`` does.
  func scan(_ string: String, into layout: inout URLLayout) throws(URLParseError) {
    var string = string
    // `withUTF8` is untyped `rethrows`; carry the typed error out in a Result.
    let result = string.withUTF8 { bytes in
      Result { () throws(URLParseError) in try scan(utf8: bytes, into: &layout) }
    }
    try result.get()
  }

  /// ``scan(_:into:)`` over UTF-8 bytes.
  func scan(utf8 bytes: UnsafeBufferPointer<UInt8>, into layout: inout URLLayout)
    throws(URLParseError)
  {
    layout.reset()
    if scanPlain(bytes, into: &layout) { return }
    layout.reset()
    try scanFull(bytes, original: String(decoding: bytes, as: UTF8.self), into: &layout)
    layout.fold()
  }

  /// Any URL, with every check and error; ``scanPlain(_:into:)`` is its fast path.
  func scanFull(
    _ bytes: UnsafeBufferPointer<UInt8>, original: String, into layout: inout URLLayout
  ) throws(URLParseError) {
    let count = bytes.count
    if count > limits.maxLength {
      throw .tooLong(url: original, length: count, limit: limits.maxLength)
    }
    // One pass for what is forbidden anywhere: spaces, controls, bad escapes.
    var scan = 0
    layout.hasEscapes = false
    while scan < count {
      let byte = bytes[scan]
      if byte <= 0x20 || byte == 0x7F {
        throw .forbiddenCharacter(url: original, offset: scan, byte: byte)
      }
      if byte == UInt8(ascii: "%") {
        guard scan + 2 < count, isHex(bytes[scan + 1]),
          isHex(bytes[scan + 2])
        else { throw .malformedEscape(url: original, offset: scan) }
        layout.hasEscapes = true
        scan += 3
        continue
      }
      scan += 1
    }

    // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":". Without one, the text is a
    // relative reference (RFC 3986 §4.2: `static`, `profile/42`): it parses with an empty scheme
    // and no route matches it. A ':' in its first segment makes it malformed instead.
    var index = 0
    if let colon = Self.schemeEnd(bytes) {
      layout.schemeEnd = colon
      index = colon + 1
    } else {
      var position = 0
      while position < count, bytes[position] != UInt8(ascii: "/"),
        bytes[position] != UInt8(ascii: "?"), bytes[position] != UInt8(ascii: "#")
      {
        if bytes[position] == UInt8(ascii: ":") {
          // At the first byte a scheme cannot have there.
          var bad = 0
          if isAlpha(bytes[0]) {
            bad = 1
            while bad < position, Self.isSchemeByte(bytes[bad]) { bad += 1 }
          }
          throw .missingScheme(url: original, offset: bad)
        }
        position += 1
      }
    }

    // Where each part ends.
    let fragmentStart = firstIndex(of: UInt8(ascii: "#"), in: bytes, from: index, to: count)
    let beforeFragment = fragmentStart ?? count
    let queryStart = firstIndex(of: UInt8(ascii: "?"), in: bytes, from: index, to: beforeFragment)
    let beforeQuery = queryStart ?? beforeFragment

    var pathStart = index
    if index + 1 < beforeQuery, bytes[index] == UInt8(ascii: "/"),
      bytes[index + 1] == UInt8(ascii: "/")
    {
      let authorityStart = index + 2
      let authorityEnd =
        firstIndex(of: UInt8(ascii: "/"), in: bytes, from: authorityStart, to: beforeQuery)
        ?? beforeQuery
      try scanAuthority(
        bytes, from: authorityStart, to: authorityEnd, original: original, into: &layout)
      pathStart = authorityEnd
    }

    var componentStart = pathStart
    for position in pathStart...beforeQuery
    where position == beforeQuery || bytes[position] == UInt8(ascii: "/") {
      if position > componentStart {
        if layout.componentCount >= limits.maxComponents {
          throw .tooManyComponents(
            url: original,
            count: countRuns(bytes, pathStart, beforeQuery, separator: UInt8(ascii: "/"))
              + (layout.hasHost ? 1 : 0),
            limit: limits.maxComponents, offset: componentStart)
        }
        let (start, end) = try decode(
          bytes, from: componentStart, to: position, original: original, into: &layout)
        layout.bounds.append(Int32(start))
        layout.bounds.append(Int32(end))
      }
      componentStart = position + 1
    }

    if let queryStart {
      var itemStart = queryStart + 1
      for position in (queryStart + 1)...beforeFragment
      where position == beforeFragment || bytes[position] == UInt8(ascii: "&") {
        if position > itemStart {
          if layout.queryCount >= limits.maxQueryItems {
            throw .tooManyQueryItems(
              url: original,
              count: countRuns(bytes, queryStart + 1, beforeFragment, separator: UInt8(ascii: "&")),
              limit: limits.maxQueryItems, offset: itemStart)
          }
          let equals =
            firstIndex(of: UInt8(ascii: "="), in: bytes, from: itemStart, to: position) ?? position
          let key = try decode(
            bytes, from: itemStart, to: equals, original: original, into: &layout)
          let value =
            equals < position
            ? try decode(bytes, from: equals + 1, to: position, original: original, into: &layout)
            : (key.1, key.1)
          layout.query.append(Int32(key.0))
          layout.query.append(Int32(key.1))
          layout.query.append(Int32(value.0))
          layout.query.append(Int32(value.1))
        }
        itemStart = position + 1
      }
    }

    if let fragmentStart {
      // Reported raw, but its escapes must decode to UTF-8 like everywhere else.
      let mark = layout.bytes.count
      _ = try decode(bytes, from: fragmentStart + 1, to: count, original: original, into: &layout)
      layout.bytes.truncate(to: mark)
      layout.fragmentStart = fragmentStart + 1
    }
  }

  /// The offset of the ':' ending a valid scheme at the start, if there is one.
  /// A letter, digit, `+`, `-` or `.`: what a scheme has after its first letter.
  static func isSchemeByte(_ byte: UInt8) -> Bool {
    isAlpha(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
  }

  static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let first = bytes.first, isAlpha(first) else { return nil }
    var index = 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ":") { return index }
      guard isSchemeByte(byte) else { return nil }
      index += 1
    }
    return nil
  }

  private func scanAuthority(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, original: String,
    into layout: inout URLLayout
  ) throws(URLParseError) {
    // Userinfo (before the last '@') is ignored.
    var hostStart = start
    for position in stride(from: end - 1, through: start, by: -1)
    where bytes[position] == UInt8(ascii: "@") {
      hostStart = position + 1
      // Ignored, but still a part of the URL: its escapes must decode to UTF-8.
      let mark = layout.bytes.count
      _ = try decode(bytes, from: start, to: position, original: original, into: &layout)
      layout.bytes.truncate(to: mark)
      break
    }
    var hostEnd = end
    if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
      // An IP literal: the host runs to the closing bracket.
      guard let close = firstIndex(of: UInt8(ascii: "]"), in: bytes, from: hostStart, to: end)
      else { throw .unclosedIPLiteral(url: original, offset: hostStart) }
      hostEnd = close + 1
    } else if let colon = firstIndex(of: UInt8(ascii: ":"), in: bytes, from: hostStart, to: end) {
      hostEnd = colon
    }
    if hostEnd < end {
      guard bytes[hostEnd] == UInt8(ascii: ":") else {
        // Only an IP literal ends before its authority does.
        throw .textAfterIPLiteral(url: original, offset: hostEnd)
      }
      var value = 0
      for position in (hostEnd + 1)..<end {
        guard isDigit(bytes[position]) else { throw .invalidPort(url: original, offset: position) }
        value = value * 10 + Int(bytes[position] - 0x30)
        guard value <= 65535 else { throw .portOutOfRange(url: original, offset: hostEnd + 1) }
      }
      if end > hostEnd + 1 { layout.port = value }
    }
    let (decodedStart, decodedEnd) = try decode(
      bytes, from: hostStart, to: hostEnd, original: original, into: &layout)
    layout.hasAuthority = true
    if decodedEnd > decodedStart {
      // A non-empty host is component 0.
      layout.hasHost = true
      layout.bounds.append(Int32(decodedStart))
      layout.bounds.append(Int32(decodedEnd))
    }
  }

  /// Appends the bytes from `start` to `end` to `layout.bytes` with `%XX` escapes decoded once
  /// (escapes were validated by the scan) and returns where they landed.
  private func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, original: String,
    into layout: inout URLLayout
  ) throws(URLParseError) -> (Int, Int) {
    let decodedStart = layout.bytes.count
    guard layout.hasEscapes,
      let firstPercent = firstIndex(of: UInt8(ascii: "%"), in: bytes, from: start, to: end)
    else {
      // Most components: copied at once.
      layout.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
      return (decodedStart, layout.bytes.count)
    }
    layout.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<firstPercent]))
    var position = firstPercent
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "%") {
        layout.bytes.append(hexValue(bytes[position + 1]) << 4 | hexValue(bytes[position + 2]))
        position += 3
      } else {
        layout.bytes.append(byte)
        position += 1
      }
    }
    let decoded = UnsafeBufferPointer(rebasing: layout.bytes.buffer[decodedStart...])
    if var bad = firstInvalidUTF8(decoded) {
      // Back to the URL: the escape (or byte) that starts the ill-formed sequence.
      var position = start
      while bad > 0 {
        position += bytes[position] == UInt8(ascii: "%") ? 3 : 1
        bad -= 1
      }
      throw .invalidUTF8(url: original, offset: position)
    }
    return (decodedStart, layout.bytes.count)
  }

  /// The non-empty runs between `separator`s in `start..<end`: the components of a path
  /// (`/`) or the items of a query (`&`), counted for a limit's message.
  private func countRuns(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, separator: UInt8
  ) -> Int {
    var total = 0
    var inRun = false
    for position in start..<end {
      if bytes[position] == separator {
        inRun = false
      } else if !inRun {
        inRun = true
        total += 1
      }
    }
    return total
  }
}

@inline(__always) func isAlpha(_ byte: UInt8) -> Bool {
  (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
}

@inline(__always) func isDigit(_ byte: UInt8) -> Bool {
  byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
}

@inline(__always) func isHex(_ byte: UInt8) -> Bool {
  isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
}

@inline(__always) func hexValue(_ byte: UInt8) -> UInt8 {
  isDigit(byte) ? byte - 0x30 : (byte | 0x20) - UInt8(ascii: "a") + 10
}

@inline(__always) func firstIndex(
  of target: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
) -> Int? {
  var position = start
  while position < end {
    if bytes[position] == target { return position }
    position += 1
  }
  return nil
}

/// Where the first ill-formed sequence of `bytes` starts, nil when they are well-formed UTF-8
/// (no overlong forms, no surrogates, nothing above U+10FFFF: the rule
/// `String(validating:as:)` applies), without allocating.
func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
  var index = 0
  let end = bytes.count
  while index < end {
    let lead = bytes[index]
    if lead < 0x80 {
      index += 1
      continue
    }
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: return index
    }
    guard index + length <= end else { return index }
    guard bytes[index + 1] >= low, bytes[index + 1] <= high else { return index }
    for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
      return index
    }
    index += length
  }
  return nil
}
