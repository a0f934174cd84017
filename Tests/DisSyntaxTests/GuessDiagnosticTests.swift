import DisSyntax
import Testing

/// The guesses a newcomer makes get an error that says the fix.
@Suite("Diagnostics for likely guesses")
struct GuessDiagnosticTests {
  private func diagnostic(_ line: String) -> Diagnostic? {
    ScriptParser().parse(line + "\n", path: "guess.dis").diagnostics.first
  }

  @Test func theOutputsArrowInARegistrationSaysToWriteEquals() {
    let found = diagnostic("register Logger -> ConsoleLogger")
    #expect(found?.message == "expected '=' between the service and its implementation, found '->'")
    #expect(found?.hint == "'->' is how output shows a registration; to fix, write 'register Logger = ConsoleLogger'")
    #expect(found?.location.column == 17)
  }

  @Test func aNegatedExpectSaysHowToAssertANegation() {
    let found = diagnostic("expect Logger is not ConsoleLogger")
    #expect(found?.message == "'expect' asserts what holds; it has no 'not'")
    #expect(found?.hint?.contains("'! expect Logger is ConsoleLogger'") == true)
  }

  @Test(arguments: [
    ("register Logger named 3", "named \"3\""),
    ("resolve Logger named 42", "named \"42\""),
    ("expect #1.user = 34", "expect #1.user = \"34\""),
  ])
  func aNumberWhereAStringIsExpectedSaysToQuoteIt(line: String, fix: String) {
    let found = diagnostic(line)
    #expect(found?.hint?.hasSuffix("to fix, quote it: " + fix) == true, "\(String(describing: found))")
  }
}
