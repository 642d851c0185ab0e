import Testing

@testable import AppLinks

@Suite("Paths of a decoded-path pattern")
struct EncodedFormsTests {
  @Test func theEncodedFormsOfALanguageDecodeIntoIt() {
    let plain = ByteSet(Array("abcdefghijklmnopqrstuvwxyz0123456789-._~/".utf8))
    let decoded = ByteNFA.literal(Array("/a bé/x".utf8)).encodedForms(plain: plain)
    for accepted in ["/a%20b%C3%A9/x", "/a%20b%c3%a9/x", "/%61%20b%C3%A9%2Fx", "/a%20b%C3%a9/%78"] {
      #expect(decoded.matches(accepted.utf8), "\(accepted)")
    }
    // A byte a URL must encode is never taken raw, and an escape must be whole.
    for refused in [
      "/a bé/x", "/a%20b%C3%A9/x/", "/a%2b%C3%A9/x", "/a%20b%C3%A/x", "/a%%20b%C3%A9/x",
    ] {
      #expect(!decoded.matches(refused.utf8), "\(refused)")
    }
  }
}

@Suite("Product search budgets")
struct SearchBudgetTests {
  /// `/x0*y/x0*y` and so on for ten values in each component, as a substitution variable of
  /// such values writes it: its determinization has exponentially many states.
  static func branchy() -> ByteNFA {
    let any = ByteNFA.byte(.all).star
    let values = ByteNFA.union(
      (0..<10).map {
        ByteNFA.literal(Array("x\($0)".utf8)).then(any).then(.literal(Array("y".utf8)))
      })
    let slash = ByteNFA.literal(Array("/".utf8))
    return slash.then(values).then(slash).then(values)
  }

  @Test func aSearchStopsWhenAnAutomatonGrowsPastItsStateBudget() {
    // Nothing is wanted, so the search would walk every state there is.
    let small = ProductSearch(stateBudget: 50)
    #expect(small.find([Self.branchy()], where: { _ in false }) == .budgetExceeded)
    // A small automaton stays under the same budget, and the search ends with its answer.
    let literal = ByteNFA.literal(Array("/account".utf8))
    #expect(small.find([literal], where: { _ in false }) == ProductSearch.Outcome.none)
    #expect(small.find([literal], where: { $0[0] }) == .found(Array("/account".utf8)))
  }
}
