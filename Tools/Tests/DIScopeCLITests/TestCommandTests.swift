import DIScopeCLI
import Foundation
#if canImport(Glibc)
  import Glibc
#endif
import Testing

@Suite struct TestCommandTests {
  @Test func lessonsPassWithExitZero() {
    let result = discope("test", lessons, "--jobs", "2")
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output.hasSuffix("passed, 0 failed\n"))
  }

  @Test func mismatchExitsOneWithADiffAndNoColourOffATerminal() throws {
    let directory = temporaryDirectory()
    try write(failingScript, to: directory + "/f.dis")
    try write(passingScript, to: directory + "/p.dis")
    let result = discope("test", directory)
    #expect(result.status == 1)
    #expect(result.output == """
      \(directory)/f.dis:2: register A
      @@ -3,1 +3,1 @@
      -  + t1  A  [weak]
      +  + t1  A  [singleton]

      1 passed, 1 failed

      """)
  }

  @Test func colourOnlyOnATerminalAndNeverWithNoColor() throws {
    let directory = temporaryDirectory()
    try write(failingScript, to: directory + "/f.dis")
    #expect(discope("test", directory, isTerminal: true).output.contains("\u{1B}[31m-"))
    #expect(!discope("test", directory, environment: ["NO_COLOR": "1"], isTerminal: true).output.contains("\u{1B}["))
  }

  @Test func unparsableFileExitsTwoWithCaret() throws {
    let directory = temporaryDirectory()
    try write("register\n", to: directory + "/bad.dis")
    try write(passingScript, to: directory + "/ok.dis")
    let result = discope("test", directory)
    #expect(result.status == 2)
    #expect(result.error.contains("\(directory)/bad.dis:1:10: error: "))
    #expect(result.error.contains("register\n         ^"))
    #expect(result.output.hasSuffix("1 passed, 1 failed\n"))
  }

  @Test func shardsSplitTheFilesAndCoverThemAll() throws {
    let directory = temporaryDirectory()
    for index in 0..<5 { try write(passingScript, to: directory + "/s\(index).dis") }
    let first = discope("test", directory, "--shard", "1/2")
    let second = discope("test", directory, "--shard", "2/2")
    #expect(first.output == "3 passed, 0 failed\n")
    #expect(second.output == "2 passed, 0 failed\n")
    #expect(discope("test", directory, "--shard", "3/2").status == 64)
    #expect(discope("test", directory, "--jobs", "0").status == 64)
  }

  @Test func sectionsSkipFilesWithoutThem() throws {
    let directory = temporaryDirectory()
    try write(passingScript, to: directory + "/a.dis")
    try write("class A\n## Only\nregister A\n  + t1  A  [singleton]\n", to: directory + "/b.dis")
    let result = discope("test", directory, "--section", "Only")
    #expect(result.status == 0)
    #expect(result.output == "1 passed, 0 failed, 1 skipped\n")
  }

  @Test func aSectionNoFileHasFailsTheRun() throws {
    let directory = temporaryDirectory()
    try write("class A\n## Only\nregister A\n  + t1  A  [singleton]\n", to: directory + "/b.dis")
    let result = discope("test", directory, "--section", "only")
    #expect(result.status == 1)
    #expect(result.error.contains("no file has a section '## only'"), "\(result.error)")
  }

  @Test func updateUnderASectionRewritesOnlyThatSection() throws {
    let directory = temporaryDirectory()
    let script = "class A\n## One\nregister A\n  WRONG\n## Two\nresolve A\n  WRONG\n"
    try write(script, to: directory + "/s.dis")
    let updated = discope("test", "--update", "--section", "One", directory)
    #expect(updated.status == 0, "\(updated.output)")
    #expect(
      try contents(of: directory + "/s.dis")
        == "class A\n## One\nregister A\n  + t1  A  [singleton]\n## Two\nresolve A\n  WRONG\n")
  }

  @Test func aReadOnlyFileIsNotRewrittenAndSaysWhy() throws {
    let directory = temporaryDirectory()
    try write(failingScript, to: directory + "/r.dis")
    chmod(directory + "/r.dis", 0o444)
    let result = discope("test", "--update", directory)
    #expect(result.status == 1)
    #expect(result.error.contains("cannot update \(directory)/r.dis: is read-only"), "\(result.error)")
    #expect(result.output.contains("1 mismatch(es) left as they are: the file could not be rewritten"))
    #expect(try contents(of: directory + "/r.dis") == failingScript)
  }

  @Test func aFileNamedTwiceOrReachedThroughALinkLoopRunsOnce() throws {
    let directory = temporaryDirectory()
    try write(passingScript, to: directory + "/a.dis")
    symlink(".", directory + "/loop")
    symlink(directory, directory + "/again")
    let result = discope("test", directory, directory + "/a.dis", directory + "/loop/a.dis")
    #expect(result.status == 0)
    #expect(result.output == "1 passed, 0 failed\n")
  }

  /// A session recorded with `--ascii` replays as recorded, without `--ascii`.
  @Test func aFileWrittenInASCIIReplaysInASCII() throws {
    let directory = temporaryDirectory()
    let transcript = discope("run", "--ascii", lessons + "/11-debugging.dis").output
    #expect(transcript.contains("`- ") && !transcript.contains("└─ "))
    try write(transcript, to: directory + "/ascii.dis")
    #expect(discope("test", directory).output == "1 passed, 0 failed\n")
    try write(transcript.replacingOccurrences(of: "`- WebService#2", with: "`- WebService#9"), to: directory + "/ascii.dis")
    let broken = discope("test", directory)
    #expect(broken.status == 1)
    #expect(broken.output.contains("+  `- WebService#2"), "the diff is drawn in the file's glyphs: \(broken.output)")
    #expect(!broken.output.contains("└─"))
  }

  @Test func updateRewritesAndIsRefusedUnderCI() throws {
    let directory = temporaryDirectory()
    try write(failingScript, to: directory + "/u.dis")
    let refused = discope("test", "--update", directory, environment: ["CI": "true"])
    #expect(refused.status == 64)
    #expect(refused.error.contains("'--update' is refused because CI is set"))
    #expect(try contents(of: directory + "/u.dis") == failingScript)
    let updated = discope("test", "--update", directory)
    #expect(updated.status == 0)
    #expect(updated.output.contains("updated \(directory)/u.dis (1 block)"))
    #expect(try contents(of: directory + "/u.dis") == passingScript)
  }

  @Test func junitReportIsWritten() throws {
    let directory = temporaryDirectory()
    try write(failingScript, to: directory + "/f.dis")
    _ = discope("test", directory, "--junit", directory + "/report.xml")
    let xml = try contents(of: directory + "/report.xml")
    #expect(xml.contains("<failure message=\"1 command(s) did not match\">"))
  }

  @Test func missingPathsAndEmptyDirectoriesAreErrors() {
    #expect(discope("test", "/nonexistent/x.dis").status == 2)
    #expect(discope("test", temporaryDirectory()).status == 2)
  }
}

/// Under GitHub Actions a failing replay also prints a workflow annotation per failure.
@Suite struct WorkflowAnnotationTests {
  @Test func eachFailureGetsAnAnnotationBesideTheDiff() throws {
    let directory = temporaryDirectory()
    try write(failingScript, to: directory + "/f.dis")
    try write("class A\nregister A\nresolv A\n", to: directory + "/p.dis")
    let annotated = discope("test", directory, environment: ["GITHUB_ACTIONS": "true"])
    #expect(annotated.status == 2)
    #expect(annotated.output.contains("@@ -3 +3 @@") || annotated.output.contains("-  + t1  A  [weak]"), "\(annotated.output)")
    #expect(annotated.output.contains("\n::error file=\(directory)/f.dis,line=2,col=1::\(directory)/f.dis:2: register A%0A"),
            "\(annotated.output)")
    #expect(annotated.output.contains("::error file=\(directory)/p.dis,line=3,col=1::"), "\(annotated.output)")
    let plain = discope("test", directory)
    #expect(!plain.output.contains("::error"))
  }

  /// A `!` mismatch's annotation says its problem once, as the terminal does.
  @Test func aBangMismatchSaysItsProblemOnce() throws {
    let directory = temporaryDirectory()
    try write("class A\n! register A\n", to: directory + "/bang.dis")
    let annotated = discope("test", directory + "/bang.dis", environment: ["GITHUB_ACTIONS": "true"])
    #expect(annotated.status == 1)
    let annotation = try #require(annotated.output.split(separator: "\n").first { $0.hasPrefix("::error") })
    let problem = "error: the command succeeded, but its '!' says it must fail"
    #expect(annotation.ranges(of: problem).count == 1, "\(annotation)")
    #expect(annotation.hasSuffix("::\(directory)/bang.dis:2: ! register A%0A\(problem)%0Ait printed:%0A+  + t1  A  [singleton]"),
      "\(annotation)")
  }
}
