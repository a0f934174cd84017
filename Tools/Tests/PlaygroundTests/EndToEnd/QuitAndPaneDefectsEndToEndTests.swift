import TerminalTesting
import Foundation
import Testing

/// Issue 45's defects of the full screen and the line REPL, each in a real terminal (a private
/// tmux server), each waited for by condition with a generous deadline.
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct QuitAndPaneDefectsEndToEndTests {
  let base = PlaygroundEndToEndTests()

  func recordingPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("discope-q-\(UUID().uuidString.prefix(8)).dis").path
  }

  /// `:quit` while recording asks "y quits …, any other key stays": Ctrl-D stays, as the attach
  /// question's does; `y` then quits.
  @Test func ctrlDAtTheRecordingQuestionStays() throws {
    let path = recordingPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tmux = try base.start("--record '\(path)'")
    defer { tmux.close() }
    try base.waitForDemo(tmux)
    try base.run(tmux, ":quit")
    try tmux.waitFor("the question") { $0.contains("Quit? y quits") }
    try tmux.press("C-d")
    let screen = try tmux.waitFor("the question put away") { !$0.contains("Quit? y quits") }
    #expect(screen.contains("┌ 1 Registrations") && !screen.contains("[exit"), "\(screen)")
    try base.run(tmux, "protocol StillHere")
    try tmux.waitFor("a command runs") { $0.contains("│protocol StillHere") }
    try base.run(tmux, ":quit")
    try tmux.waitFor("the question again") { $0.contains("Quit? y quits") }
    try tmux.type("y")
    try base.expectRestored(tmux, status: 0)
  }

  /// The line REPL asks the same question, and Ctrl-D there stays too.
  @Test func ctrlDAtTheREPLsRecordingQuestionStays() throws {
    let path = recordingPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tmux = try base.start("repl --empty --no-history --record '\(path)'")
    defer { tmux.close() }
    try tmux.waitFor("the prompt") { $0.contains("dis>") }
    try base.run(tmux, ":quit")
    try tmux.waitFor("the question") { $0.contains("Quit? y quits") }
    try tmux.press("C-d")
    try tmux.waitFor("stayed") { $0.contains("(staying: Ctrl-D is no answer") }
    try base.run(tmux, "protocol StillHere")
    try tmux.waitFor("a command runs") { $0.contains("\nprotocol StillHere") || $0.contains("dis> protocol StillHere\ndis>") }
    try base.run(tmux, ":quit")
    try tmux.waitFor("the question again") { $0.components(separatedBy: "Quit? y quits").count == 3 }
    try base.run(tmux, "y")
    let screen = try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
    #expect(screen.contains("modes:isig icanon echo"), "terminal left raw:\n\(screen)")
  }

  /// Pane 4 scrolled back (PgUp) stops following; a command typed then shows its output there,
  /// as a terminal or a pager brings its end back, rather than leaving the error unseen.
  @Test func aCommandShowsItsOutputInAScrolledBackPane4() throws {
    let tmux = try base.start()
    defer { tmux.close() }
    try base.waitForDemo(tmux)
    try base.run(tmux, "help expect")
    // The help's last line, which pane 4 shows as the help ends.
    try tmux.waitFor("the help in pane 4") { $0.contains("holds while the family has no container") }
    try tmux.press("Escape")
    try tmux.type("4")
    try tmux.press("PPage")
    // Scrolled back: the position no longer ends at the last line (`22-34/56`).
    try tmux.waitFor("pane 4 scrolled back") { screen in
      guard let range = screen.range(of: #"\d+-(\d+)/(\d+)"#, options: .regularExpression) else { return false }
      let numbers = screen[range].split(whereSeparator: { $0 == "-" || $0 == "/" }).map(String.init)
      return numbers.count == 3 && numbers[1] != numbers[2]
    }
    try tmux.type("i")
    try base.run(tmux, "resolve Nope")
    try tmux.waitFor("the error in pane 4") { $0.contains("│! resolve Nope") && $0.contains("unknown service 'Nope'") }
    try tmux.press("C-c")
    try base.expectRestored(tmux, status: 130)
  }

  /// The screen's text with frames and spaces taken out: a line wrapped over rows reads whole.
  func joined(_ screen: String) -> String {
    String(screen.filter { !$0.isWhitespace && $0 != "│" })
  }

  /// Enter on a 300-character command row of pane 4, cut at its edge, shows the command whole,
  /// whether it has output (which Enter folded instead) or not (where Enter did nothing); `h`
  /// folds the output from any of its rows, `l` unfolds it.
  @Test func enterShowsALongCommandRowWhole() throws {
    let tmux = try base.start()
    defer { tmux.close() }
    try base.waitForDemo(tmux)
    let name = String(repeating: "Wide", count: 73) + "Xy"
    try base.run(tmux, "class " + name)
    try tmux.waitFor("the command in pane 4") { $0.contains("│class WideWide") }
    try tmux.press("Escape")
    try tmux.type("4")
    try tmux.press("Enter")
    try tmux.waitFor("the class whole") { $0.contains("Whole line — any key closes") && joined($0).contains("class" + name) }
    try tmux.type("x")
    try tmux.type("i")
    try base.run(tmux, "resolve " + name)
    try tmux.waitFor("its error") { $0.contains("│! resolve WideWide") && $0.contains("│  error: no registration for") }
    try tmux.press("Escape")
    try tmux.type("h")  // from the output row (the newest): folds, the selection on the command
    try tmux.waitFor("the output folded") { !$0.contains("│  error: no registration for") }
    try tmux.press("Enter")
    try tmux.waitFor("the resolve whole") {
      $0.contains("Whole line — any key closes") && joined($0).contains("!resolve" + name)
    }
    try tmux.type("x")
    try tmux.type("l")
    try tmux.waitFor("the output back") { $0.contains("│  error: no registration for") && !$0.contains("Whole line") }
    try tmux.type("q")
    try base.expectRestored(tmux, status: 0)
  }
}
