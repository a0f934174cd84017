import CEditLine
import CTerminalSignals
import Glibc

/// The line REPL's input: libedit's `readline` with history (kept in a file) and tab completion
/// from a Swift closure. Use one at a time: libedit's readline state is process-wide.
///
/// ```swift
/// let reader = LineReader(historyFile: "\(home)/.discope_history") { request in
///   ["resolve", "register", "mock"].filter { $0.hasPrefix(request.word) }
/// }
/// while let line = reader.readLine(prompt: "dis> ") {
///   run(line)
/// }
/// reader.saveHistory()
/// ```
public final class LineReader {
  public let historyFile: String?

  /// Sets up libedit, loads `historyFile` if it exists, and installs `completer` for Tab.
  public init(
    historyFile: String? = nil, historyLimit: Int = 1000,
    completer: (@Sendable (CompletionRequest) -> [String])? = nil
  ) {
    self.historyFile = historyFile
    // libedit would send a signal on to the whole process group (see CEditLine's shim).
    discope_rl_set_catch_signals(0)
    discope_line_mode_trap_signals()
    using_history()
    stifle_history(Int32(historyLimit))
    ReadlineCompletion.install(completer)
    loadHistory()
  }

  deinit {
    ReadlineCompletion.install(nil)
  }

  /// Reads one line with editing; nil at end of input (Ctrl-D on an empty line, or EOF).
  /// A non-blank line is added to the history when `addsToHistory` is true.
  public func readLine(prompt: String, addsToHistory: Bool = true) -> String? {
    guard let buffer = readline(prompt) else { return nil }
    defer { free(buffer) }
    let line = String(cString: buffer)
    if addsToHistory, !line.allSatisfy(\.isWhitespace) { addHistory(line) }
    return line
  }

  public func addHistory(_ line: String) {
    add_history(line)
  }

  /// The history, oldest first.
  public var history: [String] {
    (0..<discope_history_length()).compactMap { offset in
      discope_history_line(offset).map { String(cString: $0) }
    }
  }

  /// Forgets the history in memory (the file is untouched).
  public func clearHistory() { clear_history() }

  /// Adds the lines of `historyFile` to the history. False when there is no file to read.
  @discardableResult
  public func loadHistory() -> Bool {
    guard let historyFile, access(historyFile, R_OK) == 0 else { return false }
    return read_history(historyFile) == 0
  }

  /// Writes the history to `historyFile`. False when there is none or it cannot be written.
  @discardableResult
  public func saveHistory() -> Bool {
    guard let historyFile else { return false }
    return write_history(historyFile) == 0
  }
}
