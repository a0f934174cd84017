import Foundation
import TerminalTesting
import Testing

/// Issue 44: attach and explain say what they know and what they do not. In a real terminal
/// (tmux), against the example server: the REPL of `discope attach`, typed as a person types.
extension AttachEndToEndTests {
  // MARK: 9. What is known of what instances hold

  func attachREPLInTmux(_ app: ServedApp) throws -> TmuxSession {
    let tmux = try TmuxSession(
      command: AttachBinaries.shell("attach '\(app.socketPath)' --repl", in: app.directory), columns: 240, rows: 50)
    try tmux.waitFor("the prompt") { $0.contains("dis>") }
    return tmux
  }

  /// The app serves before it builds: holders are tracked from the start, so after `mock Logging`
  /// `show stale` names WebService's stale logger, and `expect no stale` fails naming it.
  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func anAppThatServesFromTheStartKnowsWhatItsInstancesHold() throws {
    let app = try ServedApp()
    defer { app.close() }
    let tmux = try attachREPLInTmux(app)
    defer { tmux.close() }
    try run(tmux, "mock Logging")
    try tmux.waitFor("the mock pushed") { $0.contains("[singleton, mock]  (shadows t1") }
    try run(tmux, "show stale")
    let stale = try tmux.waitFor("the stale reference named") {
      $0.contains("WebService#") && $0.contains("(t2, singleton) still holds ConsoleLogger#")
    }
    #expect(!stale.contains("no stale references"), "\(stale)")
    #expect(!stale.contains("unknown: what WebService"), "known from the start:\n\(stale)")
    try run(tmux, "expect no stale")
    try tmux.waitFor("expect no stale failing") { $0.contains("error: expected no stale references, found ") }
    try run(tmux, "why WebService")
    let why = try tmux.waitFor("why WebService") { $0.contains("holds: Logging → ConsoleLogger#") }
    #expect(!why.contains("holds: unknown"), "\(why)")
    try tmux.type(":quit")
    try tmux.press("Enter")
    try tmux.waitFor("the undo") { $0.contains("left shop (pid \(app.pid)) as it was: undone") }
  }

  /// The issue's defect: an app that built before it served. `show stale` must not say "no
  /// stale references" nor `expect no stale` pass: what WebService holds is unknown, and why.
  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func anAppThatBuiltBeforeServingSaysUnknownNeverNone() throws {
    let app = try ServedApp(extraArguments: ["--serve-late"])
    defer { app.close() }
    let tmux = try attachREPLInTmux(app)
    defer { tmux.close() }
    try run(tmux, "mock Logging")
    try tmux.waitFor("the note that it cannot be told") {
      $0.contains("note: unknown whether WebService#2 (t2) holds what this changed: built before holders were tracked")
    }
    try run(tmux, "show stale")
    let stale = try tmux.waitFor("show stale saying unknown") {
      $0.contains("unknown: what WebService#2 (t2) holds: built before holders were tracked")
    }
    #expect(!stale.contains("no stale references"), "\(stale)")
    try run(tmux, "expect no stale")
    try tmux.waitFor("expect no stale failing with the reason") {
      $0.contains("error: expected no stale references, but whether there are is unknown:")
    }
    try run(tmux, "why WebService")
    try tmux.waitFor("why saying unknown, and why") { $0.contains("holds: unknown (built before holders were tracked)") }
    try tmux.type(":quit")
    try tmux.press("Enter")
    try tmux.waitFor("the undo") { $0.contains("left shop (pid \(app.pid))") && $0.contains("[exit 0]") }
  }

  /// The issue's defect 3: a singleton rebuilt with the session's mock still holds it once the
  /// mock is removed. Leaving (Ctrl-D) must not say "as it was": it names the holder and the
  /// fix, and the app indeed still logs the mock in its web service.
  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func leavingNamesTheInstanceThatStillHoldsTheSessionsMockAndHowToRebuildIt() throws {
    let app = try ServedApp(extraArguments: ["--requests"])
    defer { app.close() }
    let tmux = try attachREPLInTmux(app)
    defer { tmux.close() }
    for command in ["mock Logging", "cache t2 off", "cache t2 on", "resolve WebService"] {
      try run(tmux, command)
    }
    // Rebuilt with the mock: by this resolve, or by the app's threads just before it.
    try tmux.waitFor("WebService resolved") {
      $0.contains("dis> resolve WebService") && ($0.contains("cached t2 [singleton]") || $0.contains("created t2 [singleton]"))
    }
    try tmux.press("C-d")
    let left = try tmux.waitFor("what leaving left") { $0.contains("[exit 0]") }
    #expect(!left.contains("as it was"), "\(left)")
    #expect(left.contains("left shop (pid \(app.pid)): undone, newest first:"), "\(left)")
    #expect(left.contains("still holding what this session put in, in shop (pid \(app.pid)):"), "\(left)")
    #expect(left.contains("(t2, singleton) still holds MockLogger#"), "\(left)")
    #expect(left.contains("'cache t2 off' then 'cache t2 on' rebuilds it"), "\(left)")
    waitUntil("the app to log the holder", detail: { app.describe() }) {
      app.errors.contains("client 1: left instances holding what it put in: WebService#")
    }
    // What the report says is what the app does: its web service still has the mock.
    let tick = app.lastTick
    waitForTicks(app, after: tick)
    #expect(app.output.split(separator: "\n").last { $0.hasPrefix("tick ") }?.contains("webService.logger=MockLogger") == true, "\(app.describe())")

    // The fix it names, in a second session, rebuilds it: the app is as it was.
    let fix = try discope(["attach", app.socketPath, "--repl"], input: "cache t2 off\ncache t2 on\n")
    #expect(fix.status == 0, "\(fix.output)\(fix.errorOutput)")
    let fixed = app.lastTick
    waitForTicks(app, after: fixed)
    #expect(app.output.split(separator: "\n").last { $0.hasPrefix("tick ") }?.contains("webService.logger=ConsoleLogger") == true, "\(app.describe())")
  }
}
