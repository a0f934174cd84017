import TerminalTesting
import Foundation
import Testing

/// Issue 30's terminal defects, each in a real terminal (a private tmux server), each waited for
/// by condition with a generous deadline.
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct TerminalDefectsEndToEndTests {
  let base = PlaygroundEndToEndTests()

  func start(_ arguments: String = "", columns: Int = 120, rows: Int = 32, environment: String = "")
    throws -> TmuxSession
  {
    try base.start(arguments, columns: columns, rows: rows, environment: environment)
  }

  /// A typed `# comment` is a comment, in the playground as in a script.
  @Test func aTypedCommentIsAComment() throws {
    let tmux = try start()
    defer { tmux.close() }
    try base.waitForDemo(tmux)
    try base.run(tmux, "# my note")
    let screen = try tmux.waitFor("the comment in pane 4") { $0.contains("│# my note") }
    #expect(!screen.contains("did not parse"), "\(screen)")
    try tmux.press("C-c")
    try base.expectRestored(tmux, status: 130)
  }

  /// Ctrl-Z suspends the full-screen playground to the shell, and `fg` brings it back whole.
  @Test func ctrlZSuspendsAndFgRepaints() throws {
    let tmux = try TmuxSession(command: "bash --norc --noprofile -i", columns: 100, rows: 30)
    defer { tmux.close() }
    try tmux.waitFor("the shell") { $0.contains("bash") }
    try base.run(tmux, "'\(DiscopeBinary.path!)'")
    try base.waitForDemo(tmux)
    try tmux.press("C-z")
    try tmux.waitFor("stopped, the shell back") { $0.contains("Stopped") && !$0.contains("┌ 1 Registrations") }
    try base.run(tmux, "stty -a | grep -o -- '-\\?icanon' | sed 's/^/mode: /'")
    try tmux.waitFor("the shell's modes while stopped") { $0.contains("mode: icanon") }
    try base.run(tmux, "fg")
    try base.waitForDemo(tmux)
    try base.run(tmux, "resolve WebService")
    try tmux.waitFor("it reads keys again") { $0.contains("WebService#") }
    try tmux.press("C-c")
    try tmux.waitFor("the shell again") { $0.contains("bash-") && !$0.contains("┌ 1 Registrations") }
  }

  /// Help lines wrap at the terminal's width; Home/End and g/G move through the help.
  @Test func theHelpWrapsAndHomeEndMove() throws {
    let tmux = try start(columns: 80, rows: 24)
    defer { tmux.close() }
    try base.waitForDemo(tmux)
    try tmux.press("F1")
    try tmux.waitFor("the help") { $0.contains("Help — Esc closes") && $0.contains("DIScope playground") }
    try tmux.press("End")
    let end = try tmux.waitFor("the help's end") { $0.contains("Esc, q or ? closes this help") }
    // The command table's longest rows go on, indented, on the next row instead of being cut.
    #expect(end.contains("/") == true)
    try tmux.press("Home")
    try tmux.waitFor("the help's start") { $0.contains("DIScope playground — type a command") }
    try tmux.type("G")
    try tmux.waitFor("the end by G") { $0.contains("Esc, q or ? closes this help") }
    try tmux.type("g")
    try tmux.waitFor("the start by g") { $0.contains("DIScope playground — type a command") }
    try tmux.press("Escape")
    try tmux.press("C-c")
    try base.expectRestored(tmux, status: 130)
  }

  /// A status message too long for the bottom row shows whole over the command line.
  @Test func aLongErrorShowsWhole() throws {
    let tmux = try start(columns: 60, rows: 24)
    defer { tmux.close() }
    try tmux.waitFor("the panes") { $0.contains("CMD LIVE") }
    try base.run(tmux, ":save /")
    // Wrapped at words over the command line, which cuts it with `…`.
    try tmux.waitFor("the whole error") {
      $0.replacingOccurrences(of: "\n", with: " ").contains("error: cannot save to '/': it is a directory; name a file in it")
    }
    try tmux.press("C-c")
    try base.expectRestored(tmux, status: 130)
  }

  /// A filter that matches nothing says so instead of showing an empty pane.
  @Test func aFilterWithNoMatchSaysSo() throws {
    let tmux = try start()
    defer { tmux.close() }
    try base.waitForDemo(tmux)
    try tmux.press("Escape")
    try tmux.type("1")
    try tmux.type("/zzzz")
    try tmux.waitFor("the message") { $0.contains("no line matches /zzzz") }
    try tmux.press("Escape")
    try tmux.type("q")
    try base.expectRestored(tmux, status: 0)
  }

  /// Ctrl-D at a dumb terminal's prompt leaves the shell's prompt on a line of its own.
  @Test func ctrlDOnADumbTerminalEndsTheLine() throws {
    let tmux = try start(environment: "TERM=dumb")
    defer { tmux.close() }
    try tmux.waitFor("the prompt") { $0.contains("\ndis>") }
    try tmux.press("C-d")
    let screen = try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
    #expect(!screen.contains("dis> modes:") && !screen.contains("dis> [exit"), "\(screen)")
  }

  /// Under `LANG=C` a character beyond ASCII cannot be typed, and the playground says so.
  @Test func nonASCIIUnderLangCIsExplained() throws {
    let tmux = try start(environment: "LANG=C LC_ALL=C")
    defer { tmux.close() }
    try tmux.waitFor("the panes") { $0.contains("CMD LIVE") }
    try tmux.type("resolve café")
    try tmux.waitFor("the notice") { $0.contains("not UTF-8") }
    try tmux.press("C-c")
    try base.expectRestored(tmux, status: 130)
  }

  /// The line REPL under `LANG=C` cannot decode a character beyond ASCII: the line it is dropped
  /// from is not run (`protocol Café` would declare `Caf`), and says why.
  @Test func theREPLRunsNoLineWithCharactersDroppedUnderLangC() throws {
    let tmux = try start("repl --empty --no-history", environment: "LANG=C LC_ALL=C")
    defer { tmux.close() }
    try tmux.waitFor("the prompt") { $0.contains("dis>") }
    try base.run(tmux, "protocol Café")
    try tmux.waitFor("the error") { $0.contains("error: not run: characters beyond ASCII were dropped") }
    try base.run(tmux, "show stacks")
    try base.run(tmux, "protocol Plain")
    try base.run(tmux, "resolve Caf")
    let screen = try tmux.waitFor("the unknown type") { $0.contains("Caf") && $0.contains("error:") && $0.components(separatedBy: "dis>").count > 5 }
    #expect(screen.contains("unknown") || screen.contains("no "), "\(screen)")
    try tmux.press("C-d")
    try tmux.waitFor("exit") { $0.contains("[exit") }
  }

  /// The line REPL wraps help at the terminal's width, at words, rather than letting the terminal
  /// cut them anywhere: joined as tmux joins what the terminal wrapped (`-J`), no row is wider.
  @Test func theREPLWrapsHelpAtTheTerminalsWidth() throws {
    let tmux = try start("repl --empty --no-history", columns: 80, rows: 60)
    defer { tmux.close() }
    try tmux.waitFor("the prompt") { $0.contains("dis>") }
    try base.run(tmux, "help")
    try tmux.waitFor("the help") { $0.contains(":next") }
    let joined = try tmux.tmux(["capture-pane", "-p", "-J", "-t", tmux.sessionName])
    let wide = joined.split(separator: "\n").filter { $0.count > 80 }
    #expect(wide.isEmpty, "rows the terminal wrapped: \(wide)")
    try tmux.press("C-d")
    try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
  }
}
