import Foundation
import TerminalTesting
import Testing

/// Attach changes nothing unasked (issue 28): what `discope attach --help` and Docs/Attach.md
/// promise, against the example server: a script that would change the app is refused before
/// anything runs; an allowed one, the REPL and the full screen undo their changes as they leave
/// unless the user keeps them.
extension AttachEndToEndTests {
  // MARK: 8. The session's changes

  /// The case: `remove t1` (the app's logger) in a script. Refused without
  /// `--allow-changes`, naming the command and its line, before attaching; allowed, it runs, and
  /// leaving puts t1 back, so the app's requests work again.
  @Test func aScriptThatChangesTheAppIsRefusedFirstAndUndoneWhenAllowed() throws {
    let app = try ServedApp()
    defer { app.close() }
    let script = "\(app.directory)/FIX.dis"
    try "%dis 1\nwhy Logging\nremove t1\n".write(toFile: script, atomically: true, encoding: .utf8)

    let refused = try discope(["attach", app.socketPath, "--script", script])
    #expect(refused.status == 1, "\(refused.output)\(refused.errorOutput)")
    #expect(
      refused.errorOutput.contains("\(script):3:1: 'remove t1' would change the container of the running app"),
      "\(refused.errorOutput)")
    #expect(refused.errorOutput.contains("hint: nothing ran; --allow-changes runs it"), "\(refused.errorOutput)")
    #expect(!app.errors.contains("attached"), "nothing ran, not even the attach: \(app.describe())")

    let allowed = try discope(["attach", app.socketPath, "--script", script, "--allow-changes"])
    #expect(allowed.status == 0, "\(allowed.output)\(allowed.errorOutput)")
    #expect(allowed.output.contains("1 passed, 0 failed (against shop, pid \(app.pid))"), "\(allowed.output)")
    #expect(
      allowed.errorOutput.contains("left shop (pid \(app.pid)) as it was: undone, newest first:\n  put back t1 Logging -> "),
      "\(allowed.errorOutput)")
    waitUntil("the app to log the undo", detail: { app.describe() }) {
      app.errors.contains("client 1: undid its changes: put back t1 Logging")
    }
    // The app resolves its logger again, from t1 itself.
    let tick = app.lastTick
    waitForTicks(app, after: tick)
    #expect(app.ticks.suffix(2).allSatisfy { $0.logger == "ConsoleLogger" }, "\(app.describe())")

    // Kept on purpose: the app goes on without t1 (each request finds no logger).
    let kept = try discope(["attach", app.socketPath, "--script", script, "--allow-changes", "--keep-changes"])
    #expect(kept.status == 0, "\(kept.output)\(kept.errorOutput)")
    #expect(kept.errorOutput.contains("with this session's changes kept:\n  removed t1 Logging -> "), "\(kept.errorOutput)")
    let keptTick = app.lastTick
    waitForTicks(app, after: keptTick)
    #expect(app.ticks.suffix(2).allSatisfy { $0.logger == "none" }, "\(app.describe())")
  }

  /// The REPL says with the first change that it changed the running app, and undoes it as it
  /// leaves (only `--keep-changes` keeps it).
  @Test func theREPLSaysItChangedTheAppAndUndoesItAsItLeaves() throws {
    let app = try ServedApp()
    defer { app.close() }
    let repl = try discope(["attach", app.socketPath, "--repl"], input: "scope t5 singleton\nshow stacks NoticeManager\n:quit\n")
    let text = repl.output + repl.errorOutput
    #expect(repl.status == 0, "\(text)")
    #expect(
      text.contains(
        "note: this changed the running app shop (pid \(app.pid)); leaving undoes it (discope attach --repl --keep-changes keeps it)"),
      "\(text)")
    #expect(!text.contains("Quit: u undoes"), "the REPL does not ask: \(text)")
    // The transcript holds the note once, after the command that changed the app (it reads
    // back as a comment); into a pipe, that is all: standard error often ends beside it on one
    // terminal (`| tee`, `2>&1 | less`), where the note read twice.
    let note = "# note: this changed the running app shop (pid \(app.pid))"
    #expect(repl.output.components(separatedBy: note).count == 2, "once in the transcript: \(repl.output)")
    #expect(!repl.errorOutput.contains("note: this changed"), "said twice: \(repl.errorOutput)")
    #expect(
      repl.output.range(of: "scope t5 singleton").map { repl.output[$0.upperBound...].contains(note) } == true,
      "the note follows its command: \(repl.output)")
    #expect(repl.errorOutput.contains("  scope of t5 NoticeManager back to prototype"), "\(repl.errorOutput)")
    waitUntil("the app to log the undo", detail: { app.describe() }) {
      app.errors.contains("client 1: undid its changes: scope of t5 NoticeManager back to prototype")
    }
    // Both streams into one pipe: once. The transcript into a file of its own: standard error
    // says it too, since nobody reads the file as it grows.
    let saidOnce = "this changed the running app shop"
    let merged = try SpawnedCommand.run(
      ["/bin/sh", "-c", "printf 'scope t5 singleton\\n' | '\(AttachBinaries.discope!)' attach '\(app.socketPath)' --repl 2>&1"])
    #expect(merged.output.components(separatedBy: saidOnce).count == 2, "\(merged.output)")
    let file = try makeTemporaryDirectory() + "/transcript.dis"
    defer { try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent) }
    let filed = try SpawnedCommand.run(
      ["/bin/sh", "-c", "printf 'scope t5 singleton\\n' | '\(AttachBinaries.discope!)' attach '\(app.socketPath)' --repl > '\(file)'"])
    #expect(filed.errorOutput.contains("note: " + saidOnce), "\(filed.errorOutput)")
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("# note: " + saidOnce))

    let check = try discope(["attach", app.socketPath, "--repl"], input: "show stacks NoticeManager\n")
    #expect(check.output.contains("[prototype]"), "\(check.output)\(check.errorOutput)")
    #expect(!check.output.contains("[singleton]"), "\(check.output)")

    // Only --keep-changes keeps them, and says so.
    let keeper = try discope(["attach", app.socketPath, "--repl", "--keep-changes"], input: "scope t5 singleton\n")
    #expect(keeper.output.contains("leaving keeps it (--keep-changes)") || keeper.errorOutput.contains("leaving keeps it (--keep-changes)"))
    #expect(
      keeper.errorOutput.contains("with this session's changes kept:\n  scope of t5 NoticeManager: prototype -> singleton"),
      "\(keeper.errorOutput)")
    let kept = try discope(["attach", app.socketPath, "--repl"], input: "show stacks NoticeManager\n")
    #expect(kept.output.contains("[singleton]"), "kept in the app: \(kept.output)\(kept.errorOutput)")
  }

  /// At a terminal, the line REPL says the first change once: the transcript it prints holds
  /// the note, and nothing prints it again.
  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func theInteractiveREPLSaysTheFirstChangeOnce() throws {
    let app = try ServedApp()
    defer { app.close() }
    let tmux = try TmuxSession(
      command: AttachBinaries.shell("attach '\(app.socketPath)' --repl", in: app.directory), columns: 200, rows: 30)
    defer { tmux.close() }
    try tmux.waitFor("the prompt") { $0.contains("dis>") }
    try run(tmux, "scope t5 singleton")
    let screen = try tmux.waitFor("the note") { $0.contains("note: this changed the running app shop") }
    try run(tmux, "show stacks NoticeManager")
    let after = try tmux.waitFor("the next command's output") { $0.contains("answers") }
    #expect(after.components(separatedBy: "note: this changed the running app").count == 2, "said once:\n\(after)\n\(screen)")
    try tmux.type(":quit")
    try tmux.press("Enter")
    try tmux.waitFor("the undo") { $0.contains("left shop (pid \(app.pid)) as it was") }
  }

  /// The full screen lists the session's changes as it quits; `k` keeps them, and says so.
  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func quittingTheScreenListsTheChangesAndKeepsThemOnK() throws {
    let app = try ServedApp()
    defer { app.close() }
    let tmux = try attachInTmux(app)
    defer { tmux.close() }
    try waitForLive(tmux, app)
    try run(tmux, "cache t5 off")
    try tmux.waitFor("the note that the app was changed") {
      $0.contains("note: this changed the running app shop (pid \(app.pid))")
    }
    try run(tmux, "container child request")
    try tmux.waitFor("the child made") { Panes.transcript($0).contains("container request (child of shop) is current") }
    try run(tmux, ":quit")
    try tmux.waitFor("the question, listing both changes") {
      $0.replacingOccurrences(of: "\n", with: "").contains("u undoes the 2 changes this session made in the app")
    }
    try tmux.type("k")
    let left = try tmux.waitFor("what was kept, once the screen is back") {
      $0.contains("[exit 0]") && $0.contains("left shop (pid \(app.pid)) with this session's changes kept:")
    }
    #expect(left.contains("  cache of t5 NoticeManager: off"), "\(left)")
    #expect(left.contains("  made container request (child of shop)"), "\(left)")
    try expectRestored(tmux, status: 0)
    waitUntil("the app to log what was kept", detail: { app.describe() }) {
      app.errors.contains("client 1: kept its changes: cache of t5 NoticeManager: off")
    }
    let check = try discope(["attach", app.socketPath, "--repl"], input: "show stacks NoticeManager\n")
    #expect(check.output.contains("cache off"), "kept in the app: \(check.output)\(check.errorOutput)")
  }
}
