extension URLParser {
  /// The common URL in one pass: a scheme, perhaps `//` and a host with no userinfo, port or IP
  /// literal, then a path and query of printable ASCII with no escape and no fragment. Fills
  /// `layout` as the full scan would, components pointing into one copy of the URL, with each
  /// component's folded text (a lower-cased copy after the URL when it has an upper-case
  /// letter), as the search compares them. Returns false, having thrown nothing, for
  /// any other URL, which the full scan then handles, errors included.
  func scanPlain(_ bytes: UnsafeBufferPointer<UInt8>, into layout: inout URLLayout) -> Bool {
    let count = bytes.count
    // Offsets are stored as Int32: a longer URL (past any sensible limit) takes the full scan.
    guard count <= limits.maxLength, count < Int(Int32.max) / 2, let colon = Self.schemeEnd(bytes)
    else { return false }
    layout.schemeEnd = colon
    layout.bytes.appendBytes(bytes)
    var index = colon + 1
    var start = index
    var inHost = false
    if index + 1 < count, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
      layout.hasAuthority = true
      inHost = true
      index += 2
      start = index
    }
    guard scanPlainPath(bytes, from: &index, start: start, inHost: inHost, into: &layout) else {
      return false
    }
    layout.folded = true
    return index >= count || scanPlainQuery(bytes, from: index + 1, into: &layout)
  }

  /// The host and path of a plain URL from `index` (the start of the host or path) to the
  /// query; `index` ends at the '?' or the end. Components are written through pointers into
  /// room made once (at most one component per two bytes, plus the host), and counted at the end.
  private func scanPlainPath(
    _ bytes: UnsafeBufferPointer<UInt8>, from position: inout Int, start first: Int,
    inHost: Bool, into layout: inout URLLayout
  ) -> Bool {
    let count = bytes.count
    let most = count / 2 + 2
    let bounds = layout.bounds.tail(reserving: 2 * most)
    let foldedBounds = layout.foldedBounds.tail(reserving: 2 * most)
    let copy = layout.bytes.tail(reserving: count)
    let copyStart = Int32(layout.bytes.count)
    let limit = limits.maxComponents - layout.componentCount
    // Locals (kept in registers), written back however the scan ends.
    var index = position
    var components = 0
    var copied = 0
    defer {
      position = index
      layout.bounds.didAppend(2 * components)
      layout.foldedBounds.didAppend(2 * components)
      layout.bytes.didAppend(copied)
    }
    let classes = Self.byteClasses.utf8Start
    var start = first
    var inHost = inHost
    var upper = false
    while true {
      // The plain bytes of a component.
      var kind = Self.classEnd
      while index < count {
        kind = classes[Int(bytes[index])] &- 0x30
        if kind != Self.classPlain { break }
        index &+= 1
      }
      if index == count { kind = Self.classEnd }
      if kind == Self.classUpper {
        upper = true
      } else if kind == Self.classHostOnly {
        // A port, userinfo or IP literal in the authority.
        if inHost { return false }
      } else if kind == Self.classSlash || kind == Self.classEnd {
        if index > start {
          if components >= limit { return false }
          // Offsets fit Int32: the URL is shorter than a quarter of its range (checked above).
          let pair = 2 &* components
          bounds[pair] = Int32(truncatingIfNeeded: start)
          bounds[pair &+ 1] = Int32(truncatingIfNeeded: index)
          if upper {
            // A lower-cased copy after the URL.
            foldedBounds[pair] = copyStart &+ Int32(truncatingIfNeeded: copied)
            for offset in start..<index {
              let byte = bytes[offset]
              copy[copied] = byte &- 0x41 < 26 ? byte | 0x20 : byte
              copied &+= 1
            }
            foldedBounds[pair &+ 1] = copyStart &+ Int32(truncatingIfNeeded: copied)
          } else {
            foldedBounds[pair] = Int32(truncatingIfNeeded: start)
            foldedBounds[pair &+ 1] = Int32(truncatingIfNeeded: index)
          }
          components &+= 1
          if inHost { layout.hasHost = true }
        }
        inHost = false
        if kind == Self.classEnd { return true }
        start = index &+ 1
        upper = false
      } else {
        return false
      }
      index &+= 1
    }
  }

  static let classPlain: UInt8 = 0
  static let classUpper: UInt8 = 1
  static let classSlash: UInt8 = 2
  /// '?' and the end of the URL: the path ends.
  static let classEnd: UInt8 = 3
  /// ':', '@', '[': plain in a path, not in a plain host.
  static let classHostOnly: UInt8 = 4
  /// Anything the plain scan leaves to the full one: controls, space, '#', '%', DEL, non-ASCII.
  static let classOther: UInt8 = 5

  /// The class of each byte for the plain scan, as the digit of the class at the byte's
  /// offset (a literal: no allocation, no lazy initialization).
  static let byteClasses: StaticString = """
    5555555555555555555555555555555550050500000000020000000000400003\
    4111111111111111111111111114000000000000000000000000000000000005\
    5555555555555555555555555555555555555555555555555555555555555555\
    5555555555555555555555555555555555555555555555555555555555555555
    """

  /// The query of a plain URL: items between '&', each split at its first '='.
  private func scanPlainQuery(
    _ bytes: UnsafeBufferPointer<UInt8>, from first: Int, into layout: inout URLLayout
  ) -> Bool {
    let count = bytes.count
    var index = first
    var itemStart = index
    var equals = -1
    while index <= count {
      let byte: UInt8 = index < count ? bytes[index] : UInt8(ascii: "&")
      if byte == UInt8(ascii: "&") {
        if index > itemStart {
          if layout.queryCount >= limits.maxQueryItems { return false }
          let keyEnd = equals < 0 ? index : equals
          layout.query.append(Int32(itemStart))
          layout.query.append(Int32(keyEnd))
          layout.query.append(Int32(equals < 0 ? keyEnd : equals + 1))
          layout.query.append(Int32(index))
        }
        itemStart = index + 1
        equals = -1
      } else if byte &- 0x21 > 0x5D || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "#") {
        return false
      } else if byte == UInt8(ascii: "="), equals < 0 {
        equals = index
      }
      index += 1
    }
    return true
  }
}

extension URLParser {
  /// For tests and fuzzing: whether the plain scan, when it takes `url`, finds what the full
  /// scan finds (scheme, authority, host, components, query items), with each component's
  /// folded text as ``URLLayout/fold()`` makes it. True when the plain scan leaves `url` to the
  /// full one.
  package func plainScanAgrees(_ url: String) -> Bool {
    var url = url
    return url.withUTF8 { bytes in
      var plain = URLLayout()
      guard scanPlain(bytes, into: &plain) else { return true }
      var full = URLLayout()
      do {
        try scanFull(bytes, original: String(decoding: bytes, as: UTF8.self), into: &full)
        full.fold()
      } catch {
        return false
      }
      guard plain.schemeEnd == full.schemeEnd, plain.hasAuthority == full.hasAuthority,
        plain.hasHost == full.hasHost, plain.componentCount == full.componentCount,
        plain.queryItems == full.queryItems, plain.folded
      else { return false }
      for component in 0..<plain.componentCount {
        let text = plain.component(component)
        let folded = text.lowercased()
        let start = plain.foldedBounds[2 * component]
        let end = plain.foldedBounds[2 * component + 1]
        let fullStart = full.foldedBounds[2 * component]
        let fullEnd = full.foldedBounds[2 * component + 1]
        guard text == full.component(component), plain.string(start, end) == folded,
          full.string(fullStart, fullEnd) == folded
        else { return false }
      }
      return true
    }
  }
}
