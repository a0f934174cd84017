import Testing
import TerminalUI

@Suite struct ColorPolicyTests {
  @Test(arguments: [
    (["TERM": "xterm-256color"], true, true),
    (["TERM": "xterm-256color"], false, false),
    (["TERM": "xterm-256color", "NO_COLOR": "1"], true, false),
    (["TERM": "xterm-256color", "NO_COLOR": ""], true, true),
    (["TERM": "dumb"], true, false),
  ])
  func colourFollowsTheEnvironment(environment: [String: String], hasColors: Bool, expected: Bool) {
    #expect(ColorPolicy.isColorEnabled(environment: environment, terminalHasColors: hasColors)
      == expected)
  }
}
