/// GitHub Actions workflow commands for a replay's failures: `::error file=PATH,line=N,col=M::`
/// and the message, one per mismatch (at its command's line) and one for a file that does not
/// parse (at the diagnostic's line and column). GitHub shows each beside the line it names.
///
/// ```swift
/// for line in WorkflowAnnotations.lines(for: report) { print(line) }
/// // ::error file=Scripts/a.dis,line=4,col=1::resolve Logger: the output differs ...
/// ```
public enum WorkflowAnnotations {
  /// Whether `environment` is a GitHub Actions run (`GITHUB_ACTIONS=true`).
  public static func isEnabled(environment: [String: String]) -> Bool {
    environment["GITHUB_ACTIONS"] == "true"
  }

  /// The annotations for `report`: none when it passed or was skipped.
  public static func lines(for report: FileReport) -> [String] {
    var lines: [String] = []
    if let errorText = report.errorText {
      let location = Self.location(in: errorText, path: report.path)
      lines.append(annotation(path: location.path, line: location.line, column: location.column, message: location.message))
    }
    for mismatch in report.mismatches {
      // What the terminal shows, as one message: the header, then the cause, the `!` problem
      // and the diff, each once (`rendered()` holds them all).
      lines.append(annotation(path: report.path, line: mismatch.line, column: 1, message: mismatch.rendered()))
    }
    return lines
  }

  /// `::error file=…,line=…,col=…::message`, escaped as workflow commands require.
  static func annotation(path: String, line: Int, column: Int, message: String) -> String {
    "::error file=\(escapedProperty(path)),line=\(line),col=\(column)::\(escapedData(message))"
  }

  /// The first `path:line:col: error: message` of a diagnostic text; the file's start when none.
  static func location(in text: String, path: String) -> (path: String, line: Int, column: Int, message: String) {
    for row in text.split(separator: "\n") {
      let parts = row.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
      guard parts.count == 4, let line = Int(parts[1]), let column = Int(parts[2]) else { continue }
      let rest = parts[3].drop { $0 == " " }
      return (String(parts[0]), line, column, String(rest))
    }
    return (path, 1, 1, text.split(separator: "\n").first.map(String.init) ?? "error")
  }

  private static func escapedData(_ text: String) -> String {
    text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
  }

  private static func escapedProperty(_ text: String) -> String {
    escapedData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }
}
