import DIScopeCLI
import DisScript
import DisSyntax
import Testing

/// Nothing raw reaches a terminal: names, values, comments and diffs print escaped as the `.dis`
/// language writes strings (`\u{1B}`, `\"`), and a transcript so printed reads back.
@Suite struct TerminalSafetyCommandTests {
  static let script = """
    class Logger
    register Logger named "x\\"y"
    register Logger named "b\u{202E}c"
    resolve Logger named "x\\"y"
    # raw \u{1B}]0;evil\u{7} comment \u{202E} reversed
    class U(name: arg String)
    register U
    resolve U with name="\\u{1B}]0;t\\u{7}"

    """

  private func hasUnsafe(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != "\n" && String.isUnsafe($0) }
  }

  @Test func runEscapesNamesValuesAndCommentsAndTheTranscriptReadsBack() throws {
    let directory = temporaryDirectory()
    try write(Self.script, to: directory + "/in.dis")
    let run = discope("run", directory + "/in.dis")
    #expect(run.status == 0, "\(run.error)")
    #expect(!hasUnsafe(run.output), "\(run.output.debugDescription)")
    #expect(run.output.contains(#"+ t1  Logger named "x\"y"  [singleton]"#), "\(run.output)")
    #expect(run.output.contains(#"Logger#1 named "x\"y" created t1"#))
    #expect(run.output.contains(#"named "b\u{202E}c""#))
    #expect(run.output.contains(#"# raw \u{1B}]0;evil\u{7} comment \u{202E} reversed"#))
    try write(run.output, to: directory + "/out.dis")
    let replay = discope("test", directory + "/out.dis")
    #expect(replay.status == 0, "\(replay.output)")
  }

  @Test func aMismatchAndAnErrorPrintNoRawControl() throws {
    let directory = temporaryDirectory()
    try write("class A\nregister A\n  + t1  A  [\u{1B}]0;x\u{7}]\n", to: directory + "/m.dis")
    let result = discope("test", directory + "/m.dis", "\u{1B}]0;missing\u{7}.dis")
    #expect(result.status != 0)
    #expect(!hasUnsafe(result.output) && !hasUnsafe(result.error), "\(result.output.debugDescription)")
    #expect(result.output.contains(#"\u{1B}]0;x\u{7}"#))
  }
}

/// `fmt` never changes a comment's bytes (it wrote `\u{9}` for a tab), and `fmt --check` does not
/// accept a file it would change; `run` escapes the same comments on the terminal.
@Suite struct FormatKeepsCommentBytesCommandTests {
  static let script = "# a\u{9}b\u{7}c\u{202E}d\n## Sec\u{9}tion\nclass A # t\u{9}r\u{7}ail\u{202E}\n"

  @Test func fmtLeavesCommentBytesAndCheckAgrees() throws {
    let directory = temporaryDirectory()
    let path = directory + "/c.dis"
    try write(Self.script, to: path)
    let check = discope("fmt", "--check", path)
    #expect(check.status == 0, "\(check.output)\(check.error)")
    let fmt = discope("fmt", path)
    #expect(fmt.status == 0, "\(fmt.error)")
    #expect(Array(try FileSystem.read(path)) == Array(Self.script.utf8))
    let run = discope("run", path)
    #expect(run.output.contains(#"# a\u{9}b\u{7}c\u{202E}d"#), "\(run.output)")
    #expect(!run.output.unicodeScalars.contains { $0 != "\n" && String.isUnsafe($0) })
  }
}
