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
      $0.contains("WebService#")
        && $0.contains("(t2, singleton, made at Components.swift:") && $0.contains(") still holds ConsoleLogger#")
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

  /// In an attached REPL: mocks Logging, rebuilds WebService (t2) with the mock, then leaves
  /// (Ctrl-D) and waits until leaving, from a terminal, offers to rebuild it.
  func leaveWithWebServiceHoldingTheSessionsMock(_ tmux: TmuxSession) throws {
    for command in ["mock Logging", "cache t2 off", "cache t2 on", "resolve WebService"] {
      try run(tmux, command)
    }
    // Rebuilt with the mock: by this resolve, or by the app's threads just before it.
    try tmux.waitFor("WebService resolved") {
      $0.contains("dis> resolve WebService") && ($0.contains("cached t2 [singleton]") || $0.contains("created t2 [singleton]"))
    }
    try tmux.press("C-d")
    try tmux.waitFor("the offer to rebuild") {
      $0.contains("rebuild WebService#") && $0.contains("(t2) so that it holds the app's own Logging (t1 ConsoleLogger)? [y/N]")
    }
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
    try leaveWithWebServiceHoldingTheSessionsMock(tmux)
    // Enter declines the rebuild.
    try tmux.press("Enter")
    let left = try tmux.waitFor("what leaving left") { $0.contains("[exit 0]") }
    #expect(left.contains("hint: left as they are; attach again and run the fix named"), "\(left)")
    #expect(!left.contains("rebuilt WebService#"), "\(left)")
    #expect(!left.contains("as it was"), "\(left)")
    #expect(left.contains("left shop (pid \(app.pid)): undone, newest first:"), "\(left)")
    #expect(left.contains("still holding what this session put in, in shop (pid \(app.pid)):"), "\(left)")
    // The holder names where the app registered it, the file to open to rebuild it.
    #expect(left.contains("(t2, singleton, made at Components.swift:"), "\(left)")
    #expect(left.contains(") still holds MockLogger#"), "\(left)")
    #expect(left.contains("'cache t2 off' then 'cache t2 on' rebuilds it"), "\(left)")
    waitUntil("the app to log the holder", detail: { app.describe() }) {
      app.errors.contains("client 1: left instances holding what it put in: WebService#")
    }
    // What the report says is what the app does: its web service still has the mock.
    let tick = app.lastTick
    waitForTicks(app, after: tick)
    #expect(app.output.split(separator: "\n").last { $0.hasPrefix("tick ") }?.contains("webService.logger=MockLogger") == true, "\(app.describe())")

    // The fix it names, in a second session, rebuilds it: the app is as it was. Its input is no
    // terminal, and it changed nothing: it never asks.
    let fix = try discope(["attach", app.socketPath, "--repl"], input: "cache t2 off\ncache t2 on\n")
    #expect(!fix.errorOutput.contains("[y/N]"), "\(fix.errorOutput)")
    #expect(fix.status == 0, "\(fix.output)\(fix.errorOutput)")
    let fixed = app.lastTick
    waitForTicks(app, after: fixed)
    #expect(app.output.split(separator: "\n").last { $0.hasPrefix("tick ") }?.contains("webService.logger=ConsoleLogger") == true, "\(app.describe())")
  }

  /// Leaving offers the rebuild, and accepted, the app drops the holder: its next resolve builds
  /// one with its own logger, which the app then logs. Said honestly: what the app already holds
  /// of the old instance keeps it.
  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func leavingOffersToRebuildTheHolderAndAcceptedTheAppHoldsItsOwnLoggerAgain() throws {
    let app = try ServedApp(extraArguments: ["--requests"])
    defer { app.close() }
    let tmux = try attachREPLInTmux(app)
    defer { tmux.close() }
    try leaveWithWebServiceHoldingTheSessionsMock(tmux)
    try tmux.type("y")
    try tmux.press("Enter")
    let left = try tmux.waitFor("what leaving did") { $0.contains("[exit 0]") }
    #expect(left.contains("still holding what this session put in, in shop (pid \(app.pid)):"), "\(left)")
    #expect(left.contains("rebuilt WebService#"), "\(left)")
    #expect(left.contains("the next resolve of WebService builds one with what answers Logging now (t1 ConsoleLogger)"), "\(left)")
    #expect(left.contains("a rebuild cannot reach it"), "\(left)")
    #expect(!left.contains("hint: left as they are"), "\(left)")
    waitUntil("the app to log the rebuild", detail: { app.describe() }) {
      app.errors.contains("client 1: rebuilt at its word: rebuilt WebService#")
    }
    // What it says is what the app does: its web service holds its own logger again.
    let tick = app.lastTick
    waitForTicks(app, after: tick)
    #expect(app.output.split(separator: "\n").last { $0.hasPrefix("tick ") }?.contains("webService.logger=ConsoleLogger") == true, "\(app.describe())")
  }

  /// Input that is no terminal (a script piped in), or --no-input in a terminal: leaving never
  /// asks, and says how to rebuild instead.
  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func leavingWithoutSomeoneToAskNeverAsksAndSaysHow() throws {
    let app = try ServedApp(extraArguments: ["--requests"])
    defer { app.close() }
    let commands = ["mock Logging", "cache t2 off", "cache t2 on", "resolve WebService"]
    let piped = try discope(["attach", app.socketPath, "--repl"], input: commands.joined(separator: "\n") + "\n")
    #expect(piped.status == 0, "\(piped.output)\(piped.errorOutput)")
    #expect(!piped.errorOutput.contains("[y/N]"), "\(piped.errorOutput)")
    #expect(piped.errorOutput.contains("'cache t2 off' then 'cache t2 on' rebuilds it"), "\(piped.errorOutput)")
    #expect(piped.errorOutput.contains("hint: attach again and run the fix named to rebuild each"), "\(piped.errorOutput)")
    _ = try discope(["attach", app.socketPath, "--repl"], input: "cache t2 off\ncache t2 on\n")

    let tmux = try TmuxSession(
      command: AttachBinaries.shell("attach '\(app.socketPath)' --repl --no-input", in: app.directory), columns: 240, rows: 50)
    defer { tmux.close() }
    try tmux.waitFor("the prompt") { $0.contains("dis>") }
    for command in commands { try run(tmux, command) }
    try tmux.waitFor("WebService resolved") {
      $0.contains("dis> resolve WebService") && ($0.contains("cached t2 [singleton]") || $0.contains("created t2 [singleton]"))
    }
    try tmux.press("C-d")
    let left = try tmux.waitFor("what leaving left") { $0.contains("[exit 0]") }
    #expect(!left.contains("[y/N]"), "\(left)")
    #expect(left.contains("hint: attach again and run the fix named to rebuild each"), "\(left)")
  }

  /// The full screen: `:quit`, `u` undoes in the screen's question; once the screen is put back,
  /// the terminal asks about the rebuild as the REPL does.
  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func quittingTheFullScreenOffersTheRebuildOnceTheScreenIsBack() throws {
    let app = try ServedApp(extraArguments: ["--requests"])
    defer { app.close() }
    let tmux = try TmuxSession(
      command: AttachBinaries.shell("attach '\(app.socketPath)'", in: app.directory), columns: 200, rows: 50)
    defer { tmux.close() }
    try tmux.waitFor("the panes") { $0.contains("┌ 1 ") }
    for command in ["mock Logging", "cache t2 off", "cache t2 on", "resolve WebService"] {
      try run(tmux, command)
    }
    try tmux.waitFor("WebService resolved") { $0.contains("cached t2 [singleton]") || $0.contains("created t2 [singleton]") }
    try run(tmux, ":quit")
    try tmux.waitFor("the question about the session's changes") { $0.contains("Quit: u undoes") }
    try tmux.type("u")
    let offer = try tmux.waitFor("the offer, the screen put back") {
      $0.contains("holds the app's own Logging (t1 ConsoleLogger)? [y/N]")
    }
    #expect(!offer.contains("┌ 1 "), "the screen is put back first:\n\(offer)")
    try tmux.type("y")
    try tmux.press("Enter")
    let left = try tmux.waitFor("what leaving did") { $0.contains("[exit 0]") }
    #expect(left.contains("rebuilt WebService#"), "\(left)")
    let tick = app.lastTick
    waitForTicks(app, after: tick)
    #expect(app.output.split(separator: "\n").last { $0.hasPrefix("tick ") }?.contains("webService.logger=ConsoleLogger") == true, "\(app.describe())")
  }
}
