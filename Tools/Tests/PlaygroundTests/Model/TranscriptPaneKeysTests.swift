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

  /// Enter on a command row cut at pane 4's edge shows the command whole, output or not (it
  /// folded the output instead, and did nothing on a command without output).
  @Test func enterOnACutCommandRowShowsTheCommandWhole() {
    let controller = PlaygroundController.fake()
    let name = String(repeating: "Long", count: 75)
    controller.enter("register " + name)
    controller.enter("register Short")
    controller.update {
      $0.paneWidths[.transcript] = 60
      $0.bottomRowWidth = 80
    }
    controller.handle(.escape)
    controller.handle(.character("4"))
    controller.handle(.character("k"))
    controller.handle(.character("k"))
    controller.handle(.character("k"))
    #expect(controller.texts(.transcript)[0] == "register " + name)
    controller.handle(.enter)
    guard case .wholeLine(let text) = controller.state.overlay else {
      Issue.record("no whole-line window: \(String(describing: controller.state.overlay))")
      return
    }
    #expect(text == "register " + name)
    #expect(controller.state.view(of: .transcript).folded.isEmpty, "the output is not folded")
    controller.handle(.character("x"))  // closes it
    // A command row shown whole still folds and unfolds its output with Enter.
    controller.handle(.character("j"))
    controller.handle(.character("j"))
    #expect(controller.texts(.transcript)[2] == "register Short")
    controller.handle(.enter)
    #expect(controller.texts(.transcript) == ["register " + name, "  + t1 " + name, "register Short …"])
    controller.handle(.enter)
    #expect(controller.texts(.transcript).count == 4)
  }

  /// `h` (Left) folds the group of the selected row from any of its rows, cut or not, and keeps
  /// the selection on its heading; `l` (Right) unfolds it.
  @Test func hAndLFoldAndUnfoldFromAnyRow() {
    let controller = PlaygroundController.fake()
    let name = String(repeating: "Long", count: 75)
    controller.enter("register " + name)
    controller.enter("register Short")
    controller.update { $0.paneWidths[.transcript] = 60; $0.paneHeights[.transcript] = 10 }
    controller.handle(.escape)
    controller.handle(.character("4"))
    controller.handle(.character("k"))
    controller.handle(.character("k"))  // the first command's output row
    controller.handle(.character("h"))
    #expect(controller.texts(.transcript) == ["register " + name + " …", "register Short", "  + t2 Short"])
    let view = controller.state.view(of: .transcript)
    #expect(view.selectedRow(count: 3, lines: []) == 0, "on the folded heading")
    controller.handle(.right)
    #expect(controller.texts(.transcript).count == 4)
    controller.handle(.left)
    controller.handle(.character("l"))
    #expect(controller.texts(.transcript).count == 4)
  }
}
