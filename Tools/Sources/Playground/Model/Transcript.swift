import DisSyntax

/// Pane 4: exactly what a `.dis` recording of this session contains, one line per file line:
/// each command (with `!` when it failed) and its output indented by two spaces. Input that did
/// not parse is kept as `#` comment lines, so the transcript is always a valid script; in a
/// replay, the script's comments and sections come along as they are passed.
///
/// ```swift
/// var transcript = Transcript()
/// transcript.append(recorded: "resolve Logger\n  Logger#1 created t1 [singleton]\n")
/// transcript.text  // "%dis 1\nresolve Logger\n  Logger#1 created t1 [singleton]\n"
/// ```
public struct Transcript: Sendable {
  public private(set) var lines: [PaneLine] = []
  /// The file lines, without the header.
  public private(set) var fileLines: [String] = []
  private var entryCount = 0

  public init() {}

  /// The whole transcript as a `.dis` file, header included.
  public var text: String { ScriptRecorder.header + fileLines.map { $0 + "\n" }.joined() }

  /// Appends a command's recorded text (as `CommandOutcome.recordedText` gives it): its command
  /// on `commandLineCount` lines (an assembly's block takes several), then its output, of which
  /// the lines at `errorLines` (as `CommandOutcome.errorLines` counts them) say what went wrong.
  public mutating func append(recorded text: String, commandLineCount: Int = 1, errorLines: [Int] = []) {
    guard !text.isEmpty else { return }
    entryCount += 1
    var body = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if body.last == "" { body.removeLast() }
    let errors = Set(errorLines.map { $0 + commandLineCount })
    for (index, line) in body.enumerated() {
      let kind: LineKind = index < commandLineCount ? .command : errors.contains(index) ? .error : .plain
      add(line, kind: kind, heading: index == 0)
    }
  }

  /// Appends lines that are not commands: prose, a section, a note about input that did not
  /// parse. Each becomes a `#` comment (or stays one) so the file remains a valid script.
  public mutating func appendComment(_ lines: [String], kind: LineKind = .secondary) {
    entryCount += 1
    for (index, line) in lines.enumerated() {
      let text = line.hasPrefix("#") ? line : "# " + line
      add(text, kind: kind, heading: index == 0)
    }
  }

  /// Clears everything (a replay rebuilt from its start).
  public mutating func clear() {
    lines = []
    fileLines = []
    entryCount = 0
  }

  /// Shown while the transcript is empty.
  public static let placeholder = PaneLine(
    "(commands you run appear here exactly as `:save FILE` writes them)", kind: .secondary)

  private mutating func add(_ line: String, kind: LineKind, heading: Bool) {
    // A comment, a section or a line that did not parse comes as it was typed or read: escaped
    // here as the language writes strings, it reaches no terminal and no recording raw.
    let line = line.terminalSafe
    fileLines.append(line)
    lines.append(PaneLine(line, kind: kind, group: entryCount, isGroupHeading: heading))
  }
}
