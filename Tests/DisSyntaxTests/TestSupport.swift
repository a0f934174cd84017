import DisSyntax
import Testing

/// Parses `text` and returns the only command, failing the test otherwise.
func parseSingleEntry(
  _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) -> Entry? {
  let result = ScriptParser().parse(text, path: "test.dis")
  #expect(result.diagnostics == [], "\(result.renderedDiagnostics)", sourceLocation: sourceLocation)
  let entries = result.script.entries
  #expect(entries.count == 1, sourceLocation: sourceLocation)
  return entries.first
}

/// Parses `text` and returns its diagnostics rendered one-line (`path:line:col: error: message`).
func diagnosticLines(_ text: String, limits: ParserLimits = ParserLimits()) -> [String] {
  ScriptParser(limits: limits).parse(text, path: "test.dis").diagnostics.map(\.description)
}

typealias SourceLocation = Testing.SourceLocation
