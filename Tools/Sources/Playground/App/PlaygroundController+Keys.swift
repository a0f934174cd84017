import TerminalUI

/// What the event loop should do after a key.
public enum KeyOutcome: Equatable, Sendable {
  case `continue`
  /// Leave the playground with this exit status.
  case quit(Int32)
}

extension PlaygroundController {
  /// Said when a character beyond ASCII is typed under a locale that is not UTF-8.
  static let nonASCIINotice =
    "error: this terminal's locale is not UTF-8 (LANG=C?): characters beyond ASCII cannot be typed; "
    + "run with LANG=C.UTF-8"

  /// Applies one key. Overlays (help, filter, the quit question) take keys first; then the key
  /// table for the current mode; in command mode, anything else edits the command line.
  @discardableResult
  public func handle(_ key: Key) -> KeyOutcome {
    if key == .resize || key == .timeout { return .continue }
    if Screen.isUnreadableByte(key) {
      // Under `LANG=C` a character beyond ASCII arrives as bytes nothing can make sense of:
      // say so, rather than drop it without a word.
      update { $0.notice = Self.nonASCIINotice }
      return .continue
    }
    if case .function(1) = key, case .help = state.overlay {
      update { $0.overlay = nil }
      return .continue
    }
    switch state.overlay {
    case .help(let top): return handleHelp(key, top: top)
    case .wholeLine, .explanation:
      // Any key puts it away; Ctrl-C then does what it always does.
      update { $0.overlay = nil; $0.notice = nil }
      return key == .ctrl("c") ? handle(key) : .continue
    case .filter(let editor): return handleFilter(key, editor: editor)
    case .confirmSolution:
      update { $0.overlay = nil; $0.notice = nil }
      if key == .character("y") || key == .character("Y") { stepThroughSolution() }
      return .continue
    case .confirmQuit(let status): return answer(.recording, with: key, status: status)
    case .confirmDetach(let status): return answer(.sessionChanges, with: key, status: status)
    case nil: break
    }
    update { $0.notice = nil }
    let binding = PlaygroundKeys.keymap.binding(for: key, in: state.mode)
    if state.mode == .command {
      if binding?.action == .helpOnEmptyLine && !state.editor.isEmpty { return edit(key) }
      if let action = binding?.action, !Self.editingActions.contains(action) {
        return perform(action, key: key)
      }
      return edit(key)
    }
    guard let action = binding?.action else { return .continue }
    return perform(action, key: key)
  }

  /// Takes `key` as the answer to `question` (see `QuitQuestion` for the rule they share).
  private func answer(_ question: QuitQuestion, with key: Key, status: Int32) -> KeyOutcome {
    update { $0.overlay = nil; $0.notice = nil }
    guard case .quit(let keepingChanges, let isInterrupted) = question.answer(key) else { return .continue }
    if let keepingChanges { worker.view.close(keepingChanges: keepingChanges) }
    return .quit(isInterrupted ? 130 : status)
  }

  /// Types text into the command line, one character at a time (tests, pasted text).
  public func type(_ text: String) {
    for character in text { handle(.character(character)) }
  }

  static let editingActions: Set<PlaygroundAction> = [
    .runCommand, .historyUp, .historyDown, .complete, .editLine,
  ]

  private func edit(_ key: Key) -> KeyOutcome {
    // In place: a copy taken out of the state would copy the whole line on every key typed, and
    // a pasted line would take time in the square of its length.
    var result = LineEditResult.ignored
    update { result = $0.editor.handle(key) }
    switch result {
    case .submitted(let line):
      return submitLine(line)
    case .completions(let candidates):
      update { $0.notice = candidates.isEmpty ? "no completion" : candidates.joined(separator: "  ") }
    case .endOfInput:
      return requestQuit(status: 0)
    case .edited, .ignored:
      break
    }
    return .continue
  }

  /// Quits with `status`, unless the user has something to decide first. The one place that
  /// decides it: what the session changed in an attached app comes first (undo it, or keep
  /// it?, on the full screen; the REPL's flag decides as it leaves), then a recording under way
  /// (quit?).
  func requestQuit(status: Int32) -> KeyOutcome {
    let changes = worker.view.sessionChanges
    if asksAboutSessionChanges && !changes.isEmpty { return askAboutChanges(changes, status: status) }
    if let recording = state.recording { return askToQuitRecording(recording.name, status: status) }
    return .quit(status)
  }

  /// Lists the session's changes in the app and asks: `u` undoes them (as leaving does unless
  /// told otherwise), `k` keeps them, any other key stays.
  private func askAboutChanges(_ changes: [String], status: Int32) -> KeyOutcome {
    let kept = state.recording.map { " (the recording in \($0.name) is kept)" } ?? ""
    let app = worker.view.connectionLabel.map { " (\($0))" } ?? ""
    let them = changes.count == 1 ? "it" : "them"
    update {
      $0.overlay = .confirmDetach(status: status)
      // The choice first: a narrow bottom row cuts the end, and the list can be long.
      $0.notice = "Quit: u undoes the \(changes.count == 1 ? "change" : "\(changes.count) changes") this session made "
        + "in the app\(app), k keeps \(them), any other key stays\(kept) — " + changes.joined(separator: "; ")
    }
    return .continue
  }

  private func askToQuitRecording(_ name: String, status: Int32) -> KeyOutcome {
    update {
      $0.overlay = .confirmQuit(status: status)
      $0.notice = "Quit? y quits (the recording in \(name) is kept), any other key stays"
    }
    return .continue
  }

  func perform(_ action: PlaygroundAction, key: Key) -> KeyOutcome {
    switch action {
    case .runCommand, .historyUp, .historyDown, .complete, .editLine: return edit(key)
    case .helpOnEmptyLine, .help: update { $0.overlay = .help(top: 0) }
    case .toNavigation: update { $0.mode = .navigation }
    case .focusPane:
      if case .character(let c) = key, let n = Int(String(c)), let pane = PaneID(rawValue: n - 1) {
        update { $0.focus = pane }
      }
    case .nextPane: update { $0.focus = PaneID(rawValue: ($0.focus.rawValue + 1) % 4)! }
    case .previousPane: update { $0.focus = PaneID(rawValue: ($0.focus.rawValue + 3) % 4)! }
    case .scrollUp: moveSelection(by: -1)
    case .scrollDown: moveSelection(by: 1)
    case .pageUp: scroll(byPages: -1)
    case .pageDown: scroll(byPages: 1)
    case .toTop: update { $0.views[$0.focus]?.goToTop() }
    case .toBottom: update { $0.views[$0.focus]?.follow() }
    case .expandRow: expandSelectedRow()
    case .foldRow: setSelectedGroup(isFolded: true)
    case .unfoldRow: setSelectedGroup(isFolded: false)
    case .filter:
      update { $0.overlay = .filter(LineEditor(text: $0.view(of: $0.focus).filter)) }
    case .clearFilter: update { $0.views[$0.focus]?.filter = "" }
    case .zoom: update { $0.isZoomed.toggle() }
    case .toCommandLine:
      if state.replay != nil { takeOverLive() }
      update { $0.mode = .command }
      if key == .character(":") { handle(.character(":")) }
    case .quit: return requestQuit(status: 0)
    case .interrupt:
      return requestQuit(status: 130)
    case .redraw:
      // Attached to an app, what the screen shows may be behind (events dropped): ask again.
      worker.view.refresh()
    case .replayPlayPause: togglePlay()
    case .replayForward: stepForward()
    case .replayBack: stepBack()
    case .replayNextSection: jumpToNextSection()
    }
    return .continue
  }
}
