import DisSyntax

/// What one command did: its output lines (what a `.dis` file holds under it, without the
/// two-space indent), whether it failed, and any parse diagnostics.
///
/// ```swift
/// let outcome = session.execute("resolve Logger")
/// print(outcome.output.joined(separator: "\n"))
/// recording.write(outcome.recordedText)   // "resolve Logger\n  Logger#1 ...\n"
/// ```
public struct CommandOutcome: Sendable {
  /// The command as parsed; `nil` when the text did not parse.
  public let entry: Entry?
  /// The lines a `.dis` file would hold under the command (without the two-space indent).
  public let output: [String]
  /// Whether the command failed (a parse error included). A failed command changed nothing.
  public let isFailure: Bool
  /// Whether it failed because the script's own checks refused it before it reached a container
  /// (text that does not parse, an unknown name, an argument of the wrong type: what the compiler
  /// refuses in Swift); false when it ran and the container, or what an `expect` states, said no.
  public let isRefusal: Bool
  /// Parse errors, for the caller to render (`Diagnostic.rendered(in:)`).
  public let diagnostics: [Diagnostic]
  /// A playground command (`:record FILE` ...): the session did nothing; the UI handles it.
  public let playgroundCommand: PlaygroundCommand?
  /// The indices in ``output`` of the lines that say what went wrong (`error: …`, before its
  /// `  path:` and `  hint:`), after any output that came before the failure.
  private let outputErrorLines: [Int]

  /// Creates an outcome.
  public init(
    entry: Entry?, output: [String], isFailure: Bool, isRefusal: Bool? = nil, diagnostics: [Diagnostic] = [],
    playgroundCommand: PlaygroundCommand? = nil, errorLines: [Int] = []
  ) {
    outputErrorLines = isFailure ? errorLines.filter(output.indices.contains) : []
    self.entry = entry
    self.isRefusal = isFailure && (isRefusal ?? (entry == nil))
    // What a command prints is escaped as the language writes strings: a name or value with a
    // control or bidirectional character never drives the terminal nor a file it reaches.
    self.output = output.map(\.terminalSafe)
    self.isFailure = isFailure
    self.diagnostics = diagnostics
    self.playgroundCommand = playgroundCommand
  }

  /// What to show for the command: its output, or, for text that did not parse, its diagnostics
  /// a line each (`error: …`, then `  hint: …`).
  ///
  /// ```swift
  /// session.execute("register Logger -> X").shownOutput   // ["error: expected '=' …", "  hint: …"]
  /// ```
  public var shownOutput: [String] {
    guard output.isEmpty && !diagnostics.isEmpty else { return output }
    return diagnostics.flatMap { diagnostic in
      ["\(diagnostic.severity.rawValue): \(diagnostic.message)".terminalSafe]
        + (diagnostic.hint.map { ["  hint: \($0)".terminalSafe] } ?? [])
    }
  }

  /// The indices in ``shownOutput`` of the lines that say what went wrong: a failure's
  /// `error: …` line (not its path and hint, nor output that came before it), a diagnostic that
  /// is an error. Empty for a command that succeeded.
  ///
  /// ```swift
  /// session.execute("resolve Missing").errorLines   // [0]: "error: unknown service 'Missing'"
  /// ```
  public var errorLines: [Int] {
    guard output.isEmpty && !diagnostics.isEmpty else { return outputErrorLines }
    // Where each diagnostic starts in `shownOutput`: its line, then its hint's.
    var indices: [Int] = []
    var line = 0
    for diagnostic in diagnostics {
      if diagnostic.severity == .error { indices.append(line) }
      line += diagnostic.hint == nil ? 1 : 2
    }
    return indices
  }

  /// What a failure says went wrong: its output from the first line that says so (`error: …`)
  /// on, without the output that came before it; empty for a command that succeeded, and for
  /// text that did not parse (its diagnostics are not output).
  public var failureLines: [String] {
    guard let first = outputErrorLines.first else { return [] }
    return Array(output[first...])
  }

  /// The exact `.dis` text for this command and its output: `! ` before a command that failed,
  /// the output indented by two spaces. Empty for text that did not parse and for playground
  /// commands (which are not recorded).
  public var recordedText: String {
    guard var entry, playgroundCommand == nil else { return "" }
    entry.isExpectedToFail = isFailure
    entry.comment = nil
    return ScriptRecorder.text(for: entry, output: output)
  }
}
