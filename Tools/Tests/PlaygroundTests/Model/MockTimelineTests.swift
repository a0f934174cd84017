import DIScopeDebug
import Foundation
import Testing
@testable import Playground

/// Pane 3 names a mock as pane 1 does: by its type once the container knows it.
@Suite struct MockTimelineTests {
  /// A record as the debug server sends it.
  func record(_ token: String, _ implementation: String, isMock: Bool, stackDepth: Int) throws -> RegistrationRecord {
    let json = """
      {"token": "\(token)", "service": "Logging", "implementationName": "\(implementation)", "scope": "singleton",
       "isCaching": true, "isMock": \(isMock), "container": "shop", "stackDepth": \(stackDepth)}
      """
    return try JSONDecoder().decode(RegistrationRecord.self, from: Data(json.utf8))
  }

  /// An app's `registerMock(Logging.self) { MockLogger() }` has no type until it is built: the
  /// push says `Logging`; once pane 1's snapshot names it `MockLogger`, so does pane 3.
  @Test func aMockPushedBeforeItsTypeWasKnownIsNamedByItsTypeOnceKnown() throws {
    var timeline = MockTimeline()
    let console = try record("t1", "ConsoleLogger", isMock: false, stackDepth: 1)
    timeline.apply(.mockPushed(try record("t7", "Logging", isMock: true, stackDepth: 0), shadowing: console))
    #expect(timeline.lines.map(\.text) == ["+ t7 Logging over Logging (shadows t1 ConsoleLogger)"])

    let built = try record("t7", "MockLogger", isMock: true, stackDepth: 0)
    let snapshot = ContainerSnapshot(
      lineage: [.init(name: "shop", stacks: [.init(service: "Logging", registrations: [built, console])])])
    timeline.name(from: snapshot)
    #expect(timeline.lines.map(\.text) == ["+ t7 MockLogger over Logging (shadows t1 ConsoleLogger)"])

    // After a fresh container, a t7 is another registration: an old line is left as it was.
    timeline.apply(.mockPopped(built, uncovering: console))
    timeline.markFreshContainer()
    timeline.apply(.mockPushed(try record("t2", "Logging", isMock: true, stackDepth: 0), shadowing: nil))
    timeline.name(from: ContainerSnapshot(lineage: [.init(name: "shop", stacks: [])]))
    #expect(timeline.lines.last?.text == "+ t2 Logging over Logging (nothing below)")
  }
}
