import TerminalTesting
import Foundation
import Testing
import TerminalUI

/// `TerminalSelfTest.run()` in a real terminal (tmux), started from this test binary.
@Suite(.serialized, .enabled(if: TmuxAvailability.isInstalled, "tmux is not installed"))
struct ScreenEndToEndTests {
  /// After the program: the exit status and the terminal modes (`isig icanon … echo` when
  /// restored, `-isig -icanon … -echo` when left raw).
  static func command(environment: String = "") -> String {
    TestBinary.selfTestCommand(mode: "screen", extraEnvironment: environment)
      + "; s=$?; printf 'modes:'; stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(isig|icanon|echo)'"
      + " | tr '\\n' ' '; echo; (exit $s)"
  }

  func start(columns: Int = 80, rows: Int = 24, environment: String = "") throws -> TmuxSession {
    let tmux = try TmuxSession(
      command: Self.command(environment: environment), columns: columns, rows: rows)
    try tmux.waitFor("the four panes") {
      $0.contains("┌ 1 Keys") && $0.contains("┌ 4 Log") && $0.contains("dis>")
    }
    return tmux
  }

  func expectRestored(_ tmux: TmuxSession, status: Int32,
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
    let screen = try tmux.waitFor("exit \(status)", sourceLocation: sourceLocation) {
      $0.contains("[exit \(status)]")
    }
    #expect(screen.contains("modes:isig icanon echo"), "terminal left raw:\n\(screen)",
            sourceLocation: sourceLocation)
    #expect(!screen.contains("┌ 1 Keys"), "alternate screen not left:\n\(screen)",
            sourceLocation: sourceLocation)
  }

  func pid(on screen: String) -> pid_t? {
    guard let range = screen.range(of: #"pid (\d+)"#, options: .regularExpression) else { return nil }
    return pid_t(screen[range].dropFirst(4))
  }

  @Test func echoesWideTextWithTheBordersLinedUp() throws {
    let tmux = try start()
    defer { tmux.close() }
    try tmux.type("hello 日本語 e\u{301}")
    try tmux.press("Enter")
    let screen = try tmux.waitFor("the logged line") { $0.contains("> hello 日本語 e\u{301}") }
    let logged = screen.split(separator: "\n").first { $0.contains("> hello") }.map(String.init)
    #expect(logged?.displayWidth == 80, "\(logged ?? "")")
    #expect(logged?.hasSuffix("│") == true)
    try tmux.type(":quit")
    try tmux.press("Enter")
    try expectRestored(tmux, status: 0)
  }

  @Test func relaysOutOnResize() throws {
    let tmux = try start()
    defer { tmux.close() }
    try tmux.waitFor("grid") { $0.contains("layout grid") }
    try tmux.resize(columns: 50, rows: 30)
    try tmux.waitFor("stacked") { $0.contains("layout stacked") && $0.contains("size 50x30") }
    try tmux.resize(columns: 30, rows: 8)
    try tmux.waitFor("too small") { $0.contains("Terminal too small: 30x8") }
    try tmux.resize(columns: 250, rows: 70)
    try tmux.waitFor("grid again") {
      $0.contains("layout grid") && $0.contains("size 250x70") && !$0.contains("too small")
    }
    try tmux.press("C-d")
    try expectRestored(tmux, status: 0)
  }

  @Test func navigationModeFocusesAndZooms() throws {
    let tmux = try start()
    defer { tmux.close() }
    try tmux.press("Escape")
    try tmux.waitFor("navigation mode") { $0.contains("NAV 80x24") }
    try tmux.type("+")
    try tmux.waitFor("zoomed pane 1") { $0.contains("┌ 1 Keys") && !$0.contains("┌ 2 Screen") }
    try tmux.type("+2")
    try tmux.waitFor("unzoomed") { $0.contains("┌ 2 Screen") && $0.contains("┌ 3 Help") }
    try tmux.type("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func ctrlCIsAKeyThatQuits() throws {
    let tmux = try start()
    defer { tmux.close() }
    try tmux.press("C-c")
    try expectRestored(tmux, status: 130)
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func signalsRestoreTheTerminal(signal: Int32) throws {
    let tmux = try start()
    defer { tmux.close() }
    let screen = try tmux.waitFor("the pid") { self.pid(on: $0) != nil }
    let programPID = try #require(pid(on: screen))
    try tmux.send(signal: signal, to: programPID)
    try expectRestored(tmux, status: 128 + signal)
  }

  @Test func noColorTurnsColourOff() throws {
    let tmux = try start(environment: "NO_COLOR=1")
    defer { tmux.close() }
    try tmux.waitFor("colour off") { $0.contains("colour off") }
    try tmux.press("C-d")
    try expectRestored(tmux, status: 0)
  }

  /// An unknown terminal, and one that cannot move its cursor (`dumb`), get plain lines.
  @Test(arguments: [
    ("no-such-term", "unknown terminal type 'no-such-term'"),
    ("dumb", "terminal type 'dumb' cannot move the cursor"),
  ])
  func terminalsWithoutAFullScreenFallBackToPlainLines(term: String, message: String) throws {
    let tmux = try TmuxSession(
      command: TestBinary.selfTestCommand(mode: "screen", extraEnvironment: "TERM=\(term)"),
      columns: 100, rows: 12)
    defer { tmux.close() }
    try tmux.waitFor("the fallback") { $0.contains(message) }
    try tmux.type("abc")
    try tmux.press("Enter")
    try tmux.waitFor("plain echo") { $0.contains("plain: abc") }
    try tmux.press("C-d")
    try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
  }
}
