/// What ``ScriptParser`` gives back: the script (every line it could read),
/// every diagnostic, and the source text for rendering them.
///
/// A script with errors is still returned, so an editor or the TUI can show
/// what was understood; `discope test` refuses to run it (exit status 2).
///
/// ```swift
/// let result = ScriptParser().parse(text, path: "demo.dis")
/// if result.hasErrors {
///   print(result.diagnostics.rendered(in: result.source))
/// }
/// ```
public struct ParseResult: Sendable, Hashable {
  /// The script, without the lines that failed to parse.
  public var script: Script
  /// Every problem found, in file order.
  public var diagnostics: [Diagnostic]
  /// The decoded lines, for ``Diagnostic/rendered(in:)``.
  public var source: SourceText

  /// Creates a result.
  public init(script: Script, diagnostics: [Diagnostic], source: SourceText) {
    self.script = script
    self.diagnostics = diagnostics
    self.source = source
  }

  /// Whether any diagnostic is an error.
  public var hasErrors: Bool { diagnostics.containsErrors }

  /// Every diagnostic, rendered with its source line and caret.
  public var renderedDiagnostics: String { diagnostics.rendered(in: source) }
}
