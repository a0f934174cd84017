import DIScope
import DIScopeDebug
import Foundation
import Testing

@testable import Playground

protocol Sound: AnyObject, Sendable {}
final class Bell: Sound {}
final class MockBell: Sound {}

/// The playground's controller over a `RemoteEngine`: the same panes, fed by an app's debug server
/// (in this process, over its real socket) instead of a local container.
@Suite(.serialized) struct RemoteEngineTests {
  func attached(readOnly: Bool = false) throws -> (PlaygroundController, Container, DebugServer, RemoteEngine) {
    let container = Container(name: "app")
    container.register(Sound.self) { _ in Bell() }
    container.registerMock(Sound.self) { MockBell() }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("remote-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let server = try DebugServer.start(
      container, socketPath: directory.appendingPathComponent("app.sock").path, readOnly: readOnly, log: { _ in })
    let engine = RemoteEngine(client: try DebugClient.connect(to: server.socketPath))
    let controller = PlaygroundController(engine: engine, factory: { engine }, isSynchronous: true)
    return (controller, container, server, engine)
  }

  /// Pumps until `condition` holds (events come from the server's writer thread), or 10 s.
  func pump(_ controller: PlaygroundController, until condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      controller.pump()
      if condition() { return true }
      usleep(10_000)
    }
    return false
  }

  @Test func theAppsStacksAndResolutionsFillThePanes() throws {
    let (controller, container, server, engine) = try attached()
    defer { server.stop() }
    #expect(pump(controller) { controller.texts(.registrations).contains { $0.contains("t1 Sound") } })
    #expect(pump(controller) { controller.state.completionWords.services.contains("Sound") }, "completion on attaching")
    #expect(controller.state.statusText.contains("app:\(getpid())"))
    // The app resolves on its own thread; pane 2 shows it without a command typed.
    Thread.detachNewThread { _ = try? container.resolve(Sound.self) }
    #expect(pump(controller) { controller.texts(.trace).contains { $0.contains("Sound → Bell#") } }, "\(controller.texts(.trace))")
    controller.enter("mock Sound")
    #expect(try container.resolve(Sound.self) is MockBell, "the command ran in the app")
    #expect(pump(controller) { controller.texts(.mocks).contains { $0.hasPrefix("+ t") && $0.contains("over Sound") } })
    // Quitting asks about the mock, listing it; `u` takes it out of the app.
    #expect(controller.submitLine(":quit") == .continue)
    let question = controller.state.notice ?? ""
    #expect(question.contains("u undoes the change this session made") && question.contains("pushed mock t"), "\(question)")
    #expect(controller.handle(.character("u")) == .quit(0))
    #expect((try? container.resolve(Sound.self)) is Bell, "undone before quitting")
    #expect(engine.view.leaveReport?.undone.first?.hasPrefix("removed t") == true, "\(String(describing: engine.view.leaveReport))")
  }

  @Test func ctrlCAtTheQuestionUndoesTheChangesAndQuits() throws {
    let (controller, container, server, engine) = try attached()
    defer { server.stop() }
    let token = try #require(container.registrations(of: ServiceKey(Sound.self)).first).token
    controller.enter("scope \(token) prototype")
    #expect(container.registration(token)?.scope == .prototype, "the command ran in the app")
    #expect(controller.submitLine(":quit") == .continue, "it asks first")
    #expect(controller.handle(.ctrl("c")) == .quit(130))
    #expect(container.registration(token)?.scope == .singleton, "undone: the safe way out")
    #expect(engine.view.leaveReport?.undone == ["scope of \(token) Sound back to singleton"], "\(String(describing: engine.view.leaveReport))")
  }

  @Test func whenTheAppGoesThePanesStayAndNothingRuns() throws {
    let (controller, _, server, _) = try attached()
    #expect(pump(controller) { controller.texts(.registrations).contains { $0.contains("t1 Sound") } })
    server.stop()
    #expect(pump(controller) { controller.state.statusText.contains("ENDED") })
    #expect(controller.texts(.registrations).contains { $0.contains("t1 Sound") }, "the panes keep what they showed")
    #expect(controller.state.transcript.fileLines.contains { $0.contains("stopped its debug server") })
    controller.enter("resolve Sound")
    #expect(controller.state.transcript.lines.contains { $0.text.contains("nothing runs any more") })
    #expect(controller.submitLine(":quit") == .quit(0))
  }

  @Test func aReadOnlyAppRefusesAMockAndSaysSo() throws {
    let (controller, container, server, _) = try attached(readOnly: true)
    defer { server.stop() }
    controller.enter("mock Sound")
    #expect(controller.state.transcript.fileLines.contains { $0.contains("read-only") }, "\(controller.state.transcript.fileLines)")
    #expect(try container.resolve(Sound.self) is Bell)
    #expect(controller.state.statusText.contains("read-only"))
  }
}
