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

  init(lines: [String], isRefusal: Bool = true) {
    self.lines = lines
    self.isRefusal = isRefusal
  }

  /// A failure of a command that ran: the container threw, or what an `expect` states is not so.
  static func unmet(_ message: String, hint: String? = nil) -> ScriptFailure {
    var failure = ScriptFailure(message, hint: hint)
    failure.isRefusal = false
    return failure
  }

  init(_ message: String, path: [String] = [], hint: String? = nil, before: [String] = []) {
    var lines = before + ["error: " + message]
    // Not when the message already ends with it (a cycle met at the root).
    let shown = path.joined(separator: " -> ")
    if path.count > 1 && !message.hasSuffix(": " + shown) { lines.append("  path: " + shown) }
    if let hint { lines.append("  hint: " + hint) }
    self.lines = lines
  }
}
