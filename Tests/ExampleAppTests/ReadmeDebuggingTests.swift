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
}
