import Foundation
import DisScript
import DisSyntax
import Testing
@testable import Playground

/// The real `.dis` session as the engine, on the demo world.
@Suite struct SessionEngineTests {
  func demo() throws -> PlaygroundController {
    try Playground.makeController(.demo(), isSynchronous: true)
  }

  @Test func theDemoIsInTheTranscriptAndResolvesWithDeclaredNames() throws {
    let controller = try demo()
    #expect(controller.state.transcript.fileLines.contains("activate RFAssembly"))
    controller.enter("resolve ControlContext")
    let trace = controller.texts(.trace)
    #expect(trace.contains("└─ ZoneController → RFZoneController#3 created t3 [singleton]"), "\(trace)")
    let stacks = controller.texts(.registrations)
    #expect(stacks.contains { $0.contains("t4 ControlContext") && $0.contains("holds #4") }, "\(stacks)")
  }

  /// Issue 44: pane 1 names where each registration was made, as the attached view does: the
  /// demo's by its script line (`demo.dis:N`, its own `register` line in the assembly block, not
  /// the line that activated the assembly); one typed, nowhere.
  @Test func paneOneNamesTheScriptLineThatMadeEachRegistration() throws {
    let controller = try demo()
    let lines = DemoWorld.script.split(separator: "\n", omittingEmptySubsequences: false)
    let register = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "register WebService" }) + 1
    let stacks = controller.texts(.registrations)
    let webService = try #require(stacks.first { $0.contains("t2 WebService") }, "\(stacks)")
    #expect(webService.hasSuffix("[singleton] from RFAssembly demo.dis:\(register)"), "\(webService)")
    controller.enter("register Logger = ConsoleLogger")
    let typed = try #require(controller.texts(.registrations).first { $0.contains("t7 ConsoleLogger") })
    #expect(typed.hasSuffix("[singleton]"), "\(typed)")
  }

  /// Text that does not parse stays in the transcript (and so in a recording) as typed, in a
  /// comment, with why: the file still replays.
  @Test func aLineThatDoesNotParseIsKeptAsTyped() throws {
    let controller = try demo()
    controller.enter("register Logger -> ConsoleLogger")
    let lines = controller.state.transcript.fileLines.suffix(3)
    #expect(Array(lines) == [
      "# did not parse: register Logger -> ConsoleLogger",
      "# error: expected '=' between the service and its implementation, found '->'",
      "#   hint: '->' is how output shows a registration; to fix, write 'register Logger = ConsoleLogger'",
    ])
    let replayed = ScriptParser().parse(controller.state.transcript.text, path: "recorded.dis")
    #expect(!replayed.hasErrors)
  }

  /// A cycle's hint in pane 2 is the transcript's: a script breaks it with a provider (it has
  /// no `@Injected`, which the container's Swift wording suggests too).
  @Test func paneTwoWordsAFailureAsTheCommandDid() throws {
    let controller = try demo()
    for line in ["class A(b: B)", "class B(a: A)", "register A", "register B", "resolve A"] {
      controller.enter(line)
    }
    let transcriptHint = controller.state.transcript.fileLines.last { $0.contains("hint:") }
    let paneHint = controller.texts(.trace).last { $0.contains("hint:") }
    #expect(transcriptHint?.contains("'Provider<A>' parameter") == true, "\(String(describing: transcriptHint))")
    #expect(paneHint?.trimmingCharacters(in: .whitespaces) == transcriptHint?.trimmingCharacters(in: .whitespaces))
    #expect(paneHint?.contains("@Injected") == false)
  }

  /// A mock says so in words before its implementation, which even a narrow pane shows.
  @Test func aMockSaysSoBeforeItsImplementation() throws {
    let controller = try demo()
    controller.enter("mock Logger")
    let stacks = controller.texts(.registrations)
    let mock = try #require(stacks.first { $0.contains("MockLogger") }, "\(stacks)")
    #expect(mock.hasPrefix("  t7 mock MockLogger "), "\(mock)")
    #expect(stacks.contains { $0.hasPrefix("  t1 ConsoleLogger ") }, "\(stacks)")
  }

  /// A failed resolve shows what it built under what needed it, the unfinished services named.
  @Test func aFailedResolveShowsWhatItBuiltUnderWhatNeededIt() throws {
    let controller = try demo()
    for line in [
      "class A", "class X(a: A, y: Y)", "class Y(x: X)", "class Root(a: A, x: X)",
      "register A", "register X", "register Y", "register Root", "resolve A", "resolve Root",
    ] { controller.enter(line) }
    let trace = controller.texts(.trace)
    let start = try #require(trace.lastIndex(of: "resolve Root — failed"), "\(trace)")
    #expect(Array(trace[(start + 1)...].prefix(4)) == [
      "Root …", "├─ A#1 cached t7 [singleton]", "└─ X …", "   └─ A#1 cached t7 [singleton]",
    ], "\(trace)")
    let transcript = controller.state.transcript.fileLines
    #expect(transcript.contains("    └─ X …"), "the transcript draws the same tree: \(transcript)")
  }

  /// After `reset` tokens start again at t1: pane 3 marks where, so histories do not mix.
  @Test func aResetIsMarkedInTheMockHistory() throws {
    let controller = try demo()
    controller.enter("mock Logger")
    controller.enter("reset")
    controller.enter("mock Logger")
    let mocks = controller.texts(.mocks)
    #expect(mocks.filter { !$0.isEmpty }.map { String($0.prefix(6)) } == ["+ t7 M", "── a f", "+ t1 M"], "\(mocks)")
  }

  /// Pane 3 holds mock swaps and disposals, and its title says both.
  @Test func paneThreeIsTitledForMocksAndDisposals() throws {
    let controller = try demo()
    for line in ["resolve WebService", "mock Logger", "shutdown"] { controller.enter(line) }
    let lines = controller.texts(.mocks)
    #expect(lines.contains { $0.hasPrefix("+ t7 MockLogger over Logger") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("✕ disposed WebService#2") && $0.hasSuffix("(root shut down)") }, "\(lines)")
    #expect(controller.state.title(of: .mocks) == "3 Mocks and disposals")
  }

  /// A disposal a change caused (caching switched off) says so, not that its container shut
  /// down.
  @Test func aDisposalACacheChangeCausedIsNamedForIt() throws {
    let controller = try demo()
    for line in ["class Pool", "register Pool", "resolve Pool"] { controller.enter(line) }
    let token = try #require(controller.state.transcript.fileLines.first { $0.contains("Pool  [singleton]") })
      .split(separator: " ").first { $0.hasPrefix("t") }
    controller.enter("cache \(token ?? "t0") off")
    controller.settle()
    let lines = controller.texts(.mocks)
    #expect(
      lines.contains { $0.hasPrefix("✕ disposed Pool#") && $0.hasSuffix("(its cache let go by a change)") },
      "\(lines)")
    #expect(!lines.contains { $0.contains("shut down") }, "\(lines)")
  }

  /// Stepping a replay back rebuilds it on a fresh session, with the panes cleared: that is no
  /// `reset`, and pane 3 must not say a fresh container took over (it did, and stepping on put
  /// root's disposals under the false mark).
  @Test func steppingBackIsNoFreshContainerInPaneThree() throws {
    let lesson = EnvironmentTraceTests.lesson.replacingOccurrences(
      of: "01-register-and-resolve.dis", with: "12-shutdown-and-request-scopes.dis")
    var options = PlaygroundOptions.session()
    options.scriptPath = lesson
    let controller = try Playground.makeController(options, isSynchronous: true)
    // To the end of the lesson, past its root shutdown (whatever its number of steps).
    while controller.state.replay?.nextStep != nil {
      controller.stepForward()
      controller.settle()
    }
    let end = try #require(controller.state.replay?.position)
    let marker = "── a fresh container: tokens start again ──"
    #expect(controller.texts(.mocks).contains { $0.contains("(root shut down)") })
    #expect(!controller.texts(.mocks).contains(marker))
    controller.stepBack()
    controller.settle()
    #expect(controller.state.replay?.position == end - 1)
    #expect(!controller.texts(.mocks).contains(marker), "\(controller.texts(.mocks))")
    controller.stepForward()
    controller.settle()
    let mocks = controller.texts(.mocks)
    #expect(!mocks.contains(marker), "\(mocks)")
    #expect(mocks.contains { $0.contains("(root shut down)") }, "\(mocks)")
  }

  /// Commands typed faster than the screen redraws: the steps queued for the panes must not keep
  /// instances alive, or a weak registration answers with one the session released.
  @Test func stepsQueuedForThePanesKeepNoInstanceAlive() throws {
    let controller = try demo()
    for line in ["class CC", "register CC scope=weak", "resolve CC", "release #1", "resolve CC"] {
      _ = controller.submitLine(line)
    }
    controller.settle()
    let transcript = controller.state.transcript.fileLines
    #expect(transcript.contains("  released CC#1: nothing else held it, so it is gone"), "\(transcript)")
    #expect(transcript.contains("  CC#2 created t7 [weak]"), "\(transcript)")
    #expect(controller.texts(.trace).contains("CC#2 created t7 [weak]"), "and pane 2 names it")
  }
}
