import Foundation
import PatternCore

extension DeeperFuncRouter where Intent: Equatable {
  /// The URL of the first route able to print `intent`, or nil. Query items follow pattern
  /// order, absent optionals are left out, values are percent-encoded, and the URL resolves
  /// back to the same intent.
  /// - Parameters:
  ///   - intent: the intent to print.
  ///   - wildcards: the components each `*` of the route stands for, in pattern order (an
  ///     intent carries no value for a wildcard).
  public func url(for intent: Intent, wildcards: [[String]] = []) -> URL? {
    urlString(for: intent, wildcards: wildcards).flatMap { URL(string: $0) }
  }

  /// The string form of ``url(for:wildcards:)``.
  public func urlString(for intent: Intent, wildcards: [[String]] = []) -> String? {
    try? printedURL(for: intent, wildcards: wildcards)
  }

  /// The URL for `intent`; says why when none can be printed.
  ///
  ///     try router.makeURL(for: .search)                        // a `*` route: throws
  ///     try router.makeURL(for: .search, wildcards: [["a"]])    // myapp://a/search
  ///
  /// - Throws: `ReverseRoutingError`: the reason of the first route registered for the
  ///   intent's case (a wildcard with no value, a value that does not fit its type), or
  ///   `noRoute(subject:routes:)` when no route builds this intent.
  public func makeURL(for intent: Intent, wildcards: [[String]] = []) throws(ReverseRoutingError)
    -> URL
  {
    try URLPrinter.foundationURL(
      printedURL(for: intent, wildcards: wildcards), subject: "`\(intent)`")
  }

  private func printedURL(for intent: Intent, wildcards: [[String]]) throws(ReverseRoutingError)
    -> String
  {
    var firstError: ReverseRoutingError?
    var candidates = 0
    for entry in entries {
      guard
        let values = entry.extract.map({ $0(intent) })
          ?? Self.mirrorValues(intent, entry.leaves.count),
        let values, entry.make(values) == intent
      else { continue }
      candidates += 1
      var captures: [String: PatternValue] = [:]
      guard zip(entry.leaves, values).allSatisfy({ $0.encode($1, into: &captures) }) else {
        continue
      }
      do {
        // The route's URL, then its other shapes' when an earlier route answers it.
        let url = try URLPrinter.url(
          base: scheme, pattern: entry.pattern, values: captures, wildcards: wildcards)
        let resolution = resolve(url)
        if resolution.intent == intent { return url }
        for other in URLPrinter.otherURLs(
          base: scheme, pattern: entry.pattern, values: captures, wildcards: wildcards, first: url)
        where resolve(other).intent == intent {
          return other
        }
        // Printed, but another route answers the URL first: the reason, unless a route prints.
        if firstError == nil, case .matched(let other, _, _) = resolution {
          firstError = .takenFirst(url: url, route: other, pattern: entries[other].text)
        }
      } catch {
        if firstError == nil { firstError = error }
      }
    }
    if let firstError { throw firstError }
    throw .noRoute(subject: "`\(intent)`", routes: candidates)
  }

  /// An enum case's associated values, flattened: none, the one value, or a tuple's elements.
  static func mirrorValues(_ intent: Intent, _ count: Int) -> [Any]?? {
    let mirror = Mirror(reflecting: intent)
    guard count > 0 else { return .some([]) }
    guard mirror.displayStyle == .enum, let payload = mirror.children.first?.value else {
      return .some(nil)
    }
    let inner = Mirror(reflecting: payload)
    if count == 1 {
      // `case showProfile(userId: String)` reflects as a one-element labelled tuple.
      if inner.displayStyle == .tuple, inner.children.count == 1, let value = inner.children.first {
        return .some([value.value])
      }
      return .some([payload])
    }
    let elements = inner.children.map(\.value)
    return .some(elements.count == count ? elements : nil)
  }
}

extension DeeperFuncRouter where Intent: Route {
  /// Registers a one-value constructor whose intents print back through `deconstruct`.
  public func add<A>(_ constructor: @escaping (A) -> Intent, route: TypedRoute<A>) {
    append(
      Entry(
        text: route.pattern.description, pattern: route.pattern, leaves: route.leaves,
        make: Self.maker(constructor),
        extract: { intent in intent.deconstruct(constructor).map { [$0] } }))
  }

  /// Registers a constructor whose intents print back through the original's `deconstruct`.
  public func add<each T>(
    _ constructor: @escaping (repeat each T) -> Intent, route: TypedRoute<(repeat each T)>
  ) {
    append(
      Entry(
        text: route.pattern.description, pattern: route.pattern, leaves: route.leaves,
        make: Self.maker(constructor),
        extract: { intent in
          let whole: ((repeat each T)) -> Intent = { values in constructor(repeat each values) }
          guard let values = intent.deconstruct(whole) else { return nil }
          let count = route.leaves.count
          if count == 1 { return [values] }
          let elements = Mirror(reflecting: values).children.map(\.value)
          return elements.count == count ? elements : nil
        }))
  }
}
