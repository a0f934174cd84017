import TerminalTesting
import Foundation

/// Runs this test binary as an interactive program inside tmux: the entry-point test in
/// `SelfTestEntryPoint.swift` does nothing unless `DISCOPE_TERMINAL_SELF_TEST` is set, and then
/// runs a `TerminalSelfTest` program and exits with its status.
enum TestBinary {
  static let modeVariable = "DISCOPE_TERMINAL_SELF_TEST"

  /// A shell command that runs the self-test `mode` (`screen` or `repl`) in this binary.
  static func selfTestCommand(mode: String, extraEnvironment: String = "") -> String {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    return "\(extraEnvironment) \(modeVariable)=\(mode) '\(executable)' --testing-library swift-testing"
      + " --filter 'selfTestEntryPoint'"
  }
}
