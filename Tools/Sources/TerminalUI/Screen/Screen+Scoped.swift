import Foundation

extension Screen {
  /// Opens the full screen, runs `body`, and restores the terminal whatever happens: on return,
  /// on a thrown error, and on SIGINT/SIGTERM/SIGHUP (after restoring, the process ends as the
  /// signal would have ended it: status 128 + signal number).
  ///
  /// Throws `ScreenError` without touching the terminal when it cannot be opened, so the caller
  /// can fall back to a line REPL.
  ///
  /// ```swift
  /// do {
  ///   try Screen.withScreen { screen in
  ///     while true {
  ///       let key = try screen.readKey(timeout: .milliseconds(100))
  ///       if key == .ctrl("c") { return }
  ///     }
  ///   }
  /// } catch let error as ScreenError {
  ///   print("plain mode: \(error)")
  /// }
  /// ```
  public static func withScreen<Result>(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    _ body: (Screen) throws -> Result
  ) throws -> Result {
    let screen = try open(environment: environment)
    let outcome: Swift.Result<Result, any Error>
    do {
      outcome = .success(try body(screen))
    } catch {
      outcome = .failure(error)
    }
    screen.close()
    if let signo = SignalTrap.takePending() { SignalTrap.reraise(signo) }
    if case .failure(let error as TerminalSignal) = outcome { SignalTrap.reraise(error.number) }
    return try outcome.get()
  }
}
