import ArgumentParser
import Testing

@testable import DeepLinkTools

@Suite("Single-valued options given twice")
struct SingleValuedOptionsTests {
  @Test(arguments: [
    ["check", "--aasa", "a.json", "--aasa", "b.json"],
    ["check", "--aasa=a.json", "--routes", "r.json", "--aasa", "b.json"],
    ["--app-id", "A.b", "--app-id=C.d"],
  ])
  func aRepeatedOptionIsAUsageErrorThatNamesIt(_ arguments: [String]) {
    #expect(throws: ValidationError.self) {
      try SingleValuedOptions.refuseRepeats(["--aasa", "--app-id"], in: arguments)
    }
    do {
      try SingleValuedOptions.refuseRepeats(["--aasa", "--app-id"], in: arguments)
    } catch {
      let name = arguments.contains("--app-id") ? "--app-id" : "--aasa"
      #expect("\(error)".contains("\(name) is given more than once"))
    }
  }

  @Test(arguments: [
    ["check", "--aasa", "a.json", "--app-id", "A.b", "--routes", "r.json", "s.json"],
    // After `--` every argument is a value.
    ["--aasa", "a.json", "--", "--aasa"],
    // Options not named may repeat (`--routes` collects files).
    ["--routes", "a.json", "--routes", "b.json"],
    // A prefix of a name is another option.
    ["--aasa", "a.json", "--aasa-extra", "b"],
  ])
  func everythingElsePasses(_ arguments: [String]) throws {
    try SingleValuedOptions.refuseRepeats(["--aasa", "--app-id"], in: arguments)
  }
}
