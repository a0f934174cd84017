import Foundation
import Testing
@testable import TerminalUI

/// libedit's state is process-wide: these run one at a time.
@Suite(.serialized) struct LineReaderTests {
  @Test func historyRoundTripsThroughItsFile() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("discope-history-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    do {
      let reader = LineReader(historyFile: file)
      reader.clearHistory()
      reader.addHistory("resolve Logger")
      reader.addHistory("mock Logger 日本")
      #expect(reader.history == ["resolve Logger", "mock Logger 日本"])
      #expect(reader.saveHistory())
      reader.clearHistory()
      #expect(reader.history.isEmpty)
    }
    let again = LineReader(historyFile: file)
    #expect(again.history == ["resolve Logger", "mock Logger 日本"])
    again.clearHistory()
  }

  @Test func missingHistoryFileIsNotAnError() {
    let reader = LineReader(historyFile: "/nonexistent/dir/history")
    #expect(!reader.loadHistory())
    #expect(!reader.saveHistory())
  }

  @Test func completionRequestsUseCharacterOffsets() {
    // libedit reports byte offsets; "日本 Lo" has the word at byte 7, character 3.
    let request = ReadlineCompletion.request(line: "日本 Lo", start: 7, end: 9)
    #expect(request.word == "Lo" && request.wordStart == 3 && request.cursor == 5)
  }
}
