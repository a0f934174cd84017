import Foundation
import TerminalUI
import Testing
@testable import Playground

/// The questions asked before quitting share one rule: their letters answer, Ctrl-C takes the
/// safe way out, and every other key stays — Ctrl-D included (issue 45).
@Suite struct QuitQuestionTests {
  @Test func bothQuestionsShareOneRule() {
    for question in [QuitQuestion.recording, .sessionChanges] {
      for key: Key in [.ctrl("d"), .escape, .enter, .character("n"), .character("q"), .ctrl("z")] {
        #expect(question.answer(key) == .stay, "\(question) \(key)")
      }
      guard case .quit(_, isInterrupted: true) = question.answer(.ctrl("c")) else {
        Issue.record("Ctrl-C does not quit at \(question)")
        continue
      }
    }
    #expect(QuitQuestion.recording.answer(.character("y")) == .quit(keepingChanges: nil, isInterrupted: false))
    #expect(QuitQuestion.sessionChanges.answer(.character("k")) == .quit(keepingChanges: true, isInterrupted: false))
    #expect(QuitQuestion.sessionChanges.answer(.character("u")) == .quit(keepingChanges: false, isInterrupted: false))
    #expect(QuitQuestion.sessionChanges.answer(.ctrl("c")) == .quit(keepingChanges: false, isInterrupted: true))
  }

  /// `:quit` while recording asks; Ctrl-D at the question stays, as "any other key stays" says.
  @Test func ctrlDAtTheRecordingQuestionStays() {
    let controller = PlaygroundController.fake()
    let path = NSTemporaryDirectory() + "discope-\(UUID().uuidString).dis"
    defer { try? FileManager.default.removeItem(atPath: path) }
    controller.enter(":record \(path)")
    controller.enter(":quit")
    #expect(controller.state.notice?.hasPrefix("Quit? y quits") == true)
    #expect(controller.handle(.ctrl("d")) == .continue)
    #expect(controller.state.overlay == nil && controller.state.notice == nil, "the question is put away")
    controller.enter(":quit")
    #expect(controller.handle(.character("y")) == .quit(0))
  }
}
