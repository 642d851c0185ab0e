/// Our RFC 3986 parser over UTF-8 bytes, with the component rules of SPEC §2.
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
    var string = string
    let original = string
    // `withUTF8` is untyped `rethrows`; carry the typed error out in a Result.
    let result = string.withUTF8 { bytes in
      Result { () throws(URLParseError) in try parse(bytes: bytes, original: original) }
    }
    return try result.get()
  }

  private func parse(bytes: UnsafeBufferPointer<UInt8>, original: String) throws(URLParseError)
    -> ParsedURL
  {
    let count = bytes.count
    if count > limits.maxLength {
      throw .tooLong(url: original, length: count, limit: limits.maxLength)
    }
    // One pass for what is forbidden anywhere: spaces, controls, bad escapes.
    var scan = 0
    while scan < count {
      let byte = bytes[scan]
      if byte <= 0x20 || byte == 0x7F {
        throw .forbiddenCharacter(url: original, offset: scan, byte: byte)
      }
      if byte == UInt8(ascii: "%") {
        guard scan + 2 < count, isHex(bytes[scan + 1]),
          isHex(bytes[scan + 2])
        else { throw .malformedEscape(url: original, offset: scan) }
        scan += 3
        continue
      }
      scan += 1
    }

    // Scheme: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":". Without one, the text is a
    // relative reference (RFC 3986 §4.2: `static`, `profile/42`): it parses with an empty scheme
    // and no route matches it. A ':' in its first segment makes it malformed instead.
    var index = 0
    var scheme = ""
    if let colon = Self.schemeEnd(bytes) {
      scheme = String(decoding: bytes[0..<colon], as: UTF8.self).lowercased()
      index = colon + 1
    } else {
      var position = 0
      while position < count, bytes[position] != UInt8(ascii: "/"),
        bytes[position] != UInt8(ascii: "?"), bytes[position] != UInt8(ascii: "#")
      {
        if bytes[position] == UInt8(ascii: ":") { throw .missingScheme(url: original, offset: 0) }
        position += 1
      }
    }

    // Where each part ends.
    let fragmentStart = firstIndex(of: UInt8(ascii: "#"), in: bytes, from: index, to: count)
    let beforeFragment = fragmentStart ?? count
    let queryStart = firstIndex(of: UInt8(ascii: "?"), in: bytes, from: index, to: beforeFragment)
    let beforeQuery = queryStart ?? beforeFragment

    var host: String?
    var port: Int?
    var pathStart = index
    if index + 1 < beforeQuery, bytes[index] == UInt8(ascii: "/"),
      bytes[index + 1] == UInt8(ascii: "/")
    {
      let authorityStart = index + 2
      let authorityEnd =
        firstIndex(of: UInt8(ascii: "/"), in: bytes, from: authorityStart, to: beforeQuery)
        ?? beforeQuery
      (host, port) = try parseAuthority(
        bytes, from: authorityStart, to: authorityEnd, original: original)
      pathStart = authorityEnd
    }

    var pathComponents: [String] = []
    var componentStart = pathStart
    let hostCount = (host?.isEmpty ?? true) ? 0 : 1
    for position in pathStart...beforeQuery
    where position == beforeQuery || bytes[position] == UInt8(ascii: "/") {
      if position > componentStart {
        if pathComponents.count + hostCount >= limits.maxComponents {
          throw .tooManyComponents(
            url: original, count: countComponents(bytes, pathStart, beforeQuery) + hostCount,
            limit: limits.maxComponents)
        }
        pathComponents.append(
          try decode(bytes, from: componentStart, to: position, original: original))
      }
      componentStart = position + 1
    }

    var query: [QueryItem] = []
    if let queryStart {
      var itemStart = queryStart + 1
      for position in (queryStart + 1)...beforeFragment
      where position == beforeFragment || bytes[position] == UInt8(ascii: "&") {
        if position > itemStart {
          if query.count >= limits.maxQueryItems {
            throw .tooManyQueryItems(
              url: original, count: countItems(bytes, queryStart + 1, beforeFragment),
              limit: limits.maxQueryItems)
          }
          let equals =
            firstIndex(of: UInt8(ascii: "="), in: bytes, from: itemStart, to: position) ?? position
          let key = try decode(bytes, from: itemStart, to: equals, original: original)
          let value =
            equals < position
            ? try decode(bytes, from: equals + 1, to: position, original: original) : ""
          query.append(QueryItem(key: key, value: value))
        }
        itemStart = position + 1
      }
    }

    var fragment: String?
    if let fragmentStart {
      // Reported raw, but its escapes must decode to UTF-8 like everywhere else.
      _ = try decode(bytes, from: fragmentStart + 1, to: count, original: original)
      fragment = String(decoding: bytes[(fragmentStart + 1)..<count], as: UTF8.self)
    }
    return ParsedURL(
      string: original, scheme: scheme, host: host, port: port, pathComponents: pathComponents,
      query: query, fragment: fragment)
  }

  /// The offset of the ':' ending a valid scheme at the start, if there is one.
  static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard let first = bytes.first, isAlpha(first) else { return nil }
    var index = 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ":") { return index }
      guard isAlpha(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E else {
        return nil
      }
      index += 1
    }
    return nil
  }

  private func parseAuthority(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, original: String
  ) throws(URLParseError) -> (String, Int?) {
    // Userinfo (before the last '@') is ignored.
    var hostStart = start
    for position in stride(from: end - 1, through: start, by: -1)
    where bytes[position] == UInt8(ascii: "@") {
      hostStart = position + 1
      // Ignored, but still a part of the URL: its escapes must decode to UTF-8.
      _ = try decode(bytes, from: start, to: position, original: original)
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
    var port: Int?
    if hostEnd < end {
      guard bytes[hostEnd] == UInt8(ascii: ":") else {
        throw .invalidPort(url: original, offset: hostEnd)
      }
      var value = 0
      for position in (hostEnd + 1)..<end {
        guard isDigit(bytes[position]) else { throw .invalidPort(url: original, offset: position) }
        value = value * 10 + Int(bytes[position] - 0x30)
        guard value <= 65535 else { throw .portOutOfRange(url: original, offset: hostEnd + 1) }
      }
      if end > hostEnd + 1 { port = value }
    }
    let host = try decode(bytes, from: hostStart, to: hostEnd, original: original)
    return (host, port)
  }

  /// Decodes `%XX` escapes once; escapes were validated by the scan.
  private func decode(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, original: String
  ) throws(URLParseError) -> String {
    guard let firstPercent = firstIndex(of: UInt8(ascii: "%"), in: bytes, from: start, to: end)
    else {
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(end - start)
    var position = start
    while position < end {
      let byte = bytes[position]
      if byte == UInt8(ascii: "%") {
        decoded.append(hexValue(bytes[position + 1]) << 4 | hexValue(bytes[position + 2]))
        position += 3
      } else {
        decoded.append(byte)
        position += 1
      }
    }
    guard let string = String(validating: decoded, as: UTF8.self) else {
      throw .invalidUTF8(url: original, offset: firstPercent)
    }
    return string
  }

  private func countComponents(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> Int
  {
    var total = 0
    var inComponent = false
    for position in start..<end {
      if bytes[position] == UInt8(ascii: "/") {
        inComponent = false
      } else if !inComponent {
        inComponent = true
        total += 1
      }
    }
    return total
  }

  private func countItems(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
    var total = 0
    var inItem = false
    for position in start..<end {
      if bytes[position] == UInt8(ascii: "&") {
        inItem = false
      } else if !inItem {
        inItem = true
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
