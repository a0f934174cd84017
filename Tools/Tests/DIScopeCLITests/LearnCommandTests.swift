import DIScopeCLI
import DisScript
import Testing

@Suite("discope learn")
struct LearnCommandTests {
  let course = lessons.replacingOccurrences(of: "/Scripts/lessons", with: "/Scripts/exercises")

  @Test func listShowsEveryExerciseSolvedOrNotAndResetForgets() throws {
    let state = temporaryDirectory()
    let environment = ["XDG_STATE_HOME": state]
    let first = discope("learn", "--list", "--course", course, environment: environment)
    #expect(first.status == 0, "\(first.error)")
    #expect(first.output.split(separator: "\n").first == "  1          Exercise 1: the newest registration answers")
    #expect(first.output.hasSuffix("0 of 12 solved\n"))
    var progress = LearnProgress.load(environment: environment).0
    progress.solved = ["03-prototype.dis"]
    try progress.save()
    let again = discope("learn", "--list", "--course", course, environment: environment)
    #expect(again.output.contains("  3 solved   Exercise 3: a new instance on every resolve"))
    #expect(again.output.hasSuffix("1 of 12 solved\n"))
    #expect(discope("learn", "--reset", environment: environment).status == 0)
    #expect(discope("learn", "--list", "--course", course, environment: environment).output.hasSuffix("0 of 12 solved\n"))
  }

  /// An exercise finished by stepping through ':solution' is told apart from one solved alone;
  /// solved alone once, it stays so.
  @Test func listTellsSolvedAloneFromSolvedWithTheSolution() throws {
    let state = temporaryDirectory()
    let environment = ["XDG_STATE_HOME": state]
    var progress = LearnProgress.load(environment: environment).0
    progress.markSolved("03-prototype.dis", withSolution: false)
    progress.markSolved("04-prototype-versus-graph.dis", withSolution: true)
    progress.markSolved("03-prototype.dis", withSolution: true)
    try progress.save()
    let reloaded = LearnProgress.load(environment: environment)
    #expect(reloaded.warning == nil)
    #expect(reloaded.0.solvedWithSolution == ["04-prototype-versus-graph.dis"])
    let listed = discope("learn", "--list", "--course", course, environment: environment)
    #expect(listed.output.contains("  3 solved   Exercise 3"), "\(listed.output)")
    #expect(listed.output.contains("  4 solution Exercise 4"), "\(listed.output)")
    #expect(listed.output.hasSuffix("2 of 12 solved (1 alone, 1 with ':solution')\n"), "\(listed.output)")
  }

  @Test func aCorruptProgressFileIsReportedNotACrash() throws {
    let state = temporaryDirectory()
    try FileSystem.makeDirectories(state + "/discope")
    try write("garbage", to: state + "/discope/progress")
    let listed = discope("learn", "--list", "--course", course, environment: ["XDG_STATE_HOME": state])
    #expect(listed.status == 0)
    #expect(listed.error.contains("is not a discope progress file; starting the course afresh"))
  }

  @Test func badArgumentsAreUsageErrors() {
    #expect(discope("learn", "0").status == 64)
    #expect(discope("learn", "--list", "--reset").status == 64)
    let missing = discope("learn", "--course", "/nonexistent/folder", environment: [:])
    #expect(missing.status != 0)
  }
}
