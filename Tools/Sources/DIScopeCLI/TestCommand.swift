import ArgumentParser
import DIScope
import DisScript

/// `discope test [PATH...]`: replays `.dis` files as regression tests.
public struct TestCommand: ContextualCommand {
  public static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Replay .dis files and compare each command's output with the file.",
    discussion: """
      Exit status: 0 when everything passed; 1 when a command did not match, or '--section' \
      named no file's section; 2 when a file is missing or does not parse, or there is no .dis \
      file; 64 when '--junit' names a file it must not replace (a script, or an input of the \
      run); 74 when the output could not be written. In a directory, a *.dis that is not a \
      regular file (a named pipe, a socket) is skipped with a note, never opened; one named on \
      its own is refused. The last line is 'N passed, N failed' (and ', N skipped'). Under \
      GITHUB_ACTIONS=true each failure also prints a workflow annotation \
      ('::error file=PATH,line=N,col=M::message').
      """)

  @ArgumentParser.Argument(help: "Files, or directories searched for *.dis files (default: the current directory).")
  var paths: [String] = []

  @Option(name: .long, help: "How many files to replay at once (default: the number of cores).")
  var jobs: Int?

  @Option(name: .long, help: ArgumentHelp("Replay only the i-th of n slices of the files.", valueName: "i/n"))
  var shard: String?

  @Flag(name: .long, help: "Rewrite the expected blocks that differ (refused when CI is set).")
  var update = false

  @Option(name: .long, help: ArgumentHelp(
      "Write a JUnit XML report to FILE (never a .dis script, nor a file being tested).", valueName: "FILE"))
  var junit: String?

  @Option(name: .long, help: ArgumentHelp("Check only the commands under '## NAME'.", valueName: "NAME"))
  var section: String?

  @Flag(name: .long, help: "Draw resolution trees with ASCII glyphs.")
  var ascii = false

  public init() {}

  public func validate() throws {
    if let jobs, jobs < 1 { throw ValidationError("'--jobs' must be at least 1, not \(jobs)") }
    if let shard, Shard(shard) == nil {
      throw ValidationError("'--shard' takes 'i/n' with 1 <= i <= n, like '--shard 2/4', not '\(shard)'")
    }
  }

  public func execute(in context: CommandContext) -> Int32 {
    let style = DiffStyle(usesColor: context.usesColor)
    if update, let ci = context.environment["CI"], !ci.isEmpty {
      context.printErrorStyled(style.error(
        "'--update' is refused because CI is set: a CI run checks expected output, it never rewrites it"))
      context.printError("hint: run 'discope test --update' locally, review the diff, and commit it")
      return 64
    }
    let found = ScriptPaths(paths.isEmpty ? ["."] : paths)
    for path in found.missing { context.printErrorStyled(style.error("no such file or directory '\(path)'")) }
    for note in found.skippedNotes { context.printError(note) }
    if found.files.isEmpty && found.missing.isEmpty {
      context.printErrorStyled(style.error("no .dis files under \((paths.isEmpty ? ["."] : paths).joined(separator: " "))"))
      return 2
    }
    if let junit, let refused = FileSystem.refusal(writing: JUnitReport.content, to: junit, inputs: found.files + paths) {
      // Checked before anything runs: the report would replace a file the user keeps.
      context.printErrorStyled(style.error("cannot write the JUnit report: \(refused)"))
      return 64
    }
    let files = shard.flatMap(Shard.init)?.select(found.files) ?? found.files
    let options = SessionOptions(glyphs: ascii ? .ascii : .unicode)
    let runner = ScriptTestRunner(options: options, jobs: jobs ?? context.cores, isUpdating: update, section: section)
    let reports = runner.run(files)
    for report in reports { Self.print(report, to: context, style: style, isUpdating: update) }
    if let junit {
      do {
        try FileSystem.writeAtomically(
          JUnitReport(reports).xml, to: junit, content: JUnitReport.content, inputs: found.files + paths)
      } catch {
        context.printErrorStyled(style.error("cannot write the JUnit report: \(error)"))
        return error.isRefusal ? 64 : 1
      }
    }
    let summary = RunSummary(reports)
    context.print(summary.line)
    if !found.missing.isEmpty { return 2 }
    if let section, !reports.isEmpty, reports.allSatisfy({ $0.status == .skipped }) {
      // A misspelt section must not pass a CI run that checked nothing.
      context.printErrorStyled(style.error("no file has a section '## \(section)'"))
      context.printError("hint: section titles match exactly, case included")
      return 1
    }
    return summary.exitCode
  }

  /// A file's report as `discope test` prints it (`discope attach --script` too).
  static func print(_ report: FileReport, to context: CommandContext, style: DiffStyle, isUpdating update: Bool) {
    if let error = report.errorText { context.printError(error + "\n") }
    if report.updatedBlocks > 0 {
      context.print("updated \(report.path) (\(report.updatedBlocks) block\(report.updatedBlocks == 1 ? "" : "s"))")
    }
    for mismatch in report.mismatches {
      context.printStyled(mismatch.rendered(styling: style.callAsFunction) + "\n")
    }
    if WorkflowAnnotations.isEnabled(environment: context.environment) {
      // Beside the usual diff: GitHub Actions shows each at the line it names.
      for annotation in WorkflowAnnotations.lines(for: report) { context.print(annotation) }
    }
    if update && !report.mismatches.isEmpty {
      let why =
        report.errorText == nil
        ? "'--update' never records a changed success or failure" : "the file could not be rewritten"
      context.print("\(report.path): \(report.mismatches.count) mismatch(es) left as they are: \(why)")
    }
  }
}
