import DisSyntax

/// What may come next in a command after the words typed so far, read from the command table's
/// forms: the keywords, and the placeholders (`#N`, `NAME`) whose names completion offers.
///
/// Every form is followed at once, so `release` offers `container` (one form) and instance
/// numbers (the other), and `release container` only the container names: a keyword is offered
/// where the grammar has it, never again after it was typed.
///
/// ```swift
/// let release = CommandTable.specification(named: "release")!
/// GrammarPosition(forms: release.forms, after: [])             // keywords ["container"], placeholders ["#N"]
/// GrammarPosition(forms: release.forms, after: ["container"])  // keywords [], placeholders ["NAME"]
/// ```
struct GrammarPosition {
  /// The literal words that may come next (`scope=graph` for a joined element).
  private(set) var keywords: [String] = []
  /// The placeholders that may come next, as the table names them (`S`, `tN`, `NAME`).
  private(set) var placeholders: [String] = []

  init(forms: [[GrammarElement]], after words: [String]) {
    var states = forms
    for word in words {
      states = states.flatMap { Self.starts(of: $0).filter { $0.piece.accepts(word) }.map(\.rest) }
      if states.isEmpty { return }  // Not this command's grammar: nothing to offer.
    }
    for (piece, _) in states.flatMap(Self.starts(of:)) {
      switch piece {
      case .keyword(let word): keywords.append(word)
      case .placeholder(let name): placeholders.append(name)
      case .joined(let element): keywords += element.keywords
      }
    }
  }

  /// One word's worth of grammar.
  private enum Piece {
    case keyword(String)
    case placeholder(String)
    /// Typed as one word: `scope=graph`, `k=v`.
    case joined(GrammarElement)

    func accepts(_ word: String) -> Bool {
      switch self {
      case .keyword(let keyword): word == keyword
      case .placeholder: true
      case .joined(let element):
        // All literal (`scope=` then a scope): one of its spellings. With a placeholder (`k=v`):
        // any word.
        element.keywords.isEmpty || element.keywords.contains(word)
      }
    }
  }

  /// The ways `sequence` can begin: its first word's piece and the elements left after it.
  private static func starts(of sequence: [GrammarElement]) -> [(piece: Piece, rest: [GrammarElement])] {
    guard let first = sequence.first else { return [] }
    let rest = Array(sequence.dropFirst())
    switch first {
    case .keyword(let word): return [(.keyword(word), rest)]
    case .placeholder(let name): return [(.placeholder(name), rest)]
    case .joined: return [(.joined(first), rest)]
    // In the order the grammar reads: what the optional part offers, then what follows it.
    case .optional(let elements): return starts(of: elements + rest) + starts(of: rest)
    case .choice(let alternatives): return alternatives.flatMap { starts(of: $0 + rest) }
    case .repeated(let elements):
      // One, then as many more as typed: the table never repeats an empty sequence.
      return starts(of: elements + [.optional([.repeated(elements)])] + rest)
    }
  }
}
