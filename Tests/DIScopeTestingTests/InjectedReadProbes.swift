import DIScope
import DIScopeTesting
import Foundation
import Testing
import XCTest

/// Tests that read an `@Injected` property that cannot resolve, which stops the test process once
/// the failure is recorded (a getter has no value to return, and only Darwin's XCTest can end a test
/// early). They run only in the child process `InjectedReadFailureTests` starts, with
/// `DISCOPE_INJECTED_READ_PROBE=1`, which reads what they recorded; otherwise they are skipped.
enum InjectedReadProbe {
  static let environment = ["DISCOPE_INJECTED_READ_PROBE": "1"]
  static var isRunning: Bool {
    ProcessInfo.processInfo.environment["DISCOPE_INJECTED_READ_PROBE"] == "1"
  }
  static let filePath = #filePath
  static let skipReason = "run by InjectedReadFailureTests, in a child process"
}

/// Registered nowhere.
protocol Unregistered: Sendable {}

final class InjectedReadProbeTests: ContainerTestCase {
  static let unregisteredLine = #line + 1
  @Injected var unregistered: any Unregistered

  func testReadingAnUnresolvableProperty() throws {
    guard InjectedReadProbe.isRunning else { throw XCTSkip(InjectedReadProbe.skipReason) }
    _ = unregistered
  }
}

final class ProbeScreen {
  static let unregisteredLine = #line + 1
  @Injected var unregistered: any Unregistered
}

@Suite(.isolatedDependencies, .enabled(if: InjectedReadProbe.isRunning, "\(InjectedReadProbe.skipReason)"))
struct InjectedReadProbeSuite {
  @Test func readingAnUnresolvableProperty() {
    _ = ProbeScreen().unregistered
  }
}

/// A test that requires a service registered nowhere: it fails with one issue, at the call.
@Suite(.isolatedDependencies, .enabled(if: InjectedReadProbe.isRunning, "\(InjectedReadProbe.skipReason)"))
struct RequireProbeSuite {
  static let requireLine = #line + 3

  @Test func requiringAnUnresolvableService() throws {
    _ = try Container.shared.require((any Unregistered).self)
    Issue.record("require returned")
  }
}
