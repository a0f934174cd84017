import DisScript
import Foundation
import Testing
@testable import Playground

/// An exercise finished with ':solution' is saved as such, apart from one solved alone.
@Suite struct LearnSolutionTests {
  static let exercises = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/exercises").path

  func controller(progressPath: String, index: Int = 2) throws -> (PlaygroundController, LearnSession) {
    let course = try Course(directory: Self.exercises)
    let learn = LearnSession(course: course, index: index, progress: LearnProgress(path: progressPath, solved: []))
    let controller = PlaygroundController(engine: Session(), factory: { Session() }, isSynchronous: true)
    controller.learn = learn
    controller.openExercise(index)
    controller.settle()
    return (controller, learn)
  }

  @Test func solvedWithTheSolutionIsToldApart() throws {
    let path = NSTemporaryDirectory() + "discope-progress-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (controller, learn) = try controller(progressPath: path)
    controller.submitLine(":solution")
    controller.handle(.character("y"))
    controller.settle()
    #expect(learn.isSolved)
    #expect(learn.progress.solvedWithSolution == ["03-prototype.dis"])
    #expect(controller.state.notice?.hasPrefix("✓ with the solution") == true, "\(controller.state.notice ?? "")")
  }

  @Test func solvedAloneIsSolved() throws {
    let path = NSTemporaryDirectory() + "discope-progress-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (controller, learn) = try controller(progressPath: path)
    controller.submitLine("scope t2 prototype")
    controller.settle()
    #expect(learn.isSolved)
    #expect(learn.progress.solved == ["03-prototype.dis"] && learn.progress.solvedWithSolution.isEmpty)
  }

  /// The panes' placeholders suggest what to try in the world on screen, not the demo's.
  @Test func placeholdersComeFromTheWorldOnScreen() throws {
    let path = NSTemporaryDirectory() + "discope-progress-\(UUID().uuidString)"
    let (controller, _) = try controller(progressPath: path, index: 6)
    #expect(controller.texts(.trace) == ["(no resolution yet — try: resolve ProductCatalog)"])
    #expect(controller.texts(.mocks) == ["(no mocks yet — try: mock Session)"])
    let empty = PlaygroundController(engine: Session(), factory: { Session() }, isSynchronous: true)
    #expect(empty.texts(.trace).first?.contains("ControlContext") == false)
  }
}
