import DIScopeCLI
import DisScript
import Testing

@Suite struct OtherCommandTests {
  @Test func runPrintsTheTranscript() throws {
    let directory = temporaryDirectory()
    try write("# hello\nclass A\nregister A\n  + stale\nresolve B\n", to: directory + "/r.dis")
    let result = discope("run", directory + "/r.dis")
    #expect(result.status == 1)
    #expect(result.output == """
      # hello
      class A
      register A
        + t1  A  [singleton]
      ! resolve B
        error: unknown service 'B'
          hint: to fix, declare it first: 'protocol B' or 'class B'

      """)
  }

  @Test func fmtIsIdempotentAndCheckReportsWithoutWriting() throws {
    let directory = temporaryDirectory()
    let path = directory + "/f.dis"
    try write("register   Logger=ConsoleLogger\r\n", to: path)
    let check = discope("fmt", "--check", path)
    #expect(check.status == 1)
    #expect(try contents(of: path) == "register   Logger=ConsoleLogger\r\n")
    #expect(discope("fmt", path).status == 0)
    let once = try contents(of: path)
    #expect(once == "register Logger = ConsoleLogger\n")
    #expect(discope("fmt", path).output == "")
    #expect(try contents(of: path) == once)
    #expect(discope("fmt", "--check", lessons).status == 0)
    try write("resolv X\n", to: path)
    #expect(discope("fmt", path).status == 2)
  }

  /// What has no Swift meaning is listed, not silently dropped (issue 44): the same list the
  /// export's comments come from.
  @Test func exportHelpListsWhatHasNoSwift() {
    let help = discope("help", "export")
    #expect(help.status == 0)
    #expect(help.output.contains("With no Swift meaning (a comment in the export):"), "\(help.output)")
    for entry in SwiftExport.withoutSwift {
      #expect(help.output.contains("  \(entry.what): \(entry.why)"), "\(help.output)")
    }
  }

  /// `play` is the default subcommand: a typo of another lands there as a file name.
  @Test func exportWritesSwiftAndCheckSaysWhenItIsStale() throws {
    let directory = temporaryDirectory()
    try write("class A\nregister A\nresolve A\nexpect A cached\n", to: directory + "/first-steps.dis")
    let printed = discope("export", "swift", directory + "/first-steps.dis")
    #expect(printed.status == 0)
    #expect(printed.output.contains("enum FirstSteps {\n  final class A: Sendable {}"))
    #expect(printed.output.contains("let container = Container()"))
    #expect(printed.output.contains("      container.register(A.self) { _ in A() }\n"))
    #expect(printed.output.contains("#expect(try container.isCached(A.self))"), "asked without building, as the script does")

    let output = directory + "/FirstSteps.swift"
    #expect(discope("export", "swift", directory + "/first-steps.dis", "--check", "-o", output).status == 1)
    #expect(discope("export", "swift", directory + "/first-steps.dis", "-o", output).status == 0)
    #expect(try contents(of: output) == printed.output)
    #expect(discope("export", "swift", directory + "/first-steps.dis", "--check", "-o", output).status == 0)

    let language = discope("export", "kotlin", directory + "/first-steps.dis")
    #expect(language.status == 64 && language.error.contains("unknown language 'kotlin'"), "\(language.error)")
    try write("regster A\n", to: directory + "/bad.dis")
    let bad = discope("export", "swift", directory + "/bad.dis")
    #expect(bad.status == 2 && bad.error.contains("bad.dis:1:1: error"), "\(bad.error)")
  }

  @Test func aMistypedSubcommandOrMissingScriptIsAUsageError() {
    for arguments in [["bogus"], ["play", "missing.dis"]] {
      let result = DiscopeCLI.run(arguments, context: Captured().context(environment: [:], isTerminal: false))
      #expect(result == 64, "\(arguments)")
    }
    let typo = discope("tset")
    #expect(typo.error.contains("cannot read 'tset': no such file"), "\(typo.error)")
    #expect(typo.error.contains("one of the subcommands: run, test, fmt, export, help, play, repl, learn, attach\n"))
  }

  @Test func helpExplainsLanguageAndSubcommands() {
    let all = discope("help")
    #expect(all.status == 0 && all.output.contains("resolve?    optional resolve"))
    #expect(discope("help", "mock").output.hasPrefix("usage: mock S [= Impl]"))
    #expect(discope("help", "test").output.contains("--shard"))
    #expect(all.output.contains("'Scripts/docs'") && all.output.contains(".build/docs/"))
    let docs = discope("help", "docs")
    #expect(docs.status == 0 && docs.output.contains("'Scripts/docs'"), "\(docs.output)")
    let unknown = discope("help", "resolv")
    #expect(unknown.status == 1 && unknown.error.contains("did you mean 'resolve'?"))
  }
}
