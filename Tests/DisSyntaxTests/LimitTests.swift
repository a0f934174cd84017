import DisSyntax
import Testing

@Suite("Limits and bad input")
struct LimitTests {
  @Test func fileTooLarge() {
    let limits = ParserLimits(maximumFileSize: 10)
    let result = ScriptParser(limits: limits).parse("protocol Logger\n", path: "big.dis")
    #expect(result.diagnostics.map(\.description) == ["big.dis:1:1: error: file is too large: 16 bytes, the limit is 10"])
    #expect(result.script.items.isEmpty)
  }

  @Test func defaultFileSizeIsFourMebibytes() {
    #expect(ParserLimits().maximumFileSize == 4 * 1024 * 1024)
    let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: 4 * 1024 * 1024 + 1)
    #expect(ScriptParser().parse(bytes: bytes, path: "big.dis").diagnostics.first?.message.hasPrefix("file is too large") == true)
  }

  @Test func lineTooLongIsReportedAndTheRestStillParses() {
    let limits = ParserLimits(maximumLineLength: 20)
    let text = "resolve " + String(repeating: "X", count: 30) + "\n  + output\nreset\n"
    let result = ScriptParser(limits: limits).parse(text, path: "long.dis")
    #expect(result.diagnostics.map(\.description) == [
      "long.dis:1:1: error: line is too long: 38 bytes, the limit is 20",
      "long.dis:2:1: error: expected output must follow a command",
    ])
    #expect(result.script.entries.map(\.command) == [.reset])
  }

  /// Expected output may be longer than a command line: what a command within the limit prints.
  @Test func anIndentedLineMayBeFourTimesAsLong() {
    let limits = ParserLimits(maximumLineLength: 20)
    let output = "  " + String(repeating: "Y", count: 70)
    let fits = ScriptParser(limits: limits).parse("reset\n\(output)\n", path: "out.dis")
    #expect(fits.diagnostics.isEmpty, "\(fits.diagnostics)")
    let tooLong = ScriptParser(limits: limits).parse("reset\n\(output)YYYYYYYYYY\n", path: "out.dis")
    #expect(tooLong.diagnostics.map(\.description) == ["out.dis:2:1: error: line is too long: 82 bytes, the limit is 80"])
  }

  @Test func tooManyCommands() {
    let limits = ParserLimits(maximumCommands: 2)
    let result = ScriptParser(limits: limits).parse("reset\nreset\n# fine\nreset\nreset\n", path: "many.dis")
    #expect(result.diagnostics.map(\.description) == ["many.dis:4:1: error: too many commands: the limit is 2"])
    #expect(result.script.entries.count == 2)
  }

  @Test func blockTooLong() {
    let limits = ParserLimits(maximumBlockLines: 2)
    let text = "assembly A {\n  register X\n  register Y\n  register Z\n}\n"
    #expect(diagnosticLines(text, limits: limits).first == "test.dis:1:12: error: '{' is not closed within 2 lines")
  }

  @Test("binary and non-UTF-8 input", arguments: [
    (Array("reset\nres\0lve X\n".utf8), "bin.dis:2:4: error: file contains a NUL byte: it is binary, not a '.dis' script"),
    (Array("reset\nresolve \u{E9}X\n".utf8.prefix(14)) + [0xE9, 0x58, 0x0A], "bin.dis:2:9: error: file is not valid UTF-8"),
    ([0xFF, 0xFE, 0x00, 0x72], "bin.dis:1:1: error: file is not valid UTF-8"),
    ([0xC3], "bin.dis:1:1: error: file is not valid UTF-8"),
  ])
  func rejectsBytesThatAreNotAScript(bytes: [UInt8], message: String) {
    let result = ScriptParser().parse(bytes: bytes, path: "bin.dis")
    #expect(result.diagnostics.map(\.description) == [message])
    #expect(result.script.items.isEmpty)
  }

  @Test func randomBytesNeverCrash() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      let bytes = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      _ = ScriptParser().parse(bytes: bytes, path: "fuzz.dis")
      let printable = String(decoding: bytes.map { $0 % 96 + 32 == 127 ? 10 : $0 % 96 + 32 }, as: UTF8.self)
      let result = ScriptParser().parse(printable, path: "fuzz.dis")
      if !result.hasErrors {
        let formatted = ScriptFormatter.format(result.script)
        #expect(ScriptFormatter.format(ScriptParser().parse(formatted, path: "fuzz.dis").script) == formatted)
      }
    }
  }
}
