import DisScript
import Foundation
import Testing
@testable import Playground

/// `discope learn`: the registrations an exercise's start and its `:solution` make name where
/// they are written, the exercise's file and line, as a played script's do (issue 44); the
/// learner's own, typed, name nowhere.
@Suite struct LearnStartSiteTests {
  @Test func paneOneNamesTheExercisesLineForEachStartRegistration() throws {
    let course = try Course(directory: LearnSolutionTests.exercises)
    let exercise = course.exercises[0]
    let path = NSTemporaryDirectory() + "discope-progress-\(UUID().uuidString)"
    let learn = LearnSession(course: course, index: 0, progress: LearnProgress(path: path, solved: []))
    let controller = PlaygroundController(engine: Session(), factory: { Session() }, isSynchronous: true)
    controller.learn = learn
    controller.openExercise(0)
    controller.settle()
    let file = try String(contentsOfFile: exercise.path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    let line = try #require(file.firstIndex { $0 == "register Logger = ConsoleLogger" }) + 1
    let name = try #require(exercise.path.split(separator: "/").last)
    let rows = controller.texts(.registrations)
    let start = try #require(rows.first { $0.contains("t1 ConsoleLogger") }, "\(rows)")
    #expect(start.hasSuffix("[singleton] \(name):\(line)"), "\(start)")
    controller.submitLine("register Logger = FileLogger")
    controller.settle()
    let typed = try #require(controller.texts(.registrations).first { $0.contains("t2 FileLogger") })
    #expect(typed.hasSuffix("[singleton]"), "\(typed)")
  }

  @Test func paneOneNamesTheExercisesLineForEachSolutionRegistration() throws {
    let course = try Course(directory: LearnSolutionTests.exercises)
    for (index, row) in [(0, "t2 FileLogger"), (4, "t4 mock MockWebService"), (7, "t5 RFZoneController")] {
      let exercise = course.exercises[index]
      let path = NSTemporaryDirectory() + "discope-progress-\(UUID().uuidString)"
      defer { try? FileManager.default.removeItem(atPath: path) }
      let learn = LearnSession(course: course, index: index, progress: LearnProgress(path: path, solved: []))
      let controller = PlaygroundController(engine: Session(), factory: { Session() }, isSynchronous: true)
      controller.learn = learn
      controller.openExercise(index)
      controller.settle()
      controller.submitLine(":solution")
      controller.handle(.character("y"))
      controller.settle()
      #expect(learn.isSolved)
      let file = try String(contentsOfFile: exercise.path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
      let solution = try #require(file.firstIndex { $0 == "## Solution" })
      // The solution's registering command: the first line under its heading.
      let line = solution + 2
      let name = try #require(exercise.path.split(separator: "/").last)
      let rows = controller.texts(.registrations)
      let made = try #require(rows.first { $0.contains(row) }, "\(exercise.path): \(rows)")
      #expect(made.hasSuffix("] \(name):\(line)"), "\(made)")
    }
  }
}
