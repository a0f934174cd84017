/// Text to append to a `.dis` file while recording a session
/// (`discope repl --record FILE`, `:record FILE`). It does no I/O: the caller
/// writes and flushes each piece as it comes, so a crash loses nothing typed.
///
/// ```swift
/// file.write(ScriptRecorder.header)                 // a new file: "%dis 1\n"
/// file.write(ScriptRecorder.commandText(entry))     // "register Logger = ConsoleLogger\n"
/// for line in outputLines {
///   file.write(ScriptRecorder.outputText(line))     // "  + t1  Logger -> ConsoleLogger\n"
/// }
/// ```
public enum ScriptRecorder {
  /// The version header recorded files start with.
  public static let header = "%dis 1\n"

  /// The entry's command line(s) in canonical form, with `! ` when it failed,
  /// ending with a newline. Any expected block in `entry` is ignored. A comment
  /// typed with it is written as the terminal shows it (`\u{1B}`): a recording
  /// holds nothing that drives a terminal when the file is shown.
  public static func commandText(_ entry: Entry) -> String {
    var entry = entry
    entry.expectedOutput = nil
    return ScriptFormatter.entryLines(entry).map { $0.terminalSafe + "\n" }.joined()
  }

  /// One line of actual output as an expected line: indented by two spaces,
  /// `[..]` escaped so it matches literally, ending with a newline.
  public static func outputText(_ line: String) -> String {
    ScriptFormatter.expectedLine(ExpectedPattern.escaped(line)) + "\n"
  }

  /// A command and all its output at once.
  public static func text(for entry: Entry, output: [String]) -> String {
    var lines = output
    while lines.last?.allSatisfy(\.isWhitespace) == true { lines.removeLast() }
    return commandText(entry) + lines.map(outputText).joined()
  }

}
