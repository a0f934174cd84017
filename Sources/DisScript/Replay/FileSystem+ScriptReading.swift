import DisSyntax

/// The one way a `.dis` file is read, by every command that reads one (`test`, `run`, `fmt`,
/// `export`, `play`): never waiting on a pipe or a terminal, bounded by the parser's size limit,
/// and any failure a diagnostic at `path:1:1` in the words the parser uses.
///
/// ```swift
/// let parsed = FileSystem.parseScript(at: "lesson.dis")
/// if parsed.hasErrors { print(parsed.renderedDiagnostics) }   // lesson.dis:1:1: error: ...
/// ```
extension FileSystem {
  /// The file at `path` read and parsed by `parser`; a file that cannot be read gives one
  /// diagnostic and an empty script, as bytes that are not a script do.
  public static func parseScript(at path: String, parser: ScriptParser = ScriptParser()) -> ParseResult {
    switch readScript(at: path, limits: parser.limits) {
    case .success(let bytes): parser.parse(bytes: bytes, path: path)
    case .failure(let diagnostic):
      ParseResult(script: Script(path: path), diagnostics: [diagnostic], source: SourceText(path: path, lines: []))
    }
  }

  /// The bytes of the script at `path`, or why they cannot be had: too large (the parser's
  /// diagnostic), not a file (a named pipe, a socket, a directory), or unreadable.
  public static func readScript(at path: String, limits: ParserLimits = ParserLimits()) -> Result<[UInt8], Diagnostic> {
    do {
      return .success(try read(path, limit: limits.maximumFileSize))
    } catch {
      guard error.isTooLarge else { return .failure(.error(error.message, at: SourceLocation(path: path, line: 1))) }
      // The parser's diagnostic, with the size the reader found.
      var tooLarge = limits.fileTooLarge(bytes: nil, path: path)
      tooLarge.message = error.message
      return .failure(tooLarge)
    }
  }
}
