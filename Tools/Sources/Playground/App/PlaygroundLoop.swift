import TerminalUI

/// The full-screen event loop: read a key, update the model, apply what the container and the
/// engine reported, draw. Commands run on the engine's worker, so keys are read (and the command
/// line redrawn) while a command runs.
struct PlaygroundLoop {
  let screen: Screen
  let controller: PlaygroundController

  /// Runs until a quit key or command; returns the exit status. A `TerminalSignal` propagates
  /// (so `Screen.withScreen` restores the terminal and ends the process as the signal would).
  func run() throws(TerminalSignal) -> Int32 {
    let renderer = PlaygroundRenderer(screen: screen)
    controller.pump()
    draw(renderer)
    while true {
      let isBusy = controller.state.pendingCommands > 0 || controller.state.replay?.isPlaying == true
      var key = try screen.readKey(timeout: .milliseconds(isBusy ? 20 : 120))
      var isDirty = false
      var burst = 0
      while key != .timeout {
        if key == .ctrl("l") {
          renderer.invalidate()
          screen.repaintEverythingNext()
        }
        if key == .resize { isDirty = true }
        if key == .ctrl("z") {
          // Suspends as any full-screen program does; `fg` brings it back, repainted.
          screen.suspend()
          renderer.invalidate()
          isDirty = true
          key = try screen.readKey(timeout: .zero)
          continue
        }
        if renderer.isShowingOnlyAMessage && key != .resize {
          // Nothing typed here can be seen, so nothing typed here runs: but what is typed is
          // kept, on the command line, for when the window is large enough to show it (Enter
          // and navigation keys wait for that). The message offers Ctrl-C, which quits at once
          // (a recording is already on disk, line by line).
          if key == .ctrl("c") { return 130 }
          if Self.isKeptWhileTooSmall(key, state: controller.state) { controller.handle(key) }
          key = try screen.readKey(timeout: .zero)
          continue
        }
        if case .quit(let status) = controller.handle(key) { return status }
        isDirty = true
        burst += 1
        // Take what is already typed (a paste) before drawing, but never wait for more.
        guard burst < 256, key != .resize else { break }
        key = try screen.readKey(timeout: .zero)
      }
      if controller.pump() { isDirty = true }
      if controller.tick() { isDirty = true }
      if isDirty { draw(renderer) }
    }
  }

  /// Keys that only edit the command line: kept while the window is too small to show anything.
  /// (`?` on an empty line would open the help, so it waits too.)
  static func isKeptWhileTooSmall(_ key: Key, state: PlaygroundState) -> Bool {
    guard state.mode == .command, state.overlay == nil else { return false }
    switch key {
    case .character(let character): return character != "?" || !state.editor.isEmpty
    case .backspace, .delete, .left, .right, .home, .end: return true
    default: return false
    }
  }

  private func draw(_ renderer: PlaygroundRenderer) {
    let heights = renderer.draw(controller.state)
    let columns = screen.size.columns
    let rows = screen.size.rows
    controller.update { state in
      for (pane, height) in heights { state.paneHeights[pane] = height }
      state.bottomRowWidth = columns
      state.overlayPageHeight = max(1, rows - 3)  // the overlay, less its frame
      state.helpWidth = max(1, columns - 2)  // the help's window, less its frame
    }
  }
}
