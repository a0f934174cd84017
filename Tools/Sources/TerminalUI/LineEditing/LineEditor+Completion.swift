/// What a completer is asked: the whole line, the cursor, and the word being completed.
public struct CompletionRequest: Hashable, Sendable {
  public var line: String
  /// The cursor as a character offset into `line`.
  public var cursor: Int
  /// The text from the start of the word to the cursor.
  public var word: String
  /// The character offset where `word` starts.
  public var wordStart: Int
  /// The words before the one being completed (`["mock"]` for `mock Lo`).
  public var precedingWords: [String] {
    String(line.prefix(wordStart)).split(whereSeparator: \.isWhitespace).map(String.init)
  }
}

extension LineEditor {
  /// The request Tab would send to the completer now.
  public var completionRequest: CompletionRequest {
    var wordStart = cursor
    while wordStart > 0, !characters[wordStart - 1].isWhitespace { wordStart -= 1 }
    return CompletionRequest(
      line: text, cursor: cursor, word: String(characters[wordStart..<cursor]),
      wordStart: wordStart)
  }

  /// Tab: one candidate replaces the word (followed by a space); several insert their longest
  /// common prefix and are returned for display.
  public mutating func complete() -> LineEditResult {
    guard let completer else { return .ignored }
    let request = completionRequest
    let candidates = completer(request)
    guard !candidates.isEmpty else { return .completions([]) }
    let replacement = candidates.count == 1 ? candidates[0] + " " : commonPrefix(of: candidates)
    guard replacement.count >= request.word.count else { return .completions(candidates) }
    characters.replaceSubrange(request.wordStart..<cursor, with: Array(replacement))
    cursor = request.wordStart + replacement.count
    return candidates.count == 1 ? .edited : .completions(candidates)
  }

  private func commonPrefix(of strings: [String]) -> String {
    guard var prefix = strings.first.map(Array.init) else { return "" }
    for string in strings.dropFirst() {
      let other = Array(string)
      let shared = zip(prefix, other).prefix { $0 == $1 }.count
      prefix = Array(prefix.prefix(shared))
    }
    return String(prefix)
  }
}
