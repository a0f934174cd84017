import DisSyntax

/// JUnit XML for CI dashboards: one test case per file, the failure holding the same report
/// `discope test` prints (header and diff).
///
/// ```swift
/// try FileSystem.writeAtomically(JUnitReport(reports).xml, to: "junit.xml")
/// ```
public struct JUnitReport: Sendable {
  public let reports: [FileReport]

  public init(_ reports: [FileReport]) { self.reports = reports }

  /// What the report is to the rules of ``FileSystem/refusal(writing:to:inputs:)``.
  public static let content = FileSystem.Content.other("the JUnit report", fileExtension: "xml")

  /// The XML document.
  public var xml: String {
    let summary = RunSummary(reports)
    let total = reports.reduce(0) { $0 + $1.seconds }
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites tests=\"\(reports.count)\" failures=\"\(summary.failed)\" skipped=\"\(summary.skipped)\" time=\"\(Self.seconds(total))\">",
      "  <testsuite name=\"discope test\" tests=\"\(reports.count)\" failures=\"\(summary.failed)\" errors=\"0\" skipped=\"\(summary.skipped)\" time=\"\(Self.seconds(total))\">",
    ]
    for report in reports {
      let open = "    <testcase classname=\"dis\" name=\"\(Self.escaped(report.path))\" time=\"\(Self.seconds(report.seconds))\""
      switch report.status {
      case .passed:
        lines.append(open + "/>")
      case .skipped:
        lines += [open + ">", "      <skipped message=\"no section of that name\"/>", "    </testcase>"]
      case .failed, .unparsable:
        let body = ([report.errorText].compactMap { $0 } + report.mismatches.map { $0.rendered() }).joined(separator: "\n\n")
        let message = report.status == .unparsable ? "the file does not parse" : "\(report.mismatches.count) command(s) did not match"
        lines += [
          open + ">",
          "      <failure message=\"\(Self.escaped(message))\">\(Self.escaped(body))</failure>",
          "    </testcase>",
        ]
      }
    }
    lines += ["  </testsuite>", "</testsuites>"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Text safe inside XML attributes and elements, and shown as the terminal shows it: each
  /// line's control and bidirectional characters written as the `.dis` language escapes them
  /// (`\u{1B}`, `\u{202E}`; XML 1.0 allows no control character, even as an entity), the
  /// newlines between lines kept, then `&<>"'` as entities. A noncharacter XML forbids
  /// (U+FFFE, U+FFFF) is escaped the same way.
  static func escaped(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).terminalSafe }
    var result = ""
    for scalar in lines.joined(separator: "\n").unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\u{FFFE}", "\u{FFFF}": result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func seconds(_ value: Double) -> String {
    let milliseconds = Int((value * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }
}
