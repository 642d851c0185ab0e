import Foundation
import PatternCore

/// A type that can be read from a path argument or a query parameter.
///
/// Int, Int64, Float, Double, Bool, String and URL conform; so does any String-backed enum that
/// declares conformance (`enum PokemonType: String, Argument { case fire, water }`), and arrays
/// and sets of arguments, read from comma-separated text (empty pieces dropped; one bad piece
/// fails the whole list).
public protocol Argument {
  /// Parses the text; nil when it does not fit.
  init?(argument text: String)
}

extension Argument where Self: RawRepresentable, RawValue == String {
  public init?(argument text: String) {
    self.init(rawValue: text)
  }
}

extension String: Argument {
  public init?(argument text: String) { self = text }
}

extension Int: Argument {
  public init?(argument text: String) {
    guard case .int(let value)? = PatternValue(parsing: text, as: .int),
      let int = Int(exactly: value)
    else { return nil }
    self = int
  }
}

extension Int64: Argument {
  public init?(argument text: String) {
    guard case .int(let value)? = PatternValue(parsing: text, as: .int) else { return nil }
    self = value
  }
}

extension Double: Argument {
  public init?(argument text: String) {
    guard case .double(let value)? = PatternValue(parsing: text, as: .double) else { return nil }
    self = value
  }
}

extension Float: Argument {
  public init?(argument text: String) {
    guard let double = Double(argument: text), Float(double).isFinite else { return nil }
    self = Float(double)
  }
}

extension Bool: Argument {
  public init?(argument text: String) {
    guard case .bool(let value)? = PatternValue(parsing: text, as: .bool) else { return nil }
    self = value
  }
}

extension URL: Argument {
  public init?(argument text: String) {
    guard !text.isEmpty, let url = URL(string: text) else { return nil }
    self = url
  }
}

extension Array: Argument where Element: Argument {
  public init?(argument text: String) {
    var values: [Element] = []
    for piece in text.split(separator: ",", omittingEmptySubsequences: true) {
      guard let value = Element(argument: String(piece)) else { return nil }
      values.append(value)
    }
    self = values
  }
}

extension Set: Argument where Element: Argument {
  public init?(argument text: String) {
    guard let values = [Element](argument: text) else { return nil }
    self = Set(values)
  }
}
