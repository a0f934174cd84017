/// Reads a `.dis` file into a ``Script``, reporting every error it finds.
///
/// The parser recovers: a line that does not parse becomes a diagnostic and
/// the next line is read as usual (its expected block, if any, is skipped with
/// it). Bytes that are not a script — too large, binary, not UTF-8 — give one
/// diagnostic and an empty script, never a crash.
///
/// ```swift
/// let result = ScriptParser().parse(bytes: Array(data), path: "Tests/mocks.dis")
/// guard !result.hasErrors else {
///   print(result.renderedDiagnostics)   // path:line:col: error: ..., the line, a caret
///   return 2
/// }
/// for entry in result.script.entries { ... }
/// ```
public struct ScriptParser: Sendable {
  /// The bounds enforced.
  public var limits: ParserLimits

  /// Creates a parser.
  public init(limits: ParserLimits = ParserLimits()) {
    self.limits = limits
  }

  /// Parses a file's bytes, checking size, NUL bytes and UTF-8 first.
  public func parse(bytes: some Collection<UInt8>, path: String) -> ParseResult {
    switch SourceDecoder(path: path, limits: limits).decode(bytes) {
    case .success(let text):
      return parseDecoded(text, path: path)
    case .failure(let diagnostic):
      return ParseResult(script: Script(path: path), diagnostics: [diagnostic], source: SourceText(path: path, lines: []))
    }
  }

  /// Parses text (LF or CRLF line endings).
  public func parse(_ text: String, path: String) -> ParseResult {
    parse(bytes: Array(text.utf8), path: path)
  }

  /// Parses one command as typed at a prompt (it may start with `!`, or span
  /// several lines for an `assembly` block). Comments and blank lines are ignored.
  ///
  /// ```swift
  /// switch ScriptParser().parseCommand("resolve Logger named console") {
  /// case .success(let entry): run(entry)
  /// case .failure(let diagnostics): show(diagnostics)
  /// }
  /// ```
  public func parseCommand(_ text: String, path: String = "<input>") -> Result<Entry, ParseFailure> {
    let result = parse(text, path: path)
    if result.hasErrors { return .failure(ParseFailure(diagnostics: result.diagnostics, source: result.source)) }
    let entries = result.script.entries
    guard entries.count == 1, let entry = entries.first, entry.expectedOutput == nil else {
      let diagnostic = Diagnostic.error(
        entries.isEmpty ? "expected a command" : "expected one command, found several",
        at: SourceLocation(path: path, line: 1), hint: "to fix, type 'help' to list the commands")
      return .failure(ParseFailure(diagnostics: [diagnostic], source: result.source))
    }
    return .success(entry)
  }

  /// Whether `text` opens a `{` block it does not close yet: a prompt should
  /// read another line before parsing.
  public static func isIncomplete(_ text: String) -> Bool {
    // Without a brace there is no block to be in: the usual line is answered without lexing.
    guard text.utf8.contains(UInt8(ascii: "{")) else { return false }
    var ignored: [Diagnostic] = []
    let lexer = Lexer(path: "<input>")
    var depth = 0
    for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      for token in lexer.tokens(of: line, lineNumber: number + 1, diagnostics: &ignored) {
        if token.isSymbol("{") { depth += 1 }
        if token.isSymbol("}") { depth -= 1 }
      }
    }
    return depth > 0
  }

  private func parseDecoded(_ text: String, path: String) -> ParseResult {
    let source = SourceText(path: path, text: text)
    var reader = LineReader(source: source, limits: limits)
    reader.readAll()
    return ParseResult(
      script: Script(path: path, version: reader.version, items: reader.items),
      diagnostics: reader.diagnostics, source: source)
  }
}

/// The diagnostics of input that did not parse, as an `Error`.
public struct ParseFailure: Error, Sendable, Hashable {
  /// What went wrong, in order.
  public var diagnostics: [Diagnostic]
  /// The input, for rendering.
  public var source: SourceText
}
