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
