import DIScope
import DisScript
import ExampleApp
import Foundation
import Testing

/// The README's "Debugging your app's container" examples, run as tests.
@Suite struct ReadmeDebuggingTests {
  @Test func replayTheScriptOnTheAppsContainer() throws {
    let scriptURL = ExampleContainer.script
    // --- README: debug-replay ---
    let container = Container(name: "app")
    RFAssembly().assemble(into: container)
    container.registerMock(Logging.self) { MockLogger() }
    try DisScriptFile(contentsOf: scriptURL).replay(on: container)
    // --- end ---
  }

  @Test func aSessionOverTheAppsContainer() throws {
    let container = Container(name: "app")
    RFAssembly().assemble(into: container)
    // --- README: debug-session ---
    let session = Session(container: container)
    let output = session.execute("resolve WebService").output
    // ["WebService#2", "WebService#2 created t2 [singleton]", "└─ Logging → ConsoleLogger#1 created t1 [singleton]"]
    // --- end ---
    #expect(output == ["WebService#2", "WebService#2 created t2 [singleton]", "└─ Logging → ConsoleLogger#1 created t1 [singleton]"])
  }

  /// A Swift service whose last registration was removed is still known: resolving it says its
  /// stack is empty, not that there is no such service.
  @Test func aServiceWhoseRegistrationsWereRemovedIsStillKnown() throws {
    let container = Container(name: "app")
    RFAssembly().assemble(into: container)
    let session = Session(container: container)
    let token = try #require(container.stacks.first { $0.key.serviceName == "ContentCache" }?.registrations.first?.token)
    #expect(!session.execute("remove \(token)").isFailure)
    let output = session.execute("resolve ContentCache").output
    #expect(output.first == "error: no registration for 'ContentCache'", "\(output)")
    #expect(output.contains { $0.contains("every registration of it was removed") }, "\(output)")
  }
}
