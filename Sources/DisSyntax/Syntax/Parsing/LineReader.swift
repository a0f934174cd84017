/// The line-level half of the parser: sorts each line into a header, comment,
/// section, command or expected-output line, attaches expected blocks to their
/// commands, and gathers `assembly { ... }` blocks over several lines.
struct LineReader {
  /// Where expected-output lines currently go.
  private enum Target {
    /// Nowhere: an indented line here is an error.
    case none
    /// The entry at this index of `items`.
    case entry(Int)
    /// A command that failed to parse: its block is skipped silently.
    case discarded
  }

  let source: SourceText
  let limits: ParserLimits
  private(set) var items: [ScriptItem] = []
  private(set) var diagnostics: [Diagnostic] = []
  private(set) var version: Int?
  private var target = Target.none
  private var pendingBlankLines: [Int] = []
  private var commandCount = 0
  var lineIndex = 0

  init(source: SourceText, limits: ParserLimits) {
    self.source = source
    self.limits = limits
  }

  private var path: String { source.path }
  private func location(_ line: Int, _ column: Int = 1) -> SourceLocation {
    SourceLocation(path: path, line: line, column: column)
  }

  mutating func readAll() {
    while lineIndex < source.lines.count {
      let line = source.lines[lineIndex]
      let number = lineIndex + 1
      lineIndex += 1
      // An indented line (expected output, mostly) may be longer: the output of a command
      // that fits the limit (an instance of a class with a thousand parameters) can exceed it,
      // and `--update` must write what reads back.
      let limit = line.first == " " || line.first == "\t"
        ? limits.maximumLineLength * ParserLimits.indentedLineFactor : limits.maximumLineLength
      if line.utf8.count > limit {
        diagnostics.append(.error(
          "line is too long: \(line.utf8.count) bytes, the limit is \(limit)",
          at: location(number), hint: "to fix, split the line"))
        flushBlankLines()
        target = .none
        continue
      }
      if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
        pendingBlankLines.append(number)
      } else if line.first == " " || line.first == "\t" {
        readIndented(line, number)
      } else {
        flushBlankLines()
        if !readTopLevel(line[...], number) { return }
      }
    }
    flushBlankLines()
  }

  private mutating func flushBlankLines() {
    for number in pendingBlankLines { items.append(ScriptItem(.blank, at: location(number))) }
    pendingBlankLines = []
  }

  private mutating func readIndented(_ line: String, _ number: Int) {
    switch target {
    case .discarded:
      pendingBlankLines = []
    case .none:
      flushBlankLines()
      diagnostics.append(.error(
        "expected output must follow a command", at: location(number),
        hint: "to fix, start commands at column 1; lines indented by two spaces are a command's output"))
    case .entry(let index):
      guard line.hasPrefix("  ") else {
        diagnostics.append(.error(
          "expected output must be indented by exactly two spaces", at: location(number),
          hint: "to fix, indent it with two spaces, not tabs"))
        return
      }
      guard case .entry(var entry) = items[index].kind else { return }
      var block = entry.expectedOutput ?? ExpectedBlock(lines: [], firstLine: pendingBlankLines.first ?? number)
      block.lines += pendingBlankLines.map { _ in "" }
      block.lines.append(Lexer.trimmingTrailingSpace(line.dropFirst(2)))
      pendingBlankLines = []
      entry.expectedOutput = block
      items[index].kind = .entry(entry)
    }
  }

  /// Reads a line starting at column 1; `false` when reading must stop.
  private mutating func readTopLevel(_ line: Substring, _ number: Int) -> Bool {
    target = .none
    if line.hasPrefix("%") {
      readHeader(line, number)
    } else if line.hasPrefix("##") {
      let title = line.dropFirst(2).trimmingCharacters()
      if title.isEmpty {
        diagnostics.append(.error("a section needs a title", at: location(number, 3), hint: "to fix, write '## Title'"))
      } else {
        items.append(ScriptItem(.section(title), at: location(number)))
      }
    } else if line.hasPrefix("#") {
      items.append(ScriptItem(.comment(Lexer.trimmingTrailingSpace(line.dropFirst())), at: location(number)))
    } else {
      commandCount += 1
      if commandCount > limits.maximumCommands {
        diagnostics.append(.error(
          "too many commands: the limit is \(limits.maximumCommands)", at: location(number),
          hint: "to fix, split the script into several files"))
        return false
      }
      readCommand(line, number)
    }
    return true
  }

  private mutating func readHeader(_ line: Substring, _ number: Int) {
    var ignored: [Diagnostic] = []
    let tokens = Lexer(path: path).tokens(of: line.dropFirst(), lineNumber: number, startColumn: 2, diagnostics: &ignored)
    guard tokens.first?.word == "dis", tokens.count >= 2, case .number(let text) = tokens[1].kind,
      tokens.count == 2 || (tokens.count == 3 && tokens[2].isComment)
    else {
      diagnostics.append(.error("malformed version header", at: location(number), hint: "to fix, write '%dis 1'"))
      return
    }
    guard number == 1 else {
      diagnostics.append(.error(
        "the '%dis' header must be the first line", at: location(number), hint: "to fix, move it to line 1"))
      return
    }
    guard text == "1" else {
      diagnostics.append(.error(
        "unsupported version '\(text)'", at: tokens[1].location, hint: "this reader knows '%dis 1'"))
      return
    }
    version = 1
    let comment: String? = if case .comment(let text)? = tokens.last?.kind { text } else { nil }
    items.append(ScriptItem(.versionHeader(version: 1, comment: comment), at: location(number)))
  }

  private mutating func readCommand(_ line: Substring, _ number: Int) {
    target = .discarded
    do throws(Diagnostic) {
      let entry = if line.hasPrefix(":") {
        Entry(.playground(try PlaygroundCommandParser(path: path).parse(line, lineNumber: number)))
      } else {
        try commandEntry(line, number)
      }
      items.append(ScriptItem(.entry(entry), at: location(number)))
      target = .entry(items.count - 1)
    } catch {
      diagnostics.append(error)
    }
  }

  private mutating func commandEntry(_ line: Substring, _ number: Int) throws(Diagnostic) -> Entry {
    var lexed: [Diagnostic] = []
    var tokens = Lexer(path: path).tokens(of: line, lineNumber: number, diagnostics: &lexed)
    if let first = lexed.first { throw first }
    let isExpectedToFail = tokens.first?.isSymbol("!") == true
    if isExpectedToFail {
      tokens.removeFirst()
      if tokens.first?.isSymbol("!") == true {
        throw .error("'!' is given twice", at: tokens[0].location, hint: "to fix, write a single '!'")
      }
    }
    if tokens.first?.word == "assembly" { tokens = try gatherBlock(tokens, number) }
    var comment: String?
    if case .comment(let text)? = tokens.last?.kind {
      comment = text
      tokens.removeLast()
    }
    let endLine = tokens.last?.location.line ?? number
    let endColumn = (tokens.last?.endColumn ?? line.count + 1) + 1
    let command = try CommandParser(endLocation: location(endLine, endColumn)).parse(tokens)
    return Entry(command, isExpectedToFail: isExpectedToFail, comment: comment)
  }
}

extension Lexeme {
  var isComment: Bool {
    if case .comment = kind { true } else { false }
  }
}

extension Substring {
  func trimmingCharacters() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
