import CEditLine
import CTerminalSignals
import Glibc

/// The line REPL's input: libedit's `readline` with history (kept in a file) and tab completion
/// from a Swift closure. Use one at a time: libedit's readline state is process-wide.
///
/// Ctrl-C cancels the line being edited (`^C`, then a fresh prompt), as in every line editor;
/// Ctrl-D on an empty line ends the input. A signal while no line is edited (a command running)
/// ends the process, the terminal restored.
///
/// What reaches the editor is what a terminal user expects (see `discope_line_mode_set_editor`):
/// a paste is inserted at once and drawn once; a line past `lineLimit` is cut off as it comes and
/// refused (`Input.tooLong`); an escape sequence no key sends and a bidirectional control are
/// shown escaped (`\u{1B}[31m`, `\u{202E}`); `fg` after Ctrl-Z draws the prompt and line again.
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
  /// The most bytes a line may take; what is typed or pasted past it is dropped, and the line
  /// is refused (`Input.tooLong`) when Enter ends it. 0: no limit.
  public let lineLimit: Int

  /// Sets up libedit, loads `historyFile` if it exists, and installs `completer` for Tab.
  public init(
    historyFile: String? = nil, historyLimit: Int = 1000, lineLimit: Int = 0,
    completer: (@Sendable (CompletionRequest) -> [String])? = nil
  ) {
    self.lineLimit = max(0, lineLimit)
    self.historyFile = historyFile
    // libedit reads and shows characters in the locale's encoding: under the C locale a
    // program starts in, every character typed outside ASCII vanished.
    setlocale(LC_CTYPE, "")
    // libedit would send a signal on to the whole process group (see CEditLine's shim).
    discope_rl_set_catch_signals(0)
    discope_line_mode_trap_signals()
    // Ctrl-C must end the wait for a key, which libedit's own reader resumes (see the shim).
    discope_rl_set_getc_function(discope_line_mode_getc)
    // A paste inserted at once and drawn once; the line drawn again after `fg`; escape sequences
    // and bidirectional controls shown escaped; a line past the limit cut off (see the C side).
    discope_line_mode_set_editor(
      { text in rl_insert_text(text) }, { rl_forced_update_display() }, self.lineLimit)
    using_history()
    // The key the C side sends after text it inserted at once (a paste): it draws the line again.
    // In single quotes: the tokenizer keeps the backslash of the octal escape (0x9D).
    _ = rl_parse_and_bind("bind '\\235' ed-redisplay")
    stifle_history(Int32(historyLimit))
    ReadlineCompletion.install(completer)
    loadHistory()
  }

  deinit {
    ReadlineCompletion.install(nil)
  }

  /// What reading a line gave.
  public enum Input: Equatable, Sendable {
    /// A line, Enter pressed.
    case line(String)
    /// A line from which characters the locale cannot decode were dropped (beyond ASCII, typed
    /// under `LANG=C`): what is left, which is not what was typed.
    case lineWithDroppedCharacters(String)
    /// Ctrl-C cancelled the line (`^C` is shown, and the cursor is on a new line).
    case interrupted
    /// The line took more than `lineLimit` bytes (`bytes`, up to its Enter): what came past the
    /// limit was dropped as it came, so the line is not what was typed, and is refused.
    case tooLong(bytes: Int)
    /// The end of input: Ctrl-D on an empty line, or EOF.
    case end
  }

  /// Reads one line with editing. A non-blank line is added to the history when
  /// `addsToHistory` is true.
  public func read(prompt: String, addsToHistory: Bool = true) -> Input {
    _ = discope_line_mode_take_dropped_bytes()
    discope_line_mode_begin_line()
    let buffer = readline(prompt)
    let isInterrupted = discope_line_mode_end_line() != 0
    guard let buffer else {
      guard isInterrupted else {
        // Ctrl-D leaves the cursor after the prompt: what is printed next (by the shell) starts
        // a line of its own.
        if isatty(STDOUT_FILENO) == 1 { _ = write(STDOUT_FILENO, "\n", 1) }
        return .end
      }
      // libedit echoes nothing for it: say what happened, and leave the cancelled line as it is.
      _ = write(STDOUT_FILENO, "^C\n", 3)
      return .interrupted
    }
    defer { free(buffer) }
    var bytes = 0
    if discope_line_mode_take_too_long(&bytes) != 0 { return .tooLong(bytes: bytes) }
    // A Ctrl-C after Enter is too late to cancel: the line stands.
    let line = String(cString: buffer)
    // In the history either way: a line with characters dropped is there to fix with Up.
    if addsToHistory, !line.allSatisfy(\.isWhitespace) { addHistory(line) }
    if discope_line_mode_take_dropped_bytes() != 0 { return .lineWithDroppedCharacters(line) }
    return .line(line)
  }

  /// Reads one line with editing; nil at end of input (Ctrl-D on an empty line, or EOF). A line
  /// cancelled with Ctrl-C is read again with a fresh prompt, and so is a line characters were
  /// dropped from (said on standard error). A non-blank line is added to the history when
  /// `addsToHistory` is true.
  public func readLine(prompt: String, addsToHistory: Bool = true) -> String? {
    while true {
      switch read(prompt: prompt, addsToHistory: addsToHistory) {
      case .line(let line): return line
      case .interrupted: continue
      case .tooLong(let bytes):
        let message = "line is too long: \(bytes) bytes, the limit is \(lineLimit): line not taken\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        continue
      case .lineWithDroppedCharacters:
        let message = "characters beyond ASCII were dropped (the locale is not UTF-8): line not taken\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        continue
      case .end: return nil
      }
    }
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
