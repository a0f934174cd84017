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
