import DisScript
import DisSyntax

/// libFuzzer's entry point: any bytes, parsed as a `.dis` file; what parses is run, command by
/// command, in a fresh session with small limits. Any crash, hang or runaway allocation is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  let limits = SessionLimits(
    maximumInstances: 500, maximumContainers: 8, maximumTraces: 8,
    parser: ParserLimits(maximumFileSize: 64 * 1024, maximumCommands: 400))
  let parsed = ScriptParser(limits: limits.parser).parse(bytes: bytes, path: "fuzz.dis")
  _ = parsed.renderedDiagnostics
  _ = ScriptFormatter.format(parsed.script)
  let session = Session(options: SessionOptions(glyphs: size % 2 == 0 ? .unicode : .ascii, limits: limits))
  for entry in parsed.script.entries {
    let outcome = session.execute(entry)
    _ = outcome.recordedText
  }
  // The same text typed one command at a time, as a REPL would.
  if let text = String(validating: bytes, as: UTF8.self), text.utf8.count < 4096 {
    let repl = Session(options: SessionOptions(limits: limits))
    for line in text.split(separator: "\n").prefix(200) { _ = repl.execute(String(line)) }
    _ = repl.completionCandidates
  }
  return 0
}
