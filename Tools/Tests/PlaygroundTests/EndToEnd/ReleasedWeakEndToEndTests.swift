import Foundation
import TerminalTesting
import Testing

/// Issue 44, 4: pane 1 reads the state `why` reads. A weak instance released is gone: pane 1 no
/// longer says its registration holds it, as `why` and `show stacks` do not.
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct ReleasedWeakEndToEndTests {
  @Test func aReleasedWeakInstanceLeavesPaneOneAsWhySaysIt() throws {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("learn-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: state) }
    let tmux = try TmuxSession(
      command: DiscopeBinary.command("learn 10", environment: "XDG_STATE_HOME='\(state)'"), columns: 120, rows: 32)
    defer { tmux.close() }
    try tmux.waitFor("exercise 10, ContentCache#1 held by the weak registration in pane 1") {
      Self.paneOne($0).contains { $0.contains("t1 ContentCache") && $0.contains("[weak] holds #1") }
    }
    try tmux.type("release #1")
    try tmux.press("Enter")
    let solved = try tmux.waitFor("solved, and pane 1 without the released instance") { screen in
      screen.contains("✓ solved") && Self.paneOne(screen).contains { $0.contains("t1 ContentCache") }
        && !Self.paneOne(screen).contains { $0.contains("holds #1") }
    }
    #expect(Self.paneOne(solved).contains { $0.contains("t1 ContentCache") && $0.contains("[weak]") }, "\(solved)")
    // What why says, pane 1 shows: nothing cached.
    try tmux.type("why ContentCache")
    try tmux.press("Enter")
    let why = try tmux.waitFor("why's answer") { $0.contains("resolve now: builds it and shares it") }
    #expect(!why.contains("cached: ContentCache#1"), "\(why)")
    #expect(!Self.paneOne(why).contains { $0.contains("holds #1") }, "\(why)")
    try tmux.type(":quit")
    try tmux.press("Enter")
    try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
  }

  /// Pane 1's rows: the lines above pane 3's top border, its left half.
  static func paneOne(_ screen: String) -> [String] {
    screen.split(separator: "\n").prefix { !$0.contains("┌ 3 ") }.map { String($0.prefix(60)) }
  }
}
