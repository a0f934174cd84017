import DIScope
import DIScopeDebug
import DisScript
import Testing

@testable import Playground

/// The playground reads what happened from typed values, never from the words of another module:
/// which transcript lines are errors, whether a failure's path follows the steps, whether an app is
/// gone, whether a notice is an error.
@Suite struct PresentationAsDataTests {
  @Test func theTranscriptStylesTheLinesTheOutcomeSaysAreErrors() {
    let session = Session()
    for line in ["class ErrorLog", "class Screen(log: ErrorLog, missing: Missing)", "protocol Missing", "register ErrorLog", "register Screen"] {
      _ = session.execute(line)
    }
    let outcome = PlaygroundOutcome(session.execute("resolve Screen"))
    #expect(outcome.isFailure)
    var transcript = Transcript()
    transcript.append(recorded: outcome.recordedText, errorLines: outcome.errorLines)
    let errors = transcript.lines.filter { $0.kind == .error }.map(\.text)
    #expect(errors == ["  error: no registration for 'Missing'"], "\(transcript.lines.map(\.text))")
    // What only names an error (a class called ErrorLog, in what was built) is plain output.
    #expect(transcript.lines.contains { $0.text.contains("ErrorLog") && $0.kind == .plain })
    #expect(transcript.lines.first?.kind == .command)
  }

  @Test func aCommandOnSeveralLinesKeepsItsErrorLinesInPlace() {
    var transcript = Transcript()
    transcript.append(recorded: "! assembly A {\n  register X\n}\n  error: boom\n  hint: h\n", commandLineCount: 3, errorLines: [0])
    #expect(transcript.lines.map(\.kind) == [.command, .command, .command, .error, .plain])
  }

  @Test func pane2PutsWhatAFailedResolveBuiltUnderItsPath() {
    var pane = TracePane()
    pane.apply(.step(Self.step("A", depth: 1)))
    pane.apply(.failure(FailureRecord(asked: "Root", path: ["Root", "X"], lines: ["error: no"], thread: 1)))
    #expect(pane.lines.map(\.text) == ["resolve Root — failed", "Root …", "└─ A#1 created t1 [singleton]", "error: no"])
  }

  @Test func pane2SetsTheStepsSideBySideUnderAShortenedPath() {
    var pane = TracePane()
    pane.apply(.step(Self.step("A", depth: 1)))
    pane.apply(
      .failure(FailureRecord(asked: "Root", path: ["Root", "...", "X"], lines: ["error: deep"], thread: 1, omittedFromPath: 190)))
    #expect(pane.lines.map(\.text) == ["resolve Root — failed", "A#1 created t1 [singleton]", "error: deep"])
  }

  @Test func aStepsOutcomeIsAValueOnTheWireAsItsName() throws {
    let record = EventRecord.step(Self.step("A", depth: 0))
    let encoded = MessageCoding.encode(record)
    let text = String(decoding: encoded, as: UTF8.self)
    #expect(text.contains("\"created\"") && text.contains("\"singleton\""), "\(text)")
    #expect(try MessageCoding.decode(EventRecord.self, from: encoded) == record)
    #expect(record.changesStacks)
    #expect(!EventRecord.step(Self.step("A", depth: 0, outcome: .cached)).changesStacks)
  }

  @Test func howAConnectionEndedIsACase() {
    #expect(ConnectionEnd.appEnded(pid: 42).isAppGone)
    #expect(ConnectionEnd.appEnded(pid: 42).description == "app ended (pid 42)")
    #expect(!ConnectionEnd.bye(reason: "the app ended", pid: 42).isAppGone, "a bye that mentions the app is no end of it")
    #expect(!ConnectionEnd.refused(reason: "app ended").isAppGone)
  }

  @Test func aNoticeIsAnErrorBecauseItWasSetAsOneNotByItsWords() {
    var state = PlaygroundState()
    state.notice = "error handling is explained in lesson 11"
    #expect(!state.isNoticeError)
    state.showError("cannot record to 'x': it is a directory")
    #expect(state.notice == "error: cannot record to 'x': it is a directory")
    #expect(state.isNoticeError)
    #expect(state.noticeProblem == "cannot record to 'x': it is a directory")
    state.notice = "recording to y"
    #expect(!state.isNoticeError && state.noticeProblem == nil)
    state.showErrorLine("error: app ended (pid 4): nothing runs any more")
    #expect(state.isNoticeError && state.noticeProblem == nil)
  }

  private static func step(_ service: String, depth: Int, outcome: ResolutionStep.Outcome = .created) -> StepRecord {
    StepRecord(
      service: service, outcome: outcome, scope: .singleton, depth: depth, instanceNumber: 1, isMock: false,
      line: "\(service)#1 \(outcome) t1 [singleton]", thread: 1)
  }
}
