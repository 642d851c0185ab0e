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
  let matchedFields: PooledTexts
  /// Per route, as the nearest miss: `{"table":..,"route":N,"pattern":..,"reason":` as JSON.
  let nearestFields: PooledTexts
  /// For a route whose values are all path strings, where its slots are in `stringSlots`; nil
  /// for any other route.
  let slotRanges: [Range<Int>?]
  /// The slots of those routes, one after the other.
  let stringSlots: [Int]
  /// `"name":` as JSON for each entry of `stringSlots`, at the same index.
  let slotNames: PooledTexts

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
    matchedFields = PooledTexts(
      zip(patterns, intents).enumerated().map { route, pair in
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
      })
    nearestFields = PooledTexts(
      patterns.enumerated().map { route, pattern in
        var bytes = ByteWriter()
        bytes.append(#"{"table":"#)
        JSONWriter.writeString(name, into: &bytes)
        bytes.append(text: #","route":\#(route),"pattern":"#)
        JSONWriter.writeString(pattern, into: &bytes)
        bytes.append(#","reason":"#)
        return bytes.bytes
      })
    var slotRanges: [Range<Int>?] = []
    var stringSlots: [Int] = []
    var names: [[UInt8]] = []
    for route in 0..<table.count {
      guard let slots = table.stringSlots(ofRoute: route) else {
        slotRanges.append(nil)
        continue
      }
      let start = stringSlots.count
      for (slot, name) in slots {
        var bytes = ByteWriter()
        JSONWriter.writeString(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        stringSlots.append(slot)
        names.append(bytes.bytes)
      }
      slotRanges.append(start..<stringSlots.count)
    }
    self.slotRanges = slotRanges
    self.stringSlots = stringSlots
    slotNames = PooledTexts(names)
  }

  /// Appends the nearest-miss fields of route `route` (see `nearestFields`).
  package func writeNearestFields(route: Int, into record: inout ByteWriter) {
    nearestFields.append(route, to: &record)
  }
}

extension DirectTable {
  /// Finds the first route of the table that matches `url`, as ``RouteTable/lookup(_:scheme:limits:into:)``
  /// does with the table's scheme and limits. (A method, so that the table's parts are read
  /// from the table, not copied and retained for every line.)
  package func lookup(utf8 url: UnsafeBufferPointer<UInt8>, into lookup: inout RouteLookup)
    throws(URLParseError) -> Int?
  {
    try table.lookup(utf8: url, scheme: scheme, limits: limits, into: &lookup)
  }

  /// Writes the part of a `matched` record that depends on the route `route` the last lookup
  /// found: `"table":..,"dialect":..,"route":N,"pattern":..,"intent":..,"params":{..}`, then
  /// `,"host":..` for a web table.
  package func writeMatch(route: Int, _ lookup: inout RouteLookup, into record: inout ByteWriter) {
    matchedFields.append(route, to: &record)
    if let entries = slotRanges[route] {
      // Path strings straight from the URL's bytes.
      record.append(UInt8(ascii: "{"))
      var first = true
      for entry in entries {
        guard let text = lookup.text(ofSlot: stringSlots[entry]) else { continue }
        if !first { record.append(UInt8(ascii: ",")) }
        first = false
        slotNames.append(entry, to: &record)
        JSONWriter.writeString(bytes: text, into: &record)
      }
      record.append(UInt8(ascii: "}"))
    } else {
      JSONWriter.write(table.captures(of: lookup), into: &record)
    }
    if isWeb, let host = lookup.host {
      record.append(#","host":"#)
      JSONWriter.writeString(host.lowercased(), into: &record)
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

/// Byte strings stored end to end in one buffer and read in place: a record appends one without
/// retaining and releasing an array of its own.
struct PooledTexts: Sendable {
  private let bytes: [UInt8]
  /// String `i` is `bytes[ends[i]..<ends[i + 1]]`.
  private let ends: [Int]

  init(_ texts: [[UInt8]]) {
    bytes = Array(texts.joined())
    ends = texts.reduce(into: [0]) { ends, text in ends.append(ends.last! + text.count) }
  }

  /// Appends string `index` to `writer`.
  func append(_ index: Int, to writer: inout ByteWriter) {
    let range = ends[index]..<ends[index + 1]
    bytes.withUnsafeBufferPointer { writer.append(UnsafeBufferPointer(rebasing: $0[range])) }
  }
}
