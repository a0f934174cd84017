/// Why a command failed, as the lines it prints: `error: what happened`, the path that led there,
/// and a hint saying what to do.
///
/// ```text
/// error: no registration for 'Logger'
///   path: ControlContext -> WebService -> Logger
///   hint: did you mean 'Logging'?; to fix, register it: register Logger = ConsoleLogger
/// ```
struct ScriptFailure: Error {
  /// The lines printed, output that came before the error included.
  var lines: [String]
  /// Whether the script's own checks refused the command before it reached a container (an
  /// unknown name, an argument of the wrong type: what, in Swift, the compiler refuses); false
  /// when it ran and the container, or the check it states, said no.
  var isRefusal = true
  /// The indices in `lines` of the lines that say what went wrong (`error: …`), after any
  /// output that came before: what a reader sets apart, never found again by its words.
  var errorLines: [Int]

  /// `lines` as they are; by default the first says what went wrong.
  init(lines: [String], isRefusal: Bool = true, errorLines: [Int] = [0]) {
    self.lines = lines
    self.isRefusal = isRefusal
    self.errorLines = errorLines
  }

  /// A failure of a command that ran: the container threw, or what an `expect` states is not so.
  static func unmet(_ message: String, hint: String? = nil) -> ScriptFailure {
    var failure = ScriptFailure(message, hint: hint)
    failure.isRefusal = false
    return failure
  }

  /// `path` is printed on a line of its own when it names more than one service: a caller whose
  /// message names the path already (a cycle met at its root) passes none.
  init(_ message: String, path: [String] = [], hint: String? = nil, before: [String] = []) {
    var lines = before + ["error: " + message]
    if path.count > 1 { lines.append("  path: " + path.joined(separator: " -> ")) }
    if let hint { lines.append("  hint: " + hint) }
    self.lines = lines
    errorLines = [before.count]
  }
}
