import Foundation
import Testing
import TerminalUI

/// The entry point the end-to-end tests start inside tmux (see `TestBinary`). In a normal test
/// run the variable is unset and this passes at once.
@Test func selfTestEntryPoint() {
  switch ProcessInfo.processInfo.environment[TestBinary.modeVariable] {
  case "screen": exit(TerminalSelfTest.run())
  case "repl":
    exit(TerminalSelfTest.runLineREPL(
      historyFile: ProcessInfo.processInfo.environment["DISCOPE_SELF_TEST_HISTORY"]))
  default: break
  }
}
