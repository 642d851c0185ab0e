import Foundation
import PatternCore

/// One line of the catalog: a route or action with its remark.
public struct CatalogEntry: Sendable, Hashable, Codable {
  /// The registration index.
  public let index: Int
  /// `route` or `action`.
  public let kind: Map.Kind
  /// The full pattern: `native://user/info?{*id}`.
  public let pattern: String
  /// The target type's name.
  public let target: String
  /// The remark, if any.
  public let remark: String?
}

extension MappingInfoRouter {
  /// Every route and action, in registration order.
  public var catalog: [CatalogEntry] {
    entries.enumerated().map { index, entry in
      let path = entry.map.path.hasPrefix("/") ? entry.map.path : "/" + entry.map.path
      return CatalogEntry(
        index: index, kind: entry.map.kind, pattern: "\(scheme)://\(entry.group)\(path)",
        target: entry.map.targetName, remark: entry.map.remark)
    }
  }

  /// The catalog as pretty-printed JSON (an array of entries, keys sorted).
  public var catalogJSON: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(catalog) else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The catalog as an aligned text table.
  public var catalogTable: String {
    let rows =
      [["#", "KIND", "PATTERN", "TARGET", "REMARK"]]
      + catalog.map {
        [String($0.index), $0.kind.rawValue, $0.pattern, $0.target, $0.remark ?? ""]
      }
    let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == 4 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
      }.joined(separator: "  ").trimmingSuffix()
    }.joined(separator: "\n")
  }
}

extension String {
  fileprivate func trimmingSuffix() -> String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }

}
