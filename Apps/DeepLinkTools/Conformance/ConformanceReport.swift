import DeepLinkManifest

/// Text and JUnit renderings of conformance results.
public enum ConformanceReport {
  /// Every failure in detail, then `N passed, N failed`.
  public static func text(_ results: [ConformanceRunner.Result]) -> String {
    var lines: [String] = []
    for result in results {
      guard let failure = result.failure else { continue }
      let table = result.table.map { " [\(shown($0))]" } ?? ""
      lines.append("FAIL \(shown(result.file))\(table) \(shown(result.subject))")
      lines.append("  expected: " + shown(failure.expected))
      lines.append("  actual:   " + shown(failure.actual))
    }
    lines.append(summary(results))
    return lines.joined(separator: "\n")
  }

  /// Fixture text as the report shows it: each line after the first under the first (one
  /// block per failure), and control characters written as escapes (`\u{1B}`), so that text
  /// from a fixture cannot drive the terminal.
  static func shown(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: result += "\n            "
      case 0x09: result.unicodeScalars.append(scalar)
      case 0..<0x20, 0x7F..<0xA0:
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `N passed, N failed`.
  public static func summary(_ results: [ConformanceRunner.Result]) -> String {
    let failed = results.filter { $0.failure != nil }.count
    return "\(results.count - failed) passed, \(failed) failed"
  }

  /// JUnit XML: one test suite per fixture file, one test case per checked case.
  public static func junit(_ results: [ConformanceRunner.Result]) -> String {
    var files: [String] = []
    var byFile: [String: [ConformanceRunner.Result]] = [:]
    for result in results {
      if byFile[result.file] == nil { files.append(result.file) }
      byFile[result.file, default: []].append(result)
    }
    let failed = results.filter { $0.failure != nil }.count
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites name=\"deeplink-conformance\" tests=\"\(results.count)\" failures=\"\(failed)\">\n"
    for file in files {
      let cases = byFile[file]!
      let suiteFailures = cases.filter { $0.failure != nil }.count
      xml +=
        "  <testsuite name=\"\(escape(file))\" tests=\"\(cases.count)\" failures=\"\(suiteFailures)\">\n"
      for result in cases {
        let name = (result.table.map { "[\($0)] " } ?? "") + result.subject
        xml += "    <testcase classname=\"\(escape(file))\" name=\"\(escape(name))\""
        if let failure = result.failure {
          xml += ">\n      <failure message=\"\(escape("expected " + failure.expected))\">"
          xml += escape("expected: \(failure.expected)\nactual: \(failure.actual)")
          xml += "</failure>\n    </testcase>\n"
        } else {
          xml += "/>\n"
        }
      }
      xml += "  </testsuite>\n"
    }
    xml += "</testsuites>\n"
    return xml
  }

  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result += "&#xFFFD;"  // XML 1.0 cannot carry control characters
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Writes the JUnit report; the operating system's reason when the file cannot be written
  /// (`is a directory`), else nil.
  public static func writeJUnit(_ results: [ConformanceRunner.Result], to path: String)
    -> String?
  {
    FileIO.writeFile(path, junit(results))
  }
}
