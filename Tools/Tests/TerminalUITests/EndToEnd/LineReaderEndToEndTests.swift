import TerminalTesting
import Foundation
import Testing

/// `TerminalSelfTest.runLineREPL()` (libedit) in a real terminal.
@Suite(.serialized, .enabled(if: TmuxAvailability.isInstalled, "tmux is not installed"))
struct LineReaderEndToEndTests {
  @Test func completesRemembersAndSavesHistory() throws {
    let history = FileManager.default.temporaryDirectory
      .appendingPathComponent("discope-repl-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: history) }
    let tmux = try TmuxSession(
      command: TestBinary.selfTestCommand(
        mode: "repl", extraEnvironment: "DISCOPE_SELF_TEST_HISTORY='\(history)'"),
      columns: 80, rows: 20)
    defer { tmux.close() }
    try tmux.waitFor("prompt") { $0.contains("demo>") }
    try tmux.type("his")
    try tmux.press("Tab")
    try tmux.waitFor("single completion") { $0.contains("demo> history") }
    try tmux.press("Enter")
    try tmux.waitFor("ok line") { $0.contains("ok: history") }
    try tmux.type("he")
    try tmux.press("Tab")
    try tmux.type("lo")
    try tmux.press("Enter")
    try tmux.waitFor("common prefix completed") { $0.contains("ok: hello") }
    try tmux.type("zz")
    try tmux.press("Tab")  // No file-name fallback: nothing is inserted.
    try tmux.press("Enter")
    try tmux.waitFor("no completion") { $0.contains("ok: zz") }
    try tmux.press("Up", "Up", "Enter")
    try tmux.waitFor("history recalled") { $0.components(separatedBy: "ok: hello").count == 3 }
    // Ctrl-C cancels the line being edited and prompts again; it does not end the program.
    try tmux.type("cancelled")
    // Typed, then Ctrl-C: the terminal drops input not yet read when it sends SIGINT.
    try tmux.waitFor("the line typed") { $0.contains("demo> cancelled") }
    try tmux.press("C-c")
    try tmux.waitFor("a fresh prompt") { $0.contains("demo> cancelled^C\ndemo>") }
    try tmux.type("kept")
    try tmux.press("Enter")
    try tmux.waitFor("the next line read alone") { $0.contains("ok: kept") && !$0.contains("ok: cancelled") }
    try tmux.press("C-d")
    try tmux.waitFor("bye") { $0.contains("bye") && $0.contains("[exit 0]") }
    let saved = try String(contentsOfFile: history, encoding: .utf8)
    #expect(saved.contains("hello") && saved.contains("history"))
  }
}
