import Foundation
import TerminalTesting
import Testing

/// `validate` typed in `discope attach`, against the example app started with `--nightly-report`:
/// a registration the app never resolves, whose factory traps when run (it force-unwraps what
/// only the nightly job's environment supplies). Validating must run none of the app's factories
/// — a debugging command never ends the app — and must say what it could not check, and why.
@Suite(.serialized, .enabled(if: AttachBinaries.isReady, "example-server or discope is not built"))
struct AttachValidateEndToEndTests {
  @Test(arguments: [false, true])
  func validateRunsNoFactoryOfTheAppSaysWhatItCouldNotCheckAndTheAppGoesOn(readOnly: Bool) throws {
    let app = try ServedApp(readOnly: readOnly, extraArguments: ["--nightly-report", "--serve-late"])
    defer { app.close() }
    // A look first (the session begins, and with it what it sees of the app's resolves), then a
    // pause while the app's threads resolve, as a person types; then validate.
    let discope = try #require(AttachBinaries.discope)
    let result = try SpawnedCommand.run([
      "/bin/sh", "-c",
      "(echo 'show stacks NightlyReport'; sleep 1; echo validate) | '\(discope)' attach '\(app.socketPath)' --repl",
    ])
    let text = result.output + result.errorOutput
    #expect(
      text.contains(
        "not checked: t7 NightlyReport: its factory would run in the app, and it was not resolved since tracking began"),
      "\(text)")
    #expect(text.contains("note: checked without running any of the app's factories"), "\(text)")
    // Resolved by the app's threads every 50 ms since the session began: checked.
    #expect(!text.contains("not checked: t5 NoticeManager"), "\(text)")
    // Built at start-up, before anything tracked it: not checked, and said why.
    #expect(
      text.contains(
        "not checked: t2 WebService: built before tracking began: its dependencies were not seen, "
          + "and building it again would run its factory in the app"),
      "\(text)")
    #expect(!text.contains("no findings"), "\(text)")
    #expect(!text.contains("read-only"), "allowed in read-only mode too: \(text)")
    #expect(text.contains("nothing found; "), "\(text)")

    // The app was not stopped: it goes on serving (a factory run would have trapped, exit 132).
    #expect(app.isRunning, "\(app.describe())")
    let tick = app.lastTick
    waitUntil("the app to go on ticking after tick \(tick)", detail: { app.describe() }) { app.lastTick >= tick + 20 }
    waitUntil("the REPL's detach", detail: { app.describe() }) { app.errors.contains("client 1 detached") }
    #expect(!app.errors.contains("undid its changes"), "validate changed nothing: \(app.describe())")
    #expect(app.isRunning, "\(app.describe())")
  }
}
