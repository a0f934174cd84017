import TerminalTesting
import Foundation
import Testing

/// The harness itself, against plain shell commands in a real terminal.
@Suite(.serialized, .enabled(if: TmuxAvailability.isInstalled, "tmux is not installed"))
struct TmuxHarnessTests {
  @Test func typesReadsAndSeesTheExitStatus() throws {
    let tmux = try TmuxSession(command: "printf 'ready\\n'; cat", columns: 60, rows: 10)
    defer { tmux.close() }
    try tmux.waitFor("ready") { $0.contains("ready") }
    try tmux.type("hello 日本")
    try tmux.press("Enter")
    // The terminal echoes the line, then cat prints it again.
    try tmux.waitFor("the line twice") { $0.components(separatedBy: "hello 日本").count == 3 }
    try tmux.press("C-d")
    try tmux.waitFor("exit status 0") { $0.contains("[exit 0]") }
  }

  @Test func reportsTheSizeAfterAResize() throws {
    let tmux = try TmuxSession(command: "stty size; read line; stty size", columns: 70, rows: 15)
    defer { tmux.close() }
    try tmux.waitFor("first size") { $0.contains("15 70") }
    try tmux.resize(columns: 44, rows: 12)
    try tmux.press("Enter")
    try tmux.waitFor("second size") { $0.contains("12 44") && $0.contains("[exit 0]") }
  }

  @Test func aKilledServerLeavesNoSocket() throws {
    let tmux = try TmuxSession(command: "true")
    let socket = "/tmp/tmux-\(getuid())/\(tmux.socketName)"
    try tmux.waitFor("exit") { $0.contains("[exit 0]") }
    #expect(FileManager.default.fileExists(atPath: socket))
    tmux.close()
    #expect(!FileManager.default.fileExists(atPath: socket))
  }
}

enum TmuxAvailability {
  static let isInstalled = (try? SpawnedCommand.run(["tmux", "-V"]).status) == 0
}
