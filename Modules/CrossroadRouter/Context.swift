import Foundation
import PatternCore

/// What a route handler sees: the URL, its path arguments, its query parameters and
/// the caller's `userInfo`.
///
///     ("pokedex://pokemons/:pokedexID", { context in
///       guard let id: Int = try? context.pokedexID else { return false }   // dynamic member
///       let id2 = try context.argument(named: "pokedexID", as: Int.self)
///       let types: [PokemonType]? = context.parameter(for: "types")        // ?types=water,grass
///       return true
///     })
///
/// Argument names compare exactly; query keys compare case-insensitively.
@dynamicMemberLookup
public struct Context<UserInfo> {
  /// The URL being opened.
  public let url: URL
  /// The URL as given.
  public let urlString: String
  /// The caller's payload.
  public let userInfo: UserInfo
  /// The arguments bound by the pattern: its path captures, and the query captures its query
  /// part declares (`?:int(page)`, a `*name` object as its text); undeclared query items are
  /// read with `parameter(for:)`.
  public let arguments: Captures
  /// The query items of the URL, in order.
  public let queryItems: [QueryItem]

  /// Why an argument could not be read.
  public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
    /// No argument (or required query parameter) has this name.
    case keyNotFound(String)
    /// The value is there but is not of the type asked for.
    case couldNotParse(key: String, value: String, type: String)

    public var description: String {
      switch self {
      case .keyNotFound(let key):
        return "no argument or parameter named `\(key)`"
      case .couldNotParse(let key, let value, let type):
        // By the sound of the type's name: an `Int`, an `Array`; a `URL`, a `UUID`, a `UInt`.
        let article = "AEIO".contains(type.prefix(1)) ? "an" : "a"
        return "`\(key)` = `\(value)` is not \(article) \(type)"
      }
    }
  }

  /// An argument as `type`: a path capture, or a query capture the pattern declares.
  /// - Throws: ``Error/keyNotFound(_:)`` or ``Error/couldNotParse(key:value:type:)``.
  public func argument<T: Argument>(named key: String, as type: T.Type = T.self) throws(Error) -> T
  {
    guard let text = arguments.text(key) else { throw .keyNotFound(key) }
    guard let value = T(argument: text) else {
      throw .couldNotParse(key: key, value: text, type: String(describing: T.self))
    }
    return value
  }

  /// An argument, typed by the context (`let id: Int = try context.argument(for: "id")`).
  public func argument<T: Argument>(for key: String) throws(Error) -> T {
    try argument(named: key, as: T.self)
  }

  /// A path argument by dynamic member: `let id: Int = try context.pokedexID`.
  public subscript<T: Argument>(dynamicMember key: String) -> T {
    get throws(Error) { try argument(named: key, as: T.self) }
  }

  /// The raw text of the first query item whose key matches, ignoring case.
  public func queryParameter(named key: String) -> String? {
    let folded = key.lowercased()
    return queryItems.first { $0.key.lowercased() == folded }?.value
  }

  /// A query parameter as `T`; nil when absent or not a `T`.
  public func parameter<T: Argument>(for key: String) -> T? {
    queryParameter(named: key).flatMap(T.init(argument:))
  }

  /// The original library's spelling of ``parameter(for:)``.
  public func parameters<T: Argument>(for key: String) -> T? {
    parameter(for: key)
  }

  /// A query parameter that must be there and be a `T`.
  /// - Throws: ``Error/keyNotFound(_:)`` or ``Error/couldNotParse(key:value:type:)``.
  public func requiredQueryParameter<T: Argument>(named key: String, as type: T.Type = T.self)
    throws(Error) -> T
  {
    guard let text = queryParameter(named: key) else { throw .keyNotFound(key) }
    guard let value = T(argument: text) else {
      throw .couldNotParse(key: key, value: text, type: String(describing: T.self))
    }
    return value
  }
}

extension Context: Sendable where UserInfo: Sendable {}
