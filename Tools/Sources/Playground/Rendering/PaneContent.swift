import TerminalUI

/// The rows a pane draws: its visible lines cut to the pane's height from the view's first row,
/// with the selection marked (pure, so tests and the redraw measurement use it without a screen).
///
/// ```swift
/// let rows = PaneContent.rows(state: state, pane: .trace, height: 10, showsSelection: false)
/// ```
public enum PaneContent {
  ///
  /// Lines are cut to about `width` characters first, so a deep trace's long lines cost no more
  /// than what fits (the window still clips by display width).
  public static func rows(
    state: PlaygroundState, pane: PaneID, height: Int, width: Int = .max, showsSelection: Bool
  ) -> [[StyledSpan]] {
    guard height > 0 else { return [] }
    let visible = state.visibleLines(of: pane)
    let view = state.view(of: pane)
    let first = view.firstRow(count: visible.count, height: height, lines: visible)
    let end = min(visible.count, first + height)
    guard first < end else { return [] }
    let selected = view.selectedRow(count: visible.count, lines: visible)
    return (first..<end).map { index in
      let line = visible[index]
      var style = line.style
      if showsSelection && index == selected { style.isReverse = true }
      // A row cut at the edge says so: `holds #40` cut from `holds #4033` would read as a
      // number, and a wrong one (Enter shows the row whole).
      let text =
        width == .max || line.text.utf8.count <= width ? line.text
        : line.text.truncated(toWidth: width, ellipsis: state.isASCII ? "~" : "…")
      return [StyledSpan(text, style: style)]
    }
  }

  /// The scroll position as `12–30/140`, or nil when everything fits.
  public static func position(state: PlaygroundState, pane: PaneID, height: Int) -> String? {
    let visible = state.visibleLines(of: pane)
    guard visible.count > height, height > 0 else { return nil }
    let view = state.view(of: pane)
    let first = view.firstRow(count: visible.count, height: height, lines: visible)
    return "\(first + 1)-\(min(visible.count, first + height))/\(visible.count)"
  }

  /// The command line's prompt and text, and where the cursor goes, in `width` columns.
  public static func commandLine(state: PlaygroundState, width: Int)
    -> (spans: [StyledSpan], cursorColumn: Int)
  {
    var prompt = state.continuation.isEmpty ? "dis> " : "...> "
    var editor = state.editor
    if case .filter(let filterEditor) = state.overlay {
      prompt = "filter \(state.focus.rawValue + 1)> "
      editor = filterEditor
    }
    let promptStyle = TextStyle(isBold: true)
    if state.mode == .navigation, !state.isFiltering {
      return (fitted(navigationHint(state: state), width: width), 0)
    }
    let room = max(2, width - prompt.displayWidth)
    let view = editor.viewport(width: room)
    var spans = [StyledSpan(prompt, style: promptStyle), StyledSpan(view.text)]
    if let notice = state.commandLineNotice {
      // Cut with an ellipsis, so a message too long for the row says it goes on.
      let room = width - prompt.displayWidth - view.text.displayWidth
      let text = (view.text.isEmpty ? "" : "  ") + notice
      spans.append(StyledSpan(text.truncated(toWidth: max(0, room), ellipsis: "…"), style: .dim))
    }
    return (spans, prompt.displayWidth + view.cursorColumn)
  }

  /// `spans` cut to `width` columns, ending with `…` when something was cut: a message too
  /// long for the row says it goes on.
  static func fitted(_ spans: [StyledSpan], width: Int) -> [StyledSpan] {
    guard spans.reduce(0, { $0 + $1.text.displayWidth }) > width else { return spans }
    var room = max(0, width - 1)
    var result: [StyledSpan] = []
    for span in spans where room > 0 {
      let text = span.text.truncated(toWidth: room)
      result.append(StyledSpan(text, style: span.style))
      room -= text.displayWidth
    }
    return result + [StyledSpan("…", style: .dim)]
  }

  private static func navigationHint(state: PlaygroundState) -> [StyledSpan] {
    if let replay = state.replay {
      let keys = StyledSpan("   " + (state.commandLineNotice ?? ". step  , back  ] section  Space play  i live"), style: .dim)
      guard let step = replay.nextStep else {
        return [StyledSpan("end of script — i: carry on live  ,: step back", style: .dim)]
      }
      let arrow = state.isASCII ? ">" : "▸"
      let command = step.entry.command.description.split(separator: "\n").first.map(String.init) ?? ""
      return [StyledSpan("next \(arrow) ", style: .bold),
              StyledSpan("line \(step.line): \(command)", style: TextStyle(color: .info)), keys]
    }
    if let notice = state.commandLineNotice { return [StyledSpan(notice, style: .dim)] }
    return [StyledSpan("navigation — i or : to type a command, ? for help", style: .dim)]
  }
}

extension PlaygroundState {
  /// Whether the help overlay is up.
  public var isShowingHelp: Bool {
    if case .help = overlay { return true }
    return false
  }

  /// Whether a window is drawn over the panes: the help, or a line shown whole.
  public var isShowingOverlayWindow: Bool {
    switch overlay {
    case .help, .wholeLine, .explanation: true
    default: false
    }
  }

  /// Whether a question asked before quitting waits for its answer (`QuitQuestion`).
  public var isAskingToQuit: Bool {
    switch overlay {
    case .confirmQuit, .confirmDetach: true
    default: false
    }
  }

  /// Whether a filter is being typed.
  public var isFiltering: Bool {
    if case .filter = overlay { return true }
    return false
  }
}
