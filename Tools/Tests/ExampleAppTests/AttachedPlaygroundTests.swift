import Foundation
import TerminalTesting
import Testing

/// The playground attached to the example app's live container, in a real terminal.
@Suite(.serialized, .enabled(if: ExampleAppBinary.isReady, "example-app is not built or tmux is missing"))
struct AttachedPlaygroundTests {
  @Test func theRegistrationsPaneShowsTheAppsRegistrations() throws {
    let tmux = try TmuxSession(command: ExampleAppBinary.command, columns: 120, rows: 32)
    defer { tmux.close() }
    let screen = try tmux.waitFor("the app's registrations") {
      $0.contains("┌ 1 Registrations") && $0.contains("ControlContext") && $0.contains("NoticeManager")
    }
    // Pane 1 is the left column above pane 3.
    let pane = screen.split(separator: "\n").drop { !$0.contains("┌ 1") }.prefix { !$0.contains("┌ 3") }
      .map { $0.components(separatedBy: "││").first ?? "" }.joined(separator: "\n")
    #expect(pane.contains("t1 Logging"), "\(screen)")
    #expect(pane.contains("t2 WebService     [singleton] holds #2"), "\(screen)")
    #expect(pane.contains("t5 NoticeManager  [prototype]"), "\(screen)")
    try tmux.type("mock Logging")
    try tmux.press("Enter")
    try tmux.waitFor("the mock swap in pane 3") { $0.contains("+ t7 Logging over Logging (shadows t1") }
    try tmux.type("resolve WebService")
    try tmux.press("Enter")
    try tmux.waitFor("the app's instance") { $0.contains("WebService#2") }
    try tmux.press("C-c")
  }
}

/// The `example-app` executable built beside this test bundle, and tmux availability.
enum ExampleAppBinary {
  static let path: String? = {
    let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? CommandLine.arguments[0]
    var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("example-app").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return nil
  }()

  static let isTmuxInstalled = (try? SpawnedCommand.run(["tmux", "-V"]).status) == 0
  static var isReady: Bool { path != nil && isTmuxInstalled }
  static var command: String { "cd '\(FileManager.default.temporaryDirectory.path)'; '\(path ?? "example-app")'" }
}
