import Synchronization
import Testing
import TerminalUI

@Suite struct LineEditorCompletionTests {
  static let words = ["resolve", "register", "reset", "mock"]

  func editor(_ text: String) -> LineEditor {
    var editor = LineEditor(text: text)
    editor.completer = { request in Self.words.filter { $0.hasPrefix(request.word) } }
    return editor
  }

  @Test func aSingleMatchCompletesWithASpace() {
    var line = editor("mo")
    #expect(line.handle(.tab) == .edited)
    #expect(line.text == "mock " && line.cursor == 5)
  }

  @Test func severalMatchesInsertTheCommonPrefix() {
    var line = editor("r")
    #expect(line.handle(.tab) == .completions(["resolve", "register", "reset"]))
    #expect(line.text == "re")
    var again = editor("res")
    #expect(again.handle(.tab) == .completions(["resolve", "reset"]))
    #expect(again.text == "res")
  }

  @Test func theCompleterSeesTheWordAndWhatCameBefore() {
    let seen = Mutex<[CompletionRequest]>([])
    var line = LineEditor(text: "mock Lo rest")
    for _ in 0..<5 { _ = line.handle(.left) }
    line.completer = { request in
      seen.withLock { $0.append(request) }
      return ["Logger"]
    }
    _ = line.handle(.tab)
    let request = seen.withLock { $0.first }
    #expect(request?.word == "Lo" && request?.wordStart == 5 && request?.cursor == 7)
    #expect(request?.precedingWords == ["mock"])
    #expect(line.text == "mock Logger  rest")
  }

  @Test func noMatchAndNoCompleter() {
    var line = editor("zzz")
    #expect(line.handle(.tab) == .completions([]))
    var plain = LineEditor(text: "x")
    #expect(plain.handle(.tab) == .ignored)
  }

  @Test func afterASpaceTheWordIsEmpty() {
    var line = editor("mock ")
    #expect(line.completionRequest.word == "" && line.completionRequest.wordStart == 5)
    _ = line.handle(.tab)
    #expect(line.text == "mock ")
  }
}
