import DisSyntax

/// Colours for diff lines on a terminal; plain text everywhere else.
struct DiffStyle {
  let usesColor: Bool

  func callAsFunction(_ line: DiffLine) -> String {
    let text = line.text.terminalSafe
    guard usesColor else { return text }
    let code = switch line.kind {
    case .header: "1"
    case .hunkHeader: "36"
    case .removed: "31"
    case .added: "32"
    case .context: ""
    }
    return code.isEmpty ? text : "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }

  /// `error:` in bold red on a terminal.
  func error(_ text: String) -> String {
    usesColor ? "\u{1B}[1;31merror:\u{1B}[0m " + CommandContext.safe(text) : "error: " + CommandContext.safe(text)
  }
}
