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
    if Self.readsBytes {
      // Not a UTF-8 locale (`LANG=C`): `wget_wch` would drop a byte beyond ASCII without a
      // trace; read bytes, and hand such a byte on as `.unknown(0x80...0xFF)`, so the caller
      // can say why it cannot be typed.
      let code = wgetch(window.pointer)
      if let signo = SignalTrap.takePending() { throw TerminalSignal(number: signo) }
      if code == ERR { return .timeout }
      if code >= 0x100 { return Key(keyCode: code) }
      if code >= 0x80 { return .unknown(code) }
      return Key(characterCode: UInt32(code))
    }
    var value: wint_t = 0
    let status = wget_wch(window.pointer, &value)
    if let signo = SignalTrap.takePending() { throw TerminalSignal(number: signo) }
    return Key(wideCharacterStatus: status, value: UInt32(value))
  }

  /// Whether keys are read as bytes: under a locale that is not UTF-8.
  static let readsBytes = !TerminalLocale.canDrawUnicode

  /// Whether `key` is a byte beyond ASCII that a locale which is not UTF-8 cannot make a
  /// character of (see ``readKey(timeout:)``).
  public static func isUnreadableByte(_ key: Key) -> Bool {
    if case .unknown(let code) = key { return (0x80...0xFF).contains(code) }
    return false
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
