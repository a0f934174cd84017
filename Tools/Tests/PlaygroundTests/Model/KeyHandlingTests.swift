import Foundation
import TerminalUI
import Testing
@testable import Playground

/// Modes, focus, zoom, filter, scrolling and help, key by key.
@Suite struct KeyHandlingTests {
  @Test func theKeyTableHasNoConflictsAndTheHelpComesFromIt() {
    #expect(PlaygroundKeys.keymap.conflicts(in: [.command, .navigation]).isEmpty)
    let help = PlaygroundKeys.helpLines(commandSummary: nil)
    for binding in PlaygroundKeys.keymap.bindings {
      #expect(help.contains { $0.contains(binding.label) && $0.contains(binding.description) },
              "help lacks \(binding.label)")
    }
  }

  @Test func escapeSwitchesModesAndNumbersFocusPanes() {
    let controller = PlaygroundController.fake()
    #expect(controller.state.mode == .command)
    controller.handle(.escape)
    #expect(controller.state.mode == .navigation)
    controller.handle(.character("3"))
    #expect(controller.state.focus == .mocks)
    controller.handle(.tab)
    #expect(controller.state.focus == .transcript)
    controller.handle(.backTab)
    controller.handle(.backTab)
    #expect(controller.state.focus == .trace)
    controller.handle(.character("+"))
    #expect(controller.state.isZoomed)
    controller.handle(.character("i"))
    #expect(controller.state.mode == .command)
    controller.handle(.character("3"))  // typed, not a focus key
    #expect(controller.state.editor.text == "3" && controller.state.focus == .trace)
  }

  @Test func questionMarkShowsHelpOnlyOnAnEmptyLine() {
    let controller = PlaygroundController.fake()
    controller.type("resolve?")
    #expect(controller.state.editor.text == "resolve?" && !controller.state.isShowingHelp)
    controller.handle(.ctrl("u"))
    controller.handle(.character("?"))
    #expect(controller.state.isShowingHelp)
    controller.handle(.escape)
    #expect(!controller.state.isShowingHelp)
    controller.handle(.function(1))
    #expect(controller.state.isShowingHelp)
  }

  @Test func aFilterKeepsMatchingLinesAndTheirHeadings() {
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter("register Web")
    controller.handle(.escape)
    controller.handle(.character("1"))
    controller.handle(.character("/"))
    for c in "web" { controller.handle(.character(c)) }
    #expect(controller.texts(.registrations) == ["Web", controller.texts(.registrations)[1]])
    #expect(controller.state.title(of: .registrations) == "1 Registrations /web")
    controller.handle(.escape)
    #expect(controller.texts(.registrations).count == 4)
  }

  @Test func enterFoldsAGroupAndScrollingStopsFollowing() {
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter("register Logger")
    controller.handle(.escape)
    controller.handle(.character("1"))
    controller.handle(.enter)
    #expect(controller.texts(.registrations) == ["Logger (2) …"])
    controller.handle(.enter)
    #expect(controller.texts(.registrations).count == 3)
    controller.handle(.character("4"))
    controller.handle(.character("k"))
    #expect(!controller.state.view(of: .transcript).isFollowing)
    controller.handle(.character("G"))
    #expect(controller.state.view(of: .transcript).isFollowing)
  }

  /// While following, the newest row is the selected one: `k` goes to the row above it, and
  /// paging back down to the end follows again.
  @Test func theSelectionStartsAtTheNewestRowAndPagingToTheEndFollows() {
    let controller = PlaygroundController.fake()
    for index in 0..<30 { controller.enter("register S\(index)") }
    controller.update { $0.paneHeights[.transcript] = 10 }
    controller.handle(.escape)
    controller.handle(.character("4"))
    let count = controller.state.visibleLines(of: .transcript).count
    #expect(controller.state.view(of: .transcript).selectedRow(count: count, lines: []) == count - 1)
    controller.handle(.character("k"))
    #expect(controller.state.view(of: .transcript).selection == count - 2, "one above the newest")
    controller.handle(.pageUp)
    controller.handle(.pageUp)
    #expect(!controller.state.view(of: .transcript).isFollowing)
    for _ in 0..<3 { controller.handle(.pageDown) }
    #expect(controller.state.view(of: .transcript).isFollowing, "back at the end, it follows again")
  }

  /// Enter on a row too long for the bottom row shows it whole over the panes; any key closes.
  @Test func enterShowsALongRowWholeOverThePanes() {
    let controller = PlaygroundController.fake()
    controller.enter("register S")
    controller.enter("register " + String(repeating: "Long", count: 20))
    controller.update { $0.bottomRowWidth = 60 }
    controller.handle(.escape)
    controller.handle(.character("4"))
    controller.handle(.enter)
    guard case .wholeLine(let text) = controller.state.overlay else {
      Issue.record("no whole-line window: \(String(describing: controller.state.overlay))")
      return
    }
    #expect(text.hasSuffix(String(repeating: "Long", count: 20)))
    #expect(controller.handle(.character("x")) == .continue)
    #expect(controller.state.overlay == nil)
    controller.handle(.character("k"))
    controller.handle(.character("k"))
    controller.handle(.enter)
    #expect(controller.state.overlay == nil, "a row that fits goes on the bottom row")
    #expect(controller.state.notice == "+ t1 S")
  }

  @Test func ctrlCQuitsButAsksFirstWhileRecording() throws {
    let controller = PlaygroundController.fake()
    #expect(controller.handle(.ctrl("c")) == .quit(130))
    let path = NSTemporaryDirectory() + "discope-\(UUID().uuidString).dis"
    defer { try? FileManager.default.removeItem(atPath: path) }
    controller.enter(":record \(path)")
    #expect(controller.handle(.ctrl("c")) == .continue)
    #expect(controller.state.notice?.contains("Quit?") == true)
    #expect(controller.handle(.character("n")) == .continue)
    controller.handle(.ctrl("c"))
    #expect(controller.handle(.character("y")) == .quit(130))
  }

  @Test func ctrlDOnAnEmptyLineQuitsButAsksFirstWhileRecording() throws {
    let controller = PlaygroundController.fake()
    let path = NSTemporaryDirectory() + "discope-\(UUID().uuidString).dis"
    defer { try? FileManager.default.removeItem(atPath: path) }
    controller.enter(":record \(path)")
    #expect(controller.handle(.ctrl("d")) == .continue)
    #expect(controller.state.notice?.hasPrefix("Quit? y quits") == true, "the question first, where a narrow row shows it")
    #expect(controller.handle(.character("n")) == .continue)
    controller.handle(.ctrl("d"))
    #expect(controller.handle(.character("y")) == .quit(0))
    controller.handle(.escape)
    #expect(controller.handle(.character("q")) == .continue, "q in navigation mode asks too")
    #expect(controller.handle(.character("n")) == .continue)
    controller.handle(.character("i"))
    controller.enter(":stop")
    #expect(controller.handle(.ctrl("d")) == .quit(0))
  }

  @Test func aFailingCommandNeverEndsTheSession() {
    let controller = PlaygroundController.fake()
    controller.enter("frobnicate")
    controller.enter("remove t9")
    controller.enter("register Logger")
    #expect(controller.texts(.registrations).first == "Logger")
  }

  @Test func tabCompletesCommandsAndNames() {
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.type("res")
    controller.handle(.tab)
    #expect(controller.state.notice?.contains("resolve") == true)
    controller.handle(.ctrl("u"))
    controller.type("resolve Lo")
    controller.handle(.tab)
    #expect(controller.state.editor.text == "resolve Logger ")
    controller.handle(.ctrl("u"))
    controller.type("remove ")
    controller.handle(.tab)
    #expect(controller.state.editor.text == "remove t1 ")
  }

  @Test func completionKnowsWhereEachKindOfNameGoes() {
    let words = CompletionWords(
      services: ["Logger"], implementations: ["ConsoleLogger"], tokens: ["t1", "t2"],
      instances: ["#1"], assemblies: ["AppAssembly"], containers: ["root", "test"])
    func complete(_ line: String) -> [String] {
      CommandCompletion.candidates(line: line, cursor: line.count, words: words)
    }
    #expect(complete("register Logger = Con") == ["ConsoleLogger"])
    #expect(complete("scope t") == ["t1", "t2"])
    #expect(complete("release #") == ["#1"])
    #expect(complete("activate A") == ["AppAssembly"])
    #expect(complete("container use t") == ["test"])
    #expect(complete("show stacks L") == ["Logger"])
    #expect(complete("expect Logger is C") == ["ConsoleLogger"])
    #expect(complete("sh") == ["show", "shutdown"])
    #expect(complete("sho") == ["show"])
  }

  /// A keyword is offered where the command's grammar has it, and a name only where the grammar
  /// takes one of that kind: `release` takes `#N` or `container NAME`, `container use` a name.
  @Test func completionFollowsTheCommandsGrammar() {
    let words = CompletionWords(
      services: ["Logger"], implementations: ["ConsoleLogger"], tokens: ["t1"],
      instances: ["#1", "#2", "#2.logger"], containers: ["root", "request"])
    func complete(_ line: String) -> [String] {
      CommandCompletion.candidates(line: line, cursor: line.count, words: words)
    }
    #expect(complete("release ") == ["container", "#1", "#2"])
    #expect(complete("release container ") == ["root", "request"])
    #expect(complete("release container r") == ["root", "request"])
    #expect(complete("release container re") == ["request"])
    #expect(complete("release container request ") == [])
    #expect(complete("! release container re") == ["request"])
    #expect(complete("container ") == ["child", "use"])
    #expect(complete("container use ") == ["root", "request"])
    #expect(complete("container child ") == [], "a new container's name is the user's to make up")
    #expect(complete("call #") == ["#2.logger"])
    #expect(complete("resolve ") == ["Logger"])
    #expect(complete("resolve Logger ") == ["named", "with"])
    #expect(complete("register Logger sc").count == 5)
    #expect(complete("expect #2.logger = ") == ["nil", "#1", "#2"])
    #expect(complete("expect stack Logger = ") == ["t1"])
    #expect(complete("help rel") == ["release"])
    #expect(complete("class Handler(logger: L") == ["Logger"])
  }

  @Test func multiLineBlocksContinue() {
    let controller = PlaygroundController.fake()
    controller.enter("assembly A {")
    #expect(controller.state.continuation == ["assembly A {"])
    #expect(PaneContent.commandLine(state: controller.state, width: 40).spans.first?.text == "...> ")
  }
}
