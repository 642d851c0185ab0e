/// Prints the canonical syntax of an AST (see ``RoutePattern/description``).
enum CanonicalPrinter {
  static func print(_ pattern: RoutePattern) -> String {
    var text = path(pattern.path)
    if !pattern.query.isEmpty {
      text += "?" + pattern.query.map(query).joined(separator: "&")
    }
    return text
  }

  static func path(_ nodes: [PathNode]) -> String {
    nodes.map(node).joined(separator: "/")
  }

  static func node(_ node: PathNode) -> String {
    switch node {
    case .literal(let text): escapeLiteral(text)
    case .capture(let name, let type): capture(name: name, type: type)
    case .wildcard: "*"
    case .rest(let name): "*" + name
    case .optional(let inner): "(" + path(inner) + ")"
    case .choice(let alternatives): "(" + alternatives.map(path).joined(separator: "|") + ")"
    }
  }

  static func capture(name: String, type: ValueType) -> String {
    switch type {
    case .string where !name.isEmpty: ":" + name
    default: ":\(type)(\(name))"
    }
  }

  static func item(_ item: QueryItemPattern) -> String {
    if let literal = item.equals {
      return item.keys.map(escapeLiteral).joined(separator: "/") + "=" + escapeLiteral(literal)
    }
    let value = capture(name: item.name, type: item.type)
    // `:name` when the key is the name and needs no escape; otherwise the keys, escaped as
    // literals are (`a%2Fb=:x`: a `/` in a key is not an alias separator).
    let keys = item.keys.map(escapeLiteral)
    return item.keys == [item.name] && keys == item.keys
      ? value : keys.joined(separator: "/") + "=" + value
  }

  static func query(_ node: QueryNode) -> String {
    switch node {
    case .item(let value): value.required ? item(value) : "(" + item(value) + ")"
    case .oneOf(let items): "(" + items.map(item).joined(separator: "|") + ")"
    case .forbidden(let keys): keys.map { "!" + escapeLiteral($0) }.joined(separator: "&")
    case .all(let name): "*" + name
    }
  }

  /// Characters with a meaning in the syntax, and the control characters the parsers refuse raw,
  /// are percent-encoded inside literals (always two hex digits, so `%05` stays `%05`).
  static func escapeLiteral(_ text: String) -> String {
    var result = ""
    for (index, scalar) in text.unicodeScalars.enumerated() {
      switch scalar {
      case "/", "(", ")", "|", "?", "&", "*", "%", "{", "}", "=", "#", "\u{0}"..."\u{20}", "\u{7F}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += (hex.count == 1 ? "%0" : "%") + hex
      case ":" where index == 0:
        result += "%3A"
      case "!" where index == 0:
        result += "%21"
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
