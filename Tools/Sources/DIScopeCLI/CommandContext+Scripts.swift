import DisScript
import DisSyntax

extension CommandContext {
  /// Reads and parses the `.dis` file at `path`; on an unreadable file or one that does not parse,
  /// prints `path:line:col: error:` (with the source line and a caret) and returns `nil` — exit 2.
  func readScript(at path: String) -> (bytes: [UInt8], script: Script)? {
    let bytes: [UInt8]
    do { bytes = try FileSystem.read(path) } catch {
      printError("\(path):1:1: error: \(error.message)")
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
