import DIScope
import DisScript
import ExampleApp
import Foundation
import Testing

/// The example's script, replayed against the container `RFAssembly` builds in Swift.
@Suite struct ScriptReplayTests {
  @Test func theScriptMatchesTheAppsContainer() throws {
    let container = ExampleContainer.make()
    try DisScriptFile(contentsOf: ExampleContainer.script).replay(on: container)
  }
}


/// A deliberately broken registration makes the replay fail with the `discope test` diff, naming
/// the script's line.
@Suite struct BrokenRegistrationTests {
  @Test func aWrongImplementationFailsAtTheExpectLine() throws {
    let container = ExampleContainer.make()
    container.register(ZoneController.self) { _ in WrongZoneController() }
    let failure = try #require(throws: ScriptReplayFailure.self) {
      try DisScriptFile(contentsOf: ExampleContainer.script).replay(on: container)
    }
    let path = ExampleContainer.script.path
    #expect(failure.description.contains("\(path):7: show stacks"), "\(failure)")
    #expect(failure.description.contains("+    t7  ZoneController  [singleton]  answers"), "\(failure)")
    #expect(failure.description.contains("\(path):23: resolve ControlContext"), "\(failure)")
    #expect(failure.description.contains("-  └─ ZoneController → RFZoneController#3 created t3 [singleton]"), "\(failure)")
  }

  @Test func aRemovedRegistrationFailsWhereTheScriptNeedsIt() throws {
    let container = ExampleContainer.make()
    let webService = try #require(container.registration(numbered: 2))
    #expect(container.remove(webService.token))
    let failure = try #require(throws: ScriptReplayFailure.self) {
      try DisScriptFile(contentsOf: ExampleContainer.script).replay(on: container)
    }
    let lines = failure.mismatches.map(\.line)
    #expect(lines.contains(23), "\(failure)")
    #expect(failure.description.contains(
      "note: the command failed, but has no '!' (if the failure is expected, add '! ' before it)"),
      "\(failure)")
  }

  @Test func aMockWithoutAStandbyFailsAtMockLine() throws {
    let container = Container(name: "app")
    RFAssembly().assemble(into: container)
    let failure = try #require(throws: ScriptReplayFailure.self) {
      try DisScriptFile(contentsOf: ExampleContainer.script).replay(on: container)
    }
    // The script's own line of `mock Logging`, wherever edits move it.
    let text = try String(contentsOfFile: ExampleContainer.script.path, encoding: .utf8)
    let line = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "mock Logging" }) + 1
    #expect(failure.description.contains("\(ExampleContainer.script.path):\(line): mock Logging"), "\(failure)")
    #expect(failure.description.contains("'Logging' has no mock on standby"), "\(failure)")
  }
}

/// A ZoneController the app did not mean to register.
final class WrongZoneController: ZoneController {}
