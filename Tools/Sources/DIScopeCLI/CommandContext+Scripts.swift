import DisScript
import DisSyntax

extension CommandContext {
  /// Reads and parses the `.dis` file at `path`; on an unreadable file or one that does not parse,
  /// prints `path:line:col: error:` (with the source line and a caret) and returns `nil` — exit 2.
  /// Read as every script is (``FileSystem/readScript(at:limits:)``): a pipe is refused, never waited on.
  func readScript(at path: String) -> (bytes: [UInt8], script: Script)? {
    let bytes: [UInt8]
    switch FileSystem.readScript(at: path) {
    case .success(let read): bytes = read
    case .failure(let diagnostic):
      printError(diagnostic.rendered(in: nil))
      return nil
    }
    let parsed = ScriptParser().parse(bytes: bytes, path: path)
    if parsed.hasErrors {
      printError(parsed.renderedDiagnostics)
      return nil
    }
    return (bytes, parsed.script)
  }
}
