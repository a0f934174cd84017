import DisScript
import DisSyntax
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fresh directory under /tmp.
func temporaryDirectory() -> String {
  var template = Array("/tmp/dis-tests-XXXXXX".utf8CString)
  let pointer = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
  return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + (pointer == nil ? "-failed" : "")
}

func writeFile(_ text: String, _ path: String) throws {
  try FileSystem.writeAtomically(text, to: path)
}

func readText(_ path: String) throws -> String {
  String(decoding: try FileSystem.read(path), as: UTF8.self)
}

@Suite struct ReplayTests {
  static let passing = """
    class A
    register A
      + t1  A  [singleton]
    resolve A
      A#[..]
      ...
    ! resolve B
      error: unknown service 'B'
      ...

    """

  func replay(_ text: String, section: String? = nil) -> ReplayResult {
    let parsed = ScriptParser().parse(text, path: "t.dis")
    #expect(!parsed.hasErrors)
    return ScriptReplay().replay(parsed.script, section: section)
  }

  @Test func matchingScriptPassesWithWildcards() {
    let result = replay(Self.passing)
    #expect(result.passed, "\(result.mismatches.map { $0.rendered() })")
    #expect(result.checkedCount == 4)
  }

  @Test func mismatchIsAUnifiedDiffNumberedByTheFilesLines() throws {
    let result = replay("class A\nregister A\n  + t1  A  [prototype]\n")
    let mismatch = try #require(result.mismatches.first)
    #expect(mismatch.rendered() == """
      t.dis:2: register A
      @@ -3,1 +3,1 @@
      -  + t1  A  [prototype]
      +  + t1  A  [singleton]
      """)
  }

  @Test func wrongSuccessOrFailureIsReported() {
    let result = replay("class A\nresolve A\n! class B\n")
    #expect(result.mismatches.count == 2)
    #expect(result.mismatches[0].statusProblem?.contains("has no '!'") == true)
    // The cause first, then the remark about '!'.
    let lines = result.mismatches[0].rendered().split(separator: "\n").map(String.init)
    #expect(lines.first?.hasSuffix(": resolve A") == true)
    #expect(lines.dropFirst().first == "error: no registration for 'A'", "\(lines)")
    #expect(lines.last?.hasPrefix("note: the command failed, but has no '!'") == true, "\(lines)")
    #expect(result.mismatches[1].statusProblem?.contains("must fail") == true)
  }

  @Test func sectionsLimitWhatIsChecked() {
    let text = "class A\nregister A\n  + t9  wrong\n## Later\nresolve A\n  A#1\n  A#1 created t1 [singleton]\n"
    #expect(replay(text, section: "Later").passed)
    #expect(!replay(text).passed)
    #expect(replay(text, section: "Nope").isSkipped)
  }

  @Test func updateRewritesOnlyDifferingBlocksAtomically() throws {
    let directory = temporaryDirectory()
    let path = directory + "/u.dis"
    let original = "# keep me\r\nclass A\r\nregister A   # note\r\n  + t7  old\r\nresolve A\r\n  A#[..]\r\n  ...\r\nshow tokens\r\n\r\n"
    try writeFile(original, path)
    let report = ScriptTestRunner(isUpdating: true).runFile(path)
    #expect(report.status == .passed && report.updatedBlocks == 2)
    #expect(try readText(path) == "# keep me\nclass A\nregister A   # note\n  + t1  A  [singleton]\nresolve A\n  A#[..]\n  ...\nshow tokens\n  t1  A  [singleton]  answers\n\n")
    #expect(try FileSystem.scripts(under: directory) == [path])
    #expect(ScriptTestRunner().runFile(path).status == .passed)
    // Idempotent: a second update changes nothing.
    #expect(ScriptTestRunner(isUpdating: true).runFile(path).updatedBlocks == 0)
  }

  @Test func updateRefusesToRecordANewError() throws {
    let directory = temporaryDirectory()
    let path = directory + "/e.dis"
    let original = "class A\nresolve A\n  A#1\n"
    try writeFile(original, path)
    let report = ScriptTestRunner(isUpdating: true).runFile(path)
    #expect(report.status == .failed)
    #expect(report.mismatches.count == 1)
    #expect(try readText(path) == original)
  }

  @Test func unparsableAndBinaryFilesAreErrorsNotCrashes() throws {
    let directory = temporaryDirectory()
    try writeFile("resolv A\n", directory + "/bad.dis")
    let bad = ScriptTestRunner().runFile(directory + "/bad.dis")
    #expect(bad.status == .unparsable)
    #expect(bad.errorText?.hasPrefix(directory + "/bad.dis:1:1: error: unknown command 'resolv'\nresolv A\n^") == true)
    let binary = String(decoding: [0x63, 0x6C, 0x61, 0xFF, 0x00, 0x0A], as: UTF8.self)
    try writeFile(binary, directory + "/bin.dis")
    #expect(ScriptTestRunner().runFile(directory + "/bin.dis").status == .unparsable)
    #expect(ScriptTestRunner().runFile(directory + "/missing.dis").status == .unparsable)
  }

  @Test func parallelRunKeepsTheOrderGiven() throws {
    let directory = temporaryDirectory()
    var paths: [String] = []
    for index in 0..<12 {
      let path = directory + "/f\(index).dis"
      try writeFile(index == 5 ? "class A\nregister A\n  + t2  A  [singleton]\n" : Self.passing, path)
      paths.append(path)
    }
    let reports = ScriptTestRunner(jobs: 4).run(paths)
    #expect(reports.map(\.path) == paths)
    #expect(RunSummary(reports).line == "11 passed, 1 failed")
    #expect(RunSummary(reports).exitCode == 1)
  }

  @Test func junitHasOneCaseAFileWithTheDiff() throws {
    let directory = temporaryDirectory()
    try writeFile("class A\nregister A\n  + t2 <A> & \"x\"\n", directory + "/j.dis")
    try writeFile(Self.passing, directory + "/ok.dis")
    let reports = ScriptTestRunner().run([directory + "/j.dis", directory + "/ok.dis"])
    let xml = JUnitReport(reports).xml
    #expect(xml.contains("<testsuite name=\"discope test\" tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"0\""))
    #expect(xml.contains("-  + t2 &lt;A&gt; &amp; &quot;x&quot;"))
    #expect(xml.contains("name=\"\(directory)/ok.dis\""))
    #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"))
  }
}
