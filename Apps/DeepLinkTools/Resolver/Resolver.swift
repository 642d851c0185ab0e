import DeepLinkManifest
import PatternCore

/// The logic of `deeplink-resolve`: one JSON line in, exactly one JSON line out.
///
/// A line is `{"url": "...", "id": any}` or a bare JSON string. Every line gets one record,
/// whatever it holds: invalid JSON, invalid UTF-8, an empty line, a value of the wrong shape.
public struct Resolver {
  /// The tables URLs are resolved against.
  public let tables: TableSet
  /// The byte-level path, when every table is a ``DirectTable``.
  private var direct: DirectResolver?
  /// The OS files whose decision every http(s) record reports as `"opensApp"`.
  public var appLinks: AppLinkFiles? {
    didSet { if appLinks != nil { direct = nil } }
  }

  /// Creates a resolver over loaded tables.
  public init(tables: TableSet) {
    self.tables = tables
    let directTables = tables.tables.compactMap(\.direct)
    if !directTables.isEmpty, directTables.count == tables.tables.count {
      direct = DirectResolver(tables: directTables)
    }
  }

  /// Whether lines may be answered in parallel: no table runs main-actor handlers.
  public var answersInParallel: Bool { !tables.tables.contains { $0.runsHandlers } }

  /// Whether lines can take the byte-level path (every table is a ``DirectTable``).
  var usesDirectPath: Bool { direct != nil }

  /// Appends the record for input line `number` (1-based) to `output`, without a newline.
  /// The line is read once, by one reader; a URL against tables whose answer is their
  /// first match takes a byte-level path (no JSON tree, no `Router.open`), every other request
  /// the general one. Both write the same record.
  public mutating func respond(
    to line: ArraySlice<UInt8>, number: Int, into output: inout RecordBuffer
  ) {
    output.prepareToWrite()
    line.withUnsafeBufferPointer { line in
      let plain = PlainRequest.read(line)
      if let plain, answerDirectly(plain, in: line, number: number, into: &output.writer) {
        return
      }
      let request = ResolverRequest.read(line, plain: plain)
      output.writer.append(text: respond(to: request, in: line, number: number))
    }
  }

  /// The same, appending to an array.
  public mutating func respond(
    to line: ArraySlice<UInt8>, number: Int, into output: inout [UInt8]
  ) {
    var record = RecordBuffer(capacity: 256)
    respond(to: line, number: number, into: &record)
    record.withUnsafeBytes { output.append(contentsOf: $0) }
  }

  /// The byte-level path alone: false (nothing appended) when the line needs the general one.
  mutating func respondDirectly(
    to line: ArraySlice<UInt8>, number: Int, into output: inout [UInt8]
  ) -> Bool {
    var record = RecordBuffer(capacity: 256)
    let answered = line.withUnsafeBufferPointer { line in
      guard let plain = PlainRequest.read(line) else { return false }
      return answerDirectly(plain, in: line, number: number, into: &record.writer)
    }
    record.withUnsafeBytes { output.append(contentsOf: $0) }
    return answered
  }

  /// The byte-level answer to a plain request read from `line`, when it has one.
  private mutating func answerDirectly(
    _ request: PlainRequest, in line: UnsafeBufferPointer<UInt8>, number: Int,
    into output: inout ByteWriter
  ) -> Bool {
    guard direct != nil else { return false }
    return direct!.respond(
      to: request.url, id: request.id, in: line, number: number, into: &output)
  }

  /// The output record for input line `number` (1-based), without a newline.
  public func respond(to line: ArraySlice<UInt8>, number: Int) -> String {
    line.withUnsafeBufferPointer { line in
      respond(to: ResolverRequest.read(line), in: line, number: number)
    }
  }

  /// The general path: the record for `request`, read from `line`.
  private func respond(
    to request: ResolverRequest, in line: UnsafeBufferPointer<UInt8>, number: Int
  ) -> String {
    var record: [(String, JSONValue)] = [("line", .number(String(number)))]
    if let id = request.id { record.append(("id", id.value(in: line))) }
    func fail(_ code: ErrorCode, _ message: String, offset: Int? = nil) -> String {
      var detail: [(String, JSONValue)] = [
        ("code", .string(code.rawValue)), ("message", .string(message)),
      ]
      if let offset { detail.append(("offset", .number(String(offset)))) }
      record.append(("status", .string("error")))
      record.append(("error", .object(detail)))
      return JSONWriter.write(.object(record))
    }

    let url: String
    switch request.kind {
    case .failure(let code, let message, let offset, let url):
      if let url { record.append(("url", .string(url))) }
      return fail(code, message, offset: offset)
    case .print(let intent, let request):
      return printRecord(request, intent: intent, record: record, fail: fail)
    case .resolve(let text):
      url = text.string(in: line)
    }
    record.append(("url", .string(url)))

    let forwarded = tables.resolveForwarding(url)
    let via: JSONValue? =
      forwarded.via.isEmpty
      ? nil
      : .array(
        forwarded.via.map { .object($0.members) })
    let fragment = forwarded.reportedFragment
    switch forwarded.outcome {
    case .matched(let match):
      record.append(("status", .string("matched")))
      record.append(("table", .string(match.table)))
      record.append(("dialect", .string(match.dialect)))
      record.append(("route", .number(String(match.route))))
      record.append(("pattern", .string(match.pattern)))
      record.append(("intent", .string(match.intent)))
      record.append(("params", Self.json(match.params)))
      if let host = Self.webHost(forwarded.url) {
        record.append(("host", .string(host)))
      }
      if let via { record.append(("via", via)) }
      if let opens = appLinks?.opensApp(url) { record.append(("opensApp", opens)) }
      if let trace = match.trace { record.append(("trace", .array(trace.map(JSONValue.string)))) }
      if let fragment { record.append(("fragment", .string(fragment))) }
      if let error = match.handlingError { record.append(("handlingError", .string(error))) }
    case .unmatched(let nearest):
      record.append(("status", .string("unmatched")))
      if let nearest {
        record.append(
          (
            "nearest",
            .object([
              ("table", .string(nearest.table)), ("route", .number(String(nearest.route))),
              ("pattern", .string(nearest.pattern)), ("reason", .string(nearest.reason.message)),
            ])
          ))
      } else {
        record.append(("nearest", .null))
      }
      if let via { record.append(("via", via)) }
      if let opens = appLinks?.opensApp(url) { record.append(("opensApp", opens)) }
      if let fragment { record.append(("fragment", .string(fragment))) }
    case .error(let diagnostic):
      let written = fail(diagnostic.code, diagnostic.message, offset: diagnostic.offset)
      guard let via else { return written }
      // After forwarding, the hops that led to the error too.
      record.append(("via", via))
      return JSONWriter.write(.object(record))
    }
    return JSONWriter.write(.object(record))
  }

  /// Answers a reverse-routing request `{"intent": "...", "params": {...}, "table": "...",
  /// "host": "..."}` with `{"status": "printed", "url": "..."}`.
  private func printRecord(
    _ request: JSONValue, intent: JSONValue, record: [(String, JSONValue)],
    fail: (ErrorCode, String, Int?) -> String
  ) -> String {
    // A copy: `fail` appends to the caller's record, which must not be borrowed meanwhile.
    var record = record
    guard let name = intent.stringValue else {
      return fail(.invalidRequest, "\"intent\" must be a string, found \(intent.kindName)", nil)
    }
    var params: [(String, JSONValue)] = []
    if let value = request["params"] {
      guard let members = value.objectValue else {
        return fail(.invalidRequest, "\"params\" must be an object, found \(value.kindName)", nil)
      }
      params = members
    }
    var table: String?
    if let value = request["table"] {
      guard let text = value.stringValue else {
        return fail(.invalidRequest, "\"table\" must be a string, found \(value.kindName)", nil)
      }
      table = text
    }
    var host: String?
    if let value = request["host"] {
      guard let text = value.stringValue else {
        return fail(.invalidRequest, "\"host\" must be a string, found \(value.kindName)", nil)
      }
      host = text
    }
    switch tables.printURL(intent: name, params: params, table: table, host: host) {
    case .success(let printed):
      record.append(("status", .string("printed")))
      record.append(("table", .string(printed.table)))
      record.append(("dialect", .string(printed.dialect)))
      record.append(("route", .number(String(printed.route))))
      record.append(("intent", .string(name)))
      record.append(("url", .string(printed.url)))
      // A printed web link says, as every http(s) record does, whether the OS opens the app.
      if let opens = appLinks?.opensApp(printed.url) { record.append(("opensApp", opens)) }
      return JSONWriter.write(.object(record))
    case .failure(let diagnostic):
      return fail(diagnostic.code, diagnostic.message, nil)
    }
  }

  /// The URL's fragment, reported but never matched.
  static func fragment(_ url: String) -> String? {
    guard let hash = url.firstIndex(of: "#") else { return nil }
    return String(url[url.index(after: hash)...])
  }

  /// The lower-cased host of an http(s) URL, reported beside the params of a match.
  static func webHost(_ url: String) -> String? {
    let lower = url.prefix(8).lowercased()
    guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
      let parsed = try? ParsedURL(url), let host = parsed.host, !host.isEmpty
    else { return nil }
    return host.lowercased()
  }

  /// Captures as a JSON object of typed values.
  public static func json(_ captures: Captures) -> JSONValue {
    .object(captures.entries.map { ($0.name, json($0.value)) })
  }

  /// A typed value as JSON: int and double as numbers, bool as true/false, list as an array.
  public static func json(_ value: PatternValue) -> JSONValue {
    switch value {
    case .string(let text): .string(text)
    case .int(let number): .number(String(number))
    case .double(let number): .number(number.description)
    case .bool(let flag): .bool(flag)
    case .list(let values): .array(values.map(json))
    case .object(let items): .object(items.map { ($0.key, .string($0.value)) })
    case .converted(let value): .string(value.text)
    }
  }
}

extension Resolver: LineResponder {}

extension ForwardedOutcome {
  /// The fragment an answer reports: the last URL's; a forwarded URL without one keeps the one
  /// of the URL it came from, as an HTTP redirect does (RFC 9110, 10.2.2).
  var reportedFragment: String? {
    ([url] + via.reversed().map(\.url)).lazy.compactMap(Resolver.fragment).first
  }
}
