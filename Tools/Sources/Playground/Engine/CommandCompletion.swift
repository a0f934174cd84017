import DisSyntax
import TerminalUI

/// Tab completion for a command line: command names and keywords from `CommandTable`, then the
/// names the engine knows where the command expects them (services after `resolve`, tokens after
/// `remove`, instance numbers after `release`, …).
///
/// ```swift
/// let words = CompletionWords(services: ["Logger", "WebService"], tokens: ["t1"])
/// CommandCompletion.candidates(line: "resolve Lo", cursor: 10, words: words)  // ["Logger"]
/// ```
public enum CommandCompletion {
  /// The candidates for the word before `cursor` (a character offset into `line`).
  public static func candidates(line: String, cursor: Int, words: CompletionWords) -> [String] {
    let prefixText = String(line.prefix(cursor))
    let typed = prefixText.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let isNewWord = prefixText.isEmpty || prefixText.last == " "
    let word = isNewWord ? "" : (typed.last ?? "")
    var before = isNewWord ? typed : Array(typed.dropLast())
    if before.first == "!" { before.removeFirst() }
    var found = CommandTable.completions(for: prefixText)
    if !before.isEmpty { found += names(after: before, words: words) }
    var seen = Set<String>()
    return found.filter { $0.hasPrefix(word) && $0 != word && seen.insert($0).inserted }
  }

  /// The candidates for a `LineEditor`/`LineReader` completion request.
  public static func candidates(for request: CompletionRequest, words: CompletionWords) -> [String] {
    candidates(line: request.line, cursor: request.cursor, words: words)
  }

  private static func names(after before: [String], words: CompletionWords) -> [String] {
    let command = before[0].hasPrefix("!") ? String(before[0].dropFirst()) : before[0]
    let previous = before.last ?? ""
    switch command {
    case "register", "mock":
      if previous == "=" || previous == "instance" { return words.implementations }
      return before.count == 1 ? words.services : []
    case "resolve", "resolve?", "unmock":
      return before.count == 1 ? words.services : []
    case "expect":
      if previous == "is" { return words.implementations }
      if previous == "=" { return words.instances + words.tokens + ["nil"] }
      if before.count == 1 { return ["stack"] + words.services + words.instances }
      if previous == "stack" { return words.services }
      return words.tokens
    case "show":
      return before.count == 2 ? words.services : []
    case "remove", "scope", "cache":
      return before.count == 1 ? words.tokens : []
    case "release", "call":
      return before.count == 1 ? words.instances : []
    case "activate", "deactivate":
      return before.count == 1 ? words.assemblies : []
    case "container":
      return previous == "use" ? words.containers : []
    case "help":
      return before.count == 1 ? CommandTable.names : []
    case "class":
      return previous.hasSuffix(":") || previous.hasSuffix(",") ? words.services : []
    default:
      return []
    }
  }
}
