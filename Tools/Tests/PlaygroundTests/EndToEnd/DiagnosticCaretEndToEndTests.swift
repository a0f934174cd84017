import TerminalTesting
import Foundation
import Testing

/// The caret under a script's error, on a real terminal: the line is shown escaped, and the caret
/// is placed in the same units (issue 45: after `\u{202E}` it stood 7 columns left of the `=`).
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct DiagnosticCaretEndToEndTests {
  let base = PlaygroundEndToEndTests()

  @Test func theCaretIsUnderTheErrorAfterAnEscapedCharacter() throws {
    let name = "discope-caret-\(UUID().uuidString.prefix(8)).dis"
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(name)
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("register Logger named \"raw\u{202E}q\" = ConsoleLogger\n".utf8).write(to: file)
    let tmux = try base.start("play '\(name)'")
    defer { tmux.close() }
    let screen = try tmux.waitFor("the error") { $0.contains("[exit 1]") }
    let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let quoted = rows.firstIndex(where: { $0.hasPrefix("register Logger named") }), quoted + 1 < rows.count else {
      Issue.record("no quoted line:\n\(screen)")
      return
    }
    #expect(rows[quoted] == "register Logger named \"raw\\u{202E}q\" = ConsoleLogger", "\(screen)")
    let equals = rows[quoted].distance(from: rows[quoted].startIndex, to: rows[quoted].firstIndex(of: "=")!)
    #expect(rows[quoted + 1] == String(repeating: " ", count: equals) + "^", "\(screen)")
  }
}
