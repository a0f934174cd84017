import Foundation
import TerminalTesting
import Testing

/// `DISCOPE_TRACE=1` makes every root container print its resolutions to standard error, without
/// changing the program: checked on the real `discope` binary, whose sessions are containers.
@Suite("DISCOPE_TRACE in a real process")
struct EnvironmentTraceTests {
  static let lesson = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("Scripts/lessons/01-register-and-resolve.dis").path

  @Test(.enabled(if: DiscopeBinary.path != nil))
  func tracingPrintsEveryRootResolutionToStandardError() throws {
    var environment = ProcessInfo.processInfo.environment
    environment["DISCOPE_TRACE"] = "1"
    let traced = try SpawnedCommand.run([DiscopeBinary.path!, "run", Self.lesson], environment: environment)
    #expect(traced.status == 0)
    #expect(traced.errorOutput.contains("[discope root] ControlContext#4 created t4 [singleton]"))
    #expect(traced.errorOutput.contains("[discope root] ├─ WebService#2 created t2 [singleton]"))

    environment["DISCOPE_TRACE"] = nil
    let quiet = try SpawnedCommand.run([DiscopeBinary.path!, "run", Self.lesson], environment: environment)
    #expect(!quiet.errorOutput.contains("[discope"), "nothing is printed unless asked")
    #expect(quiet.output == traced.output, "tracing changes nothing the program prints")
  }
}
