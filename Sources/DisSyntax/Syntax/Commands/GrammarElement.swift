/// One piece of a command's argument grammar, as the command table spells it.
///
/// The same elements print the usage line (`help`), name what the parser
/// expected in its errors, and list the words tab completion offers.
///
/// ```swift
/// // [named N]
/// GrammarElement.optional([.keyword("named"), .placeholder("N")])
/// ```
public indirect enum GrammarElement: Sendable, Hashable {
  /// A word typed as is: `named`, `with`, `stack`.
  case keyword(String)
  /// Something the user names: `S`, `Impl`, `tN`.
  case placeholder(String)
  /// `[ ... ]`: may be left out.
  case optional([GrammarElement])
  /// `a|b|c`: exactly one of the alternatives.
  case choice([[GrammarElement]])
  /// `x ...`: one or more.
  case repeated([GrammarElement])
  /// Elements printed with no space between them: `scope=` then a choice.
  case joined([GrammarElement])

  /// The element as a usage string: `[named N]`, `on|off`, `k=v ...`.
  public var usage: String {
    switch self {
    case .keyword(let word), .placeholder(let word): word
    case .optional(let elements): "[" + elements.usage + "]"
    case .choice(let alternatives): alternatives.map(\.usage).joined(separator: "|")
    case .repeated(let elements): elements.usage + " ..."
    case .joined(let elements): elements.map(\.usage).joined()
    }
  }

  /// The literal words this element can start with or contain, for completion.
  public var keywords: [String] {
    switch self {
    case .keyword(let word): [word]
    case .placeholder: []
    case .optional(let elements), .repeated(let elements): elements.flatMap(\.keywords)
    case .choice(let alternatives): alternatives.flatMap { $0.flatMap(\.keywords) }
    case .joined(let elements): Self.joinedKeywords(elements)
    }
  }

  /// `scope=` followed by a choice gives `scope=prototype`, `scope=graph`, ...
  private static func joinedKeywords(_ elements: [GrammarElement]) -> [String] {
    elements.reduce([""]) { prefixes, element in
      let words: [String]
      switch element {
      case .keyword(let word): words = [word]
      case .choice(let alternatives): words = alternatives.map { $0.map(\.usage).joined() }
      default: return []
      }
      return prefixes.flatMap { prefix in words.map { prefix + $0 } }
    }
  }
}

extension [GrammarElement] {
  /// The elements' usage, separated by spaces.
  public var usage: String { map(\.usage).joined(separator: " ") }
}
