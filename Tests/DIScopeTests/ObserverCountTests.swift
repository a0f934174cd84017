import TestSupport
import Testing

@testable import DIScope

/// The family's observer counts (`observerCount`: any observer, holders tracked; its
/// `reportingObserverCount`: those that want every step; `openObserverCount`: those taking events
/// now) decide which path every resolve takes, without a lock. Each is changed only by an
/// observer's own transitions, once each: attached, paused, resumed, cancelled or released.
@Suite("Observer counts stay exact")
struct ObserverCountTests {
  final class Front: Sendable {
    let web: WebService
    init(web: WebService) { self.web = web }
  }

  private func counts(_ container: Container) -> [Int] {
    let family = container.family
    return [
      family.observerCount.load(ordering: .relaxed), family.reportingObserverCount.load(ordering: .relaxed),
      family.openObserverCount.load(ordering: .relaxed),
    ]
  }

  /// Each kind of observer, each way it ends.
  @Test func eachObserverCountsWhereItShould() throws {
    let container = Container()
    let tracker = container.observeForHolderTracking()
    #expect(counts(container) == [1, 0, 0])
    tracker.pause()
    #expect(tracker.resume() == 0)
    #expect(counts(container) == [1, 0, 0], "a tracker neither pauses nor opens")
    let observer = container.observe { _ in }
    #expect(counts(container) == [2, 1, 1])
    observer.pause()
    observer.pause()
    #expect(counts(container) == [2, 1, 0])
    tracker.cancel()
    tracker.cancel()
    #expect(counts(container) == [1, 1, 0])
    observer.cancel()
    #expect(observer.resume() == 0)
    #expect(counts(container) == [0, 0, 0], "a paused observer cancelled, then resumed")
    container.tracksHolders = true
    container.tracksHolders = true
    #expect(counts(container) == [1, 0, 0])
    do { _ = container.observe { _ in } }  // released at once
    container.tracksHolders = false
    #expect(counts(container) == [0, 0, 0])
  }

  /// Observers attached, paused, resumed, cancelled and released, and tracking turned on and off,
  /// on several threads while others resolve (shared builds included): the counts end at zero.
  @Test func theCountsEndAtZeroAfterObserversComeAndGoOnManyThreads() async throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    container.register(WebService.self, scope: .prototype) { r in WebService(logger: try r.resolve((any Logger).self)) }
    container.register(Front.self, scope: .weak) { r in Front(web: try r.resolve(WebService.self)) }
    await withTaskGroup(of: Void.self) { group in
      for worker in 0..<4 {
        group.addTask {
          for round in 0..<300 {
            switch (worker + round) % 4 {
            case 0:
              let observer = container.observe { _ in }
              if round % 3 == 0 { observer.pause() }
              if round % 5 == 0 { _ = observer.resume() }
              if round % 2 == 0 { observer.cancel() }  // otherwise released
            case 1:
              container.tracksHolders = round % 8 < 4
            case 2:
              let tracker = container.observeForHolderTracking()
              tracker.pause()
              if round % 2 == 0 { tracker.cancel() }
            default:
              _ = try? container.resolve(WebService.self)
              _ = try? container.resolve(Front.self)
            }
          }
        }
      }
    }
    container.tracksHolders = false
    #expect(counts(container) == [0, 0, 0])
  }
}
