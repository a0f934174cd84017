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
    // A root line names the container the resolution started in (its name and number) and who
    // resolved it: `[discope root] root#1, thread 1: ControlContext#4 created t4 [singleton]`.
    let root = traced.errorOutput.split(separator: "\n").first { $0.hasSuffix("ControlContext#4 created t4 [singleton]") }
    let origin = try #require(root).dropFirst("[discope root] ".count).prefix { $0 != ":" }
    #expect(origin.hasPrefix("root#") && origin.contains(", thread "), "\(origin)")
    #expect(traced.errorOutput.contains("[discope root] ├─ WebService#2 created t2 [singleton]"))

    environment["DISCOPE_TRACE"] = nil
    let quiet = try SpawnedCommand.run([DiscopeBinary.path!, "run", Self.lesson], environment: environment)
    #expect(!quiet.errorOutput.contains("[discope"), "nothing is printed unless asked")
    #expect(quiet.output == traced.output, "tracing changes nothing the program prints")
  }
}
