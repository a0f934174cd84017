import DisSyntax
import Testing

@Suite("File shape")
struct ScriptStructureTests {
  static let sample = """
    %dis 1
    # A comment for learners.
    ## Mock swaps

    protocol Logger
    register Logger = ConsoleLogger
      + t1  Logger -> ConsoleLogger  [singleton]
    ! resolve Payments
      error: no registration for 'Payments'

      ...
    validate

    """

  @Test func itemsInOrder() {
    let result = ScriptParser().parse(Self.sample, path: "a.dis")
    #expect(result.diagnostics == [])
    #expect(result.script.version == 1)
    let kinds = result.script.structure
    #expect(kinds.count == 8)
    #expect(kinds[0] == .versionHeader(version: 1, comment: nil))
    #expect(kinds[1] == .comment(" A comment for learners."))
    #expect(kinds[2] == .section("Mock swaps"))
    #expect(kinds[3] == .blank)
    #expect(result.script.items.map(\.location.line) == [1, 2, 3, 4, 5, 6, 8, 12])
    let entries = result.script.entries
    #expect(entries[1].expectedOutput == ExpectedBlock(lines: ["+ t1  Logger -> ConsoleLogger  [singleton]"], firstLine: 7))
    #expect(entries[2].isExpectedToFail)
    #expect(entries[2].expectedOutput == ExpectedBlock(lines: ["error: no registration for 'Payments'", "", "..."], firstLine: 9))
    #expect(entries[3].expectedOutput == nil)
    #expect(result.script.locatedEntries.map(\.location.line) == [5, 6, 8, 12])
  }

  @Test func crlfReadsLikeLF() {
    let crlf = Self.sample.replacing("\n", with: "\r\n")
    let lf = ScriptParser().parse(Self.sample, path: "a.dis")
    let crlfResult = ScriptParser().parse(crlf, path: "a.dis")
    #expect(crlfResult.diagnostics == [])
    #expect(crlfResult.script == lf.script)
  }

  @Test func expectedLinesKeepDeeperIndentationAndDropTrailingSpace() {
    let entry = parseSingleEntry("show graph\n  root\n    └─ Logger   \n")
    #expect(entry?.expectedOutput?.lines == ["root", "  └─ Logger"])
  }

  @Test func byteOrderMarkIsSkipped() {
    let result = ScriptParser().parse(bytes: [0xEF, 0xBB, 0xBF] + Array("%dis 1\nreset\n".utf8), path: "a.dis")
    #expect(result.diagnostics == [])
    #expect(result.script.version == 1)
  }

  @Test func parseCommandForThePrompt() throws {
    let entry = try ScriptParser().parseCommand("! remove t9").get()
    #expect(entry == Entry(.remove(RegistrationToken(9)), isExpectedToFail: true))
    #expect(ScriptParser.isIncomplete("assembly A {\n  register X"))
    #expect(!ScriptParser.isIncomplete("assembly A {\n  register X\n}"))
    guard case .failure(let failure) = ScriptParser().parseCommand("resolv X") else {
      Issue.record("expected a failure")
      return
    }
    #expect(failure.diagnostics.map(\.message) == ["unknown command 'resolv'"])
  }
}
