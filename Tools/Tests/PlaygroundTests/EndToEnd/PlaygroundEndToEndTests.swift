import TerminalTesting
import Foundation
import Testing

/// The real `discope` binary in a real terminal (a private tmux server).
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct PlaygroundEndToEndTests {
  func start(_ arguments: String = "", columns: Int = 120, rows: Int = 32, environment: String = "")
    throws -> TmuxSession
  {
    try TmuxSession(command: DiscopeBinary.command(arguments, environment: environment),
                    columns: columns, rows: rows)
  }

  func waitForDemo(_ tmux: TmuxSession) throws {
    try tmux.waitFor("the demo's panes") {
      $0.contains("┌ 1 Registrations") && $0.contains("┌ 4 Transcript") && $0.contains("ControlContext")
        && $0.contains("CMD LIVE")
    }
  }

  func run(_ tmux: TmuxSession, _ command: String) throws {
    try tmux.type(command)
    try tmux.press("Enter")
  }

  func expectRestored(_ tmux: TmuxSession, status: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let screen = try tmux.waitFor("exit \(status)", sourceLocation: sourceLocation) { $0.contains("[exit \(status)]") }
    #expect(screen.contains("modes:isig icanon echo"), "terminal left raw:\n\(screen)", sourceLocation: sourceLocation)
    #expect(!screen.contains("┌ 1 Registrations"), "screen not restored:\n\(screen)", sourceLocation: sourceLocation)
  }

  @Test func registerResolveMockAndRemoveChangeEachPane() throws {
    let tmux = try start()
    defer { tmux.close() }
    try waitForDemo(tmux)
    try run(tmux, "resolve ControlContext")
    try tmux.waitFor("the trace") { $0.contains("resolve ControlContext") && $0.contains("└─ ZoneController") }
    try run(tmux, "mock Logger")
    try tmux.waitFor("the mock swap") { $0.contains("+ t7 MockLogger over Logger (shadows t1") }
    try tmux.waitFor("the mock on top of its stack") { $0.contains("Logger (2)") && $0.contains("◀ answers") }
    try run(tmux, "remove t7")
    try tmux.waitFor("the mock popped") { $0.contains("- t7 MockLogger off Logger (uncovers t1") }
    try run(tmux, "resolve Nothing")
    try tmux.waitFor("the error in the transcript") { $0.contains("! resolve Nothing") }
    try run(tmux, "protocol 日本")
    try run(tmux, "class Ünïcode: 日本")
    try run(tmux, "register 日本 = Ünïcode")
    let screen = try tmux.waitFor("the wide name") { $0.contains("日本") && $0.contains("t8 Ünïcode") }
    for line in screen.split(separator: "\n") where line.contains("日本") || line.contains("Ünïcode") {
      #expect(String(line).displayWidth == 120, "misaligned: \(line)")
    }
    try run(tmux, ":quit")
    try expectRestored(tmux, status: 0)
  }

  @Test func helpComesFromTheKeyTable() throws {
    let tmux = try start()
    defer { tmux.close() }
    try waitForDemo(tmux)
    try tmux.type("?")
    try tmux.waitFor("help, saying there is more") {
      $0.contains("Help — Esc closes") && $0.contains("First steps") && $0.contains("↓ PgDn")
    }
    try tmux.press("Escape")
    try tmux.press("F1")
    try tmux.waitFor("help again") { $0.contains("Help — Esc closes") }
    // A page is what the help shows (29 rows here): one PgDn shows the navigation keys, a second
    // the last page, the commands.
    try tmux.press("PPage", "NPage")
    try tmux.waitFor("the navigation keys") { $0.contains("filter the focused pane") && !$0.contains("First steps") }
    try tmux.press("NPage")
    try tmux.waitFor("the last page") { $0.contains(":quit       leave the playground") }
    try tmux.press("Escape")
    try tmux.waitFor("help closed") { !$0.contains("Help — Esc closes") && $0.contains("┌ 2 Resolution trace") }
    try tmux.press("Escape")
    try tmux.type("+")
    try tmux.waitFor("zoomed") { $0.contains("NAV LIVE") && !$0.contains("┌ 2 Resolution trace") }
    try tmux.type("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func resizingKeepsWorking() throws {
    let tmux = try start(columns: 80, rows: 24)
    defer { tmux.close() }
    try waitForDemo(tmux)
    try tmux.resize(columns: 40, rows: 12)
    try tmux.waitFor("40x12") { $0.contains("1 Registrations") && $0.contains("dis>") }
    try run(tmux, "resolve WebService")
    try tmux.resize(columns: 250, rows: 70)
    try tmux.waitFor("250x70") { $0.contains("┌ 2 Resolution trace") && $0.contains("resolve WebService") }
    try tmux.resize(columns: 30, rows: 8)
    try tmux.waitFor("too small") { $0.contains("Terminal too small: 30x8") }
    try tmux.resize(columns: 80, rows: 24)
    try tmux.waitFor("80x24") { $0.contains("┌ 4 Transcript") && !$0.contains("too small") }
    try tmux.press("C-d")
    try expectRestored(tmux, status: 0)
  }

  /// What is typed while the window is too small (commands and their Enter) is held, then run
  /// in order once the window is large enough: not run unseen, not lost, not run together.
  @Test func keysTypedWhileTooSmallRunOnceTheWindowIsLargeEnough() throws {
    let tmux = try start(columns: 80, rows: 24)
    defer { tmux.close() }
    try waitForDemo(tmux)
    try tmux.resize(columns: 30, rows: 8)
    try tmux.waitFor("too small") { $0.contains("Terminal too small: 30x8") }
    try run(tmux, "protocol HeldOne")
    try run(tmux, "protocol HeldTwo")
    try tmux.resize(columns: 120, rows: 32)
    let screen = try tmux.waitFor("both commands run") {
      $0.contains("│protocol HeldOne") && $0.contains("│protocol HeldTwo") && !$0.contains("too small")
    }
    #expect(!screen.contains("HeldOneprotocol"), "\(screen)")
    try tmux.press("C-d")
    try expectRestored(tmux, status: 0)
  }

  /// At the smallest size pane 4 is a title bar: what a typed command did shows under the
  /// panes, or it would be seen nowhere until the user opened pane 4. Opened, it needs no copy.
  @Test func atTheMinimumSizeWhatACommandDidIsSeen() throws {
    let tmux = try start(columns: 40, rows: 12)
    defer { tmux.close() }
    try tmux.waitFor("pane 4 as a title bar") { $0.contains("─ 4 Transcript ─") && $0.contains("CMD LIVE") }
    try run(tmux, "release container nope")
    try tmux.waitFor("its error") {
      $0.contains("! release container nope") && $0.contains("error: no container named 'nope'")
    }
    try run(tmux, "shutdown")
    try tmux.waitFor("what it did") { $0.contains("\nshutdown\n") && $0.contains("root: nothing to dispose") }
    try run(tmux, "! shutdown")
    let screen = try tmux.waitFor("the failure it expected") {
      $0.contains("! shutdown") && $0.contains("error: 'root' was shut down already")
    }
    #expect(screen.contains("┌ 1 Registrations"), "pane 1 keeps its rows: \(screen)")
    try tmux.press("Escape")
    try tmux.type("4")
    let opened = try tmux.waitFor("pane 4 open") { $0.contains("┌ 4 Transcript") }
    let rows = opened.split(separator: "\n")
    #expect(rows.dropLast().last?.hasPrefix("└") == true, "nothing under the panes: \(opened)")
    try tmux.type("q")
    try expectRestored(tmux, status: 0)
  }

  @Test func stepsAReplayBackAndForth() throws {
    let lesson = try temporaryFile("lesson", """
      %dis 1
      protocol Logger
      class ConsoleLogger: Logger
      register Logger = ConsoleLogger
      ## Resolving
      resolve Logger
      mock Logger
      resolve Logger

      """)
    defer { try? FileManager.default.removeItem(atPath: lesson) }
    let tmux = try start("play '\(lesson)'")
    defer { tmux.close() }
    try tmux.waitFor("at the start") { $0.contains("REPLAY 0/6") && $0.contains("line 2: protocol Logger") }
    try tmux.type("..")
    try tmux.waitFor("two steps") { $0.contains("REPLAY 2/6") && $0.contains("class ConsoleLogger") }
    try tmux.type("]")
    try tmux.waitFor("next section") { $0.contains("REPLAY 3/6") && $0.contains("t1 ConsoleLogger") }
    try tmux.type("..")
    try tmux.waitFor("the mock") { $0.contains("REPLAY 5/6") && $0.contains("MockLogger over Logger") }
    try tmux.type(",")
    try tmux.waitFor("one back, rebuilt") {
      $0.contains("REPLAY 4/6") && !$0.contains("MockLogger over") && $0.contains("resolve Logger")
    }
    try tmux.type("i")
    try tmux.waitFor("live") { $0.contains("CMD LIVE") }
    try run(tmux, "unmock Logger")
    try tmux.waitFor("the live command") { $0.contains("! unmock Logger") }
    try tmux.press("C-c")
    try expectRestored(tmux, status: 130)
  }

  /// Stepping back and forth faster than the screen redraws keeps the script's prose: a
  /// rebuilt replay's comments and sections are not taken by the outcomes of the one it replaced.
  @Test func steppingFastKeepsTheScriptsProse() throws {
    let lesson = EnvironmentTraceTests.lesson.replacingOccurrences(
      of: "01-register-and-resolve.dis", with: "05-scopes-singleton-eager-weak.dis")
    let saved = try temporaryFile("saved", "")
    try FileManager.default.removeItem(atPath: saved)
    defer { try? FileManager.default.removeItem(atPath: saved) }
    let tmux = try start("play '\(lesson)'")
    defer { tmux.close() }
    try tmux.waitFor("at the start") { $0.contains("REPLAY 0/") }
    try tmux.type("]]]]]]")
    try tmux.waitFor("the end") { $0.contains("end of script") }
    try tmux.type(",,,,,,......")
    try tmux.waitFor("back at the end") { $0.contains("end of script") }
    try run(tmux, ":save \(saved)")
    try tmux.waitFor("saved") { $0.contains("saved the session") }
    let comments = { (path: String) in
      try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("#") }
    }
    #expect(try comments(saved) == comments(lesson))
    try tmux.press("C-c")
    try expectRestored(tmux, status: 130)
  }

  @Test func aRecordingReplaysWithDiscopeTest() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("rec-\(UUID().uuidString).dis").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tmux = try start("--record '\(path)'")
    defer { tmux.close() }
    try waitForDemo(tmux)
    try tmux.waitFor("recording") { $0.contains("REC rec-") }
    for command in ["resolve ControlContext", "mock Logger", "resolve NoticeManager", "resolv typo", "remove t99"] {
      try run(tmux, command)
    }
    try tmux.waitFor("the last command") { $0.contains("! remove t99") }
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written.hasPrefix("%dis 1\n# The demo world"))
    #expect(written.contains("\n! remove t99\n"))
    try tmux.press("C-c")
    try tmux.waitFor("asks first") { $0.contains("Quit?") }
    try tmux.type("y")
    try expectRestored(tmux, status: 130)
    let result = try SpawnedCommand.run([DiscopeBinary.path!, "test", path])
    #expect(result.status == 0, "\(result.output)\(result.errorOutput)\n\(written)")
  }

  @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
  func signalsRestoreTheTerminal(signal: Int32) throws {
    let tmux = try start()
    defer { tmux.close() }
    try waitForDemo(tmux)
    let shell = try tmux.tmux(["display-message", "-p", "-t", "S", "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try SpawnedCommand.run(["pgrep", "-P", shell, "discope"]).output
    let pid = try #require(children.split(separator: "\n").first.flatMap { pid_t($0) })
    try tmux.send(signal: signal, to: pid)
    try expectRestored(tmux, status: 128 + signal)
  }

  /// The REPL's history is on disk as each line is entered, so a signal loses none of it.
  @Test func theREPLKeepsItsHistoryThroughASignal() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("discope-home-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: home) }
    let tmux = try start("repl", environment: "HOME='\(home)'")
    defer { tmux.close() }
    try tmux.waitFor("the prompt") { $0.contains("\ndis>") }
    try run(tmux, "show tokens")
    try tmux.waitFor("its output") { $0.contains("[singleton]  answers") }
    let shell = try tmux.tmux(["display-message", "-p", "-t", "S", "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try SpawnedCommand.run(["pgrep", "-P", shell, "discope"]).output
    let pid = try #require(children.split(separator: "\n").first.flatMap { pid_t($0) })
    try tmux.send(signal: SIGTERM, to: pid)
    // Only this process ends: the shell that started it goes on to print the status.
    try tmux.waitFor("the exit") { $0.contains("[exit 143]") }
    let history = try String(contentsOfFile: home + "/.discope_history", encoding: .utf8)
    #expect(history.contains("show\\040tokens"), "libedit writes a space as \\040: \(history)")
  }

  /// The REPL says it records before the first command, not after it.
  @Test func theREPLSaysItRecordsAtOnce() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("repl-\(UUID().uuidString).dis").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tmux = try start("repl --no-history --record '\(path)'")
    defer { tmux.close() }
    let screen = try tmux.waitFor("the prompt") { $0.contains("\ndis>") }
    #expect(screen.contains("recording to \(path)"), "\(screen)")
    try tmux.press("C-d")
    try expectRestored(tmux, status: 0)
  }

  /// Ctrl-C in the REPL cancels what is being typed, as in every line editor, recording or
  /// not: the line, or a block not yet closed, is dropped (neither run nor recorded) and a fresh
  /// prompt shows. Ctrl-D leaves, with the shell's next output on a line of its own.
  @Test func ctrlCInTheREPLCancelsTheLineBeingTyped() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("repl-\(UUID().uuidString).dis").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let tmux = try start("repl --empty --no-history --record '\(path)'")
    defer { tmux.close() }
    try tmux.waitFor("the prompt") { $0.contains("\ndis>") }
    try run(tmux, "class A")
    // The next prompt first: keys typed while the REPL still runs a command are echoed by the
    // terminal, then again by the line editor once it reads them (a busy machine shows both).
    try tmux.waitFor("the next prompt") { $0.contains("dis> class A\ndis>") }
    try tmux.type("register A")
    // Typed, then Ctrl-C: the terminal drops input not yet read when it sends SIGINT.
    try tmux.waitFor("the line typed") { $0.contains("dis> register A") }
    try tmux.press("C-c")
    try tmux.waitFor("the line cancelled, a fresh prompt") { $0.contains("dis> register A^C\ndis>") }
    try run(tmux, "assembly B {")
    try tmux.waitFor("a block going on") { $0.contains("\n...>") }
    try tmux.press("C-c")
    try tmux.waitFor("the block cancelled") { $0.contains("...> ^C\ndis>") }
    try run(tmux, "register A")
    try tmux.waitFor("the REPL reading on") { $0.contains("+ t1  A  [singleton]") }
    try tmux.press("C-d")
    let screen = try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
    #expect(screen.contains("\n[exit 0]"), "the shell's output on a line of its own: \(screen)")
    try expectRestored(tmux, status: 0)
    let recorded = try String(contentsOfFile: path, encoding: .utf8)
    #expect(recorded == "%dis 1\nclass A\nregister A\n  + t1  A  [singleton]\n", "\(recorded)")
  }

  /// Names outside ASCII are typed into the REPL as into the full screen.
  @Test func theREPLReadsWhatIsTypedOutsideASCII() throws {
    let tmux = try start("repl --empty --no-history")
    defer { tmux.close() }
    try tmux.waitFor("the prompt") { $0.contains("\ndis>") }
    for command in ["protocol 日本", "class Ünïcode: 日本", "register 日本 = Ünïcode"] { try run(tmux, command) }
    let screen = try tmux.waitFor("the registration") { $0.contains("+ t1  日本 -> Ünïcode  [singleton]") }
    #expect(!screen.contains("did not parse"), "\(screen)")
    try tmux.press("C-d")
    try expectRestored(tmux, status: 0)
  }

  /// Ctrl-Z in the REPL stops it with the shell's modes back; `fg` goes on reading lines.
  @Test func theREPLStopsAndContinuesUnderJobControl() throws {
    let tmux = try TmuxSession(command: "bash --norc --noprofile -i", columns: 100, rows: 20)
    defer { tmux.close() }
    try tmux.waitFor("the shell") { $0.contains("bash") }
    try run(tmux, "'\(DiscopeBinary.path!)' repl --empty --no-history")
    try tmux.waitFor("the prompt") { $0.contains("\ndis>") }
    try tmux.press("C-z")
    try tmux.waitFor("stopped") { $0.contains("Stopped") }
    try run(tmux, "stty -a | grep -o -- '-\\?icanon' | sed 's/^/mode: /'; fg")
    try tmux.waitFor("the shell's modes") { $0.contains("mode: icanon") }
    try run(tmux, "class A")
    try run(tmux, "register A")
    try tmux.waitFor("the REPL reading on") { $0.contains("+ t1  A  [singleton]") }
    let screen = try tmux.capture()
    #expect(screen.components(separatedBy: "class A").count == 2, "typed once, echoed once: \(screen)")
  }

  @Test func aTinyTerminalGetsAMessageThenThePanes() throws {
    let tmux = try start(columns: 30, rows: 8)
    defer { tmux.close() }
    try tmux.waitFor("the message") { $0.contains("too small") }
    try tmux.resize(columns: 100, rows: 30)
    try waitForDemo(tmux)
    try tmux.press("Escape")
    try tmux.type("q")
    try expectRestored(tmux, status: 0)
  }

  /// Nothing typed while only the message shows is run unseen, and nothing typed is lost: it is
  /// held, and runs once the panes show; Ctrl-C on the message quits at once.
  @Test func keysOnTheTooSmallMessageRunOnlyOnceSeen() throws {
    let tmux = try start(columns: 30, rows: 8)
    defer { tmux.close() }
    try tmux.waitFor("the message") { $0.contains("too small") }
    try run(tmux, "mock Logger")
    // Still only the message: nothing ran unseen.
    let small = try tmux.capture()
    #expect(small.contains("too small") && !small.contains("MockLogger"), "\(small)")
    try tmux.resize(columns: 120, rows: 32)
    try waitForDemo(tmux)
    try tmux.waitFor("the mock pushed once seen") { $0.contains("MockLogger over Logger") }
    try tmux.resize(columns: 30, rows: 8)
    try tmux.waitFor("the message again") { $0.contains("too small") }
    try tmux.press("C-c")
    try expectRestored(tmux, status: 130)
  }

  /// Ctrl-L sends the whole screen again: what another program wrote over it goes.
  @Test func ctrlLRepaintsOverWhatAnotherProgramWrote() throws {
    let tmux = try start()
    defer { tmux.close() }
    try waitForDemo(tmux)
    let tty = try tmux.tmux(["display-message", "-p", "-t", "S", "#{pane_tty}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    try "\u{1B}[5;5HGARBAGE-GARBAGE".write(toFile: tty, atomically: false, encoding: .utf8)
    try tmux.waitFor("the garbage") { $0.contains("GARBAGE-GARBAGE") }
    try tmux.press("C-l")
    try tmux.waitFor("a clean screen") { !$0.contains("GARBAGE") && $0.contains("┌ 1 Registrations") }
    try tmux.press("C-c")
    try expectRestored(tmux, status: 130)
  }

  /// A terminal that cannot hold the full screen gets plain lines with a prompt, each command
  /// shown once (as typed), and its output.
  @Test func aDumbTerminalGetsPromptedPlainLines() throws {
    let tmux = try start(environment: "TERM=dumb")
    defer { tmux.close() }
    try tmux.waitFor("the prompt") { $0.contains("cannot move the cursor") && $0.contains("\ndis>") }
    try run(tmux, "resolve Logger")
    let screen = try tmux.waitFor("the output") { $0.contains("Logger → ConsoleLogger#1 created t1 [singleton]") }
    #expect(screen.components(separatedBy: "resolve Logger").count == 2, "shown once: \(screen)")
    try tmux.press("C-d")
    try expectRestored(tmux, status: 0)
  }

  @Test func closedStandardInputRunsPlainLines() throws {
    let result = try SpawnedCommand.run([DiscopeBinary.path!])  // stdin is /dev/null
    #expect(result.status == 0, "\(result.errorOutput)")
    #expect(result.output.contains("activate RFAssembly"))
    let repl = try SpawnedCommand.run(["sh", "-c", "printf 'resolve WebService\\n' | '\(DiscopeBinary.path!)' repl --demo --no-history"])
    #expect(repl.status == 0 && repl.output.contains("resolve WebService\n  WebService#"), "\(repl.output)")
  }

  func temporaryFile(_ name: String, _ text: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).dis").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }
}

import TerminalUI
