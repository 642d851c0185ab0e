import MappingRouter
import PatternCore

/// A route as reverse routing sees it: the intent it produces, its AST and the URL base
/// (a scheme, or a universal link origin).
public struct PrintableRoute: Sendable {
  public var intent: String
  public var pattern: RoutePattern
  /// The sources the route answers, in order: the first prints its URLs, unless a host given
  /// picks another.
  public var bases: [String]

  /// The source URLs print under when no host is given.
  public var base: String { bases.first ?? "" }

  /// How the route's router compares: a printed URL must match back under it.
  public var options: MatchOptions

  public init(
    intent: String, pattern: RoutePattern, base: String, options: MatchOptions = MatchOptions()
  ) {
    self.init(intent: intent, pattern: pattern, bases: [base], options: options)
  }

  public init(
    intent: String, pattern: RoutePattern, bases: [String], options: MatchOptions = MatchOptions()
  ) {
    self.intent = intent
    self.pattern = pattern
    self.bases = bases
    self.options = options
  }
}

/// A URL printed for an intent.
public struct PrintedURL: Sendable {
  public var table: String
  public var dialect: String
  public var route: Int
  public var url: String
}

extension TableSet {
  /// Prints the URL of the first route (in table order, then registration order) whose intent is
  /// `intent` and which can carry `params` (JSON values by capture name; `"*"` gives the
  /// wildcard's components as an array or a `/`-separated string). `host` is the host to print
  /// a universal link under: needed for a source with a host wildcard (`https://*.example.com`),
  /// and it passes over routes of other hosts and of custom schemes.
  public func printURL(
    intent: String, params: [(String, JSONValue)], table: String?, host: String? = nil
  ) -> Result<PrintedURL, Diagnostic> {
    let candidates = tables.filter { table == nil || $0.name == table }
    if let table, candidates.isEmpty {
      return .failure(
        Diagnostic(
          code: .invalidRequest, message: "no table named `\(table)`",
          hint: "tables: " + tables.map { "`\($0.name)`" }.joined(separator: ", ")))
    }
    var firstProblem: String?
    // The code of the first problem: a URL over a limit is `limit_exceeded`.
    var firstCode = ErrorCode.invalidRequest
    // A route passed over for its host (or, in a mapping table, for a parameter another map
    // names), said only when no route had another problem.
    var hostProblem: String?
    for candidate in candidates {
      let forwards = candidate.forwards
      // A mapping parameter another map of the intent names is not printed as an extra item.
      let namedByMaps =
        candidate.dialect == "mapping"
        ? MappingInfoRouter.carried(
          Set(params.map(\.0).filter { $0 != "*" }),
          by: candidate.printableRoutes.filter { $0.intent.isExactly(intent) }.map(\.pattern))
        : []
      for (index, route) in candidate.printableRoutes.enumerated()
      where route.intent.isExactly(intent) {
        let named = "route \(index) `\(candidate.patterns[index])` of `\(candidate.name)`"
        // A host passes over a route none of whose sources answers it, whatever else the route
        // would say (a single-scheme table of web links is asked below: its host is a value).
        if let wanted = host, route.bases != ["https"], route.bases != ["http"] {
          do throws(ReverseRoutingError) {
            _ = try URLPrinter.base(among: route.bases, host: wanted)
          } catch {
            if case .hostNotAnswered = error {
              hostProblem = hostProblem ?? "\(named): \(error.message)"
              continue
            }
          }
        }
        // A forwarding route answers no URL itself (its value is resolved again): it prints none.
        if index < forwards.count, let item = forwards[index] {
          firstProblem =
            firstProblem
            ?? "\(named) forwards the value of `\(item)` to "
            + "be resolved again, so no URL answers to it"
          continue
        }
        switch Self.values(
          params, for: route.pattern, keepingUnknown: candidate.dialect == "mapping")
        {
        case .failure(let problem):
          firstProblem = firstProblem ?? "\(named): \(problem.text)"
        case .success(var (values, wildcards)):
          // A custom-scheme table of web links (`https`, the host its first component) prints
          // under a host its route starts with, or takes the host as the value of its first
          // capture or wildcard (`:site/p/:id`) when it was given none.
          var host = host
          if let wanted = host, route.bases == ["https"] || route.bases == ["http"] {
            var fits = false
            switch route.pattern.path.first {
            case .literal(let first)?: fits = first.lowercased() == wanted.lowercased()
            case .capture(let name, let type)?:
              if values[name] == nil { values[name] = PatternValue(parsing: wanted, as: type) }
              fits = values[name]?.text.lowercased() == wanted.lowercased()
            case .wildcard?:
              if wildcards.isEmpty { wildcards = [[wanted]] }
              fits = wildcards[0].first?.lowercased() == wanted.lowercased()
            default: break
            }
            guard fits else {
              let problem = ReverseRoutingError.hostNotAnswered(host: wanted, source: route.base)
              hostProblem = hostProblem ?? "\(named): \(problem.message)"
              continue
            }
            host = nil
          }
          // The route's URL under the first source that can print it; when an earlier route
          // answers it, the route's other URLs (another alternative of a choice, an optional
          // part left out, another source), made only then. A mapping map prints the
          // parameters it does not name as extra query items, as the router's
          // `url(for:parameters:)` does.
          let plain: String
          var extra: [(String, String)] = []
          let firstBase: String
          do throws(ReverseRoutingError) {
            if candidate.dialect == "mapping" {
              (values, extra) = try MappingInfoRouter.split(
                values, for: route.pattern, namedByOthers: namedByMaps)
            }
            firstBase = try URLPrinter.base(among: route.bases, host: host)
            plain = try URLPrinter.url(
              base: firstBase, pattern: route.pattern, values: values, wildcards: wildcards,
              options: route.options)
          } catch {
            // A mapping parameter another map names is that map's: said only when no route
            // had another problem, as a host passed over is.
            if MappingInfoRouter.isPassedOn(error, carried: namedByMaps) {
              hostProblem = hostProblem ?? "\(named): \(error.message)"
              continue
            }
            if firstProblem == nil { firstCode = error.code }
            firstProblem = firstProblem ?? "\(named): \(error.message)"
            continue
          }
          // Resolved again as a link is, by every table: an earlier route (`profile/:userId`
          // before `profile/:int(id)`), or the next one when this one declines, would answer
          // it otherwise. Then the next route that produces the intent is tried.
          // A custom-scheme URL's first component is its host, which compares without case;
          // written after `:///` it is a path component, which does not (`myapp:///SETTINGS`
          // passes by a `settings` route that `myapp://SETTINGS` would reach).
          func answersItself(_ outcome: TableOutcome) -> Bool {
            if case .matched(let match) = outcome {
              return match.table == candidate.name && match.route == index
            }
            return false
          }
          func printed(_ url: String) -> (String?, TableOutcome) {
            let outcome = resolveOnce(url)
            if answersItself(outcome) { return (url, outcome) }
            if let range = url.range(of: "://"), !url.hasPrefix("http"),
              route.bases.count == 1, !route.base.contains("://")
            {
              let pathForm = url.replacingCharacters(in: range, with: ":///")
              if answersItself(resolveOnce(pathForm)) { return (pathForm, outcome) }
            }
            return (nil, outcome)
          }
          let url = URLPrinter.appending(extra, to: plain)
          let (answer, outcome) = printed(url)
          var found = answer
          if found == nil {
            let bases =
              [firstBase]
              + route.bases.compactMap { try? URLPrinter.base($0, host: host) }.filter {
                $0 != firstBase
              }
            search: for base in bases {
              // Another source's own URL first, then each source's other shapes.
              let own =
                base == firstBase
                ? nil
                : try? URLPrinter.url(
                  base: base, pattern: route.pattern, values: values, wildcards: wildcards,
                  options: route.options)
              let others = URLPrinter.otherURLs(
                base: base, pattern: route.pattern, values: values, wildcards: wildcards,
                options: route.options, first: own ?? plain)
              for other in (own.map { [$0] } ?? []) + others {
                if let answer = printed(URLPrinter.appending(extra, to: other)).0 {
                  found = answer
                  break search
                }
              }
            }
          }
          if let found {
            return .success(
              PrintedURL(
                table: candidate.name, dialect: candidate.dialect, route: index, url: found))
          }
          firstProblem =
            firstProblem ?? "\(named): its URL `\(url)` "
            + Self.answered(outcome, printedBy: index, of: candidate.name)
        }
      }
    }
    return .failure(
      Diagnostic(
        code: firstProblem == nil ? .invalidRequest : firstCode,
        message: (firstProblem ?? hostProblem).map { "cannot print `\(intent)`: \($0)" }
          ?? "no route produces the intent `\(intent)`"))
  }

  /// How a printed URL was answered instead of by route `route` of table `table`, which
  /// printed it: by an earlier route (or table), or, when the route passed it on (its handler
  /// declines), by a later one.
  static func answered(_ outcome: TableOutcome, printedBy route: Int, of table: String) -> String {
    switch outcome {
    case .matched(let match) where match.table == table && match.route > route:
      "is declined by it and answered by route \(match.route) `\(match.pattern)` of "
        + "`\(match.table)`"
    case .matched(let match):
      "is answered by route \(match.route) `\(match.pattern)` of `\(match.table)` first"
    case .unmatched: "is answered by no route (the route declines it)"
    case .error(let diagnostic): "cannot be resolved: \(diagnostic.message)"
    }
  }

  /// Typed capture values for a pattern from JSON params; with `keepingUnknown`, a name no
  /// capture has is kept as a string (a mapping map prints it as an extra query item).
  package static func values(
    _ params: [(String, JSONValue)], for pattern: RoutePattern, keepingUnknown: Bool = false
  ) -> Result<([String: PatternValue], [[String]]), ValueProblem> {
    var types: [String: ValueType] = [:]
    var hasWildcard = false
    func collect(_ nodes: [PathNode]) {
      for node in nodes {
        switch node {
        case .capture(let name, let type): types[name] = type
        case .rest(let name): types[name] = .string
        case .optional(let inner): collect(inner)
        case .choice(let alternatives): alternatives.forEach(collect)
        case .wildcard: hasWildcard = true
        case .literal: break
        }
      }
    }
    collect(pattern.path)
    for item in pattern.queryItems where item.equals == nil { types[item.name] = item.type }
    var objects = Set<String>()
    for case .all(let name) in pattern.query { objects.insert(name) }
    var values: [String: PatternValue] = [:]
    var wildcards: [[String]] = []
    for (name, json) in params {
      if name == "*" {
        // A route without a wildcard is refused for that, whatever the value.
        guard hasWildcard else {
          return .failure(ValueProblem(text: "`*` is given but the pattern has no wildcard"))
        }
        // Each component non-empty, as a rest capture's pieces must be: an empty one would be
        // dropped (`a//b` printed as `a/b`) or make no component.
        switch json {
        case .string(let text):
          let pieces = text.split(separator: "/", omittingEmptySubsequences: false)
          guard !text.isEmpty, !pieces.contains(where: \.isEmpty) else {
            return .failure(
              ValueProblem(
                text: (text.isEmpty ? "`*` is empty" : "`*` = `\(text)` has an empty component")
                  + " (a wildcard takes one or more non-empty components)"))
          }
          wildcards.append(pieces.map(String.init))
        case .array(let items):
          // An array of arrays: one per wildcard, in pattern order (`w/*/x/*`); an array of
          // strings: the components of the one wildcard.
          let lists = items.allSatisfy { $0.arrayValue != nil } && !items.isEmpty
          for list in lists ? items.compactMap(\.arrayValue) : [items] {
            let pieces = list.compactMap(\.stringValue)
            guard pieces.count == list.count else {
              return .failure(
                ValueProblem(
                  text: "`*` must list strings (or, for several wildcards, one array of "
                    + "strings each)"))
            }
            guard !pieces.isEmpty, !pieces.contains(where: \.isEmpty) else {
              return .failure(
                ValueProblem(
                  text: (pieces.isEmpty ? "`*` lists no component" : "`*` has an empty component")
                    + " (a wildcard takes one or more non-empty components)"))
            }
            wildcards.append(pieces)
          }
        default:
          return .failure(
            ValueProblem(
              text: "`*` must be a string, an array of strings, or an array of such arrays "
                + "(one per wildcard)"))
        }
        continue
      }
      if objects.contains(name) {
        guard case .object(let members) = json else {
          return .failure(ValueProblem(text: "`\(name)` must be an object of query items"))
        }
        var items: [QueryItem] = []
        for (key, member) in members {
          guard let text = member.stringValue else {
            return .failure(ValueProblem(text: "`\(name).\(key)` must be a string"))
          }
          items.append(QueryItem(key: key, value: text))
        }
        values[name] = .object(items)
        continue
      }
      guard let type = types[name] ?? (keepingUnknown ? .string : nil) else {
        return .failure(ValueProblem(text: "no capture named `\(name)`"))
      }
      var text: String
      switch json {
      case .string(let value): text = value
      case .number(let value):
        // `5.0` and `5e0` are the JSON number 5: an int capture takes them as `5`.
        text = value
        if PatternValue(parsing: text, as: type) == nil, let integer = json.intValue {
          text = String(integer)
        }
      case .bool(let value): text = value ? "true" : "false"
      default: return .failure(ValueProblem(text: "`\(name)` must be a string, number or boolean"))
      }
      guard let value = PatternValue(parsing: text, as: type) else {
        return .failure(
          ValueProblem(text: "`\(name)` = `\(text)` is not \(type == .int ? "an" : "a") \(type)"))
      }
      values[name] = value
    }
    // Components for a wildcard the pattern does not have would be dropped: another route
    // may carry them.
    if !wildcards.isEmpty, !hasWildcard {
      return .failure(ValueProblem(text: "`*` is given but the pattern has no wildcard"))
    }
    return .success((values, wildcards))
  }
}

/// Why params cannot fill a pattern.
package struct ValueProblem: Error {
  package let text: String
}
