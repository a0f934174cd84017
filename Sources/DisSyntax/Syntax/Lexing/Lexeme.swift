/// One token of a command line, with where it starts and ends.
///
/// `#` followed by a digit is an instance reference (`#3`); any other `#` that
/// starts a token begins a comment running to the end of the line.
struct Lexeme: Sendable, Hashable {
  enum Kind: Sendable, Hashable {
    /// An identifier: letters, digits and `_`, not starting with a digit.
    case word(String)
    /// Digits, optionally signed, optionally with a fraction: kept as written.
    case number(String)
    /// A `"quoted string"`, unescaped.
    case string(String)
    /// `#N`
    case instance(Int)
    /// One of `= : , ( ) { } < > ? ! * ; .`
    case symbol(Character)
    /// `# ...` to the end of the line: the text after `#`, right-trimmed.
    case comment(String)
    /// The end of a line inside a multi-line block.
    case lineBreak
  }

  var kind: Kind
  /// Where the token starts.
  var location: SourceLocation
  /// The column just past its last character.
  var endColumn: Int

  /// The word's text, if the token is a word.
  var word: String? {
    if case .word(let text) = kind { text } else { nil }
  }

  /// Whether the token is the symbol `character`.
  func isSymbol(_ character: Character) -> Bool { kind == .symbol(character) }

  /// The token as the user wrote it, for messages.
  var spelling: String {
    switch kind {
    case .word(let text), .number(let text): text
    case .string(let text): "\"" + text + "\""
    case .instance(let number): "#\(number)"
    case .symbol(let character): String(character)
    case .comment(let text): "#" + text
    case .lineBreak: "end of line"
    }
  }
}
