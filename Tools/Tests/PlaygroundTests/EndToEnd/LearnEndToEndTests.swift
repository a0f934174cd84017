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
    // The goal has a row of its own right above the command line, not after the prompt.
    let opened = try tmux.capture().split(separator: "\n").map(String.init)
    let prompt = try #require(opened.lastIndex { $0.hasPrefix("dis>") }, "\(opened)")
    #expect(!opened[prompt].contains("Goal"), "the goal reads as typed after the prompt: \(opened[prompt])")
    #expect(prompt > 0 && opened[prompt - 1].hasPrefix("Exercise 1: the newest registration answers (1 of 12). Goal:"))
    try tmux.type(":hint")
    try tmux.press("Enter")
    try tmux.waitFor("the first hint") { $0.contains("hint 1/3: 'register S = Impl' pushes a registration") }
    try tmux.type("register Logger = FileLogger")
    try tmux.press("Enter")
    try tmux.waitFor("solved, with the Swift of what was typed") {
      Self.words($0).contains("✓ solved: Exercise 1") && Self.words($0).contains(":next opens Exercise 2")
        && $0.contains("Swift: container.register((any Logger).self) { _ in FileLogger() }")
    }
    // "Solved" stays until the next exercise: a command's output, or its error, does not replace it.
    try tmux.type("resolve Logger")
    try tmux.press("Enter")
    try tmux.waitFor("the next command's output, and still solved") {
      $0.contains("Logger → FileLogger#1 created t2") && Self.words($0).contains("✓ solved: Exercise 1")
    }
    try tmux.type("remove t9")
    try tmux.press("Enter")
    try tmux.waitFor("a command that fails, in the transcript, and still solved") {
      $0.contains("! remove t9") && Self.words($0).contains("✓ solved: Exercise 1")
    }
    try tmux.type(":next")
    try tmux.press("Enter")
    try tmux.waitFor("the next goal, and solved no more") {
      $0.contains("Exercise 2: removing a token uncovers the one below") && $0.contains("t2 NullLogger")
        && !$0.contains("✓ solved")
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

  /// ':solution' steps through the answer at its lines of the exercise's file (issue 44): pane 1
  /// names where the solution made its registration, as it names where the start made its own.
  @Test func theSolutionsRegistrationNamesItsLineInPaneOne() throws {
    let state = FileManager.default.temporaryDirectory.appendingPathComponent("learn-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: state) }
    // Wide enough for pane 1's rows to show whole, the site at their end.
    let tmux = try TmuxSession(
      command: DiscopeBinary.command("learn 1", environment: "XDG_STATE_HOME='\(state)'"), columns: 180, rows: 36)
    defer { tmux.close() }
    // A row of pane 1 that names `registration` and ends with where it was made.
    func row(_ screen: String, _ registration: String, madeAt site: String) -> Bool {
      screen.split(separator: "\n").contains { $0.contains(registration) && $0.contains("[singleton] \(site) ") }
    }
    try tmux.waitFor("the start, at its line") { row($0, "t1 ConsoleLogger", madeAt: "01-the-newest-answers.dis:13") }
    try tmux.type(":solution")
    try tmux.press("Enter")
    try tmux.waitFor("the question") { $0.contains("Show the solution?") }
    try tmux.type("y")
    try tmux.waitFor("the solution's registration, at its line") {
      row($0, "t2 FileLogger", madeAt: "01-the-newest-answers.dis:16")
        && row($0, "t1 ConsoleLogger", madeAt: "01-the-newest-answers.dis:13")
        && Self.words($0).contains("✓ with the solution: Exercise 1")
    }
  }

  /// The screen's text as words: a message wrapped over rows reads as one line.
  static func words(_ screen: String) -> String {
    screen.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
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

