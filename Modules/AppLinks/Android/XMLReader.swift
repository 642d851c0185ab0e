/// A small XML reader for Android manifests: elements with attributes and their lines; text,
/// comments, processing instructions, CDATA and the doctype are skipped. Errors name the line.
struct XMLElement {
  var name: String
  var attributes: [(name: String, value: String)]
  var children: [XMLElement]
  var line: Int

  func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }
}

struct XMLReader {
  let bytes: [UInt8]
  var index = 0
  var line = 1
  /// How many elements are open: a manifest nests a few levels, and a reader that recursed
  /// without a limit would run out of stack on a hostile file.
  var depth = 0
  static let maxDepth = 256

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    // A UTF-8 byte-order mark may start a document (XML 1.0 §4.3.3, Appendix F).
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  /// The root element.
  static func parse(_ bytes: [UInt8]) throws(AppLinksError) -> XMLElement {
    let elements = try parseElements(bytes)
    guard elements.count == 1 else {
      throw AppLinksError("content after the root element", origin: "line \(elements[1].line)")
    }
    return elements[0]
  }

  /// The top-level elements of a document or of a fragment of several (at least one, unless
  /// `allowingNone`: a fragment of comments alone, as `generate` writes for no web routes).
  static func parseElements(_ bytes: [UInt8], allowingNone: Bool = false) throws(AppLinksError)
    -> [XMLElement]
  {
    // The compiled form an APK holds (Android's binary XML) starts with its chunk header.
    if bytes.starts(with: [0x03, 0x00, 0x08, 0x00]) {
      throw AppLinksError(
        "this is a compiled (binary) AndroidManifest.xml, as an APK holds it, not XML text",
        origin: "line 1",
        hint: "give the manifest the build merges (app/build/intermediates/merged_manifests), "
          + "or decode it first (aapt2 dump xmltree, apktool)")
    }
    if !allowingNone && bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
      throw AppLinksError("the file is empty: no root element", origin: "line 1")
    }
    try checkUTF8(bytes)
    var reader = XMLReader(bytes)
    var elements: [XMLElement] = []
    while true {
      try reader.skipMisc(topLevel: true)
      guard reader.index < bytes.count else { break }
      elements.append(try reader.element())
    }
    guard !elements.isEmpty || allowingNone else { throw reader.fail("no root element") }
    return elements
  }

  func fail(_ message: String) -> AppLinksError {
    AppLinksError(message, origin: "line \(line)")
  }

  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func advance(_ count: Int = 1) {
    for _ in 0..<count where index < bytes.count {
      if Self.endsLine(bytes, at: index) { line += 1 }
      index += 1
    }
  }

  /// Whether the byte at `index` ends a line: `\n`, or a `\r` that no `\n` follows (XML 1.0
  /// §2.11 reads `\r\n` and a lone `\r` as one line break each).
  static func endsLine(_ bytes: [UInt8], at index: Int) -> Bool {
    bytes[index] == 0x0A
      || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A))
  }

  /// The first byte that is not UTF-8, with its line: text read in another encoding would be
  /// made up (every such byte would read as U+FFFD).
  static func checkUTF8(_ bytes: [UInt8]) throws(AppLinksError) {
    var index = 0
    var line = 1
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        if endsLine(bytes, at: index) { line += 1 }
        index += encoded.count
      case .error:
        throw AppLinksError(
          "a byte that is not UTF-8 (0x\(String(bytes[index], radix: 16, uppercase: true)))",
          origin: "line \(line)", hint: "an AndroidManifest.xml is UTF-8 text")
      case .emptyInput:
        return
      }
    }
  }

  func starts(with text: String) -> Bool {
    let pattern = Array(text.utf8)
    return index + pattern.count <= bytes.count
      && Array(bytes[index..<(index + pattern.count)]) == pattern
  }

  mutating func skip(until text: String) throws(AppLinksError) {
    let startLine = line
    while index < bytes.count, !starts(with: text) { advance() }
    guard index < bytes.count else {
      throw AppLinksError("`\(text)` never comes", origin: "line \(startLine)")
    }
    advance(text.utf8.count)
  }

  /// Spaces, text, comments, processing instructions, CDATA and doctypes between elements.
  mutating func skipMisc(topLevel: Bool = false) throws(AppLinksError) {
    while let byte = current {
      if topLevel && ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "<")].contains(byte) {
        // A document holds markup outside its root element, and nothing else.
        let text = String(decoding: bytes[index..<min(index + 20, bytes.count)], as: UTF8.self)
        throw fail("text outside an element: `\(text)`; an AndroidManifest.xml starts with `<`")
      }
      if starts(with: "<!--") {
        try skip(until: "-->")
      } else if starts(with: "<?") {
        try skip(until: "?>")
      } else if starts(with: "<![CDATA[") {
        try skip(until: "]]>")
      } else if starts(with: "<!") {
        try skip(until: ">")
      } else if byte == UInt8(ascii: "<") {
        return
      } else if byte == UInt8(ascii: "&") {
        // A reference in text: it must be one XML knows, as in an attribute.
        let start = index
        while let byte = current, byte != UInt8(ascii: ";"), byte != UInt8(ascii: "<") {
          advance()
        }
        if current == UInt8(ascii: ";") { advance() }
        _ = try Self.unescape(String(decoding: bytes[start..<index], as: UTF8.self), line: line)
      } else {
        advance()
      }
    }
  }

  mutating func name() throws(AppLinksError) -> String {
    let start = index
    while let byte = current,
      !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/")
        || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "="))
    {
      advance()
    }
    guard index > start else { throw fail("expected a name") }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  mutating func skipSpace() {
    while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      advance()
    }
  }

  mutating func element() throws(AppLinksError) -> XMLElement {
    let line = self.line
    guard current == UInt8(ascii: "<") else { throw fail("expected `<`") }
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maxDepth else {
      throw fail("elements nested deeper than \(Self.maxDepth) levels")
    }
    advance()
    let tag = try name()
    var attributes: [(String, String)] = []
    while true {
      skipSpace()
      guard let byte = current else { throw fail("the tag `<\(tag)` is never closed") }
      if byte == UInt8(ascii: "/") {
        advance()
        guard current == UInt8(ascii: ">") else { throw fail("expected `>` after `/`") }
        advance()
        return XMLElement(name: tag, attributes: attributes, children: [], line: line)
      }
      if byte == UInt8(ascii: ">") {
        advance()
        break
      }
      // A `<` where an attribute would start: the tag opened on `line` was never closed
      // (`<data android:scheme="https"` without `/>`), which is where to look.
      if byte == UInt8(ascii: "<") {
        throw AppLinksError(
          "the tag `<\(tag)` opened on line \(line) is never closed", origin: "line \(line)",
          hint: "end it with `/>` (or `>` and a closing `</\(tag)>`)")
      }
      let attribute = try name()
      skipSpace()
      guard current == UInt8(ascii: "=") else {
        throw fail("the attribute `\(attribute)` has no value")
      }
      advance()
      skipSpace()
      guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
        throw fail("the value of `\(attribute)` is not quoted")
      }
      advance()
      let start = index
      while let byte = current, byte != quote {
        if byte == UInt8(ascii: "<") { throw fail("`<` inside the value of `\(attribute)`") }
        advance()
      }
      guard current == quote else { throw fail("the value of `\(attribute)` is never closed") }
      // XML 1.0 §2.11 and §3.3.3: a line break (`\r\n`, `\r`, `\n`) or tab written in a
      // value reads as a space; one written as a character reference (`&#9;`) stays.
      let raw = String(decoding: bytes[start..<index], as: UTF8.self)
        .replacingOccurrences(of: "\r\n", with: " ")
        .replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
        .replacingOccurrences(of: "\t", with: " ")
      advance()
      if attributes.contains(where: { $0.0 == attribute }) {
        throw fail("the attribute `\(attribute)` is given twice")
      }
      attributes.append((attribute, try Self.unescape(raw, line: self.line)))
    }
    var children: [XMLElement] = []
    while true {
      try skipMisc()
      guard index < bytes.count else {
        throw AppLinksError("the element `<\(tag)>` is never closed", origin: "line \(line)")
      }
      if starts(with: "</") {
        advance(2)
        let closing = try name()
        guard closing == tag else {
          throw fail("`</\(closing)>` closes `<\(tag)>` (opened on line \(line))")
        }
        skipSpace()
        guard current == UInt8(ascii: ">") else { throw fail("expected `>`") }
        advance()
        return XMLElement(name: tag, attributes: attributes, children: children, line: line)
      }
      children.append(try element())
    }
  }

  /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric references.
  static func unescape(_ text: String, line: Int) throws(AppLinksError) -> String {
    guard text.contains("&") else { return text }
    var result = ""
    var rest = Substring(text)
    while let amp = rest.firstIndex(of: "&") {
      result += rest[..<amp]
      guard let semicolon = rest[amp...].firstIndex(of: ";") else {
        throw AppLinksError("`&` without `;`", origin: "line \(line)")
      }
      let entity = rest[rest.index(after: amp)..<semicolon]
      switch entity {
      case "amp": result += "&"
      case "lt": result += "<"
      case "gt": result += ">"
      case "quot": result += "\""
      case "apos": result += "'"
      default:
        let number =
          entity.hasPrefix("#x")
          ? UInt32(entity.dropFirst(2), radix: 16)
          : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
        guard let number, let scalar = Unicode.Scalar(number) else {
          throw AppLinksError("unknown entity `&\(entity);`", origin: "line \(line)")
        }
        // XML 1.0 §2.2 (Char) and the well-formedness constraint "Legal Character": no
        // reference to NUL, another control but tab and line breaks, or U+FFFE and U+FFFF.
        guard number >= 0x20 || [0x09, 0x0A, 0x0D].contains(number), number != 0xFFFE,
          number != 0xFFFF
        else {
          throw AppLinksError(
            "`&\(entity);` refers to a character XML does not allow", origin: "line \(line)")
        }
        result.unicodeScalars.append(scalar)
      }
      rest = rest[rest.index(after: semicolon)...]
    }
    return result + rest
  }
}
