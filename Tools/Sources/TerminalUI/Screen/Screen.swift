import CNCurses
import Glibc
import Synchronization

/// The full-screen terminal session: ncurses set up for the playground, and always put back.
///
/// Open it only with `withScreen`, which restores the terminal on return, on a thrown error and
/// on SIGINT/SIGTERM/SIGHUP. Not thread-safe (ncurses is not): use it from one thread.
public final class Screen {
  /// Whether windows may still call ncurses; shared with every `Window` of this screen.
  final class Session {
    var isOpen = true
  }

  private static let isAnyOpen = Atomic<Bool>(false)

  let session = Session()
  private let terminal: OpaquePointer
  private let savedSignals: SignalTrap.SavedActions
  /// Whether colour pairs were set up (see `ColorPolicy`).
  public let isColorEnabled: Bool
  /// The window keys are read from and the cursor is left in (the command line).
  var inputWindow: Window?
  /// Set after `presentMessage`: the next `present` clears what the message left on stdscr.
  var needsFullRepaint = false
  /// Read from until the first `present` (a 1x1 window: reading from `stdscr` would paint it).
  private lazy var fallbackInputWindow = Window(
    screen: self, rect: Rect(x: 0, y: 0, width: 1, height: 1))

  /// Whether both standard input and output are terminals.
  public static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

  private init(terminal: OpaquePointer, isColorEnabled: Bool, savedSignals: SignalTrap.SavedActions) {
    self.terminal = terminal
    self.isColorEnabled = isColorEnabled
    self.savedSignals = savedSignals
  }

  static func open(environment: [String: String]) throws(ScreenError) -> Screen {
    guard let name = environment["TERM"], !name.isEmpty else { throw .unknownTerminal(nil) }
    guard isInteractive else { throw .notATerminal }
    guard isAnyOpen.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    else { throw .alreadyOpen }
    setlocale(LC_ALL, "")
    guard let terminal = newterm(nil, discope_stdout(), discope_stdin()) else {
      isAnyOpen.store(false, ordering: .releasing)
      throw .unknownTerminal(name)
    }
    set_term(terminal)
    guard discope_can_move_cursor() != 0 else {
      // Before any mode of ours is set; `endwin` gives back the shell's modes all the same.
      endwin()
      delscreen(terminal)
      isAnyOpen.store(false, ordering: .releasing)
      throw .cannotMoveCursor(name)
    }
    raw()
    noecho()
    nonl()
    keypad(discope_stdscr(), true)
    set_escdelay(25)
    var colors = false
    if ColorPolicy.isColorEnabled(environment: environment, terminalHasColors: has_colors()) {
      start_color()
      use_default_colors()
      for role in ColorRole.allCases { init_pair(role.rawValue, role.foreground, -1) }
      colors = true
    }
    let saved = SignalTrap.install()
    return Screen(terminal: terminal, isColorEnabled: colors, savedSignals: saved)
  }

  /// Restores the terminal (`endwin`) and frees ncurses' screen. Idempotent. Keys typed but not
  /// read are dropped (`tcflush`): they were meant for the playground, and the shell would run
  /// them as commands.
  func close() {
    guard session.isOpen else { return }
    inputWindow = nil
    endwin()
    tcflush(STDIN_FILENO, TCIFLUSH)
    session.isOpen = false
    delscreen(terminal)
    SignalTrap.uninstall(savedSignals)
    Screen.isAnyOpen.store(false, ordering: .releasing)
  }

  /// The terminal's current size (updated by ncurses when a resize arrives).
  public var size: TerminalSize { TerminalSize(columns: Int(discope_cols()), rows: Int(discope_lines())) }

  /// A window covering `rect`, or nil when `rect` is empty or outside the screen.
  public func makeWindow(_ rect: Rect) -> Window? {
    guard !rect.isEmpty, rect.maxX <= size.columns, rect.maxY <= size.rows else { return nil }
    return Window(screen: self, rect: rect)
  }

  func readWindow() -> Window? { inputWindow ?? fallbackInputWindow }

  /// Shows or hides the terminal cursor.
  public func setCursorVisible(_ isVisible: Bool) { curs_set(isVisible ? 1 : 0) }

  /// Rings the terminal bell.
  public func bell() { beep() }
}
