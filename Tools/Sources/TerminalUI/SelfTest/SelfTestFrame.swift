import Foundation

/// The windows of one layout of the self-test screen; made again when the layout changes.
struct SelfTestFrame {
  let screen: Screen
  let layout: ScreenLayout
  private var panes: [(frame: PaneFrame, window: Window)] = []
  private var commandLine: Window?
  private var status: Window?

  init(screen: Screen, layout: ScreenLayout) {
    self.screen = screen
    self.layout = layout
    guard case .panes(let panes) = layout else { return }
    self.panes = panes.panes.compactMap { frame in
      screen.makeWindow(frame.rect).map { (frame, $0) }
    }
    commandLine = screen.makeWindow(panes.commandLine)
    status = screen.makeWindow(panes.statusLine)
  }

  func draw(_ session: SelfTestSession) {
    guard case .panes(let layout) = layout, let commandLine, let status else {
      if case .tooSmall(_, let message) = layout { screen.presentMessage(message) }
      return
    }
    for (frame, window) in panes {
      window.erase()
      window.drawFrame(
        title: SelfTestSession.titles[frame.index], isFocused: frame.index == session.focused)
      window.drawContent(
        lines(ofPane: frame.index, session: session, layout: layout, height: window.contentRect.height)
          .map { [StyledSpan($0)] })
    }
    status.erase()
    let modeWord = session.mode == .command ? "CMD" : "NAV"
    let statusText = "\(modeWord) \(layout.size)  F1 help"
    status.put(statusText, row: 0, column: max(0, status.rect.width - statusText.displayWidth - 1),
               style: .reverse)
    commandLine.erase()
    let prompt = "dis> "
    commandLine.put(prompt, row: 0, column: 0, style: .bold)
    let view = session.editor.viewport(width: commandLine.rect.width - prompt.displayWidth)
    commandLine.put(view.text, row: 0, column: prompt.displayWidth)
    commandLine.moveCursor(row: 0, column: prompt.displayWidth + view.cursorColumn)
    screen.present(panes.map(\.window) + [status], cursorIn: commandLine)
  }

  private func lines(ofPane index: Int, session: SelfTestSession, layout: PaneLayout, height: Int)
    -> [String]
  {
    switch index {
    case 0:
      return ["last key: \(session.recentKeys.last.map(String.init(describing:)) ?? "none")"]
        + session.recentKeys.reversed().dropFirst().map { "  \($0)" }
    case 1:
      return [
        "size \(layout.size)", "layout \(layout.arrangement.rawValue)",
        "colour \(screen.isColorEnabled ? "on" : "off")", "pid \(getpid())",
        "mode \(session.mode == .command ? "command" : "navigation")",
      ]
    case 2:
      return SelfTestSession.keymap.helpLines(modes: [(.navigation, "Navigation mode")])
    default:
      return Array(session.log.suffix(max(0, height)))
    }
  }
}
