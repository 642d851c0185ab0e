import DeepLinkManifest
import PatternCore

/// The resolver's path for tables that are all ``DirectTable``s and plain requests.
struct DirectResolver {
  let tables: [DirectTable]
  var lookup = RouteLookup()
  /// A miss's reason in words, reused from line to line.
  var words = ByteWriter(capacity: 128)
  /// The record being written, reused from line to line.
  var record = ByteWriter()

  /// Appends the record for a request to resolve `url` (from `line`) when the URL matched a
  /// route or matched nothing; false (nothing appended) when the request needs the general
  /// path: a URL that is not its own JSON form (it had escapes), or a bad URL.
  mutating func respond(
    to url: ResolverRequest.Text, id: ResolverRequest.ID?, in line: UnsafeBufferPointer<UInt8>,
    number: Int, into output: inout [UInt8]
  ) -> Bool {
    // Both come as bytes of the line from the plain reading, which the byte-level writing needs.
    guard case .bytes(let urlRange) = url else { return false }
    var idBytes: Range<Int>?
    switch id {
    case nil: break
    case .bytes(let range): idBytes = range
    case .value: return false
    }
    let urlBytes = UnsafeBufferPointer(rebasing: line[urlRange])
    record.reset()
    // The nearest miss so far: its table, route and closeness (its words are in `words`).
    var nearestTable: DirectTable?
    var nearestRoute = 0
    var nearestCloseness = Int.min
    for direct in tables {
      let found: Int?
      do {
        found = try direct.lookup(utf8: urlBytes, into: &lookup)
      } catch {
        return false
      }
      guard let route = found else {
        if let route = direct.nearestMiss(&lookup, nearerThan: &nearestCloseness, words: &words) {
          nearestRoute = route
          nearestTable = direct
        }
        continue
      }
      appendHead(number, idBytes, line, urlBytes)
      record.append(#"","status":"matched","#)
      direct.writeMatch(route: route, &lookup, into: &record)
      appendFragment(of: urlBytes, from: lookup.fragmentStart)
      record.append(UInt8(ascii: "}"))
      output.append(contentsOf: record.buffer)
      return true
    }
    appendHead(number, idBytes, line, urlBytes)
    record.append(#"","status":"unmatched","nearest":"#)
    if let nearestTable {
      nearestTable.writeNearestFields(route: nearestRoute, into: &record)
      JSONWriter.writeString(bytes: words.buffer, into: &record)
      record.append(UInt8(ascii: "}"))
    } else {
      record.append("null")
    }
    appendFragment(of: urlBytes, from: lookup.fragmentStart)
    record.append(UInt8(ascii: "}"))
    // One append to the caller's array per record, not one per piece.
    output.append(contentsOf: record.buffer)
    return true
  }

  /// `{"line":N,["id":..,]"url":"..` (no closing quote: the caller's next literal starts with
  /// it, one append fewer per record).
  private mutating func appendHead(
    _ number: Int, _ id: Range<Int>?, _ line: UnsafeBufferPointer<UInt8>,
    _ urlBytes: UnsafeBufferPointer<UInt8>
  ) {
    record.append(#"{"line":"#)
    JSONWriter.writeInteger(number, into: &record)
    if let id {
      record.append(#","id":"#)
      record.append(UnsafeBufferPointer(rebasing: line[id]))
    }
    record.append(#","url":""#)
    record.append(urlBytes)
  }

  /// `,"fragment":".."` when the URL has one, `start` being where the lookup found it (plain
  /// bytes: they are their JSON form).
  private mutating func appendFragment(of urlBytes: UnsafeBufferPointer<UInt8>, from start: Int) {
    guard start >= 0 else { return }
    record.append(#","fragment":""#)
    record.append(UnsafeBufferPointer(rebasing: urlBytes[start...]))
    record.append(UInt8(ascii: "\""))
  }
}
