import DIScope
import DIScopeTesting
import Foundation
import Testing
import XCTest

/// A test never fails for an `@Injected` property it does not read: `unregistered` resolves
/// nowhere, and `ContainerTestCase` once resolved every property in `setUp`, failing every test.
final class UnreadInjectedPropertyTests: ContainerTestCase {
  @Injected var unregistered: any Unregistered
  @Injected var store: any Store

  override func registerMocks(in container: Container) {
    container.install(ShopMocks())
  }

  func testAPropertyItNeverReadsFailsNothing() {
    XCTAssertTrue(store is MockStore)
  }
}

/// A test that reads an `@Injected` property that cannot resolve: the failure is the test's, at
/// the property's declaration, with the path and hint. The probes (`InjectedReadProbes.swift`)
/// stop their process after recording it, so they run in a child: the test binary itself. On
/// Linux only: elsewhere the binary is a bundle that another program loads, and Darwin's XCTest
/// ends the test at the failure rather than stopping the process.
@Suite(
  "A test that reads an unresolvable @Injected property fails at its declaration",
  .enabled(if: ChildRun.canRunTheTestBinary, "the test binary runs as a child on Linux only"))
struct InjectedReadFailureTests {
  @Test func containerTestCaseRecordsTheFailureAtTheDeclarationThenStops() throws {
    let run = try ChildRun(
      ChildRun.testBinary,
      ["DIScopeTestingTests.InjectedReadProbeTests/testReadingAnUnresolvableProperty"],
      environment: InjectedReadProbe.environment)
    let line = InjectedReadProbeTests.unregisteredLine
    let diagnostic = """
      InjectedReadProbeTests.unregistered (InjectedReadProbes.swift:\(line)): no registration for 'Unregistered'
        path: InjectedReadProbeTests -> Unregistered
        hint: to fix, register it: container.register(Unregistered.self) { r in ... }
      """
    // swift-corelibs-xctest prints a failure as "FILE:LINE: error: CLASS.TEST : failed - MESSAGE".
    #expect(
      run.standardOutput.contains(
        "\(InjectedReadProbe.filePath):\(line): error: "
          + "InjectedReadProbeTests.testReadingAnUnresolvableProperty : failed - \(diagnostic)\n"),
      "\(run.standardOutput)")
    // It cannot end the test early, so the read then stops the process with the same diagnostic.
    #expect(run.wasSignalled)
    #expect(run.standardError.hasPrefix(diagnostic + "\n"), "\(run.standardError)")
  }

  @Test func isolatedDependenciesRecordsAnIssueAtTheDeclarationThenStops() throws {
    let run = try ChildRun(
      ChildRun.testBinary,
      ["--testing-library", "swift-testing", "--filter", "InjectedReadProbeSuite"],
      environment: InjectedReadProbe.environment)
    let line = ProbeScreen.unregisteredLine
    // Swift Testing prints an issue as "✘ Test NAME recorded an issue at FILE:LINE:COLUMN: ...",
    // then the comment under it.
    #expect(
      run.standardError.contains(
        """
        ✘ Test readingAnUnresolvableProperty() recorded an issue at InjectedReadProbes.swift:\(line):4: Issue recorded
        ↳ ProbeScreen.unregistered (InjectedReadProbes.swift:\(line)): no registration for 'Unregistered'
            path: ProbeScreen -> Unregistered
            hint: to fix, register it: container.register(Unregistered.self) { r in ... }

        """), "\(run.standardError)")
    #expect(run.wasSignalled)
  }
}

@Suite(
  "Container.require under .isolatedDependencies fails its test with one issue, at the call",
  .enabled(if: ChildRun.canRunTheTestBinary, "the test binary runs as a child on Linux only"))
struct RequireIssueCountTests {
  /// The thrown error ends the test without a second issue at the `@Test` line: run in a child,
  /// since the test must fail to show it.
  @Test func theTestFailsWithTheOneIssueAtTheCall() throws {
    let run = try ChildRun(
      ChildRun.testBinary,
      ["--testing-library", "swift-testing", "--filter", "RequireProbeSuite"],
      environment: InjectedReadProbe.environment)
    let line = RequireProbeSuite.requireLine
    #expect(run.status == 1 && !run.wasSignalled)
    #expect(
      run.standardError.contains(
        """
        ✘ Test requiringAnUnresolvableService() recorded an issue at InjectedReadProbes.swift:\(line):
        """), "\(run.standardError)")
    #expect(run.standardError.contains("✘ Test requiringAnUnresolvableService() failed after "))
    #expect(run.standardError.contains(" with 1 issue.\n"))
    #expect(!run.standardError.contains("Caught error"))
    #expect(!run.standardError.contains("require returned"))
  }
}
