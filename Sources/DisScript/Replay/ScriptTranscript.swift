import DIScope
import DisSyntax

/// What `discope run` prints for a script: the script run command by command in a fresh
/// ``Session``, each command's expected block replaced by the output it printed now, and `!` on
/// the commands that failed.
///
/// Its cost is linear in the number of commands: each command's own work, and nothing that walks
/// everything the session holds (`Benchmarks/`'s W11 times 12,000 commands against 4,000).
///
/// ```swift
/// let parsed = ScriptParser().parse("class A\nregister A\n", path: "a.dis")
/// let transcript = ScriptTranscript(of: parsed.script)
/// print(transcript.text)   // class A / register A /   + t1  A  [singleton]
/// ```
public struct ScriptTranscript: Sendable {
  /// The script as it ran: its `.dis` text, each command followed by its actual output.
  public let text: String
  /// Whether a command's success or failure differed from what its `!` said (`run` exits 1).
  public let hasUnexpectedOutcome: Bool

  /// Runs `script` in a fresh session with `options`.
  public init(of script: Script, options: SessionOptions = SessionOptions()) {
    let session = Session(options: options)
    var script = script
    var hasUnexpectedOutcome = false
    for index in script.items.indices {
      guard case .entry(var entry) = script.items[index].kind else { continue }
      // Each registration says it was made at its command's line of the script.
      let outcome = session.execute(
        entry, at: RegistrationSite(fileID: script.path, line: script.items[index].location.line))
      if outcome.isFailure != entry.isExpectedToFail && outcome.playgroundCommand == nil { hasUnexpectedOutcome = true }
      entry.isExpectedToFail = outcome.isFailure
      entry.expectedOutput = outcome.output.isEmpty
        ? nil : ExpectedBlock(lines: outcome.output.map(ExpectedPattern.escaped), firstLine: 0)
      script.items[index].kind = .entry(entry)
    }
    text = ScriptFormatter.format(script)
    self.hasUnexpectedOutcome = hasUnexpectedOutcome
  }
}
