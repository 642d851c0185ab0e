/// The shell every router wraps: its routes in priority order, the table compiled from them on
/// first use after a change, and the URL limits, behind one lock. Matching runs on a snapshot,
/// so a router can be shared between threads while routes are still being added.
///
/// `Entry` is whatever a front-end keeps per route (its pattern text, handler, target); the
/// registry only needs each entry's pattern.
package final class RouteRegistry<Entry>: @unchecked Sendable {
  private let lock = RegistryLock()
  private var entryList: [Entry] = []
  private var compiled: RouteTable?
  private var limitsValue: URLLimits = .default
  private var typeList: [CustomValueType] = []
  /// How the table compares text.
  package let options: MatchOptions
  private let pattern: (Entry) -> RoutePattern

  /// An empty registry whose entries' patterns are read by `pattern`.
  package init(options: MatchOptions = MatchOptions(), pattern: @escaping (Entry) -> RoutePattern) {
    self.options = options
    self.pattern = pattern
  }

  /// The URL size limits.
  package var limits: URLLimits {
    get { lock.withLock { limitsValue } }
    set { lock.withLock { limitsValue = newValue } }
  }

  /// The declared value types, in registration order.
  package var valueTypes: [CustomValueType] { lock.withLock { typeList } }

  /// Declares a value type for the patterns added after it.
  package func register(_ type: CustomValueType) throws(ValueTypeError) {
    try type.validate()
    let added = lock.withLock {
      guard !typeList.contains(where: { $0.name == type.name }) else { return false }
      typeList.append(type)
      return true
    }
    if !added { throw .alreadyRegistered(name: type.name) }
  }

  /// The entries, in priority order.
  package var entries: [Entry] { lock.withLock { entryList } }

  /// Adds entries after the existing ones (all at once, for all-or-nothing registration).
  package func append(contentsOf new: [Entry]) {
    lock.withLock {
      entryList += new
      compiled = nil
    }
  }

  /// The entries and their compiled table, consistent with each other.
  package func snapshot() -> (entries: [Entry], table: RouteTable) {
    lock.withLock {
      if let compiled { return (entryList, compiled) }
      let table = RouteTable(patterns: entryList.map(pattern), options: options)
      compiled = table
      return (entryList, table)
    }
  }

  /// Offers each matching route (in priority order) to `accept` until it returns a value: the
  /// declined-handler loop of every router. Routes `eligible` rejects are skipped unseen.
  /// - Returns: the accepted value and its route, and the routes that matched but declined.
  package static func firstAccepted<Accepted>(
    _ matches: some Sequence<RouteMatch>, eligible: (Int) -> Bool = { _ in true },
    _ accept: (RouteMatch) throws -> Accepted?
  ) rethrows -> (accepted: (route: Int, value: Accepted)?, declined: [Int]) {
    var declined: [Int] = []
    for match in matches where eligible(match.routeIndex) {
      if let value = try accept(match) { return ((match.routeIndex, value), declined) }
      declined.append(match.routeIndex)
    }
    return (nil, declined)
  }

  /// The nearest route after every matching route declined or none matched: the first that
  /// declined (or, `firstIsAsync`, whose `async` handler a synchronous call passed over), else
  /// the route that came closest.
  package static func nearest(
    declined: [Int], firstIsAsync: Bool = false, _ nearestMiss: () -> (Int, MissReason)?
  ) -> (Int, MissReason)? {
    if let first = declined.first {
      return (first, firstIsAsync ? .handlerIsAsync : .handlerDeclined)
    }
    return nearestMiss()
  }
}
