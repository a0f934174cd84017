/// Why the full screen could not be opened. The caller falls back to a plain line interface.
public enum ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Standard input or output is not a terminal (a pipe, a file, CI).
  case notATerminal
  /// `TERM` is unset or names a terminal the terminfo database does not know.
  case unknownTerminal(String?)
  /// The terminal cannot move its cursor (`TERM=dumb`, a line printer), which a full screen needs.
  case cannotMoveCursor(String)
  /// A screen is already open in this process; ncurses has one at a time.
  case alreadyOpen

  public var description: String {
    switch self {
    case .notATerminal:
      "standard input or output is not a terminal"
    case .unknownTerminal(let name?):
      "unknown terminal type '\(name)'. To fix, set TERM to one terminfo knows (e.g. xterm-256color)"
    case .unknownTerminal(nil):
      "TERM is not set. To fix, set TERM to your terminal's type (e.g. xterm-256color)"
    case .cannotMoveCursor(let name):
      "terminal type '\(name)' cannot move the cursor, which the full screen needs"
    case .alreadyOpen:
      "a full-screen session is already open in this process"
    }
  }
}

/// A termination signal (SIGINT, SIGTERM, SIGHUP) arrived while the screen was open. Thrown by
/// `Screen.readKey`; `Screen.withScreen` restores the terminal and then ends the process with
/// the signal's usual status (128 + signal number). Let it propagate.
public struct TerminalSignal: Error, Hashable, Sendable, CustomStringConvertible {
  public var number: Int32

  public var description: String { "terminated by signal \(number)" }
}
