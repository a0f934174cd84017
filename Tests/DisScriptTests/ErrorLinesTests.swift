import DisScript
import DisSyntax
import Testing

/// Which lines of a command's output say what went wrong is data the session gives: pane 4 styles
/// them, replay shows them as the cause; nothing looks for the word "error" again.
@Suite("error lines are data")
struct ErrorLinesTests {
  @Test func aFailureAfterWhatWasBuiltMarksItsErrorLineOnly() throws {
    let session = session("class A\nclass C(a: A, b: B)\nprotocol B\nregister A\nregister C")
    let outcome = session.execute("resolve C")
    #expect(outcome.isFailure)
    let first = try #require(outcome.errorLines.first)
    #expect(outcome.errorLines.count == 1)
    #expect(outcome.output[first] == "error: no registration for 'B'", "\(outcome.output)")
    #expect(outcome.output.first == "built before the failure:", "output that came before is not the error")
    #expect(outcome.failureLines == Array(outcome.output[first...]))
    #expect(outcome.failureLines.contains("  path: C -> B"))
  }

  @Test func aLineThatOnlyMentionsAnErrorIsNotOne() {
    // A class named for errors is no error: the old rule styled every line that said "error".
    let session = session("class ErrorLog\nclass Screen(log: ErrorLog, missing: Missing)\nprotocol Missing\nregister ErrorLog\nregister Screen")
    let outcome = session.execute("resolve Screen")
    #expect(outcome.isFailure)
    let marked = Set(outcome.errorLines)
    for (index, line) in outcome.output.enumerated() where line.contains("Error") {
      #expect(!marked.contains(index), "'\(line)' is not what went wrong")
    }
  }

  @Test func validationMarksEachFindingsErrorLine() {
    let session = session("class A(b: B)\nprotocol B\nclass C(d: D)\nprotocol D\nregister A\nregister C")
    let outcome = session.execute("validate")
    #expect(outcome.isFailure)
    #expect(outcome.errorLines.count == 2, "\(outcome.output)")
    #expect(outcome.errorLines.allSatisfy { outcome.output[$0].hasPrefix("error: ") }, "\(outcome.output)")
  }

  @Test func aSuccessHasNoErrorLines() {
    let session = session("class A\nregister A")
    let outcome = session.execute("resolve A")
    #expect(!outcome.isFailure)
    #expect(outcome.errorLines.isEmpty && outcome.failureLines.isEmpty)
  }

  @Test func textThatDoesNotParseMarksItsDiagnosticsThatAreErrors() {
    let outcome = Session().execute("register Logger -> X")
    #expect(outcome.isFailure && outcome.output.isEmpty)
    #expect(!outcome.errorLines.isEmpty)
    #expect(outcome.errorLines.allSatisfy { outcome.shownOutput[$0].hasPrefix("error: ") }, "\(outcome.shownOutput)")
    #expect(outcome.failureLines.isEmpty, "diagnostics are not output")
  }
}
