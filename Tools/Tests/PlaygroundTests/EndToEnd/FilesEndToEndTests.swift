import TerminalTesting
import Foundation
import Testing

/// Issue 45's files and pipes in a real terminal (a private tmux server): an open that could
/// block never freezes the screen, keys typed for the playground never reach the shell, and a
/// script too large says so once, in the words every command uses.
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct FilesEndToEndTests {
  let base = PlaygroundEndToEndTests()

  func temporaryDirectory() -> String {
    var template = Array((FileManager.default.temporaryDirectory.path + "/discope-files-XXXXXX").utf8CString)
    _ = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `mkfifo fifo1; discope`, `:save! fifo1` blocked in `open` for good, Ctrl-C dead. Now the
  /// pipe nothing reads is refused at once, with a message, and the playground goes on.
  @Test func savingToAPipeNothingReadsIsRefusedAndTheScreenStaysLive() throws {
    let directory = temporaryDirectory()
    let fifo = directory + "/fifo1"
    #expect(mkfifo(fifo, 0o600) == 0)
    let tmux = try base.start(columns: 160)
    defer { tmux.close() }
    try base.waitForDemo(tmux)
    try base.run(tmux, ":save! \(fifo)")
    try tmux.waitFor("the refusal") { $0.contains("is a named pipe that nothing reads") }
    try base.run(tmux, ":record \(fifo)")
    try tmux.waitFor("the recording refused too") {
      $0.contains("is a named pipe that nothing reads") && !$0.contains("REC")
    }
    try base.run(tmux, "resolve WebService")
    try tmux.waitFor("keys still read") { $0.contains("WebService#") }
    try tmux.press("C-c")
    try base.expectRestored(tmux, status: 130)
    var info = stat()
    #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe is left as it was")
  }

  /// Keys typed after the playground's last key are dropped as it ends (`tcflush`): the shell
  /// never runs them as commands.
  @Test func keysLeftUnreadAtTheEndNeverReachTheShell() throws {
    let tmux = try TmuxSession(command: "bash --norc --noprofile -i", columns: 120, rows: 32)
    defer { tmux.close() }
    try tmux.waitFor("the shell") { $0.contains("bash") }
    try base.run(tmux, "'\(DiscopeBinary.path!)'")
    try base.waitForDemo(tmux)
    // One write: Ctrl-C, then a command for the shell, were the keys kept.
    try tmux.press("C-c", "echo LEAK-$((40+2))", "Enter")
    try tmux.waitFor("the shell again") { $0.contains("bash-") && !$0.contains("┌ 1 Registrations") }
    try base.run(tmux, "echo DONE-$((1+1))")
    let screen = try tmux.waitFor("the shell answers") { $0.contains("\nDONE-2") }
    #expect(!screen.contains("LEAK-42"), "typed-ahead keys ran in the shell:\n\(screen)")
  }

  /// `play big4m.dis` printed "error: big4m.dis:…: error:"; `test` and `run` said the limit
  /// two ways. One message, once.
  @Test func aScriptTooLargeSaysSoOnceInTheWordsOfEveryCommand() throws {
    let directory = temporaryDirectory()
    let path = directory + "/big4m.dis"
    let size = 4 * 1024 * 1024 + 96
    try String(repeating: "#", count: size).write(toFile: path, atomically: false, encoding: .utf8)
    let tmux = try base.start("play '\(path)'", columns: 160)
    defer { tmux.close() }
    let screen = try tmux.waitFor("the error") { $0.contains("[exit 1]") }
    #expect(
      screen.contains("big4m.dis:1:1: error: file is too large: \(size) bytes, the limit is 4194304"), "\(screen)")
    #expect(!screen.contains("error: /"), "a doubled prefix:\n\(screen)")
    #expect(screen.contains("hint: to fix, split the script into several files"), "\(screen)")
  }
}
