import DeepLinkManifest
import PatternCore

/// The resolver's path for tables that are all ``DirectTable``s and plain requests.
struct DirectResolver {
  let tables: [DirectTable]
  var lookup = RouteLookup()
  /// A miss's reason in words, reused from line to line.
  var words = ByteWriter(capacity: 128)

  /// Appends the record for a request to resolve the URL at `urlRange` of `line` (with the id
  /// at `idBytes`, both read by the plain reading: their bytes are their JSON form) when the
  /// URL matched a route or matched nothing; false (nothing appended) when the request needs
  /// the general path: a bad URL.
  mutating func respond(
    to urlRange: Range<Int>, id idBytes: Range<Int>?, in line: UnsafeBufferPointer<UInt8>,
    number: Int, into record: inout ByteWriter
  ) -> Bool {
    let urlBytes = UnsafeBufferPointer(rebasing: line[urlRange])
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
      // Nothing was written before this point: the record goes straight to the output.
      Self.appendHead(number, idBytes, line, urlBytes, into: &record)
      record.append(#"","status":"matched","#)
      direct.writeMatch(route: route, &lookup, into: &record)
      Self.appendFragment(of: urlBytes, from: lookup.fragmentStart, into: &record)
      record.append(UInt8(ascii: "}"))
      return true
    }
    Self.appendHead(number, idBytes, line, urlBytes, into: &record)
    record.append(#"","status":"unmatched","nearest":"#)
    if let nearestTable {
      nearestTable.writeNearestFields(route: nearestRoute, into: &record)
      JSONWriter.writeString(bytes: words.buffer, into: &record)
      record.append(UInt8(ascii: "}"))
    } else {
      record.append("null")
    }
    Self.appendFragment(of: urlBytes, from: lookup.fragmentStart, into: &record)
    record.append(UInt8(ascii: "}"))
    return true
  }

  /// `{"line":N,["id":..,]"url":"..` (no closing quote: the caller's next literal starts with
  /// it, one append fewer per record).
  private static func appendHead(
    _ number: Int, _ id: Range<Int>?, _ line: UnsafeBufferPointer<UInt8>,
    _ urlBytes: UnsafeBufferPointer<UInt8>, into record: inout ByteWriter
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
  private static func appendFragment(
    of urlBytes: UnsafeBufferPointer<UInt8>, from start: Int, into record: inout ByteWriter
  ) {
    guard start >= 0 else { return }
    record.append(#","fragment":""#)
    record.append(UnsafeBufferPointer(rebasing: urlBytes[start...]))
    record.append(UInt8(ascii: "\""))
  }
}
