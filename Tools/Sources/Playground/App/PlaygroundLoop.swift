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
    // Keys typed while the window is too small to show anything, handled once it is not.
    var heldKeys: [Key] = []
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
          // Nothing typed here can be seen, so nothing typed here runs yet: every key is held,
          // in order, and handled once the window is large enough to show what it does (see
          // below). The message offers Ctrl-C, which quits at once (a recording is already on
          // disk, line by line).
          if key == .ctrl("c") { return 130 }
          if heldKeys.count < Self.heldKeysLimit { heldKeys.append(key) }
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
      if !heldKeys.isEmpty && !renderer.isShowingOnlyAMessage {
        // Large enough again: what was typed meanwhile is handled now, as typed (a command and
        // its Enter run; `?` opens the help), and shown.
        let keys = heldKeys
        heldKeys = []
        for key in keys {
          if case .quit(let status) = controller.handle(key) { return status }
        }
        draw(renderer)
      }
    }
  }

  /// How many keys typed while the window is too small are held: a paste of a long script, not
  /// a key held down for minutes.
  static let heldKeysLimit = 65_536

  private func draw(_ renderer: PlaygroundRenderer) {
    let sizes = renderer.draw(controller.state)
    let columns = screen.size.columns
    let rows = screen.size.rows
    controller.update { state in
      for (pane, size) in sizes {
        state.paneHeights[pane] = size.rows
        state.paneWidths[pane] = size.columns
      }
      state.bottomRowWidth = columns
      state.overlayPageHeight = max(1, rows - 3)  // the overlay, less its frame
      state.helpWidth = max(1, columns - 2)  // the help's window, less its frame
    }
  }
}
