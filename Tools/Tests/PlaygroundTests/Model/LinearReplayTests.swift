import Foundation
import Testing
@testable import Playground

/// `discope repl < FILE` is linear in the script's length: a script read line by line does no
/// per-command work that grows with the session (the completion words list every instance held;
/// pane 1 reads every stack), so its cost per command stays what `discope run` pays.
@Suite struct LinearReplayTests {
  @Test func aScriptReadLineByLineNeverReadsTheCompletionWordsPerCommand() throws {
    let path = NSTemporaryDirectory() + "discope-linear-\(UUID().uuidString).dis"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let commands = ["register Dep"] + (0..<60).flatMap { _ in ["register Web", "resolve Web"] }
    try (commands.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    let box = EngineBox(FakeEngine())
    let engine = box.engine
    var options = PlaygroundOptions(engineFactory: { box.engine })
    options.scriptPath = path
    #expect(PlainLines.run(options) == 0)
    #expect(engine.commands.count == commands.count)
    // Once when the controller is made; never once per command.
    #expect(engine.completionReads <= 2, "read \(engine.completionReads) times for \(commands.count) commands")
  }

  @Test func aTypedSessionStillCompletesFromTheNamesAfterEachCommand() {
    let engine = FakeEngine()
    let controller = PlaygroundController(engine: engine, factory: { FakeEngine() }, isSynchronous: true)
    let before = engine.completionReads
    controller.enter("register Web")
    #expect(engine.completionReads > before)
    #expect(controller.state.completionWords.services.contains("Web"))
  }
}

/// Hands one engine to a factory.
///
/// `@unchecked Sendable`: the factory is called on the test's own thread (the plain line mode
/// runs its engine synchronously), so the engine is never used from two threads.
private final class EngineBox: @unchecked Sendable {
  let engine: FakeEngine
  init(_ engine: FakeEngine) { self.engine = engine }
}
