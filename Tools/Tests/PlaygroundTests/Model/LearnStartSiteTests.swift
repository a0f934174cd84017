import DisScript
import Foundation
import Testing
@testable import Playground

/// `discope learn`: the registrations an exercise's start makes name where they are written, the
/// exercise's file and line, as a played script's do (issue 44); the learner's own, typed, name
/// nowhere.
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
}
