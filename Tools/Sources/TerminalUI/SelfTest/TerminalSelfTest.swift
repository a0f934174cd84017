import CNCurses
import Foundation

/// Small interactive programs that exercise this module in a real terminal: the end-to-end
/// tests run them inside tmux, and a person can run them to check a terminal by eye.
///
/// ```swift
/// exit(TerminalSelfTest.run())  // e.g. behind a hidden `discope terminal-self-test`
/// ```
public enum TerminalSelfTest {
  /// The full-screen check: four boxed panes (last keys, screen facts with this process's pid,
  /// key help, a log of submitted lines), a command line that echoes what is typed, relayout on
  /// resize, and the terminal restored on every exit.
  ///
  /// Keys: type and `Enter` to log a line; `:quit` or Ctrl-D on an empty line exits with 0;
  /// Ctrl-C exits with 130; `Esc` switches to navigation mode (`1`–`4`, `Tab`, `Shift-Tab`,
  /// `+` zoom, `i` back, `q` quits with 0). SIGINT/SIGTERM/SIGHUP restore the terminal and end
  /// the process with 128 + signal. Without a usable terminal it prints why and echoes lines
  /// from standard input (`plain: …`) until end of input, then returns 0.
  public static func run(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Int32
  {
    do {
      return try Screen.withScreen(environment: environment) { screen in
        var session = SelfTestSession()
        return try session.run(on: screen)
      }
    } catch let error as ScreenError {
      print("terminal unavailable: \(error)")
      while let line = Swift.readLine() { print("plain: \(line)") }
      return 0
    } catch {
      print("error: \(error)")
      return 1
    }
  }

  /// The line REPL check: libedit with history in `historyFile` and completion of a few words
  /// (`hello`, `help`, `history`, `quit`). Prints `ok: LINE` for each line and `bye` at the end
  /// (Ctrl-D or `quit`), then saves the history.
  public static func runLineREPL(historyFile: String? = nil) -> Int32 {
    let words = ["hello", "help", "history", "quit"]
    let reader = LineReader(historyFile: historyFile) { request in
      words.filter { $0.hasPrefix(request.word) }
    }
    while let line = reader.readLine(prompt: "demo> ") {
      if line == "quit" { break }
      print("ok: \(line)")
      fflush(discope_stdout())
    }
    print("bye")
    reader.saveHistory()
    return 0
  }
}
