import TerminalTesting
import Foundation
import Testing

/// `discope learn` in a real terminal: a learner with no progress solves the first exercise as
/// they would, sees it solved and the next goal, quits, and finds it remembered.
@Suite(.serialized, .enabled(if: DiscopeBinary.isReady, "discope is not built or tmux is missing"))
struct LearnEndToEndTests {
  @Test func aLearnerSolvesTheFirstExerciseAndItIsRemembered() throws {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("learn-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: state) }
    let tmux = try TmuxSession(
      command: DiscopeBinary.command("learn", environment: "XDG_STATE_HOME='\(state)'"), columns: 120, rows: 32)
    defer { tmux.close() }
    try tmux.waitFor("the first exercise, its goal under the panes") {
      $0.contains("Exercise 1: the newest registration answers") && $0.contains("Make it answer with a FileLogger")
        && $0.contains("t1 ConsoleLogger")
    }
    try tmux.type(":hint")
    try tmux.press("Enter")
    try tmux.waitFor("the first hint") { $0.contains("hint 1/3: 'register S = Impl' pushes a registration") }
    try tmux.type("register Logger = FileLogger")
    try tmux.press("Enter")
    try tmux.waitFor("solved, with the Swift of what was typed") {
      $0.contains("✓ solved: Exercise 1") && $0.contains(":next opens Exercise 2")
        && $0.contains("Swift: container.register((any Logger).self) { _ in FileLogger() }")
    }
    try tmux.type(":next")
    try tmux.press("Enter")
    try tmux.waitFor("the next goal") {
      $0.contains("Exercise 2: removing a token uncovers the one below") && $0.contains("t2 NullLogger")
    }
    try tmux.type(":quit")
    try tmux.press("Enter")
    try tmux.waitFor("exit 0") { $0.contains("[exit 0]") }
    let progress = try String(contentsOfFile: state + "/discope/progress", encoding: .utf8)
    #expect(progress.contains("01-the-newest-answers.dis"))
    let list = try SpawnedCommand.run(
      [DiscopeBinary.path!, "learn", "--list"], environment: ["XDG_STATE_HOME": state, "PATH": "/usr/bin:/bin"])
    #expect(list.status == 0, "\(list.errorOutput)")
    let lines = list.output.split(separator: "\n")
    #expect(lines.first?.contains("solved") == true && lines.first?.contains("Exercise 1") == true, "\(list.output)")
    #expect(lines.dropFirst().first?.contains("solved") == false)
    #expect(lines.last == "1 of \(lines.count - 1) solved")
  }

  /// A plausible attempt that is not the answer: ':goal' says what is still missing, in the
  /// exercise's words; and the Swift beside the step names the container the script is in.
  @Test func goalSaysWhatIsStillMissingAfterAnAttempt() throws {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("learn-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: state) }
    let tmux = try TmuxSession(
      command: DiscopeBinary.command("learn 12", environment: "XDG_STATE_HOME='\(state)'"), columns: 140, rows: 40)
    defer { tmux.close() }
    try tmux.waitFor("exercise 12") { $0.contains("Exercise 12") }
    try tmux.type("shutdown")
    try tmux.press("Enter")
    try tmux.waitFor("the shutdown, in the request's container, in Swift") {
      $0.contains("request is shut down") && $0.contains("try await request.shutdown()")
    }
    try tmux.type(":goal")
    try tmux.press("Enter")
    try tmux.waitFor("what is still missing") {
      $0.contains("Still to do: the request's container is still there")
    }
  }
}

