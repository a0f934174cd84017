import Foundation
import Testing
@testable import Playground

/// Replay (step forward, back, next section, take over) and recording, on the fake engine.
@Suite struct ReplayAndRecordingTests {
  static let script = """
    %dis 1
    # A lesson.
    register Dep
    register Web
    ## Resolving
    resolve Web
    resolve Web
    ## Mocking
    mock Web
    resolve Web

    """

  func openScript() throws -> PlaygroundController {
    let controller = PlaygroundController.fake()
    controller.openReplay(try ReplayScript(text: Self.script, path: "lesson.dis"))
    controller.settle()
    return controller
  }

  @Test func opensAtTheStartInNavigationMode() throws {
    let controller = try openScript()
    #expect(controller.state.replay?.position == 0)
    #expect(controller.state.mode == .navigation)
    #expect(controller.texts(.registrations).first?.hasPrefix("(no registrations") == true)
    #expect(controller.state.statusText.contains("REPLAY 0/6"))
    let hint = PaneContent.commandLine(state: controller.state, width: 80).spans.map(\.text).joined()
    #expect(hint.contains("line 3: register Dep"))
  }

  @Test func stepsForwardAndBackRebuildingTheState() throws {
    let controller = try openScript()
    for _ in 0..<3 { controller.handle(.character(".")); controller.settle() }
    #expect(controller.state.trace.resolutionCount == 1)
    #expect(controller.state.transcript.fileLines.first == "# A lesson.")
    controller.handle(.character(","))
    controller.settle()
    #expect(controller.state.replay?.position == 2)
    #expect(controller.state.trace.resolutionCount == 0)
    #expect(controller.texts(.registrations).contains("Web"))
    #expect(!controller.state.transcript.fileLines.contains("resolve Web"))
    controller.handle(.character("."))
    controller.settle()
    #expect(controller.state.transcript.fileLines.contains("## Resolving"))
  }

  @Test func jumpsToTheNextSectionAndTakesOverLive() throws {
    let controller = try openScript()
    controller.handle(.character("]"))
    controller.settle()
    #expect(controller.state.replay?.position == 2)
    controller.handle(.character("]"))
    controller.settle()
    #expect(controller.state.replay?.position == 4)
    #expect(controller.state.trace.resolutionCount == 2)
    controller.handle(.character("i"))
    #expect(controller.state.replay == nil && controller.state.mode == .command)
    controller.enter("mock Web")
    #expect(controller.texts(.mocks).count == 1)
  }

  @Test func playStepsByItselfUntilTheEnd() throws {
    let controller = try openScript()
    controller.playInterval = .zero
    controller.handle(.character(" "))
    for _ in 0..<20 { controller.tick(); controller.settle() }
    #expect(controller.state.replay?.position == 6)
    #expect(controller.state.replay?.isPlaying == false)
  }

  @Test func recordsEachCommandAsItHappensWithTheSessionSoFar() throws {
    let path = NSTemporaryDirectory() + "discope-rec-\(UUID().uuidString).dis"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter(":record \(path)")
    #expect(controller.state.statusText.contains("REC \((path as NSString).lastPathComponent):3"))
    controller.enter("resolve Logger")
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written == "%dis 1\nregister Logger\n  + t1 Logger\nresolve Logger\n  Logger ok\n")
    #expect(written == controller.state.transcript.text)
    controller.enter(":stop")
    controller.enter("resolve Logger")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == written)
  }

  /// A recording holds one session, so that it replays: it never goes on into another file's
  /// session, nor another session into it.
  @Test func aRecordingStaysOneSession() throws {
    let path = NSTemporaryDirectory() + "discope-rec-\(UUID().uuidString).dis"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "%dis 1\nregister Logger\n  + t1 Logger\n".write(toFile: path, atomically: true, encoding: .utf8)
    let controller = PlaygroundController.fake()
    controller.enter(":record \(path)")
    #expect(controller.state.recording == nil)
    let notice = controller.state.notice ?? ""
    #expect(notice.contains("it is not empty (37 bytes)"), "\(notice)")
    // In the playground, `:save!` is a way: it writes the whole session over the file.
    #expect(notice.hasSuffix("To fix, ':record' a new file, or ':save! \(path)' to write the whole session over it"), "\(notice)")
    try FileManager.default.removeItem(atPath: path)
    controller.enter(":record \(path)")
    #expect(controller.state.recording != nil)
    controller.enter(":open \(path)")
    #expect(controller.state.replay == nil)
    #expect(controller.state.notice?.contains("':stop' first") == true, "\(controller.state.notice ?? "")")
  }

  /// `repl --record FILE` (and `play --record`) onto a file that holds something: the advice is
  /// what the command line can do, not a playground command (`:save!` means nothing to a shell).
  @Test func recordingFromTheCommandLineOntoATextFileSaysWhatToDoThere() throws {
    let path = NSTemporaryDirectory() + "discope-rec-\(UUID().uuidString).txt"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "my notes\n".write(toFile: path, atomically: true, encoding: .utf8)
    var options = PlaygroundOptions.session()
    options.recordPath = path
    let error = #expect(throws: PlaygroundError.self) { try Playground.makeController(options, isSynchronous: true) }
    let message = error?.description ?? ""
    #expect(message.contains("cannot write '\(path)': it is not empty (9 bytes)"), "\(message)")
    #expect(message.hasSuffix("To fix, name a new file with --record, or move '\(path)' away first"), "\(message)")
    #expect(!message.contains(":save"), "\(message)")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "my notes\n")
  }

  /// `play /dev/null` reads an empty script, as `run /dev/null` does: valid, with nothing to step
  /// through (it said "cannot read" where `run` succeeded).
  @Test func anEmptyScriptOpensAsRunReadsIt() throws {
    var options = PlaygroundOptions.session()
    options.scriptPath = "/dev/null"
    let controller = try Playground.makeController(options, isSynchronous: true)
    #expect(controller.state.replay?.nextStep == nil)
    #expect(controller.state.replay != nil)
    options.scriptPath = NSTemporaryDirectory() + "discope-missing-\(UUID().uuidString).dis"
    let error = #expect(throws: PlaygroundError.self) { try Playground.makeController(options, isSynchronous: true) }
    // What `run` says of it too.
    #expect(error?.description == "\(options.scriptPath!):1:1: error: cannot open: No such file or directory",
      "\(error?.description ?? "")")
  }

  @Test func savesTheWholeSession() throws {
    let path = NSTemporaryDirectory() + "discope-save-\(UUID().uuidString).dis"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let controller = PlaygroundController.fake()
    controller.enter("register Logger")
    controller.enter("resolv")
    controller.enter(":save \(path)")
    let saved = try String(contentsOfFile: path, encoding: .utf8)
    #expect(saved == controller.state.transcript.text)
    #expect(try ReplayScript(text: saved, path: path).steps.count == 1)
  }

  @Test func refusesToStepBackWhileRecording() throws {
    let path = NSTemporaryDirectory() + "discope-rec-\(UUID().uuidString).dis"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let controller = try openScript()
    controller.handle(.character("."))
    controller.settle()
    _ = controller.submitLine(":record \(path)")
    controller.handle(.character(","))
    #expect(controller.state.replay?.position == 1)
    #expect(controller.state.notice?.contains(":stop") == true)
  }
}
