import Testing

@testable import DeepLinkTools

/// The repository root, found from this file's path.
let repositoryRoot: String = {
  var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
  parts.removeLast(3)  // Tests/DeepLinkToolsTests/FixtureTests.swift
  return parts.joined(separator: "/")
}()

@Suite("Fixtures through the library")
struct FixtureTests {
  static let files = ConformanceRunner.fixtureFiles([repositoryRoot + "/Fixtures"])

  @Test func thereAreEnoughDeeperCases() throws {
    let deeper = Self.files.filter { $0.contains("/Fixtures/deeper/") }
    let cases = try deeper.map { try ManifestLoader.load(path: $0) }
      .flatMap { $0.tables.flatMap(\.cases) + $0.cases }
    #expect(cases.count >= 120)
  }

  @Test("every fixture case passes", arguments: files)
  func fixture(file: String) {
    let results = ConformanceRunner().run(files: [file])
    #expect(!results.isEmpty)
    for result in results {
      if let failure = result.failure {
        Issue.record(
          "\(result.table ?? "") \(result.subject)\nexpected: \(failure.expected)\nactual: \(failure.actual)"
        )
      }
    }
  }
}
