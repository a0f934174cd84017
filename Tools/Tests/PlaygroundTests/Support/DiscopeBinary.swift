import TerminalTesting
import Foundation

/// The `discope` executable built beside this test bundle (`swift build` builds it before
/// `swift test` in `Scripts/test`), and tmux availability.
enum DiscopeBinary {
  /// `<bin>/discope`, found from this test binary's own path (`<bin>/DIScopePackageTests.xctest`).
  static let path: String? = {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("discope").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }()

  static let isTmuxInstalled = (try? SpawnedCommand.run(["tmux", "-V"]).status) == 0
  static var isReady: Bool { path != nil && isTmuxInstalled }

  /// A shell command running `discope ARGS`, then printing the terminal modes (`isig icanon
  /// echo` when restored) and keeping the exit status for `[exit N]`.
  static func command(_ arguments: String, environment: String = "") -> String {
    "cd '\(FileManager.default.temporaryDirectory.path)'; \(environment) '\(path ?? "discope")' \(arguments)"
      + "; s=$?; printf 'modes:'; stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(isig|icanon|echo)'"
      + " | tr '\\n' ' '; echo; (exit $s)"
  }
}
