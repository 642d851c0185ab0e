import DeepLinkManifest
import PatternCore

extension ReplSession {
  /// Resolves a URL: the winning route, or the nearest route and why it failed.
  func resolve(_ url: String) -> String {
    guard !entries.isEmpty else { return "no tables; :load FILE or :add PATTERN -> INTENT" }
    let forwarded = tables.resolveForwarding(url)
    // Forwarding routes first, one line per hop, then the answer for the last URL.
    var lines = forwarded.via.map { hop in
      "\(style.dim("via")) \(style.bold(hop.table)) route \(hop.route)  \(hop.pattern)  "
        + style.dim("matched") + " " + hop.url
    }
    // A forward that could not be taken (its value is no URL, too many hops) leaves the URL
    // as it was: then there is nothing it was forwarded to.
    if let last = forwarded.via.last, last.url != forwarded.url {
      lines.append(style.dim("forwarded to") + " " + forwarded.url)
    }
    lines.append(describe(forwarded.outcome, url: forwarded.url))
    if case .error = forwarded.outcome {
    } else if let fragment = forwarded.reportedFragment {
      lines.append(
        "  " + style.dim("fragment") + "  " + fragment + "  " + style.dim("(not matched)"))
    }
    if let opens = appLinks?.opensAppLine(url) { lines.append("  " + opens) }
    return lines.joined(separator: "\n")
  }

  private func describe(_ outcome: TableOutcome, url: String) -> String {
    switch outcome {
    case .matched(let match):
      var lines = [
        "\(style.ok) \(style.bold(match.table)) route \(match.route)  \(match.pattern)  \(style.arrow) \(style.bold(match.intent))"
      ]
      if let canonical = canonical(table: match.table, route: match.route),
        canonical != match.pattern
      {
        lines.append(
          "  " + style.dim("read as") + "  " + canonical + "  "
            + style.dim("(the pattern in canonical syntax)"))
      }
      for entry in match.params.entries {
        lines.append(
          "  \(entry.name) = \(JSONWriter.write(Resolver.json(entry.value)))  \(style.dim("(\(Self.typeName(entry.value)))"))"
        )
      }
      if let trace = match.trace {
        lines.append("  trace  " + trace.joined(separator: " \(style.arrow) "))
      }
      if let error = match.handlingError { lines.append("  " + style.warn("handling: ") + error) }
      return lines.joined(separator: "\n")
    case .unmatched(nil):
      return "\(style.no): no route (the tables are empty)"
    case .unmatched(let nearest?):
      var lines = [
        "\(style.no)  nearest: \(style.bold(nearest.table)) route \(nearest.route)  \(nearest.pattern)"
      ]
      lines.append(
        caretLines(url: url, reason: nearest.reason, dialect: dialect(of: nearest.table)))
      return lines.joined(separator: "\n")
    case .error(let diagnostic):
      if diagnostic.code == .missingParams {
        return "❌ " + diagnostic.message
      }
      var shown = diagnostic
      if shown.source == nil, shown.code == .invalidURL || shown.code == .limitExceeded {
        shown.source = url.count <= 200 ? url : nil
      }
      return render(shown)
    }
  }

  /// `:explain URL`: every route of every table, in order, with its verdict.
  func explain(_ url: String) -> String {
    guard !url.isEmpty else {
      return render(
        Diagnostic(code: .invalidRequest, message: "`:explain` needs a URL", hint: ":explain URL"))
    }
    guard !entries.isEmpty else { return "no tables; :load FILE or :add PATTERN -> INTENT" }
    // A forwarding route's value is resolved again: every URL of the chain, in turn, then the
    // answer for the last one.
    let forwarded = tables.resolveForwarding(url)
    var chain = forwarded.via.isEmpty ? [url] : forwarded.via.map(\.url)
    if chain.last != forwarded.url { chain.append(forwarded.url) }
    var lines: [String] = []
    for (position, link) in chain.enumerated() {
      if position > 0 { lines.append(style.dim("forwarded to") + " " + link) }
      switch verdictLines(link) {
      case .success(let verdicts): lines += verdicts
      case .failure(let diagnostic):
        guard position == 0 else {
          lines.append(render(diagnostic))
          break
        }
        return render(diagnostic)
      }
    }
    let outcome: String
    switch forwarded.outcome {
    case .matched(let match):
      outcome = "result: route \(match.route) of \(match.table) \(style.arrow) \(match.intent)"
    case .unmatched: outcome = "result: no intent"
    case .error(let diagnostic): outcome = "result: error \(diagnostic.code)"
    }
    if let fragment = forwarded.reportedFragment {
      lines.append("fragment: " + fragment + " " + style.dim("(reported, never matched)"))
    }
    return (lines + [outcome]).joined(separator: "\n")
  }

  /// Every route of every table, in order, with its verdict on `url`.
  private func verdictLines(_ url: String) -> Result<[String], Diagnostic> {
    var lines: [String] = []
    for entry in entries {
      let table = entry.table
      switch table.explainAll(url) {
      case .failure(let diagnostic):
        return .failure(diagnostic)
      case .success(let verdicts):
        lines.append(style.bold(table.name) + " (\(table.dialect))")
        let width = table.patterns.map(\.count).max() ?? 0
        // Route numbers right-aligned, as `:routes` shows them: the columns stay put past 9.
        let numberWidth = String(max(verdicts.count - 1, 0)).count
        for (index, verdict) in verdicts.enumerated() {
          let pattern = table.patterns[index]
          let padded = pattern + String(repeating: " ", count: width - pattern.count)
          let number = String(repeating: " ", count: numberWidth - String(index).count) + "\(index)"
          switch verdict {
          case .matched:
            lines.append("  \(number)  \(padded)  \(style.colored ? style.ok : "yes:") matches")
          case .missed(let reason):
            lines.append(
              "  \(number)  \(padded)  \(style.colored ? style.paint("✗", "31") : "no:") \(reason.message)"
            )
          }
        }
      }
    }
    return .success(lines)
  }

  /// `:url INTENT name=value ... [@host]`: reverse routing. A value may be quoted (`slug="a b"`)
  /// and may be percent-encoded (`slug=a%20b`): it is decoded once, so the URL encodes it once.
  /// `@uk.example.com` gives the host of a universal link (as a print request's `"host"`).
  func url(_ argument: String) -> String {
    let words: [String]
    switch Self.words(argument) {
    case .success(let split): words = split
    case .failure(let diagnostic): return render(diagnostic)
    }
    guard let intent = words.first else {
      return render(
        Diagnostic(
          code: .invalidRequest, message: "`:url` needs an intent",
          hint: ":url INTENT name=value ..."))
    }
    var params: [(String, JSONValue)] = []
    var host: String?
    for word in words.dropFirst() {
      if word.hasPrefix("@") {
        // The host to print a universal link under (a source such as https://*.example.com).
        host = String(word.dropFirst())
        continue
      }
      guard let equals = word.firstIndex(of: "="), equals > word.startIndex else {
        return render(
          Diagnostic(
            code: .invalidRequest, message: "`\(word)` is not name=value", source: argument,
            offset: argument.utf8.count - (argument.split(separator: " ").last?.utf8.count ?? 0),
            hint: "write each value as name=value"))
      }
      var name = String(word[..<equals])
      // `a%20b` as `a b`; text whose escapes are malformed (or not UTF-8) is kept as typed.
      let typed = String(word[word.index(after: equals)...])
      let value = PatternScanner.percentDecoded(typed) ?? typed
      // `all[ref]=a`: an item of a `*name` query object.
      if name.hasSuffix("]"), let open = name.firstIndex(of: "["), open > name.startIndex {
        let key = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
        name = String(name[..<open])
        if let index = params.firstIndex(where: { $0.0 == name }),
          case .object(var members) = params[index].1
        {
          guard !members.contains(where: { $0.0 == key }) else {
            return render(
              Diagnostic(
                code: .invalidRequest, message: "`\(name)[\(key)]` is given twice",
                hint: "give each value once"))
          }
          members.append((key, .string(value)))
          params[index].1 = .object(members)
          continue
        }
        if !params.contains(where: { $0.0 == name }) {
          params.append((name, .object([(key, .string(value))])))
          continue
        }
      }
      // `*=a *=b/c`: one value per wildcard, in pattern order.
      if name == "*", let index = params.firstIndex(where: { $0.0 == "*" }),
        case .array(let given) = params[index].1
      {
        let earlier =
          !given.isEmpty && given.allSatisfy { $0.arrayValue != nil } ? given : [.array(given)]
        params[index].1 = .array(earlier + [.array(Self.components(value))])
        continue
      }
      guard !params.contains(where: { $0.0 == name }) else {
        // As the resolver refuses a key written twice: one of the values would be dropped.
        return render(
          Diagnostic(
            code: .invalidRequest, message: "`\(name)` is given twice",
            hint: "give each value once"))
      }
      params.append(
        (
          name,
          name == "*" ? .array(Self.components(value)) : .string(value)
        ))
    }
    switch tables.printURL(intent: intent, params: params, table: nil, host: host) {
    case .success(let printed):
      var lines = [printed.url + "  " + style.dim("(\(printed.table) route \(printed.route))")]
      // A printed web link says whether each OS opens the app, as a resolved one does.
      if let opens = appLinks?.opensAppLine(printed.url) { lines.append("  " + opens) }
      return lines.joined(separator: "\n")
    case .failure(let diagnostic):
      return render(diagnostic)
    }
  }

  /// A wildcard's value as the components it prints, split at `/`.
  static func components(_ value: String) -> [JSONValue] {
    value.split(separator: "/").map { .string(String($0)) }
  }

  /// The words of a command line; `"..."` or `'...'` keeps spaces inside one word (and the
  /// quotes are dropped), `\"` is a quote.
  static func words(_ text: String) -> Result<[String], Diagnostic> {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        current.append(character)
        escaped = false
        continue
      }
      if character == "\\" {
        escaped = true
        inWord = true
        continue
      }
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
        continue
      }
      if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character.isWhitespace {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    if quote != nil {
      return .failure(
        Diagnostic(
          code: .invalidRequest, message: "unclosed quote", source: text,
          offset: text.utf8.count, hint: "close the value with the same quote it opened with"))
    }
    if inWord { words.append(current) }
    return .success(words)
  }

  func canonical(table name: String, route: Int) -> String? {
    guard let table = entries.first(where: { $0.table.name == name })?.table,
      route < table.printableRoutes.count
    else { return nil }
    return table.printableRoutes[route].pattern.description
  }

  func dialect(of name: String) -> String {
    entries.first { $0.table.name == name }?.table.dialect ?? "deeper"
  }

  /// The URL with a caret under the component or query item that failed, and the reason.
  func caretLines(url: String, reason: MissReason, dialect: String) -> String {
    let isWeb = url.lowercased().hasPrefix("http")
    let (components, query) = URLComponentOffsets.offsets(
      in: url, includeHost: !(isWeb && dialect == "crossroad"))
    var offset: Int?
    if let index = reason.componentIndex {
      offset = index < components.count ? components[index] : url.utf8.count
    } else if let key = reason.queryKey {
      offset = URLComponentOffsets.queryKey(key, in: url) ?? query ?? url.utf8.count
    } else if reason.urlEndsEarly {
      offset = url.utf8.count
    }
    guard let offset, url.count <= 200 else { return "  " + reason.message }
    let column = DiagnosticRenderer.column(ofByteOffset: offset, in: url)
    return "  " + url + "\n  " + String(repeating: " ", count: column) + style.paint("^", "1;33")
      + " "
      + reason.message
  }

  static func typeName(_ value: PatternValue) -> String {
    switch value {
    case .string: "string"
    case .int: "int"
    case .double: "double"
    case .bool: "bool"
    case .list: "list"
    case .object: "object"
    case .converted: "value"
    }
  }
}
