import DisScript
import Foundation
import TerminalUI
import Testing
@testable import Playground

/// Issue 30's playground defects on the model: a typed comment, the trace's scope with caching
/// off, the help's paging keys and wrapping, a filter that matches nothing.
@Suite struct TerminalDefectsTests {
  @Test func aTypedCommentGoesIntoTheTranscriptAsAComment() {
    let controller = PlaygroundController(engine: Session(), factory: { Session() }, isSynchronous: true)
    controller.submitLine("class A")
    controller.submitLine("# why A comes first")
    controller.submitLine("  # indented too")
    controller.settle()
    let text = controller.state.transcript.text
    #expect(text.contains("class A\n# why A comes first\n# indented too\n"), "\(text)")
    #expect(!text.contains("did not parse"))
    #expect(controller.unexpectedFailures == 0)
  }

  @Test func theTraceNamesASingletonWithCachingOffAsTheStacksDo() {
    let session = Session()
    _ = session.execute("class A")
    _ = session.execute("register A")
    _ = session.execute("cache t1 off")
    let resolved = session.execute("resolve A").output
    #expect(resolved.contains("A#1 created t1 [singleton, cache off]"), "\(resolved)")
    #expect(session.execute("show stacks").output.joined(separator: "\n").contains("[singleton, cache off]"))
  }

  @Test func helpHomeEndAndGMoveToTheEndsAndLinesWrap() {
    let controller = PlaygroundController.fake()
    controller.update {
      $0.overlayPageHeight = 10
      $0.helpWidth = 60
    }
    #expect(controller.state.shownHelpLines.allSatisfy { $0.count <= 60 })
    #expect(controller.state.shownHelpLines.count > controller.state.helpLines.count)
    controller.handle(.function(1))
    for (key, isEnd) in [(Key.end, true), (.home, false), (.character("G"), true), (.character("g"), false)] {
      controller.handle(key)
      guard case .help(let top) = controller.state.overlay else {
        Issue.record("the help closed on \(key)")
        return
      }
      #expect(top == (isEnd ? controller.state.shownHelpLines.count - 10 : 0), "\(key)")
    }
  }

  @Test func aFilterThatMatchesNothingSaysSo() {
    let controller = PlaygroundController.fake()
    controller.enter("register Web")
    controller.update { $0.views[.registrations, default: PaneView(anchor: .top)].filter = "zzzz" }
    let lines = controller.texts(.registrations)
    #expect(lines == ["(no line matches /zzzz; Esc clears the filter)"], "\(lines)")
    // As it says: Esc, in navigation mode where the filter was typed, clears it.
    controller.update {
      $0.focus = .registrations
      $0.mode = .navigation
    }
    controller.handle(.escape)
    #expect(controller.state.view(of: .registrations).filter.isEmpty)
    #expect(controller.texts(.registrations).contains { $0.contains("Web") }, "\(controller.texts(.registrations))")
  }

  /// A wrapped comment stays a comment on every row (a transcript reads back), and an indented
  /// line keeps its indent; no row is wider than asked.
  @Test func wrappedCommentsKeepTheirHashAndIndentedLinesTheirIndent() {
    let comment = ProseText.wrap("# did not parse: expected a service name after 'resolve' here and there", width: 30)
    #expect(comment.count > 1)
    #expect(comment.allSatisfy { $0.hasPrefix("# ") && $0.count <= 30 }, "\(comment)")
    let indented = ProseText.wrap("  hint: to fix, register it: 'register Logger = ConsoleLogger'", width: 30)
    #expect(indented.count > 1)
    #expect(indented.dropFirst().allSatisfy { $0.hasPrefix("    ") && $0.count <= 30 }, "\(indented)")
  }

  @Test func aByteBeyondASCIIUnderLangCIsExplained() {
    let controller = PlaygroundController.fake()
    controller.handle(.unknown(0xC3))
    #expect(controller.state.notice?.contains("not UTF-8") == true)
    #expect(controller.state.editor.isEmpty)
  }
}
