import TerminalTesting
import Foundation
import Testing

/// `discope repl < lesson.dis`, as the README shows it: a script piped in starts as a script file
/// does, on an empty container, and prints the lesson's own transcript.
@Suite(.enabled(if: DiscopeBinary.path != nil, "discope is not built"))
struct PipedScriptTests {
  @Test func aLessonPipedIntoTheREPLStartsEmptyAndPrintsItsTranscript() throws {
    let lesson = EnvironmentTraceTests.lesson
    let piped = try SpawnedCommand.run(["/bin/sh", "-c", "'\(DiscopeBinary.path!)' repl < '\(lesson)'"])
    #expect(piped.status == 0, "\(piped.errorOutput)")
    let run = try SpawnedCommand.run([DiscopeBinary.path!, "run", lesson])
    // The same transcript, but for the blank lines and version header only a file keeps.
    func content(_ text: String) -> [Substring] {
      text.split(separator: "\n").filter { !$0.isEmpty && $0 != "%dis 1" }
    }
    #expect(content(piped.output) == content(run.output), "the pipe and 'discope run' differ")
    #expect(!piped.output.contains("shadows t1"), "it ran on top of the demo world")
    let demo = try SpawnedCommand.run(["/bin/sh", "-c", "'\(DiscopeBinary.path!)' repl --demo < '\(lesson)'"])
    #expect(demo.output.hasPrefix("# The demo world"))
  }
}

/// A script piped into `discope repl` writes no file through `:save` or `:record`, as `run` and
/// `test` write none, unless `--allow-writes` says it may.
@Suite(.enabled(if: DiscopeBinary.path != nil, "discope is not built"))
struct PipedWritesTests {
  @Test func aPipedScriptSavesOnlyWithAllowWrites() throws {
    let folder = NSTemporaryDirectory() + "discope-piped-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let script = folder + "/in.dis"
    try "class A\nregister A\n:save \(folder)/out.dis\n:record \(folder)/rec.dis\n"
      .write(toFile: script, atomically: true, encoding: .utf8)
    let refused = try SpawnedCommand.run(["/bin/sh", "-c", "'\(DiscopeBinary.path!)' repl < '\(script)'"])
    #expect(refused.errorOutput.contains("--allow-writes"), "\(refused.errorOutput)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/out.dis"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/rec.dis"))
    let allowed = try SpawnedCommand.run(
      ["/bin/sh", "-c", "'\(DiscopeBinary.path!)' repl --allow-writes < '\(script)'"])
    #expect(allowed.status == 0, "\(allowed.errorOutput)")
    #expect(FileManager.default.fileExists(atPath: folder + "/out.dis"))
    #expect(FileManager.default.fileExists(atPath: folder + "/rec.dis"))
  }
}
