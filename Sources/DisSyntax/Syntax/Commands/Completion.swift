extension CommandTable {
  /// Words that can complete the last word of a partly typed line, from the
  /// command table alone (service names are the caller's to add).
  ///
  /// ```swift
  /// CommandTable.completions(for: "res")          // ["reset", "resolve", "resolve?"]
  /// CommandTable.completions(for: "show st")      // ["stacks"]
  /// CommandTable.completions(for: "register A sc") // ["scope=prototype", "scope=graph", ...]
  /// ```
  public static func completions(for line: String) -> [String] {
    var text = Substring(line)
    if text.hasPrefix("!") { text = text.dropFirst().drop { $0 == " " } }
    let words = text.split(separator: " ", omittingEmptySubsequences: true)
    let isStartingNewWord = text.isEmpty || text.hasSuffix(" ")
    if words.isEmpty || (words.count == 1 && !isStartingNewWord) {
      let prefix = words.first.map(String.init) ?? ""
      return names.filter { $0.hasPrefix(prefix) }.sorted()
    }
    guard let row = specification(named: String(words[0])) else { return [] }
    let prefix = isStartingNewWord ? "" : String(words.last!)
    return row.keywords.filter { $0.hasPrefix(prefix) && $0 != prefix }
  }
}
