import DisScript
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

  /// A mock says so in words before its implementation, which even a narrow pane shows.
  @Test func aMockSaysSoBeforeItsImplementation() throws {
    let controller = try demo()
    controller.enter("mock Logger")
    let stacks = controller.texts(.registrations)
    let mock = try #require(stacks.first { $0.contains("MockLogger") }, "\(stacks)")
    #expect(mock.hasPrefix("  t7 mock MockLogger "), "\(mock)")
    #expect(stacks.contains { $0.hasPrefix("  t1 ConsoleLogger ") }, "\(stacks)")
  }
}
