import Foundation
import TerminalTesting
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `discope attach` from the outside: the example app (`example-server`) runs as a child process
/// with its own threads resolving, and the real `discope` binary attaches to it, in a real
/// terminal (a private tmux server) or with its line REPL and `--script`. What the tests check
/// is what the user and the app see: the screen, the app's own output, the server's log.
@Suite(.serialized, .enabled(if: AttachBinaries.isReady, "example-server or discope is not built"))
struct AttachEndToEndTests {
  // MARK: Helpers

  func attachInTmux(_ app: ServedApp) throws -> TmuxSession {
    try TmuxSession(
      command: AttachBinaries.shell("attach '\(app.socketPath)'", in: app.directory), columns: 120, rows: 32)
  }

  func run(_ tmux: TmuxSession, _ command: String) throws {
    try tmux.type(command)
    try tmux.press("Enter")
  }

  @discardableResult
  func waitForLive(_ tmux: TmuxSession, _ app: ServedApp, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> String
  {
    try tmux.waitFor("attached to the app's stacks", timeout: .seconds(60), sourceLocation: sourceLocation) {
      $0.contains("CMD LIVE shop:\(app.pid)") && Panes.registrations($0).contains("t6 ContentCache")
    }
  }

  func expectRestored(_ tmux: TmuxSession, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let screen = try tmux.waitFor("exit \(status)", sourceLocation: sourceLocation) { $0.contains("[exit \(status)]") }
    #expect(screen.contains("modes:isig icanon echo"), "terminal left raw:\n\(screen)", sourceLocation: sourceLocation)
    #expect(!screen.contains("┌ 1 Registrations"), "screen not restored:\n\(screen)", sourceLocation: sourceLocation)
  }

  /// `discope ARGUMENTS` with `input` on its standard input (the line REPL reads plain lines).
  func discope(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws
    -> CommandResult
  {
    let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
    let feed = input.map { "printf '%s' '\($0)' | " } ?? ""
    return try SpawnedCommand.run(
      ["/bin/sh", "-c", "\(feed)'\(AttachBinaries.discope!)' \(quoted)"],
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
  }

  /// Whether `text` holds `before`, the app's mock, then `after`. The mock is named by its
  /// registration (`Logging`) until the app builds it, then by its type (`MockLogger`); the server
  /// names a session's mocks as they were just after its `mock` command, so either may show.
  func namesTheMock(_ text: String, _ before: String, _ after: String) -> Bool {
    ["Logging", "MockLogger"].contains { text.contains(before + $0 + after) }
  }

  /// Runs `expectations`, and expects `text` free of the app's threads' resolutions (they show
  /// as `NoticeManager#N`): a command's output is what the command did.
  func expectNoLeakedResolutions(
    _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ expectations: () -> Void = {}
  ) {
    #expect(!text.contains("NoticeManager#"), "\(what) holds the app's own resolutions:\n\(text)", sourceLocation: sourceLocation)
    expectations()
  }

  func waitForTicks(_ app: ServedApp, after tick: Int, count: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) {
    waitUntil("the app to go on ticking after tick \(tick)", detail: { app.describe() }, sourceLocation: sourceLocation) {
      app.lastTick >= tick + 10 * count
    }
  }

  // MARK: 1. The panes follow the app; commands run in it; recording and replaying

  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func panesFollowTheAppAndCommandsChangeWhatItResolves() throws {
    let app = try ServedApp()
    defer { app.close() }
    let tmux = try attachInTmux(app)
    defer { tmux.close() }
    var screen = try waitForLive(tmux, app)
    let stacks = Panes.registrations(screen)
    #expect(
      stacks.split(separator: "\n").contains { $0.contains("t2 WebService") && $0.contains("[singleton] holds #2") },
      "\(screen)")
    #expect(
      stacks.split(separator: "\n").contains { $0.contains("t5 NoticeManager") && $0.contains("[prototype]") },
      "\(screen)")
    // Nothing typed: the trace pane shows what the app's own threads resolve.
    screen = try tmux.waitFor("the app's own resolutions in pane 2") {
      let trace = Panes.trace($0)
      return trace.contains("resolve NoticeManager") && trace.contains("created t5 [prototype]")
        && trace.contains("Logging → ConsoleLogger#1 cached t1 [singleton]")
    }
    #expect(!Panes.transcript(screen).contains("resolve NoticeManager"), "\(screen)")

    // Recorded first (the recording holds the session so far): only commands whose output the
    // app's threads cannot change, so that the file replays against the app later.
    let recording = "\(app.directory)/REC.dis"
    try run(tmux, ":record \(recording)")
    try tmux.waitFor("recording") { $0.contains("● REC REC.dis") }
    try run(tmux, "resolve WebService")
    try tmux.waitFor("the app's singleton in the transcript") {
      Panes.transcript($0).contains("WebService#2 cached t2 [singleton]")
    }
    try run(tmux, "why WebService")
    try tmux.waitFor("why, in the transcript") { Panes.transcript($0).contains("WebService: t2 WebService answers") }
    try run(tmux, ":stop")
    try tmux.waitFor("the recording stopped") { !$0.contains("● REC") }

    // A mock pushed from the terminal: pane 3 shows the swap, and the app's own threads get it.
    try run(tmux, "mock Logging")
    try tmux.waitFor("the swap in pane 3") {
      // t1 named by the type it built: the server saw the build (it tracks from its start).
      // Checked only as far as pane 3 always has room: once the app's threads have built the
      // mock, it is named `MockLogger` and the line is cut after `ConsoleLog…` at 120 columns.
      namesTheMock(Panes.mocks($0), "+ t7 ", " over Logging (shadows t1 Console")
    }
    // The session's first change says, once, that it changed the running app.
    try tmux.waitFor("the note that the app was changed") {
      $0.contains("note: this changed the running app shop (pid \(app.pid)); :quit asks whether to keep it or undo it")
    }
    waitUntil("the app to print logger=MockLogger", detail: { app.describe() }) {
      app.ticks.contains { $0.logger == "MockLogger" }
    }
    try tmux.waitFor("the app's threads resolving the mock, in pane 2") {
      Panes.trace($0).contains("cached t7 [singleton, mock]")
    }

    // Quitting asks about the change; u undoes it, and the app resolves its own logger again.
    try run(tmux, ":quit")
    try tmux.waitFor("the question about the session's change") {
      $0.contains("Quit: u undoes the change this session made in the app (shop:\(app.pid)), k keeps it")
    }
    try tmux.type("u")
    let left = try tmux.waitFor("what was undone, once the screen is back") {
      $0.contains("[exit 0]") && $0.contains("left shop (pid \(app.pid)) as it was: undone, newest first:")
    }
    #expect(left.contains("  removed t7 Logging (the session pushed it)"), "\(left)")
    try expectRestored(tmux, status: 0)
    waitUntil("the app to log the client's detach and the mock's removal", detail: { app.describe() }) {
      app.errors.contains("client 1 detached") && app.errors.contains("client 1: undid its changes: removed t7 Logging (the session pushed it)")
    }
    waitUntil("the app to print logger=ConsoleLogger after the mock", detail: { app.describe() }) {
      app.isBackToConsoleLoggerAfterMock
    }

    let recorded = try String(contentsOfFile: recording, encoding: .utf8)
    #expect(recorded.hasPrefix("%dis 1\n"), "\(recorded)")
    #expect(recorded.contains("resolve WebService\n"), "\(recorded)")
    #expect(recorded.contains("  WebService#2 cached t2 [singleton]\n"), "\(recorded)")
    #expect(recorded.contains("why WebService\n"), "\(recorded)")
    #expect(!recorded.contains("mock Logging"), "recorded after :stop:\n\(recorded)")
    // The app's threads' resolutions are the panes', never a command's output. Known bug (see
    // `aCommandsOutputHoldsOnlyItsOwnResolutions`): one that finishes while a command runs is
    // taken into the command's output; rare here (each `resolve` is its session's first command,
    // so only the few milliseconds it runs are exposed) but it happens on a loaded machine.
    expectNoLeakedResolutions(recorded, "the recording")

    // The recording replays against the app, still running.
    let replay = try discope(["attach", app.socketPath, "--script", recording])
    expectNoLeakedResolutions(replay.output, "the replay") {
      #expect(replay.status == 0, "\(replay.output)\(replay.errorOutput)")
      #expect(
        replay.output.hasSuffix("1 passed, 0 failed (against shop, pid \(app.pid))\n"),
        "\(replay.output)\(replay.errorOutput)")
    }

    // A line changed: a mismatch, exit 1, with the diff at the command's line.
    let wrong = "\(app.directory)/WRONG.dis"
    try recorded.replacingOccurrences(of: "WebService#2 cached", with: "WebService#9 cached")
      .write(toFile: wrong, atomically: true, encoding: .utf8)
    let mismatch = try discope(["attach", app.socketPath, "--script", wrong])
    #expect(mismatch.status == 1, "\(mismatch.output)\(mismatch.errorOutput)")
    #expect(mismatch.output.contains("WRONG.dis:2: resolve WebService"), "\(mismatch.output)")
    #expect(mismatch.output.contains("-  WebService#9 cached t2 [singleton]"), "\(mismatch.output)")
    #expect(mismatch.output.contains("+  WebService#2 cached t2 [singleton]"), "\(mismatch.output)")
    #expect(mismatch.output.contains("0 passed, 1 failed (against shop, pid \(app.pid))"), "\(mismatch.output)")

    // A file that does not parse: exit 2.
    let broken = "\(app.directory)/BROKEN.dis"
    try "%dis 1\nresolve\n".write(toFile: broken, atomically: true, encoding: .utf8)
    let unparsable = try discope(["attach", app.socketPath, "--script", broken])
    #expect(unparsable.status == 2, "\(unparsable.output)\(unparsable.errorOutput)")

    // Neither replay left anything in the app, which kept going all along.
    #expect(app.isRunning, "\(app.describe())")
    let tick = app.lastTick
    waitForTicks(app, after: tick)
    #expect(app.ticks.suffix(2).allSatisfy { $0.logger == "ConsoleLogger" }, "\(app.describe())")
  }

  // MARK: 2. The client killed

  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func killingTheClientDetachesItAndUndoesItsChanges() throws {
    let app = try ServedApp()
    defer { app.close() }
    // The shell says its pid, then becomes discope: that pid is the client's.
    let pidFile = "\(app.directory)/client.pid"
    let tmux = try TmuxSession(
      command: "sh -c \"echo \\$\\$ > '\(pidFile)'; exec '\(AttachBinaries.discope!)' attach '\(app.socketPath)'\"",
      columns: 120, rows: 32)
    defer { tmux.close() }
    try waitForLive(tmux, app)
    let client = try #require(
      (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
    try run(tmux, "mock Logging")
    try tmux.waitFor("the swap in pane 3") { namesTheMock(Panes.mocks($0), "+ t7 ", " over Logging") }
    waitUntil("the app to print logger=MockLogger", detail: { app.describe() }) {
      app.ticks.contains { $0.logger == "MockLogger" }
    }

    try tmux.send(signal: SIGKILL, to: client)
    // Killed, it leaves the terminal as it was (raw, the panes on screen): the shell's words
    // land where the cursor was and may wrap anywhere, the status included (a wrap at its space
    // loses the space: the row's trailing blanks are not captured).
    try tmux.waitFor("the client killed") {
      $0.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "").contains("[exit137]")
    }
    waitUntil("the app to log the client's detach", detail: { app.describe() }) {
      app.errors.contains("client 1 detached (")
    }
    waitUntil("the app to undo the killed client's mock", detail: { app.describe() }) {
      app.errors.contains("client 1: undid its changes: removed t7 Logging (the session pushed it)")
    }
    waitUntil("the app to print logger=ConsoleLogger again", detail: { app.describe() }) {
      app.isBackToConsoleLoggerAfterMock
    }
    #expect(!app.errors.contains("protocol error"), "\(app.describe())")
    let tick = app.lastTick
    waitForTicks(app, after: tick)
    #expect(app.isRunning, "\(app.describe())")
  }

  // MARK: 3. The app killed

  @Test(.enabled(if: AttachBinaries.isReadyInTmux, "tmux is missing"))
  func killingTheAppKeepsThePanesAndQuitLeaves() throws {
    let app = try ServedApp()
    defer { app.close() }
    let tmux = try attachInTmux(app)
    defer { tmux.close() }
    try waitForLive(tmux, app)
    app.send(SIGKILL)
    #expect(app.waitForExit() == 137)
    let screen = try tmux.waitFor("the app's end, with the panes kept") {
      $0.contains("app ended (pid \(app.pid))") && $0.contains("shop:\(app.pid) ENDED")
    }
    #expect(Panes.transcript(screen).contains("app ended (pid \(app.pid))"), "\(screen)")
    let stacks = Panes.registrations(screen)
    #expect(stacks.contains("t2 WebService") && stacks.contains("t5 NoticeManager"), "\(screen)")
    #expect(Panes.trace(screen).contains("resolve NoticeManager"), "\(screen)")

    // A command typed now says that nothing runs, in the transcript (as a comment: a recording
    // still replays) and on the bottom line.
    try run(tmux, "resolve WebService")
    let refused = try tmux.waitFor("the error that nothing runs") {
      Panes.transcript($0).contains("# not run: resolve WebService")
        && $0.contains("error: app ended (pid \(app.pid)): nothing runs any more")
    }
    #expect(Panes.registrations(refused).contains("t2 WebService"), "\(refused)")
    try run(tmux, ":quit")
    try expectRestored(tmux, status: 0)
  }

  // MARK: 4. Clients that do not speak the protocol

  @Test func garbageAndSilentClientsAreDisconnectedWhileTheAppGoesOn() throws {
    let app = try ServedApp()
    defer { app.close() }
    // Connects and then neither reads nor writes: cut after the hello timeout (5 s).
    let silent = try RawSocketClient(path: app.socketPath)
    defer { silent.close() }
    let silentSince = ContinuousClock.now

    // A length prefix no peer would send.
    let huge = try RawSocketClient(path: app.socketPath)
    defer { huge.close() }
    try huge.send([0xFF, 0xFF, 0xFF, 0xFF])
    let hugeRead = huge.readToEnd()
    #expect(hugeRead.closed, "the server kept a client that sent a 4 GB length prefix\n\(app.describe())")
    waitUntil("the oversized frame logged", detail: { app.describe() }) {
      app.errors.contains("disconnected: protocol error: a frame of 4294967295 bytes is over the limit")
    }

    // A well-formed frame of random bytes.
    let noise = try RawSocketClient(path: app.socketPath)
    defer { noise.close() }
    var generator = SystemRandomNumberGenerator()
    let junk = (0..<200).map { _ in UInt8.random(in: 0x80...0xFF, using: &generator) }
    try noise.send([0, 0, 0, UInt8(junk.count)] + junk)
    #expect(noise.readToEnd().closed, "the server kept a client that sent random bytes\n\(app.describe())")
    waitUntil("the random bytes logged", detail: { app.describe() }) {
      app.errors.contains("disconnected: protocol error: not a ClientMessage message")
    }

    // Meanwhile a real client attaches and runs a command.
    let repl = try discope(["attach", app.socketPath, "--repl"], input: "resolve WebService\n")
    #expect(repl.output.contains("WebService#2 cached t2 [singleton]"), "\(repl.output)\(repl.errorOutput)")
    waitUntil("the REPL's detach", detail: { app.describe() }) { app.errors.contains("detached (detached)") }

    waitUntil("the silent client to be cut", timeout: .seconds(60), detail: { app.describe() }) {
      app.errors.contains("disconnected: no hello within 5")
    }
    let elapsed = ContinuousClock.now - silentSince
    #expect(elapsed >= .seconds(4.5), "cut after \(elapsed), before the 5 s hello timeout")
    #expect(silent.readToEnd(timeout: .seconds(60)).closed, "the silent client's connection is still open")

    #expect(app.isRunning, "\(app.describe())")
    let tick = app.lastTick
    waitForTicks(app, after: tick)
    #expect(!app.errors.contains("refused"), "\(app.describe())")
  }

  // MARK: 5. Another user

  @Test(.enabled(if: AttachBinaries.canSwitchUser, "not root, or runuser or /usr/bin/python3 is missing"))
  func anotherUserCannotConnectAndIsRefusedWhenTheSocketIsOpened() throws {
    // A directory others may enter (the default is 0700), so that only the socket's mode stops
    // them, with a copy of discope they can run: the clone may be where they cannot go.
    let place: OtherUserPlace
    switch OtherUserPlace.make(copying: AttachBinaries.discope!) {
    case .success(let made): place = made
    case .failure(let reason): try Test.cancel("skipped: \(reason)")
    }
    defer { place.remove() }
    let app = try ServedApp(directory: place.directory)
    defer { app.close() }
    var info = stat()
    #expect(stat(app.socketPath, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o600, "socket mode \(String(info.st_mode & 0o777, radix: 8))")

    let probe = """
      import socket, struct, sys
      s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
      s.settimeout(15)
      try:
          s.connect(sys.argv[1])
      except OSError as e:
          print("connect failed: errno %d %s" % (e.errno, e.strerror)); sys.exit(3)
      data = b""
      while True:
          chunk = s.recv(65536)
          if not chunk: break
          data += chunk
      while len(data) >= 4:
          n = struct.unpack(">I", data[:4])[0]
          print(data[4:4 + n].decode()); data = data[4 + n:]
      print("closed")
      """
    let asNobody = OtherUserPlace.command(["/usr/bin/python3", "-c", probe, app.socketPath])
    let denied = try SpawnedCommand.run(asNobody)
    #expect(denied.status == 3, "\(denied.output)\(denied.errorOutput)")
    #expect(denied.output.contains("errno 13"), "\(denied.output)\(denied.errorOutput)")
    let deniedClient = try SpawnedCommand.run(
      OtherUserPlace.command([place.discope, "attach", app.socketPath, "--repl"]))
    #expect(deniedClient.status == 1, "\(deniedClient.output)\(deniedClient.errorOutput)")
    #expect(
      deniedClient.errorOutput.contains("Permission denied (only the app's own user, or root, may attach)"),
      "\(deniedClient.output)\(deniedClient.errorOutput)")
    #expect(!app.errors.contains("client"), "a connection got through the 0600 socket:\n\(app.describe())")

    chmod(app.socketPath, 0o666)
    let refused = try SpawnedCommand.run(asNobody)
    #expect(refused.status == 0, "\(refused.output)\(refused.errorOutput)")
    #expect(refused.output.contains("\"refused\""), "\(refused.output)")
    #expect(refused.output.contains("uid 65534"), "\(refused.output)")
    #expect(refused.output.contains("is not the app's user"), "\(refused.output)")
    #expect(!refused.output.contains("\"hello\""), "the server said hello to another user:\n\(refused.output)")
    #expect(refused.output.hasSuffix("closed\n"), "\(refused.output)")
    waitUntil("the refusal logged", detail: { app.describe() }) { app.errors.contains("refused a client: uid 65534") }

    // discope itself, as that user, says why and fails.
    let client = try SpawnedCommand.run(
      OtherUserPlace.command([place.discope, "attach", app.socketPath, "--repl"]))
    #expect(client.status == 1, "\(client.output)\(client.errorOutput)")
    #expect(client.errorOutput.contains("not the app's user"), "\(client.output)\(client.errorOutput)")
    #expect(!app.errors.contains("attached"), "\(app.describe())")
    #expect(app.isRunning, "\(app.describe())")
  }

  // MARK: 6. Read-only

  @Test func aReadOnlyServerRefusesMocksAndStillAnswers() throws {
    let app = try ServedApp(readOnly: true)
    defer { app.close() }
    #expect(app.errors.contains("(read-only)"), "\(app.describe())")
    let repl = try discope(["attach", app.socketPath, "--repl"], input: "mock Logging\nwhy Logging\n")
    let text = repl.output + repl.errorOutput
    #expect(text.contains("! mock Logging"), "\(text)")
    #expect(text.contains("error: the app's debug server is read-only: 'mock' would change the container"), "\(text)")
    // Named by the type it built: the server saw the build (it tracks holders from its start).
    #expect(text.contains("Logging: t1 ConsoleLogger answers (the only registration in shop)"), "\(text)")
    #expect(!text.contains("t7"), "\(text)")
    waitUntil("the REPL's detach", detail: { app.describe() }) { app.errors.contains("client 1 detached") }
    #expect(!app.errors.contains("undid its changes"), "\(app.describe())")
    let tick = app.lastTick
    waitForTicks(app, after: tick)
    #expect(app.ticks.allSatisfy { $0.logger == "ConsoleLogger" }, "\(app.describe())")
  }

  // MARK: 7. Finding the app

  @Test func theAppInTheRuntimeDirectoryIsListedAndAttachedWithoutATarget() throws {
    let runtime = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    let environment = ["XDG_RUNTIME_DIR": runtime]
    let app = try ServedApp(socket: false, environment: environment)
    defer { app.close() }
    let expected = "\(runtime)/discope/shop-\(app.pid).sock"
    #expect(app.socketPath == expected, "\(app.describe())")

    let list = try discope(["attach", "--list"], environment: environment)
    #expect(list.status == 0, "\(list.output)\(list.errorOutput)")
    let row = list.output.split(separator: "\n").first { $0.hasPrefix("\(app.pid) ") }
    #expect(row?.contains("shop") == true && row?.contains(expected) == true, "\(list.output)")

    let repl = try discope(["attach", "--repl"], input: "resolve WebService\n", environment: environment)
    #expect(repl.output.contains("WebService#2 cached t2 [singleton]"), "\(repl.output)\(repl.errorOutput)")
    waitUntil("the REPL attached and detached", detail: { app.describe() }) {
      app.errors.contains("client 1 attached") && app.errors.contains("client 1 detached")
    }

    app.send(SIGTERM)
    #expect(app.waitForExit() == 0, "\(app.describe())")
    #expect(app.output.hasSuffix("stopped\n"), "\(app.describe())")
    #expect(!FileManager.default.fileExists(atPath: expected), "the socket outlived the app")
    let after = try discope(["attach", "--list"], environment: environment)
    #expect(after.output.contains("no app is serving its container in \(runtime)/discope"), "\(after.output)")
    let none = try discope(["attach", "--repl"], input: "", environment: environment)
    #expect(none.status == 1, "\(none.output)\(none.errorOutput)")
  }

  // MARK: The app's threads in a command's output

  /// A command's output is what the command did: the app's own threads resolve all the time,
  /// and their trees belong in pane 2, not under `resolve WebService` (nor in a recording, which
  /// would then not replay: their instance numbers grow).
  @Test func aCommandsOutputHoldsOnlyItsOwnResolutions() throws {
    let app = try ServedApp()
    defer { app.close() }
    // Pauses between commands, as a person types: the app's threads resolve meanwhile.
    let lines = (0..<6).map { _ in "sleep 0.2; echo 'resolve WebService'" }.joined(separator: "; ")
    let result = try SpawnedCommand.run(
      ["/bin/sh", "-c", "(echo 'why WebService'; \(lines)) | '\(AttachBinaries.discope!)' attach '\(app.socketPath)' --repl"])
    let answers = result.output.split(separator: "\n").filter { $0 == "  WebService#2 cached t2 [singleton]" }
    #expect(answers.count == 6, "\(result.output)")
    #expect(!result.output.contains("NoticeManager"), "\(result.output)")
  }
}
