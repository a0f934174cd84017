import TerminalUI

/// Draws `PlaygroundState` with TerminalUI: one window per visible pane, the command line and the
/// status line, made again whenever the layout changes (a resize, zoom, focus in a collapsed
/// stack). Every frame is staged and shown with one `doupdate`.
final class PlaygroundRenderer {
  private let screen: Screen
  private let policy = LayoutPolicy()
  private var layout: ScreenLayout?
  private var paneWindows: [(frame: PaneFrame, window: Window)] = []
  private var helpWindow: Window?
  private var commandWindow: Window?
  private var statusWindow: Window?
  private var proseWindow: Window?
  /// What each pane window shows now: a pane whose content did not change is not drawn again.
  private var drawn: [PaneID: PaneDrawing] = [:]
  private var wasShowingOverlay = false

  /// Everything a pane window's pixels depend on.
  private struct PaneDrawing: Equatable {
    var title: String
    var isFocused: Bool
    var position: String?
    var rows: [[StyledSpan]]
  }

  init(screen: Screen) { self.screen = screen }

  /// Whether the last frame was the "too small" message instead of the panes.
  var isShowingOnlyAMessage: Bool {
    if case .tooSmall = layout { true } else { false }
  }

  /// Draws a frame; returns the content height and width of each visible pane.
  @discardableResult
  func draw(_ state: PlaygroundState) -> [PaneID: (rows: Int, columns: Int)] {
    let size = screen.size
    let maximumRows = ProseText.maximumRows(screenRows: size.rows)
    let proseRows = ProseText.rows(state.currentProse, width: size.columns)
    var swiftRows = state.currentSwift.map { ProseText.swiftRows($0, width: size.columns) } ?? []
    if swiftRows.count > 1 && proseRows.count + swiftRows.count > maximumRows {
      // Too few rows for both whole: the Swift keeps one row, cut, and the prose its end.
      swiftRows = state.currentSwift.map { ProseText.swiftRow($0, width: size.columns) } ?? []
    }
    let prose = proseRows + swiftRows
    func screenLayout(proseRows: Int) -> ScreenLayout {
      policy.layout(
        size: size, paneCount: PaneID.allCases.count, focusedPane: state.focus.rawValue,
        isZoomed: state.isZoomed, statusWidth: Self.statusWidth(for: state, columns: size.columns),
        leftContentWidth: state.registrations.widestLine, proseRows: min(proseRows, maximumRows))
    }
    var wanted = screenLayout(proseRows: prose.count)
    var outcome: [StyledSpan] = []
    if case .panes(let panes) = wanted, !state.lastTypedOutcome.isEmpty,
      panes.frame(ofPane: PaneID.transcript.rawValue).map({ $0.isCollapsed }) ?? true
    {
      // Pane 4 is a title bar (a short terminal stacks the panes and opens only the focused
      // one) or hidden (another pane zoomed): what the command typed last did shows under the
      // panes, in the prose region's rows, or it would be seen nowhere. Prose keeps a row.
      outcome = ProseText.outcomeRows(
        state.lastTypedOutcome, width: size.columns, maximumRows: prose.isEmpty ? maximumRows : maximumRows - 1)
      wanted = screenLayout(proseRows: prose.count + outcome.count)
    }
    let notice = Self.noticeRows(
      for: state, columns: size.columns, statusWidth: Self.statusWidth(for: state, columns: size.columns))
    if !notice.isEmpty {
      // A message too long for the bottom row (an error, a hint, "solved") is cut there with
      // `…`; here, over the command line, it shows whole.
      outcome = Array(outcome.prefix(max(0, maximumRows - notice.count))) + notice
      wanted = screenLayout(proseRows: prose.count + outcome.count)
    }
    let course = Self.courseRows(for: state, columns: size.columns)
    if !course.isEmpty {
      // The exercise's goal, or that it is solved, on rows of their own right above the command
      // line: never read as text typed after the prompt, never replaced by a command's output.
      outcome = Array(outcome.prefix(max(0, maximumRows - course.count))) + course
      wanted = screenLayout(proseRows: prose.count + outcome.count)
    }
    if wanted != layout { rebuild(for: wanted) }
    guard case .panes = wanted, let commandWindow, let statusWindow else {
      if case .tooSmall(_, let message) = wanted { screen.presentMessage(message) }
      return [:]
    }
    var sizes: [PaneID: (rows: Int, columns: Int)] = [:]
    if state.isShowingOverlayWindow != wasShowingOverlay { drawn = [:] }
    wasShowingOverlay = state.isShowingOverlayWindow
    for (frame, window) in paneWindows {
      guard let pane = PaneID(rawValue: frame.index) else { continue }
      let height = frame.isCollapsed ? 0 : window.contentRect.height
      sizes[pane] = (height, window.contentRect.width)
      drawPane(pane, in: window, height: height, state: state)
    }
    if state.isShowingHelp, let helpWindow { drawHelp(in: helpWindow, state: state) }
    if let helpWindow {
      switch state.overlay {
      case .wholeLine(let text)?: drawWrapped([text], title: "Whole line — any key closes", in: helpWindow)
      case .explanation(let title, let lines)?: drawWrapped(lines, title: "\(title) — any key closes", in: helpWindow)
      default: break
      }
    }
    if let proseWindow { drawProse(prose, outcome: outcome, in: proseWindow) }
    commandWindow.erase()
    let line = PaneContent.commandLine(state: state, width: commandWindow.rect.width)
    commandWindow.put(line.spans, row: 0, column: 0)
    commandWindow.moveCursor(row: 0, column: line.cursorColumn)
    statusWindow.erase()
    let status = state.statusText
    statusWindow.fill(row: 0, style: .reverse)
    statusWindow.put(status, row: 0, column: max(0, statusWindow.rect.width - status.displayWidth - 1),
                     style: .reverse)
    let isTyping = state.mode == .command || state.isFiltering
    screen.setCursorVisible(isTyping && !state.isShowingOverlayWindow)
    let windows = paneWindows.map(\.window) + (proseWindow.map { [$0] } ?? [])
      + (state.isShowingOverlayWindow ? helpWindow.map { [$0] } ?? [] : [])
    screen.present(windows + [statusWindow], cursorIn: commandWindow)
    return sizes
  }

  /// How wide the status line is: as wide as its text, so the message beside it gets the rest
  /// of the row (cut with `…` if it must be). Only on a row too narrow for both does the status
  /// give up columns, and never more than half the row.
  static func statusWidth(for state: PlaygroundState, columns: Int) -> Int {
    let status = state.statusText.displayWidth + 2
    let line = PaneContent.commandLine(state: state, width: columns)
    let message = line.spans.reduce(0) { $0 + $1.text.displayWidth } + 1
    return min(status, max(columns / 2, columns - message))
  }

  /// The notice wrapped at the screen's width when the bottom row cuts it; none when it fits.
  static func noticeRows(for state: PlaygroundState, columns: Int, statusWidth: Int) -> [StyledSpan] {
    guard let notice = state.commandLineNotice, !state.isShowingOverlayWindow else { return [] }
    // Stepping through a script, the section's prose keeps its rows for all but errors: the
    // step notices say again what the keys do.
    guard state.replay == nil || state.isNoticeError else { return [] }
    let line = PaneContent.commandLine(state: state, width: max(1, columns - statusWidth))
    let shown = line.spans.map(\.text).joined()
    guard shown.hasSuffix("…") || !shown.contains(notice) else { return [] }
    let rows = ProseText.wrap(notice, width: max(1, columns))
    let maximum = ProseText.maximumRows(screenRows: state.overlayPageHeight.map { $0 + 3 } ?? 24)
    let style = state.isNoticeError ? TextStyle(isBold: true, color: .negative) : TextStyle.plain
    return rows.prefix(maximum).map { StyledSpan($0, style: style) }
  }

  /// The course line (`discope learn`): the goal on one row, cut with `…` (the prose above the
  /// panes holds it whole); solved, the whole message, in the colour of success and in words.
  static func courseRows(for state: PlaygroundState, columns: Int) -> [StyledSpan] {
    guard let line = state.courseLine, state.replay == nil else { return [] }
    let width = max(1, columns)
    if line.isSolved {
      return ProseText.wrap(line.text, width: width).prefix(3).map {
        StyledSpan($0, style: TextStyle(isBold: true, color: .positive))
      }
    }
    return [StyledSpan(line.text.truncated(toWidth: width, ellipsis: "…"), style: TextStyle(color: .info))]
  }

  /// Forgets the windows so the next frame repaints everything (Ctrl-L).
  func invalidate() {
    layout = nil
    drawn = [:]
  }

  private func rebuild(for layout: ScreenLayout) {
    self.layout = layout
    drawn = [:]
    paneWindows = []
    helpWindow = nil
    commandWindow = nil
    statusWindow = nil
    proseWindow = nil
    guard case .panes(let panes) = layout else { return }
    proseWindow = panes.prose.flatMap { screen.makeWindow($0) }
    paneWindows = panes.panes.compactMap { frame in screen.makeWindow(frame.rect).map { (frame, $0) } }
    helpWindow = screen.makeWindow(
      Rect(x: 0, y: 0, width: panes.size.columns, height: panes.size.rows - 1))
    commandWindow = screen.makeWindow(panes.commandLine)
    statusWindow = screen.makeWindow(panes.statusLine)
  }

  private func drawPane(_ pane: PaneID, in window: Window, height: Int, state: PlaygroundState) {
    let isFocused = pane == state.focus
    let title = state.title(of: pane)
    let position = height > 0 ? PaneContent.position(state: state, pane: pane, height: height) : nil
    let rows = PaneContent.rows(
      state: state, pane: pane, height: height, width: window.contentRect.width,
      showsSelection: isFocused && state.mode == .navigation)
    let drawing = PaneDrawing(title: title, isFocused: isFocused, position: position, rows: rows)
    guard drawn[pane] != drawing else { return }
    drawn[pane] = drawing
    window.erase()
    window.drawFrame(title: title, isFocused: isFocused)
    if let position, window.rect.width > title.displayWidth + position.displayWidth + 8 {
      window.put(" \(position) ", row: window.rect.height - 1,
                 column: window.rect.width - position.displayWidth - 3, style: .dim)
    }
    window.drawContent(rows)
  }

  /// A row too long for the bottom row, wrapped to the window's width.
  /// Each line wrapped to the window's width at words (see `ProseText.wrap`).
  private func drawWrapped(_ lines: [String], title: String, in window: Window) {
    window.erase()
    window.drawFrame(title: title, isFocused: true)
    let width = max(1, window.contentRect.width)
    let rows = lines.flatMap { ProseText.wrap($0, width: width) }.map { [StyledSpan($0)] }
    window.drawContent(Array(rows.prefix(window.contentRect.height)))
  }

  private func drawHelp(in window: Window, state: PlaygroundState) {
    window.erase()
    window.drawFrame(title: "Help — Esc closes", isFocused: true)
    let height = window.contentRect.height
    guard case .help(let top) = state.overlay else { return }
    let lines = state.helpRows(width: window.contentRect.width)
    let count = lines.count
    let first = min(top, max(0, count - height))
    let rows = lines.dropFirst(first).prefix(height).map { line in
      [StyledSpan(line, style: line.hasPrefix(" ") || line.isEmpty ? .plain : .bold)]
    }
    window.drawContent(Array(rows))
    if count > height {
      // Where the page is, as the panes show it, and that there is more below.
      let more = first + height < count ? (state.isASCII ? " more: PgDn" : " ↓ PgDn") : ""
      let position = " \(first + 1)-\(min(count, first + height))/\(count)\(more) "
      window.put(position, row: window.rect.height - 1,
                 column: max(1, window.rect.width - position.displayWidth - 2), style: .dim)
    }
  }

  /// The prose rows that fit, the last ones when not all do (those nearest the command that
  /// runs next), the first then saying how many are above; under them, a command's outcome.
  private func drawProse(_ rows: [StyledSpan], outcome: [StyledSpan], in window: Window) {
    window.erase()
    let outcome = outcome.prefix(window.rect.height)
    let height = window.rect.height - outcome.count
    var shown = Array(rows.suffix(height))
    if rows.count > height, !shown.isEmpty {
      shown[0] = StyledSpan("… \(rows.count - height + 1) more lines above (the transcript, pane 4, has them all)", style: .dim)
    }
    for (row, span) in (shown + outcome).enumerated() { window.put([span], row: row, column: 0) }
  }
}
