import DeepLinkManifest

/// Where each routing component starts in a URL string (UTF-8 byte offsets), so the REPL can
/// put a caret under the component that failed.
enum URLComponentOffsets {
  /// Offsets of the host (when non-empty and `includeHost`) and of each non-empty path segment.
  static func offsets(in url: String, includeHost: Bool = true) -> (components: [Int], query: Int?)
  {
    let bytes = Array(url.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return ([], nil) }
    var index = colon + 1
    let end = bytes[index...].firstIndex { $0 == UInt8(ascii: "#") } ?? bytes.count
    let queryStart = bytes[index..<end].firstIndex(of: UInt8(ascii: "?"))
    let pathEnd = queryStart ?? end
    var components: [Int] = []
    if index + 1 < pathEnd, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/")
    {
      let authorityStart = index + 2
      let authorityEnd =
        bytes[authorityStart..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
      var hostStart = authorityStart
      if let at = bytes[authorityStart..<authorityEnd].lastIndex(of: UInt8(ascii: "@")) {
        hostStart = at + 1
      }
      if includeHost, hostStart < authorityEnd, bytes[hostStart] != UInt8(ascii: ":") {
        components.append(hostStart)
      }
      index = authorityEnd
    }
    var segmentStart = index
    for position in index...pathEnd
    where position == pathEnd || bytes[position] == UInt8(ascii: "/") {
      if position > segmentStart { components.append(segmentStart) }
      segmentStart = position + 1
    }
    return (components, queryStart)
  }

  /// The offset of `key=` (or `key` alone) in the query, if present.
  static func queryKey(_ key: String, in url: String) -> Int? {
    let bytes = Array(url.utf8)
    guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return nil }
    let keyBytes = Array(key.utf8)
    var start = question + 1
    while start < bytes.count, bytes[start] != UInt8(ascii: "#") {
      let end =
        bytes[start...].firstIndex { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "#") }
        ?? bytes.count
      let item = bytes[start..<end]
      let itemKey = item.prefix { $0 != UInt8(ascii: "=") }
      if Array(itemKey) == keyBytes { return start }
      start = end + 1
    }
    return nil
  }
}
