import DIScope
import DisScript
import DisSyntax
import Foundation

/// Submitted lines: `.dis` commands go to the engine; `:record`, `:stop`, `:save`, `:open` and
/// `:quit` are the playground's own.
extension PlaygroundController {
  /// Runs a line as if typed and submitted (tests, the attach entry point); with `site`, a
  /// command read line by line from a script, which starts there (`discope play FILE` off a
  /// terminal): the registrations it makes keep the script's line.
  @discardableResult
  public func submitLine(_ line: String, at site: RegistrationSite? = nil) -> KeyOutcome {
    switch state.overlay {
    case .confirmDetach, .confirmQuit:
      // The line REPL answers a question with a line: its first letter is the key.
      return handle(.character(line.trimmingCharacters(in: .whitespaces).first ?? " "))
    default: break
    }
    let source = (state.continuation + [line]).joined(separator: "\n")
    if ScriptParser.isIncomplete(source) {
      update {
        $0.continuation.append(line)
        $0.notice = "continue the block; close it with }"
      }
      return .continue
    }
    update { $0.continuation = [] }
    let trimmed = source.trimmingCharacters(in: .whitespaces)
    guard !trimmed.isEmpty else { return .continue }
    if trimmed.hasPrefix("#") {
      // A typed comment is a comment, as in a script: it goes into the transcript (and the
      // recording) after what was typed before it.
      settle()
      showTranscriptTail()
      let firstLine = state.transcript.lines.count
      appendComment([trimmed], kind: .secondary)
      update { $0.lastTypedOutcome = Array($0.transcript.lines[firstLine...]) }
      return .continue
    }
    if trimmed.hasPrefix(":"), case .success(let entry) = ScriptParser().parseCommand(trimmed),
      let command = entry.playgroundCommand
    {
      return perform(command)
    }
    if trimmed.hasPrefix(":") {
      if case .failure(let failure) = ScriptParser().parseCommand(trimmed) {
        update { $0.notice = failure.diagnostics.map(\.message).joined(separator: "; ") }
      }
      return .continue
    }
    submit(source, site: site)
    return .continue
  }

  /// Carries out a playground command.
  public func perform(_ command: PlaygroundCommand) -> KeyOutcome {
    switch command {
    case .quit:
      return requestQuit(status: 0)
    case .record(let path):
      startRecording(to: path)
    case .stop:
      guard let recorder else {
        update { $0.notice = "not recording" }
        return .continue
      }
      recorder.close()
      self.recorder = nil
      noteWritten(FileSystem.target(of: recorder.path))
      update {
        $0.recording = nil
        $0.notice = "stopped recording \(recorder.path) (\(recorder.lineCount) lines)"
      }
    case .save(let path, let isReplacing):
      save(to: path, isReplacing: isReplacing)
    case .open(let path):
      open(path)
    case .hint, .goal, .solution, .next:
      performLearn(command)
    }
    return .continue
  }

  /// Opens a script to step through, on a fresh session; refused while recording, since the
  /// recording would go on with commands run on that fresh session and no longer replay.
  public func open(_ path: String) {
    if let recorder {
      update { $0.notice = "recording to \(recorder.path): ':stop' first, then ':open' \(path)" }
      return
    }
    // Read as every script is: a named pipe is refused, never waited on (the screen stays live).
    let parsed = FileSystem.parseScript(at: path)
    guard let first = parsed.diagnostics.first(where: { $0.severity == .error }) else {
      openReplay(ReplayScript(script: parsed.script))
      return
    }
    // `path:line:col: error: …`, the diagnostic's own line (it names the file and says error).
    update { $0.notice = first.description }
  }

  /// Starts replaying `script` from its start on a fresh session, in navigation mode.
  public func openReplay(_ script: ReplayScript) {
    if !script.path.isEmpty { scriptInputs.append(script.path) }
    restart(replaying: [])
    update {
      $0.replay = ReplayState(script: script)
      $0.mode = .navigation
      $0.focus = .transcript
      $0.notice = "\(script.path): \(script.steps.count) commands. '.' steps, ',' steps back, "
        + "Space plays, ']' next section, 'i' takes over"
    }
  }
}
