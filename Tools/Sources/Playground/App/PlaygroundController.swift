import DIScope
import DIScopeDebug
import DisScript
import DisSyntax
import Foundation
import TerminalUI

/// The playground's brain: takes keys, sends commands to the engine (on its worker), applies the
/// container's events and the engine's results to `state`, records, and replays.
///
/// It never touches the terminal, so tests drive it key by key and read `state`.
///
/// ```swift
/// let controller = PlaygroundController(engine: Session(), factory: { Session() }, isSynchronous: true)
/// controller.type("resolve ControlContext")
/// controller.handle(.enter)
/// controller.pump()
/// print(controller.state.visibleLines(of: .trace).map(\.text))
/// ```
public final class PlaygroundController {
  public private(set) var state: PlaygroundState
  let worker: EngineWorker
  var recorder: RecordingFile?
  /// The commands submitted and not yet recorded, in submission order.
  var pending: [PendingCommand] = []
  /// When the replay last stepped by itself (Space).
  var lastAutoStep = ContinuousClock.now
  /// How long auto-play waits between commands.
  public var playInterval: Duration = .milliseconds(900)
  /// Set when the registrations pane must be read again from the container.
  var isRegistrationsStale = true
  /// Whether a stack changed since the engine last went idle.
  var hasStackChangesInFlight = false
  /// The view's snapshot version pane 1 was last read at.
  private var shownSnapshotVersion = -1
  /// The container family pane 1 showed last: another one is a fresh start (`reset`).
  private var shownFamily: UInt64?
  /// The view `shownFamily` was read from: a new one is a session rebuilt (a replay stepping
  /// back, `:open`), whose panes were cleared with it, and no `reset`. Held, not just
  /// identified: a view freed meanwhile could leave its address to the next one.
  private var shownView: (any ContainerView)?
  /// Commands that failed without `!` (or passed with it): the plain mode's exit status.
  public internal(set) var unexpectedFailures = 0
  /// The files this session created or wrote (`:save`, `:record`), by their canonical path, each
  /// with its stamp as this session left it: `:save` writes over one without `!` only while it is
  /// still as the session left it (someone's edit since, or another file put there, is theirs).
  var writtenFiles: [String: FileSystem.Stamp] = [:]
  /// The scripts this session stepped through (`play FILE`, `:open`): its inputs, which `:save`
  /// never writes, even after `i` took over from the replay.
  var scriptInputs: [String] = []
  /// Whether `:save` and `:record` may write files: not for a script piped into a line mode
  /// unless its caller said so (`discope repl --allow-writes`).
  public var allowsFileCommands = true
  /// The home directory `~` stands for in file names.
  public var homeDirectory: String? = ProcessInfo.processInfo.environment["HOME"]
  /// `discope learn`: the exercise being solved, checked after each command.
  public internal(set) var learn: LearnSession?

  /// A controller over `engine`; `factory` makes fresh engines for replays stepping back.
  public init(
    engine: any PlaygroundEngine, factory: @escaping PlaygroundEngineFactory,
    isASCII: Bool = false, isSynchronous: Bool = false
  ) {
    state = PlaygroundState(isASCII: isASCII)
    worker = EngineWorker(
      engine: engine, factory: factory, glyphs: isASCII ? .ascii : .unicode, isSynchronous: isSynchronous)
    state.completionWords = engine.completionWords
    state.helpLines = PlaygroundKeys.helpLines(commandSummary: CommandTable.help())
    refreshCompleter()
  }

  /// What the panes follow: the engine's container, here or in an attached app.
  public var view: any ContainerView { worker.view }

  /// Applies what arrived from the container and the engine since the last call. Returns true
  /// when something on screen changed.
  @discardableResult
  public func pump() -> Bool {
    var changed = false
    let view = worker.view
    for item in view.drain() where item.epoch == state.epoch && showsPanes {
      apply(item.record)
      changed = true
    }
    if let words = view.takeCompletionWords() {
      state.completionWords = words
      refreshCompleter()
    }
    if state.attachedTo != view.connectionLabel {
      state.attachedTo = view.connectionLabel
      changed = true
    }
    for result in worker.takeResults() {
      changed = true
      switch result {
      case .outcome(let outcome, let epoch):
        // An outcome of an epoch gone (a replay restarted meanwhile) is dropped without taking
        // the prose queued for the new epoch's commands; what it says of the app still holds.
        if epoch == state.epoch {
          let command = pending.isEmpty ? PendingCommand() : pending.removeFirst()
          record(outcome, prose: command.prose, isTyped: command.isTyped)
        }
        for note in outcome.notes { say(note) }
      case .idle(let words, let pending):
        state.pendingCommands = pending
        if let words {
          state.completionWords = words
          refreshCompleter()
        }
        // Read the stacks again once the commands are over: events are drained while one runs,
        // a cache may be filled just after the step that built its instance was reported, and
        // what a command let go of (`release #1`, a weak instance gone with it) sends no event:
        // pane 1 then reads what `why` and `show stacks` read.
        isRegistrationsStale = true
        hasStackChangesInFlight = false
      }
    }
    // What the view noticed on its own (events dropped, the app gone).
    for notice in view.takeNotices() {
      say(notice)
      changed = true
    }
    if view !== shownView {
      // The rebuilt session's first container starts the panes afresh: comparing its family
      // with the old session's would mark pane 3 with a `reset` that never happened.
      shownView = view
      shownFamily = nil
      isRegistrationsStale = true
      view.follow(events: showsPanes)
    }
    if showsPanes && (isRegistrationsStale || view.snapshotVersion != shownSnapshotVersion) {
      shownSnapshotVersion = view.snapshotVersion
      if let snapshot = view.snapshot() {
        if let shownFamily, shownFamily != snapshot.family {
          // A fresh container (`reset`): tokens start again at t1, so the history before is
          // marked off, not mixed with what comes.
          state.mocks.markFreshContainer()
        }
        shownFamily = snapshot.family
        state.registrations.refresh(from: snapshot)
        state.mocks.note(stale: snapshot.stale)
        state.mocks.note(untracked: snapshot.untracked ?? [])
        state.mocks.name(from: snapshot)
        changed = true
      }
      isRegistrationsStale = false
    }
    return changed
  }

  /// Whether the engine's completion words are read after each command (Tab completion); a
  /// script read line by line turns it off, since nothing completes there.
  public var tracksCompletionWords: Bool = true {
    didSet { worker.setReportsCompletionWords(tracksCompletionWords) }
  }

  /// Whether the panes follow the container: its events applied to panes 2 and 3, pane 1 read
  /// again after each command. Off for the line REPLs (a script read line by line, a terminal's
  /// `discope repl`), which print only the transcript: reading the stacks after every command
  /// cost as much as running it, and off, the view does not even observe the container
  /// (`ContainerView.follow(events:)`): only what is drawn is computed.
  public var showsPanes = true {
    didSet { view.follow(events: showsPanes) }
  }

  /// Whether quitting asks what to do with the changes the session made in an attached app (the
  /// full screen). Off in the line REPL, whose `--keep-changes` flag decides instead: a line
  /// read as the answer could be the next command of a piped script.
  public var asksAboutSessionChanges = true

  /// Waits for every submitted command and applies the results (tests, the plain REPL).
  public func settle() {
    worker.waitUntilIdle()
    pump()
  }

  func apply(_ record: EventRecord) {
    state.trace.apply(record)
    state.mocks.apply(record)
    if record.changesStacks {
      isRegistrationsStale = true
      hasStackChangesInFlight = true
    }
  }

  /// Says `notice` in the status line, and in the transcript as a comment (so a line REPL that
  /// prints the transcript does not print it twice).
  private func say(_ notice: String) {
    appendComment([notice], kind: .error)
    state.notice = notice
    state.isNoticeTranscribed = true
  }

  /// Puts a finished command in the transcript (and the recording); a command the user typed
  /// is also kept as `lastTypedOutcome`.
  func record(_ outcome: PlaygroundOutcome, prose: [String], isTyped: Bool = false) {
    if let learn {
      if let solved = learn.record(outcome) {
        // The course line keeps it until the next exercise; the notice says it once (a line
        // REPL prints it, and the full screen shows it on the course line only).
        update {
          $0.courseLine = PlaygroundState.CourseLine(text: solved, isSolved: true)
          $0.notice = solved
        }
      }
      update { $0.learnSwift = learn.lastSwift }
    }
    if outcome.isUnexpected { unexpectedFailures += 1 }
    if !prose.isEmpty { appendComment(prose, kind: .secondary) }
    let firstLine = state.transcript.lines.count
    defer {
      // What pane 4 got for it, whichever way it went (ran, failed, not run, did not parse).
      if isTyped { state.lastTypedOutcome = Array(state.transcript.lines[firstLine...]) }
    }
    if outcome.wasNotRun {
      appendComment(["not run: " + (outcome.source ?? "")] + outcome.output, kind: .error)
      state.showErrorLine(outcome.output.first)
      return
    }
    if outcome.entry == nil && outcome.playgroundCommand == nil {
      // What was typed stays in the transcript and the recording, as a comment (the file must
      // still parse), with why it did not parse.
      let typed = (outcome.source?.split(separator: "\n", omittingEmptySubsequences: false) ?? [])
        .enumerated().map { index, line in (index == 0 ? "did not parse: " : "               ") + line }
      appendComment(typed + outcome.output, kind: .error)
      return
    }
    guard !outcome.recordedText.isEmpty else { return }
    let before = state.transcript.fileLines.count
    state.transcript.append(
      recorded: outcome.recordedText,
      commandLineCount: outcome.entry.map { ScriptRecorder.commandText($0).split(separator: "\n").count } ?? 1,
      errorLines: outcome.errorLines)
    writeToRecording(Array(state.transcript.fileLines[before...]))
  }

  func appendComment(_ lines: [String], kind: LineKind) {
    guard !lines.isEmpty else { return }
    let before = state.transcript.fileLines.count
    state.transcript.appendComment(lines, kind: kind)
    writeToRecording(Array(state.transcript.fileLines[before...]))
  }

  func writeToRecording(_ lines: [String]) {
    guard let recorder else { return }
    recorder.append(lines: lines)
    state.recording?.line = recorder.lineCount
  }

  /// Sends a command to the engine; `site` is where a script read line by line wrote it.
  func submit(_ source: String, prose: [String] = [], site: RegistrationSite? = nil) {
    // Only lines come this way (`submitLine`), typed or read off a file; a replayed script's
    // steps come by `submitEntry`.
    pending.append(PendingCommand(prose: prose, isTyped: true))
    showTranscriptTail()
    state.pendingCommands += 1
    worker.submit(.run(source: source, site: site, epoch: state.epoch))
  }

  /// Pane 4 follows its tail again: a command typed shows what it did there, as a terminal or
  /// a pager (`less +F`) brings its end back into view, even when pane 4 was scrolled back.
  func showTranscriptTail() {
    update { $0.views[.transcript]?.follow() }
  }

  /// Starts over on a fresh engine, then runs `entries` (with their prose, and where each was
  /// written) on it.
  func restart(replaying entries: [(Entry, [String], site: RegistrationSite?)]) {
    state.epoch += 1
    state.trace.clear()
    state.mocks.clear()
    state.transcript.clear()
    state.lastTypedOutcome = []
    pending = entries.map { PendingCommand(prose: $0.1) }
    state.pendingCommands += 1
    isRegistrationsStale = true
    worker.submit(.restart(replaying: entries.map { (entry: $0.0, site: $0.site) }, epoch: state.epoch))
  }

  /// Tab completes from the words the worker reported last, so it never waits on the engine.
  private func refreshCompleter() {
    let words = state.completionWords
    state.editor.completer = { request in CommandCompletion.candidates(for: request, words: words) }
  }

  /// Edits state from outside (tests, the attach entry point).
  func update(_ body: (inout PlaygroundState) -> Void) { body(&state) }
}

/// A command sent to the engine, waiting for its outcome: the prose to put before it in the
/// transcript, and whether the user typed it (rather than a script, the demo or a replay).
struct PendingCommand {
  var prose: [String] = []
  var isTyped = false
}
