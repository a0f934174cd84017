/// The canonical printer behind `discope fmt`: a ``Script`` back to text.
///
/// Spacing is normalised (one space between words, `scope=x` glued, one space
/// before a trailing `#`), line endings are LF, the `%dis 1` header is kept
/// when present, comments, sections and blank lines stay where they were (a
/// comment's text byte for byte),
/// expected blocks are indented by two spaces and assembly members by two.
/// Formatting is idempotent, and parsing the result gives the same
/// ``Script/structure``.
///
/// ```swift
/// switch ScriptFormatter.format("register   Logger=ConsoleLogger\n", path: "a.dis") {
/// case .success(let text): print(text, terminator: "")   // register Logger = ConsoleLogger
/// case .failure(let failure): print(failure.diagnostics.rendered(in: failure.source))
/// }
/// ```
public enum ScriptFormatter {
  /// The script as canonical text, ending with a newline (empty for an empty script).
  public static func format(_ script: Script) -> String {
    var lines: [String] = []
    let hasHeaderItem = script.items.contains { if case .versionHeader = $0.kind { true } else { false } }
    if let version = script.version, !hasHeaderItem { lines.append("%dis \(version)") }
    for item in script.items {
      switch item.kind {
      case .versionHeader(let version, let comment): lines.append("%dis \(version)" + trailing(comment))
      case .blank: lines.append("")
      // A comment's bytes are the author's: a tab, a BEL or U+202E stays as it was written.
      // Whoever prints this text on a terminal escapes it there (`discope run`).
      case .comment(let text): lines.append("#" + text)
      case .section(let title): lines.append("## " + title)
      case .entry(let entry): lines += entryLines(entry)
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// Parses `text` and prints it canonically; refuses a file with errors, since
  /// lines that do not parse would be lost.
  public static func format(_ text: String, path: String, parser: ScriptParser = ScriptParser())
    -> Result<String, ParseFailure>
  {
    let result = parser.parse(text, path: path)
    guard !result.hasErrors else {
      return .failure(ParseFailure(diagnostics: result.diagnostics, source: result.source))
    }
    return .success(format(result.script))
  }

  /// The command line(s) of an entry, then its expected block.
  static func entryLines(_ entry: Entry) -> [String] {
    let command = (entry.isExpectedToFail ? "! " : "") + entry.command.description + trailing(entry.comment)
    return command.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      + (entry.expectedOutput?.lines ?? []).map(expectedLine)
  }

  /// `  text`, or an empty line for empty text.
  static func expectedLine(_ text: String) -> String {
    let text = Lexer.trimmingTrailingSpace(text)
    return text.isEmpty ? "" : "  " + text
  }

  private static func trailing(_ comment: String?) -> String {
    comment.map { " #" + $0 } ?? ""
  }
}
