/// The values a match bound, in pattern order: path captures first, then query items.
public struct Captures: Sendable, Hashable, Sequence {
  /// One bound value.
  public struct Entry: Sendable, Hashable {
    /// The capture name.
    public var name: String
    /// The typed value.
    public var value: PatternValue
    /// The decoded text the value was parsed from.
    public var text: String
  }

  /// The entries in pattern order; a name appears at most once.
  public private(set) var entries: [Entry] = []

  /// Creates an empty set of captures.
  public init() {}

  /// Adds a value unless the name is already bound (the earlier binding wins).
  public mutating func bind(_ name: String, _ value: PatternValue, text: String) {
    guard !entries.contains(where: { $0.name.utf8.elementsEqual(name.utf8) }) else { return }
    entries.append(Entry(name: name, value: value, text: text))
  }

  /// The typed value bound to `name`.
  /// (Names compare byte for byte, as literals do: `é` is not `e\u{301}`.)
  public subscript(name: String) -> PatternValue? {
    entries.first { $0.name.utf8.elementsEqual(name.utf8) }?.value
  }

  /// The text bound to `name`, whatever its type.
  public func text(_ name: String) -> String? {
    entries.first { $0.name.utf8.elementsEqual(name.utf8) }?.text
  }

  /// The bound names, in order.
  public var names: [String] { entries.map(\.name) }

  /// The number of bound values.
  public var count: Int { entries.count }

  public func makeIterator() -> IndexingIterator<[Entry]> { entries.makeIterator() }
}

/// A route that matched: its registration index and what it bound.
public struct RouteMatch: Sendable, Hashable {
  /// The 0-based registration index of the route.
  public var routeIndex: Int
  /// The bound values.
  public var captures: Captures

  /// Creates a match.
  public init(routeIndex: Int, captures: Captures) {
    self.routeIndex = routeIndex
    self.captures = captures
  }
}
