/// A URL split into decoded bytes and ranges: what ``URLParser`` finds, before any `String` is
/// built. Reused across lookups it keeps its capacity, so scanning allocates nothing.
///
/// `bytes` holds the decoded host, path components, query keys and values one after the other;
/// `bounds` holds `start, end` pairs into it for the components (the non-empty host first);
/// `query` holds `keyStart, keyEnd, valueStart, valueEnd` per item.
struct URLLayout: Sendable {
  var bytes = ScratchArray<UInt8>(capacity: 256)
  var bounds = ScratchArray<Int32>(capacity: 32)
  var query = ScratchArray<Int32>(capacity: 16)
  /// The offset of the scheme's ':' in the URL, or -1 for a relative reference.
  var schemeEnd = -1
  /// Whether the URL has `//` and an authority (perhaps with an empty host).
  var hasAuthority = false
  /// Whether the first component is a non-empty host.
  var hasHost = false
  var port: Int?
  /// Whether the URL holds any `%XX` escape.
  var hasEscapes = false
  /// Where the raw fragment starts in the URL (after `#`), or -1.
  var fragmentStart = -1
  /// When `folded` (the plain scan fills them): `start, end` of each component's folded text
  /// in `bytes`.
  var foldedBounds = ScratchArray<Int32>(capacity: 32)
  var folded = false
  /// Shared with a copy exactly when the buffers are.
  private var owner = ScratchOwner()

  init() {}

  /// Empties the layout for the next URL; a copy that shared the buffers keeps them.
  mutating func reset() {
    if isKnownUniquelyReferenced(&owner) {
      bytes.clear()
      bounds.clear()
      query.clear()
      foldedBounds.clear()
    } else {
      self = URLLayout()
    }
    schemeEnd = -1
    hasAuthority = false
    hasHost = false
    port = nil
    fragmentStart = -1
    folded = false
  }

  /// Folds every component, as the plain scan does while it scans (so a layout from the full
  /// scan or from a routing input is searched the same way): a component with an upper-case or
  /// non-ASCII byte gets a lower-cased copy at the end of `bytes` (ASCII by bytes, anything else
  /// as `lowercased()` does it), and `foldedBounds` points at the folded text (the component
  /// itself when it is its own folded form).
  mutating func fold() {
    guard !folded else { return }
    foldedBounds.reset()
    for component in 0..<componentCount {
      let start = bounds[2 * component]
      let end = bounds[2 * component + 1]
      var ascii = true
      var plain = true
      for index in Int(start)..<Int(end) {
        let byte = bytes[index]
        if byte >= 0x80 { ascii = false }
        if byte &- 0x41 < 26 || byte >= 0x80 { plain = false }
      }
      if plain {
        foldedBounds.append(start)
        foldedBounds.append(end)
        continue
      }
      let foldedStart = Int32(bytes.count)
      if ascii {
        for index in Int(start)..<Int(end) {
          let byte = bytes[index]
          bytes.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
        }
      } else {
        for byte in string(start, end).lowercased().utf8 { bytes.append(byte) }
      }
      foldedBounds.append(foldedStart)
      foldedBounds.append(Int32(bytes.count))
    }
    folded = true
  }

  /// Components, the host included.
  var componentCount: Int { bounds.count / 2 }
  var queryCount: Int { query.count / 4 }

  func string(_ start: Int32, _ end: Int32) -> String {
    String(
      decoding: UnsafeBufferPointer(rebasing: bytes.buffer[Int(start)..<Int(end)]), as: UTF8.self)
  }

  func component(_ index: Int) -> String { string(bounds[2 * index], bounds[2 * index + 1]) }

  /// Fills the layout from an already split routing input (keys and values as given).
  mutating func load(_ input: RoutingInput) {
    reset()
    hasHost = input.firstComponentIsHost
    for component in input.components {
      bounds.append(Int32(bytes.count))
      append(component)
      bounds.append(Int32(bytes.count))
    }
    for item in input.query {
      query.append(Int32(bytes.count))
      append(item.key)
      query.append(Int32(bytes.count))
      query.append(Int32(bytes.count))
      append(item.value)
      query.append(Int32(bytes.count))
    }
  }

  private mutating func append(_ text: String) {
    for byte in text.utf8 { bytes.append(byte) }
  }

  /// The decoded query items as strings.
  var queryItems: [QueryItem] {
    (0..<queryCount).map { item in
      QueryItem(
        key: string(query[4 * item], query[4 * item + 1]),
        value: string(query[4 * item + 2], query[4 * item + 3]))
    }
  }

  /// Builds the `ParsedURL` of `url`, which this layout was scanned from.
  func parsedURL(_ url: String) -> ParsedURL {
    let utf8 = url.utf8
    let scheme =
      schemeEnd < 0
      ? "" : String(decoding: utf8.prefix(schemeEnd), as: UTF8.self).lowercased()
    var host: String?
    var first = 0
    if hasHost {
      host = component(0)
      first = 1
    } else if hasAuthority {
      host = ""
    }
    let fragment =
      fragmentStart < 0 ? nil : String(decoding: utf8.dropFirst(fragmentStart), as: UTF8.self)
    return ParsedURL(
      string: url, scheme: scheme, host: host, port: port,
      pathComponents: (first..<componentCount).map(component), query: queryItems,
      fragment: fragment)
  }
}
