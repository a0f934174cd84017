import TerminalTesting
import Foundation
import Testing

/// Stepping through a lesson, its section's prose shows wrapped under the panes, whole, at every
/// size the playground supports (pane 4 cuts long lines; the prose region never does).
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct ProseRegionEndToEndTests {
  static let longLine =
    "A registration tells the container which class answers for a service, and the newest one "
    + "answers: this sentence is far wider than any pane of an eighty-column terminal, and ends here."

  func script() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("prose-\(UUID().uuidString).dis").path
    let text = """
      ## Registering
      # \(Self.longLine)
      protocol Logger
      class ConsoleLogger: Logger
      register Logger = ConsoleLogger

      """
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// The words of the long line, in order, across the screen's rows.
  func showsWhole(_ screen: String) -> Bool {
    let joined = screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    return joined.contains(Self.longLine)
  }

  @Test func atEightyByTwentyFourALongCommentLineIsReadableWhole() throws {
    let tmux = try TmuxSession(command: DiscopeBinary.command("play '\(try script())'"), columns: 80, rows: 24)
    defer { tmux.close() }
    try tmux.waitFor("the script open, its prose under the panes") { $0.contains("Registering") && $0.contains("REPLAY") }
    try tmux.waitFor("the long line whole, and the Swift of the next command") {
      showsWhole($0) && $0.contains("Swift: protocol Logger: AnyObject, Sendable {}")
    }
    // Stepping on keeps the section's prose in view, and shows the next command's Swift.
    try tmux.press("Escape")
    try tmux.type(".")
    try tmux.waitFor("one step on, the prose still whole") {
      $0.contains("REPLAY 1/3") && showsWhole($0) && $0.contains("Swift: final class ConsoleLogger: Logger { }")
    }
    try tmux.press("C-c")
    try tmux.waitFor("exit") { $0.contains("[exit") }
  }

  /// At the smallest size the prose keeps its rows: the end of it, nearest the next command, and
  /// how much more is above.
  @Test func atTheMinimumSizeTheProseStaysInView() throws {
    let tmux = try TmuxSession(command: DiscopeBinary.command("play '\(try script())'"), columns: 40, rows: 12)
    defer { tmux.close() }
    let screen = try tmux.waitFor("the end of the prose above the bottom row") {
      $0.contains("eighty-column terminal, and ends here.") && $0.contains("more lines above")
    }
    #expect(screen.contains("4 Transcript"), "the panes are still there")
    try tmux.press("C-c")
    try tmux.waitFor("exit") { $0.contains("[exit") }
  }
}
