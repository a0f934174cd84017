import TerminalTesting
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

struct NoProcess: Error, CustomStringConvertible {
  var description: String
}

/// Issue 45's defects of the line REPL's input (libedit), in a real terminal: a long paste, an
/// escape sequence and a bidirectional control typed, and Ctrl-Z then `fg`.
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct LineREPLInputEndToEndTests {
  let base = PlaygroundEndToEndTests()

  func startREPL(columns: Int = 120, rows: Int = 32) throws -> TmuxSession {
    let tmux = try base.start("repl --empty --no-history", columns: columns, rows: rows)
    try tmux.waitFor("the prompt") { $0.contains("dis>") }
    return tmux
  }

  /// The CPU time (user and system) process `pid` used so far, from /proc.
  func cpuTime(of pid: pid_t) throws -> Duration {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // After the command name in parentheses: state is field 3, utime 14, stime 15.
    let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
    let ticks = Int(fields[11])! + Int(fields[12])!
    return .milliseconds(ticks * 1000 / Int(sysconf(Int32(_SC_CLK_TCK))))
  }

  /// The `discope` process the session's shell started.
  func discopePID(in tmux: TmuxSession) throws -> pid_t {
    let shell = try tmux.tmux(["list-panes", "-t", tmux.sessionName, "-F", "#{pane_pid}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    for child in children.split(separator: " ") {
      let command = (try? String(contentsOfFile: "/proc/\(child)/comm", encoding: .utf8)) ?? ""
      if command.hasPrefix("discope") { return pid_t(child)! }
    }
    throw NoProcess(description: "no discope under the shell \(shell): \(children)")
  }

  /// A pasted 20,000-character line is refused as too long without costing seconds of CPU: the
  /// editor drew the whole line again at each character (time in the square of its length).
  @Test func aLongPastedLineIsRefusedQuickly() throws {
    let tmux = try startREPL()
    defer { tmux.close() }
    let pid = try discopePID(in: tmux)
    let before = try cpuTime(of: pid)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("discope-paste-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data(("resolve " + String(repeating: "A", count: 20_000)).utf8).write(to: file)
    try tmux.tmux(["load-buffer", "-b", "long", file.path])
    try tmux.tmux(["paste-buffer", "-b", "long", "-t", tmux.sessionName])
    try tmux.press("Enter")
    try tmux.waitFor("the refusal") { $0.contains("error: not run: the line is too long: 20008 bytes, the limit is 16384") }
    let used = try cpuTime(of: pid) - before
    // Measured in CPU time, not on the clock: a busy machine slows both, but this not.
    #expect(used < .seconds(2), "the paste cost \(used) of CPU")
    try base.run(tmux, "protocol After")
    try tmux.waitFor("the next line runs") { $0.contains("dis> protocol After\ndis>") }
    try tmux.press("C-d")
    try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
  }

  /// An escape sequence typed or pasted (a colour) is shown escaped, whole, not half taken as a
  /// key (`XmRED`); a key's own sequence (Left) still moves the cursor.
  @Test func anEscapeSequenceIsShownEscaped() throws {
    let tmux = try startREPL()
    defer { tmux.close() }
    try tmux.type("resolve X\u{1B}[31mRED")
    try tmux.waitFor("the sequence escaped") { $0.contains("dis> resolve X\\u{1B}[31mRED") }
    try tmux.press("Left", "Left", "Left")
    try tmux.type("_")
    try tmux.waitFor("Left moved the cursor") { $0.contains("dis> resolve X\\u{1B}[31m_RED") }
    try tmux.press("Enter")
    // Run, it is an error that shows what was typed, as the parser reads it.
    let screen = try tmux.waitFor("the error") { $0.contains("error:") }
    #expect(!screen.contains("XmRED") && !screen.contains("\u{1B}"), "\(screen)")
    try tmux.press("C-d")
    try tmux.waitFor("exit") { $0.contains("[exit") }
  }

  /// U+202E typed is shown as `\u{202E}` by the line editor, never raw (which reorders the line
  /// on screen); in a string it means the same character.
  @Test func aBidiControlIsShownEscaped() throws {
    let tmux = try startREPL()
    defer { tmux.close() }
    try tmux.type("register Logger named \"raw\u{202E}q\" = ConsoleLogger")
    let screen = try tmux.waitFor("the line escaped") {
      $0.contains("dis> register Logger named \"raw\\u{202E}q\" = ConsoleLogger")
    }
    #expect(!screen.unicodeScalars.contains { $0.value == 0x202E }, "raw U+202E on screen:\n\(screen)")
    try tmux.press("C-u")
    try tmux.press("C-d")
    try tmux.waitFor("exit") { $0.contains("[exit") }
  }

  /// Ctrl-Z, then `fg`: the prompt and the half-typed line are drawn again, and typing goes on.
  @Test func fgRedrawsThePromptAndTheLine() throws {
    let tmux = try TmuxSession(command: "bash --norc --noprofile -i", columns: 100, rows: 30)
    defer { tmux.close() }
    try tmux.waitFor("the shell") { $0.contains("bash") }
    try base.run(tmux, "'\(DiscopeBinary.path!)' repl --empty --no-history")
    try tmux.waitFor("the prompt") { $0.contains("dis>") }
    try tmux.type("protocol Half")
    try tmux.waitFor("typed") { $0.contains("dis> protocol Half") }
    try tmux.press("C-z")
    try tmux.waitFor("stopped") { $0.contains("Stopped") }
    try base.run(tmux, "fg")
    try tmux.waitFor("the line drawn again") { screen in
      guard let fg = screen.range(of: "# fg\n") else { return false }
      return screen[fg.upperBound...].contains("dis> protocol Half")
    }
    try tmux.type("Way")
    try tmux.press("Enter")
    try base.run(tmux, "show stacks")
    let screen = try tmux.waitFor("the whole line ran") { $0.contains("no registrations\ndis>") }
    #expect(screen.contains("dis> protocol HalfWay"), "\(screen)")
    try tmux.press("C-d")
    try tmux.waitFor("the shell again") { $0.hasSuffix("bash-5.2#") || $0.components(separatedBy: "bash-").count > 3 }
  }
}
