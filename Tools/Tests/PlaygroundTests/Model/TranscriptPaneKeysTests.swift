import Foundation
import TerminalUI
import Testing
@testable import Playground

/// Pane 4 and the keys of issue 45: a command shows its output even when pane 4 was scrolled
/// back; Enter on a command row cut at the pane's edge shows the command whole.
@Suite struct TranscriptPaneKeysTests {
  /// Scrolled back, pane 4 stops following; a command typed brings it back to its tail.
  @Test func aTypedCommandBringsPane4BackToItsTail() {
    let controller = PlaygroundController.fake()
    for index in 0..<30 { controller.enter("register S\(index)") }
    controller.update { $0.paneHeights[.transcript] = 10 }
    controller.handle(.escape)
    controller.handle(.character("4"))
    controller.handle(.pageUp)
    #expect(!controller.state.view(of: .transcript).isFollowing)
    controller.handle(.character("i"))
    controller.enter("register Newest")
    #expect(controller.state.view(of: .transcript).isFollowing)
    let rows = PaneContent.rows(state: controller.state, pane: .transcript, height: 10, showsSelection: false)
    #expect(rows.last?.first?.text == "  + t31 Newest", "\(rows)")
    // A typed comment too.
    controller.handle(.escape)
    controller.handle(.pageUp)
    controller.handle(.character("i"))
    controller.enter("# a note")
    #expect(controller.state.view(of: .transcript).isFollowing)
  }
}
