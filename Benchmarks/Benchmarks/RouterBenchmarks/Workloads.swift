import DeeperRouter
import Foundation
import PatternCore

/// The route sets and requests every benchmark uses, built once.
enum Workloads {
  /// One route of the GitHub API set: `GET /repos/:owner/:repo` becomes the components
  /// `["GET", "repos", ":owner", ":repo"]` (the method first, so one table holds all four).
  struct GitHubRoute {
    var method: String
    var segments: [String]

    /// Our pattern syntax: `GET/repos/:owner/:repo`.
    var pattern: String { ([method] + segments).joined(separator: "/") }

    /// A request URL with each parameter filled in with a value.
    func request(_ index: Int) -> String {
      let filled = segments.map { $0.hasPrefix(":") ? "v\(index)\($0.dropFirst().prefix(3))" : $0 }
      return "gh://" + ([method] + filled).joined(separator: "/")
    }
  }

  static let gitHubRoutes: [GitHubRoute] = {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("github-api-routes.txt")
    guard let text = try? String(contentsOf: file, encoding: .utf8) else {
      preconditionFailure("benchmark data missing: \(file.path)")
    }
    return text.split(separator: "\n").compactMap { line -> GitHubRoute? in
      let parts = line.split(separator: " ")
      guard parts.count == 2 else { return nil }
      return GitHubRoute(
        method: String(parts[0]), segments: parts[1].split(separator: "/").map(String.init))
    }
  }()

  /// A URL for every GitHub route.
  static let gitHubHits: [String] = gitHubRoutes.enumerated().map { $1.request($0) }

  /// URLs no GitHub route accepts: each request with one more component, and unknown paths.
  static let gitHubMisses: [String] =
    (gitHubHits.map { $0 + "/zz-unknown" }
    + gitHubRoutes.map { "gh://\($0.method)/nope/\($0.segments.count)" }).filter { url in
      // Some routes take one more component (`/hooks` and `/hooks/:id`): those are hits.
      let input = try! ParsedURL(url).routingInput
      return !(0..<gitHubTable.count).contains { gitHubTable.match(routeAt: $0, input) != nil }
    }

  static func parse(_ pattern: String) -> RoutePattern {
    do {
      return try DeeperPatternParser().parse(pattern)
    } catch {
      preconditionFailure("benchmark pattern \(pattern) does not parse: \(error)")
    }
  }

  static let gitHubTable: RouteTable = RouteTable(patterns: gitHubRoutes.map { parse($0.pattern) })

  /// A synthetic table of `count` routes in the shape of app deep links: a section literal, a
  /// capture, an action literal, sometimes a typed capture or a query item. Sections repeat, so
  /// a section holds many routes whose order matters.
  static func syntheticPatterns(_ count: Int) -> [String] {
    (0..<count).map { index in
      let section = "section\(index / 8)"
      switch index % 4 {
      case 0: return "\(section)/:id/action\(index)"
      case 1: return "\(section)/:int(id)/action\(index)/detail"
      case 2: return "\(section)/list\(index)"
      default: return "\(section)/item\(index)/:name?:tab"
      }
    }
  }

  /// Requests spread over the whole synthetic table (every 7th route, so all sizes hit routes
  /// from the front to the back).
  static func syntheticRequests(_ count: Int) -> [String] {
    stride(from: 0, to: count, by: max(1, count / 64)).map { index in
      let section = "section\(index / 8)"
      switch index % 4 {
      case 0: return "app://\(section)/u\(index)/action\(index)"
      case 1: return "app://\(section)/\(index)/action\(index)/detail"
      case 2: return "app://\(section)/list\(index)"
      default: return "app://\(section)/item\(index)/n\(index)?tab=likes"
      }
    }
  }

  static func syntheticTable(_ count: Int) -> RouteTable {
    RouteTable(patterns: syntheticPatterns(count).map(parse))
  }

  /// Wildcards, optionals and choices, as Deeper and Crossroad tables use them.
  static let wildcardPatterns: [String] = (0..<25).flatMap { index in
    [
      "(profile\(index)|user\(index))/(info)/:int(userId)",
      "files\(index)/*/raw/:name",
      "*/share\(index)/:target",
      "tweet\(index)/:int(tweetId)/(retweet|like|reply)/(confirm)",
    ]
  }

  static let wildcardRequests: [String] = (0..<25).flatMap { index in
    [
      "app://user\(index)/info/42", "app://profile\(index)/7",
      "app://files\(index)/a/b/c/raw/readme.md", "app://x/y/share\(index)/mail",
      "app://tweet\(index)/99/like", "app://tweet\(index)/99/reply/confirm",
    ]
  }

  static let wildcardTable = RouteTable(patterns: wildcardPatterns.map(parse))

  /// The GitHub set as a `deeper` manifest for the resolver.
  static let resolverManifest: String = {
    let routes = gitHubRoutes.enumerated().map { index, route in
      #"{"pattern": "\#(route.pattern)", "intent": "r\#(index)"}"#
    }
    return
      #"{"name": "github", "dialect": "deeper", "scheme": "gh", "routes": [\#(routes.joined(separator: ",\n"))]}"#
  }()

  /// Resolver input: three hits for every miss, each line an object with an id.
  static let resolverLines: [[UInt8]] = (0..<gitHubHits.count).flatMap { index in
    [
      #"{"url": "\#(gitHubHits[index])", "id": \#(index)}"#,
      #"{"url": "\#(gitHubHits[(index * 7) % gitHubHits.count])", "id": \#(index)}"#,
      #"{"url": "\#(gitHubHits[(index * 13) % gitHubHits.count])"}"#,
      #""\#(gitHubMisses[index])""#,
    ]
  }.map { Array($0.utf8) }
}
