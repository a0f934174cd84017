import TerminalTesting
import Foundation
import Testing

/// Stale holders in a real terminal: pane 1 marks them, pane 3 notes them, and Enter on a pane 1
/// row explains its service.
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct StaleHolderEndToEndTests {
  @Test func aMockOverABuiltServiceMarksItsHoldersAndEnterExplainsOne() throws {
    let tmux = try TmuxSession(command: DiscopeBinary.command(""), columns: 120, rows: 32)
    defer { tmux.close() }
    try tmux.waitFor("the demo's panes") { $0.contains("┌ 1 Registrations") && $0.contains("CMD LIVE") }
    for command in ["resolve ControlContext", "mock WebService"] {
      try tmux.type(command)
      try tmux.press("Enter")
    }
    let marked = try tmux.waitFor("the stale holders marked in pane 1 and noted in pane 3") {
      $0.contains("⚠ stale: RFZoneController#3 (t3, singleton)") && $0.contains("t3 RFZoneController")
    }
    let paneOne = marked.split(separator: "\n").prefix { !$0.contains("┌ 3 Mocks and disposals") }
      .map { String($0.prefix(48)) }
    #expect(paneOne.contains { $0.contains("t3 RFZoneController") && $0.contains("⚠ stale") }, "\(marked)")
    #expect(paneOne.contains { $0.contains("t4 ControlContext") && $0.contains("⚠ stale") }, "\(marked)")
    #expect(!paneOne.contains { $0.contains("t5 NoticeManager") && $0.contains("stale") }, "\(marked)")
    // Navigation mode, pane 1, down to t3's row (Logger, t1, WebService, t7, t2, ZoneController, t3).
    try tmux.press("Escape")
    try tmux.type("1")
    for _ in 0..<6 { try tmux.type("j") }
    try tmux.press("Enter")
    let explained = try tmux.waitFor("the explanation of ZoneController") {
      $0.contains("why ZoneController — any key closes") && $0.contains("holds: WebService#2 (t2)")
    }
    #expect(explained.contains("ZoneController: t3 RFZoneController answers (the only registration in root)"))
    #expect(explained.contains("held by: ControlContext#4 (t4)"))
    #expect(explained.contains("stale: RFZoneController#3 (t3, singleton) still holds WebService#2 from t2"))
    // Wrapped at a word, not cut: the fix is there whole.
    #expect(explained.contains("'cache t3 off' then 'cache t3 on' rebuilds it"), "\(explained)")
    try tmux.type("x")
    try tmux.waitFor("the explanation closed") { !$0.contains("any key closes") && $0.contains("┌ 3 Mocks and disposals") }
    // The fix clears the mark.
    try tmux.type("i")
    for command in ["cache t3 off", "cache t3 on", "cache t4 off", "cache t4 on"] {
      try tmux.type(command)
      try tmux.press("Enter")
    }
    try tmux.waitFor("no stale mark left in pane 1") { screen in
      let paneOne = screen.split(separator: "\n").prefix { !$0.contains("┌ 3 Mocks and disposals") }
      return screen.contains("cache t4 on") && paneOne.contains { $0.contains("t3 RFZoneController") }
        && !paneOne.contains { $0.prefix(48).contains("⚠ stale") }
    }
    try tmux.type(":quit")
    try tmux.press("Enter")
    try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
  }
}
