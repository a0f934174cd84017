import DIScope
import Foundation
import TestSupport
import Testing

/// `TraceRecorder.take()` (read and forget at once, with whose each tree is) and the recorder its
/// owner feeds (package: a `DisScript` session's intake), which observes nothing itself.
@Suite struct TraceRecorderTakeTests {
  /// Each tree is taken once, oldest first, with whether the taking thread made it.
  @Test func takeHandsEachTreeOnceWithWhetherTheTakerMadeIt() throws {
    let container = Container()
    container.install(AppAssembly())
    let recorder = TraceRecorder(container)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? container.resolve(WebService.self)
      done.signal()
    }
    done.wait()
    _ = try container.resolve(ControlContext.self)
    let taken = recorder.take()
    #expect(taken.map(\.tree.step.key) == [ServiceKey(WebService.self), ServiceKey(ControlContext.self)])
    #expect(taken.map(\.isOnThisThread) == [false, true])
    #expect(recorder.take().isEmpty, "taken once")
    #expect(recorder.recorded.isEmpty, "and forgotten")
  }

  /// A recorder fed by its owner's observer makes the trees an observing one makes, without a
  /// second observer of the family.
  @Test func aRecorderItsOwnerFeedsMakesTheSameTreesWithoutObserving() throws {
    let container = Container()
    container.install(AppAssembly())
    let observing = TraceRecorder(container)
    let fed = TraceRecorder(glyphs: .unicode)
    let observation = container.observe { event in fed.record(event) }
    #expect(container.observerCount == 2, "the observing recorder's and the owner's: the fed one adds none")
    _ = try container.resolve(ControlContext.self)
    _ = try container.resolve(ControlContext.self)
    #expect(fed.recorded.map { $0.rendered() } == observing.recorded.map { $0.rendered() })
    #expect(fed.recorded.count == 2)
    #expect(fed.recorded.allSatisfy { $0.step.instance == nil }, "kept as descriptions")
    observation.cancel()
  }
}
