import PatternCore

/// A table whose answer is its route table's first match: no handler can decline and no handler
/// graph runs. The resolver answers the usual lines for such tables straight from
/// `lookup(_:scheme:limits:into:)` and writes the record as bytes; the output is the
/// one `Resolver.respond(to:number:)` (DeepLinkTools) writes (checked by the resolver's differential test).
public final class DirectTable: Sendable {
  package let table: RouteTable
  package let scheme: String
  /// Whether the scheme is `http` or `https`: records then name the host.
  package let isWeb: Bool
  package let limits: URLLimits
  package let name: String
  package let patterns: [String]
  /// Per route: `"table":..,"dialect":..,"route":N,"pattern":..,"intent":..,"params":` as JSON.
  package let matchedFields: [[UInt8]]
  /// Per route, as the nearest miss: `{"table":..,"route":N,"pattern":..,"reason":` as JSON.
  package let nearestFields: [[UInt8]]
  /// Per route whose values are all path strings: each slot and its `"name":` as JSON.
  package let stringSlots: [[(slot: Int, name: [UInt8])]?]

  package init(
    table: RouteTable, scheme: String, limits: URLLimits, name: String, dialect: String,
    patterns: [String], intents: [String]
  ) {
    self.table = table
    self.scheme = scheme
    isWeb = scheme == "http" || scheme == "https"
    self.limits = limits
    self.name = name
    self.patterns = patterns
    matchedFields = zip(patterns, intents).enumerated().map { route, pair in
      var bytes = ByteWriter()
      bytes.append(#""table":"#)
      JSONWriter.writeString(name, into: &bytes)
      bytes.append(#","dialect":"#)
      JSONWriter.writeString(dialect, into: &bytes)
      bytes.append(text: #","route":\#(route),"pattern":"#)
      JSONWriter.writeString(pair.0, into: &bytes)
      bytes.append(#","intent":"#)
      JSONWriter.writeString(pair.1, into: &bytes)
      bytes.append(#","params":"#)
      return bytes.bytes
    }
    nearestFields = patterns.enumerated().map { route, pattern in
      var bytes = ByteWriter()
      bytes.append(#"{"table":"#)
      JSONWriter.writeString(name, into: &bytes)
      bytes.append(text: #","route":\#(route),"pattern":"#)
      JSONWriter.writeString(pattern, into: &bytes)
      bytes.append(#","reason":"#)
      return bytes.bytes
    }
    stringSlots = (0..<table.count).map { route in
      table.stringSlots(ofRoute: route)?.map { slot, name in
        var bytes = ByteWriter()
        JSONWriter.writeString(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        return (slot, bytes.bytes)
      }
    }
  }
}

extension DirectTable {
  /// The nearest route after `lookup` found nothing, as the table's router reports it, when it
  /// is nearer than `closeness` (the nearest miss of the tables tried before, the rule of
  /// ``NearestRoute/isNearer(than:)``): its index, with `closeness` set to its closeness and
  /// the words of its reason written to `words` in place of what was there; nil otherwise.
  /// (No reason is kept: only the nearest is ever written.)
  package func nearestMiss(
    _ lookup: inout RouteLookup, nearerThan closeness: inout Int, words: inout ByteWriter
  ) -> Int? {
    guard table.count > 0 else { return nil }
    func nearer(_ reason: MissReason) -> Bool {
      guard NearestRoute.isNearer(reason.closeness, than: closeness) else { return false }
      closeness = reason.closeness
      words.reset()
      MissReasonRenderer.write(reason.cause, into: &words)
      return true
    }
    if lookup.schemeMismatch {
      return nearer(.schemeMismatch(found: lookup.foundScheme, expected: scheme)) ? 0 : nil
    }
    guard let (route, reason) = table.nearestMiss(of: &lookup), nearer(reason) else { return nil }
    return route
  }
}

extension LoadedTable {
  public var direct: DirectTable? { nil }
}
