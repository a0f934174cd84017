import DisSyntax
import TerminalUI

/// Tab completion for a command line: command names first, then what the command's grammar in
/// `CommandTable` allows at the cursor: its keywords there, and the names the engine knows for
/// its placeholders there (services for `S`, tokens for `tN`, instance numbers for `#N`, …).
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
    let found = before.isEmpty ? CommandTable.completions(for: prefixText) : arguments(after: before, words: words)
    var seen = Set<String>()
    return found.filter { $0.hasPrefix(word) && $0 != word && seen.insert($0).inserted }
  }

  /// The candidates for a `LineEditor`/`LineReader` completion request.
  public static func candidates(for request: CompletionRequest, words: CompletionWords) -> [String] {
    candidates(line: request.line, cursor: request.cursor, words: words)
  }

  /// What may follow `before` (the command and the arguments typed before the word at hand).
  private static func arguments(after before: [String], words: CompletionWords) -> [String] {
    let command = before[0].hasPrefix("!") ? String(before[0].dropFirst()) : before[0]
    if command == "class" {
      // Its initializer and conformances are free text (`(a: A, b: B): P`), not words of a
      // grammar: a service name goes after a colon or a comma.
      let previous = before.last ?? ""
      return previous.hasSuffix(":") || previous.hasSuffix(",") ? words.services : []
    }
    guard let specification = CommandTable.specification(named: command) else { return [] }
    let position = GrammarPosition(forms: specification.forms, after: Array(before.dropFirst()))
    return position.keywords
      + position.placeholders.flatMap { names(for: $0, command: command, previous: before.last ?? "", words: words) }
  }

  /// The names the session knows that can stand for `placeholder` (as the command table names
  /// it); none for a name the command makes up (`container child NAME`, `assembly A`).
  private static func names(for placeholder: String, command: String, previous: String, words: CompletionWords)
    -> [String]
  {
    switch placeholder {
    case "S", "T": words.services
    case "Impl": words.implementations
    case "tN": words.tokens
    // An instance (`release #2`) or a parameter of one (`call #2.logger`): never the other.
    case "#N", "#M": words.instances.filter { !$0.contains(".") }
    case "#N.param": words.instances.filter { $0.contains(".") }
    case "NAME": previous == "child" ? [] : words.containers
    case "A": command == "assembly" ? [] : words.assemblies
    case "command": CommandTable.names
    default: []
    }
  }
}
