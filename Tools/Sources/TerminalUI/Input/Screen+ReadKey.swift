import CNCurses

extension Screen {
  /// Waits up to `timeout` for one key and decodes it; `.timeout` when none came.
  ///
  /// Reads from the input window (the last `cursorWindow` given to `present`), so ncurses never
  /// refreshes another window behind the caller's back.
  ///
  /// - Throws: `TerminalSignal` when SIGINT, SIGTERM or SIGHUP arrived: let it propagate out of
  ///   `withScreen`, which restores the terminal and ends the process.
  ///
  /// ```swift
  /// let key = try screen.readKey(timeout: .milliseconds(250))
  /// ```
  public func readKey(timeout: Duration = .milliseconds(100)) throws(TerminalSignal) -> Key {
    if let signo = SignalTrap.takePending() { throw TerminalSignal(number: signo) }
    guard let window = readWindow() else { return .timeout }
    let (seconds, attoseconds) = timeout.components
    let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    wtimeout(window.pointer, max(0, milliseconds))
    var value: wint_t = 0
    let status = wget_wch(window.pointer, &value)
    if let signo = SignalTrap.takePending() { throw TerminalSignal(number: signo) }
    return Key(wideCharacterStatus: status, value: UInt32(value))
  }

  /// Throws if SIGINT, SIGTERM or SIGHUP arrived: call it inside long work (a replay) so a
  /// signal ends the session promptly even when no key is being read.
  ///
  /// ```swift
  /// for command in script { try screen.throwIfSignalled(); run(command) }
  /// ```
  public func throwIfSignalled() throws(TerminalSignal) {
    if let signo = SignalTrap.takePending() { throw TerminalSignal(number: signo) }
  }
}
