import TerminalTesting
import DisScript
import Foundation
import Testing

/// Under a locale that is not UTF-8 (`LANG=C`, the default in many containers) ncurses draws
/// box-drawing glyphs blank: the playground draws its trees in ASCII there, as `--ascii` does.
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct LocaleEndToEndTests {
  @Test func underTheCLocaleTheTraceIsDrawnInASCII() throws {
    let tmux = try TmuxSession(
      command: DiscopeBinary.command("", environment: "LANG=C LC_ALL=C"), columns: 120, rows: 32)
    defer { tmux.close() }
    try tmux.waitFor("the demo's panes") { $0.contains("1 Registrations") && $0.contains("CMD LIVE") }
    try tmux.type("resolve ControlContext")
    try tmux.press("Enter")
    let screen = try tmux.waitFor("the trace, in ASCII") {
      $0.contains("|- WebService#2 created t2 [singleton]")
        && $0.contains("`- ZoneController -> RFZoneController#3 created t3 [singleton]")
    }
    #expect(!screen.contains("├─") && !screen.contains("→"))
    try tmux.type(":quit")
    try tmux.press("Enter")
    try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
  }
}

/// A wide terminal gives pane 1 the room its rows need, while the trace keeps its own. Each row
/// ends with where its registration was made: the demo's script line, the `register` line in its
/// assembly block (issue 44).
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct WidePaneEndToEndTests {
  @Test func atOneHundredSixtyColumnsPaneOneShowsItsRowsWholeWithTheirSites() throws {
    let lines = DemoWorld.script.split(separator: "\n", omittingEmptySubsequences: false)
    let register = try #require(
      lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "register Logger = ConsoleLogger" }) + 1
    let tmux = try TmuxSession(command: DiscopeBinary.command(""), columns: 160, rows: 40)
    defer { tmux.close() }
    try tmux.waitFor("the demo's panes") { $0.contains("┌ 1 Registrations") && $0.contains("CMD LIVE") }
    try tmux.type("resolve ControlContext")
    try tmux.press("Enter")
    let screen = try tmux.waitFor("the assembly and the script line named whole") {
      $0.contains("t1 ConsoleLogger    [singleton] holds #1 from RFAssembly demo.dis:\(register)│")
    }
    #expect(screen.contains("└─ ZoneController → RFZoneController#3 created t3 [singleton]"), "\(screen)")
    try tmux.type(":quit")
    try tmux.press("Enter")
    try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
  }
}
