import Foundation
import Testing

/// A program that force-unwraps a `nil` DIScopeSwinject's resolve hands it stops there, as on
/// Swinject; what matters is that the line before the runtime's "Unexpectedly found nil" says
/// why, with the path. Each runs `Tests/Probes/SwinjectTrapProbe` in a child process.
@Suite("A force-unwrapped nil from DIScopeSwinject is explained before the program stops")
struct SwinjectTrapTests {
  func runProbe(_ program: String) throws -> ChildRun {
    let probe = ChildRun.buildDirectory.appendingPathComponent("SwinjectTrapProbe").path
    try #require(
      FileManager.default.isExecutableFile(atPath: probe),
      "build the package's products first: swift build --build-tests")
    return try ChildRun(probe, [program])
  }

  /// The lines of `text` before the runtime's own, which ends the program.
  func linesBeforeTheFatalError(_ text: String) throws -> String {
    let fatal = try #require(text.range(of: "Fatal error: Unexpectedly found nil"), "\(text)")
    return String(text[..<fatal.lowerBound])
  }

  @Test func aCycleOfInitialisersSaysItsPathFirst() throws {
    let run = try runProbe("cycle")
    #expect(run.wasSignalled)
    let before = try linesBeforeTheFatalError(run.standardError)
    #expect(before.hasPrefix("DIScopeSwinject: "), "\(run.standardError)")
    #expect(before.contains("A -> B -> A"), "\(run.standardError)")
    #expect(before.contains("initCompleted"), "\(run.standardError)")
  }

  /// `validate()` hands a factory the `nil` a resolve would hand it at run time: a factory that
  /// force-unwraps a dependency nobody registered stops the program in the dry run, as it would
  /// when resolved. (No dry run can tell it from one that takes the dependency as optional
  /// without handing it the `nil`: see the README.) What is missing, and along which path, is
  /// said first.
  @Test func validateSaysWhatIsMissingBeforeAForceUnwrapStopsIt() throws {
    let run = try runProbe("validate")
    #expect(run.wasSignalled)
    let before = try linesBeforeTheFatalError(run.standardError)
    #expect(before.hasPrefix("DIScopeSwinject validate(): "), "\(run.standardError)")
    #expect(before.contains("no registration for 'D'"), "\(run.standardError)")
    #expect(before.contains("path: C -> D"), "\(run.standardError)")
  }
}
