// Test support shared by the test targets that drive a program in a real terminal, through a
// private tmux server (its own socket, no user configuration).
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A private tmux server running one command in a `columns` x `rows` window.
///
/// ```swift
/// let tmux = try TmuxSession(command: "cat", columns: 80, rows: 24)
/// defer { tmux.close() }
/// try tmux.type("hello")
/// try tmux.press("Enter")
/// try tmux.waitFor { $0.contains("hello") }
/// ```
public final class TmuxSession {
  public let socketName: String
  public let sessionName = "S"

  /// Starts `command` through `sh -c`; when it ends, the pane shows `[exit STATUS]` and stays.
  public init(command: String, columns: Int = 120, rows: Int = 30, environment: [String: String] = [:])
    throws
  {
    socketName = "discope-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    var arguments = ["new-session", "-d", "-s", sessionName, "-x", "\(columns)", "-y", "\(rows)",
                     "-e", "LANG=C.UTF-8"]
    for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
      arguments += ["-e", "\(name)=\(value)"]
    }
    arguments.append("\(command); echo \"[exit $?]\"; exec sleep 600")
    try tmux(arguments)
  }

  deinit { close() }

  /// Runs one tmux command against this server.
  @discardableResult
  public func tmux(_ arguments: [String]) throws -> String {
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    let result = try SpawnedCommand.run(
      ["tmux", "-L", socketName, "-f", "/dev/null"] + arguments, environment: environment)
    guard result.status == 0 else {
      throw SpawnError(message: "tmux \(arguments.joined(separator: " ")) failed with status "
        + "\(result.status): \(result.errorOutput)")
    }
    return result.output
  }

  /// Types `text` literally (no key names are interpreted).
  public func type(_ text: String) throws { try tmux(["send-keys", "-t", sessionName, "-l", "--", text]) }

  /// Presses named keys: `Enter`, `Escape`, `Tab`, `BTab`, `C-c`, `Up`, `F1`, `PPage`, …
  public func press(_ keys: String...) throws { try tmux(["send-keys", "-t", sessionName] + keys) }

  /// The screen as text (trailing spaces trimmed by tmux).
  public func capture() throws -> String { try tmux(["capture-pane", "-p", "-t", sessionName]) }

  /// Resizes the window (the program gets SIGWINCH).
  public func resize(columns: Int, rows: Int) throws {
    try tmux(["resize-window", "-t", sessionName, "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// Sends `signal` to process `pid` (e.g. one the program shows on screen).
  public func send(signal: Int32, to pid: pid_t) throws {
    guard kill(pid, signal) == 0 else { throw SpawnError(message: "kill \(pid): errno \(errno)") }
  }

  /// Polls the screen every 20 ms until `condition` holds and two captures 50 ms apart agree
  /// (one redraw can reach tmux in several writes). Records an issue with the last capture and
  /// returns it when `timeout` passes first.
  @discardableResult
  public func waitFor(
    _ description: String = "the expected screen", timeout: Duration = .seconds(60),
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
  ) throws -> String {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var last = ""
    while clock.now < deadline {
      last = try capture()
      if condition(last) {
        usleep(50_000)
        let again = try capture()
        if again == last { return last }
        continue
      }
      usleep(20_000)
    }
    Issue.record(
      "timed out after \(timeout) waiting for \(description); last screen:\n\(last)",
      sourceLocation: sourceLocation)
    return last
  }

  /// Stops the server and removes its socket. Safe to call twice.
  public func close() {
    _ = try? tmux(["kill-server"])
    let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
    unlink("\(directory)/tmux-\(getuid())/\(socketName)")
  }
}
