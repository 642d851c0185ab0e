/// The rules of forwarding routes, shared by every router and the tools: when a forwarding route
/// wins, the value of its named query item is resolved again. A value with a scheme is that URL;
/// a value starting with `/` is that path (and its own query) under the scheme and authority of
/// the URL that matched. A chain stops after ``maximumHops`` forwards or at a URL it has
/// already resolved.
///
///     var chain = ForwardChain(start: "https://example.com/mbar?redirect_to=/post/3")
///     chain.next(value: "/post/3")   // .url("https://example.com/post/3")
public struct ForwardChain: Sendable {
  /// The most forwards one URL may go through.
  public static let maximumHops = 8

  /// Why a chain cannot go on.
  public enum Step: Sendable, Hashable {
    /// The URL to resolve next.
    case url(String)
    /// The value is neither a URL with a scheme nor a path starting with `/`.
    case notAURL(value: String)
    /// More than ``maximumHops`` forwards.
    case tooManyHops(next: String)
    /// The URL was already resolved in this chain.
    case loop(next: String)
  }

  /// The URLs resolved so far, the first one included; the last is the current one.
  public private(set) var urls: [String]

  /// A chain that starts at `start`.
  public init(start: String) {
    urls = [start]
  }

  /// The current URL.
  public var current: String { urls[urls.count - 1] }

  /// The forwards taken so far.
  public var hops: Int { urls.count - 1 }

  /// Takes the forward `value` found on the current URL.
  public mutating func next(value: String) -> Step {
    guard let next = Self.target(of: value, from: current) else { return .notAURL(value: value) }
    if hops + 1 > Self.maximumHops { return .tooManyHops(next: next) }
    if urls.contains(next) { return .loop(next: next) }
    urls.append(next)
    return .url(next)
  }

  /// The URL a forwarded value stands for, or nil when it is neither a URL with a scheme nor a
  /// path starting with `/`.
  public static func target(of value: String, from url: String) -> String? {
    if hasScheme(value) { return value }
    guard value.hasPrefix("/") else { return nil }
    return origin(of: url) + value
  }

  /// `scheme://authority` of a URL. A custom-scheme URL with no authority (`myapp:///a/b`,
  /// `myapp:a/b`) has its first component for one, as its host (`myapp://a`): the three
  /// spellings of a custom-scheme URL have the same components.
  static func origin(of url: String) -> String {
    let bytes = Array(url.utf8)
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return "" }
    func component(from start: Int) -> Int {
      var end = start
      while end < bytes.count, !"/?#".utf8.contains(bytes[end]) { end += 1 }
      return end
    }
    let scheme = String(decoding: bytes[..<colon], as: UTF8.self)
    let web = ["http", "https"].contains(scheme.lowercased())
    var start = colon + 1
    if start + 1 < bytes.count, bytes[start] == UInt8(ascii: "/"),
      bytes[start + 1] == UInt8(ascii: "/")
    {
      start += 2
      let end = component(from: start)
      if end > start || web {
        return scheme + "://" + String(decoding: bytes[start..<end], as: UTF8.self)
      }
    } else if web {
      return scheme + ":"
    }
    while start < bytes.count, bytes[start] == UInt8(ascii: "/") { start += 1 }
    return scheme + "://" + String(decoding: bytes[start..<component(from: start)], as: UTF8.self)
  }

  /// Whether `text` starts with `[A-Za-z][A-Za-z0-9+.-]*:`.
  static func hasScheme(_ text: String) -> Bool {
    var first = true
    for byte in text.utf8 {
      let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
      if first {
        guard letter else { return false }
        first = false
        continue
      }
      if byte == UInt8(ascii: ":") { return true }
      guard letter || (byte >= 0x30 && byte <= 0x39) || "+.-".utf8.contains(byte) else {
        return false
      }
    }
    return false
  }

  /// The words for a step that stops the chain (nil for `.url`).
  public static func problem(_ step: Step, name: String) -> String? {
    switch step {
    case .url: nil
    case .notAURL(let value):
      "`\(name)` = `\(value)` forwards to neither a URL with a scheme nor a path starting with '/'"
    case .tooManyHops(let next):
      "more than \(maximumHops) forwarding hops (next: `\(next)`)"
    case .loop(let next):
      "forwarding loop: `\(next)` was already resolved in this chain"
    }
  }
}

extension RoutePattern {
  /// The capture whose value a forwarding route of this pattern resolves again, named by
  /// `queryItem`: the capture of the query item with that key (`url` in Func's
  /// `deep-link?url=:string`, whose capture is positional), else (or, without `byKey`, only)
  /// the query capture of that name (`?:to` binds `to`). One rule for every router's
  /// forwarding registration and for manifests, whose `forward` names the capture.
  /// - Parameters:
  ///   - queryItem: the query item's key (with `byKey`) or its capture's name.
  ///   - byKey: whether `queryItem` may be a key; a manifest's `forward` names the capture.
  ///   - written: the pattern as its user wrote it, which the error shows (its canonical text
  ///     when nil).
  /// - Throws: a `PatternSyntaxError` naming the query captures the pattern has, when none is
  ///   `queryItem`, or when it is a number, a flag or a UUID, which is never a URL or a path.
  public func forwardedCapture(_ queryItem: String, byKey: Bool = true, written: String? = nil)
    throws(PatternSyntaxError) -> String
  {
    let captures = queryItems.filter { $0.equals == nil && !$0.name.isEmpty }
    let text = written ?? description
    /// The forwarded capture is one whose value (`what` it is) can be no URL.
    func neverAURL(_ what: String) -> PatternSyntaxError {
      PatternSyntaxError(
        .other(
          message: "the forwarded \(byKey ? "query item" : "capture") `\(queryItem)` \(what), "
            + "whose value is never a URL or a path",
          hint: "forward a string capture, whose value is the URL to resolve (`?:url`)"),
        pattern: text, offset: text.utf8.count)
    }
    // A router's registration names the item (or its capture); a manifest names the capture.
    let what = byKey ? "query item" : "capture"
    guard
      let item = (byKey ? captures.first(where: { $0.keys.contains(queryItem) }) : nil)
        ?? captures.first(where: { $0.name == queryItem })
    else {
      // `?*all` binds every item as one object, which is no URL.
      if query.contains(where: { if case .all(queryItem) = $0 { true } else { false } }) {
        throw neverAURL("binds every query item as an object")
      }
      let names = captures.map { "`\(byKey ? $0.keys.first ?? $0.name : $0.name)`" }
      throw PatternSyntaxError(
        .other(
          message: "the forwarded \(what) `\(queryItem)` is no query capture of the pattern",
          hint: captures.isEmpty
            ? "the pattern has no query capture; add one whose value is the URL to resolve"
            : (byKey ? "its query items: " : "its query captures: ")
              + names.joined(separator: ", ")),
        pattern: text, offset: text.utf8.count)
    }
    switch item.type {
    case .int, .double, .bool, .uuid:
      throw neverAURL("is a capture of type `\(item.type)`")
    case .string, .custom, .list:
      return item.name
    }
  }
}
