extension LineReader {
  /// Appends the lines of an `assembly ... {` block until its `}`. A line that
  /// is neither `register`, a comment nor `}` ends the block with an error and
  /// is read again as a line of its own, so one missing `}` hides nothing.
  mutating func gatherBlock(_ tokens: [Lexeme], _ number: Int) throws(Diagnostic) -> [Lexeme] {
    var tokens = tokens
    var depth = Self.depth(of: tokens)
    guard depth > 0, let brace = tokens.last(where: { $0.isSymbol("{") }) else { return tokens }
    let name = tokens.dropFirst().first?.word.map { "assembly '\($0)'" } ?? "the assembly"
    let lexer = Lexer(path: source.path)
    while depth > 0 {
      guard lineIndex < source.lines.count else {
        throw .error("'{' is never closed", at: brace.location, hint: "to fix, end \(name) with '}'")
      }
      let line = source.lines[lineIndex]
      let lineNumber = lineIndex + 1
      if lineNumber - number > limits.maximumBlockLines {
        throw .error(
          "'{' is not closed within \(limits.maximumBlockLines) lines", at: brace.location,
          hint: "to fix, end \(name) with '}'")
      }
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
        lineIndex += 1
        continue
      }
      var lexed: [Diagnostic] = []
      let lineTokens = lexer.tokens(of: line[...], lineNumber: lineNumber, diagnostics: &lexed)
      let first = lineTokens.first
      guard first?.word == "register" || first?.isSymbol("}") == true || first?.isComment == true else {
        let column = first?.location.column ?? 1
        if first?.word == "assembly" || Self.depth(of: lineTokens) > 0 {
          throw .error(
            "blocks cannot be nested: the nesting limit is \(limits.maximumNestingDepth)",
            at: SourceLocation(path: source.path, line: lineNumber, column: column),
            hint: "to fix, end \(name) with '}' first")
        }
        throw .error(
          "expected 'register' or '}' in \(name), found '\(first?.spelling ?? "")'",
          at: SourceLocation(path: source.path, line: lineNumber, column: column),
          hint: "to fix, end \(name) with '}' (opened on line \(number))")
      }
      lineIndex += 1
      if let error = lexed.first { throw error }
      tokens.append(Lexeme(kind: .lineBreak, location: brace.location, endColumn: brace.endColumn))
      tokens += lineTokens
      depth += Self.depth(of: lineTokens)
    }
    return tokens
  }

  private static func depth(of tokens: [Lexeme]) -> Int {
    tokens.reduce(0) { $0 + ($1.isSymbol("{") ? 1 : $1.isSymbol("}") ? -1 : 0) }
  }
}
