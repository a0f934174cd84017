import DisScript
import DisSyntax
import Foundation
import Testing
@testable import Playground

/// What the playground shows and records never holds a raw control or bidirectional character:
/// a typed comment, a line that did not parse, a name, all come escaped as the language writes
/// them.
@Suite struct TerminalSafetyTests {
  private func hasUnsafe(_ text: String) -> Bool {
    text.unicodeScalars.contains { $0 != "\n" && String.isUnsafe($0) }
  }

  @Test func theTranscriptAndItsRecordingHoldNoRawControl() throws {
    let path = NSTemporaryDirectory() + "discope-safe-\(UUID().uuidString).dis"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let controller = PlaygroundController(
      engine: Session(), factory: { Session() }, isSynchronous: true)
    controller.submitLine(":record \(path)")
    controller.submitLine("class A")
    controller.submitLine("register A named \"q\\\"\u{202E}\"")
    controller.submitLine("resolv \u{1B}]0;title\u{7}")
    controller.settle()
    let text = controller.state.transcript.text
    #expect(!hasUnsafe(text), "\(text.debugDescription)")
    #expect(text.contains(#"A named "q\"\u{202E}""#), "\(text)")
    let recorded = try String(contentsOfFile: path, encoding: .utf8)
    #expect(!hasUnsafe(recorded))
  }

  @Test func quotedAndTerminalSafeEscapeBidiControls() {
    #expect("a\u{202E}b".quoted == #""a\u{202E}b""#)
    #expect("a\u{1B}]0;t\u{7}\u{2066}".terminalSafe == #"a\u{1B}]0;t\u{7}\u{2066}"#)
    #expect("plain \\ text".terminalSafe == "plain \\ text")
  }
}
