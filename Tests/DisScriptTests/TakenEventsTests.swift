import DIScope
import Foundation
import Testing

@testable import DisScript

/// What a family's events leave for its commands (`TakenEvents`), taken in and read without a
/// session: real events, from a container's intake, handed to the value's one writer.
@Suite struct TakenEventsTests {
  final class Clock: Sendable {}
  final class Missing: Sendable {}
  final class Alarm: Sendable {
    init(_ missing: Missing) {}
  }
  final class Connection: Disposable, Sendable {
    func dispose() {}
  }

  static let limits = TakenEvents.Limits(maximumFailureSteps: 100, maximumMockSwaps: 2, maximumHeldTrees: 3)

  /// A container and a session's share of its events.
  static func observed() -> (Container, SessionEvents.Share) {
    let container = Container(name: "app")
    return (container, SessionEvents(observing: container).share(glyphs: .ascii))
  }

  /// The taking thread's steps are kept, not another thread's; its trees are its own; a
  /// command's start forgets the steps, and so does its end.
  @Test func onlyTheTakingThreadsStepsAreKeptUntilACommandStartsOrEnds() throws {
    let (container, share) = Self.observed()
    container.register(Clock.self, scope: .prototype) { _ in Clock() }
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? container.resolve(Clock.self)
      done.signal()
    }
    done.wait()
    _ = try container.resolve(Clock.self)
    var taken = TakenEvents()
    taken.take(share.take(), onThread: Session.currentThread, limits: Self.limits)
    #expect(taken.steps.count == 1, "this thread's one step, not the other's")
    #expect(taken.trees.map(\.isOwn) == [false, true])
    taken.startOver()
    #expect(taken.steps.isEmpty)
    #expect(taken.trees.count == 2, "trees are read apart (takeTrees), not forgotten at a start")
    _ = try container.resolve(Clock.self)
    taken.take(share.take(), onThread: Session.currentThread, limits: Self.limits)
    #expect(taken.steps.count == 1)
    taken.forgetSteps()
    #expect(taken.steps.isEmpty)
    #expect(taken.takeTrees().count == 3)
    #expect(taken.takeTrees().isEmpty)
  }

  /// Steps, trees and the mock timeline are bounded; the newest trees and swaps are kept.
  @Test func whatItKeepsIsBounded() throws {
    let (container, share) = Self.observed()
    container.register(Clock.self, scope: .prototype) { _ in Clock() }
    for _ in 0..<5 { _ = try container.resolve(Clock.self) }
    for _ in 0..<2 {
      let token = container.mock(Clock.self, with: Clock())
      container.remove(token)
    }
    var taken = TakenEvents()
    let limits = TakenEvents.Limits(maximumFailureSteps: 2, maximumMockSwaps: 3, maximumHeldTrees: 4)
    taken.take(share.take(), onThread: Session.currentThread, limits: limits)
    #expect(taken.steps.count == 2)
    #expect(taken.trees.count == 4)
    #expect(taken.mockTimeline.count == 3)
    #expect(taken.mockTimeline.map { $0.line.prefix(1) } == ["-", "+", "-"], "\(taken.mockTimeline)")
    #expect(taken.mockTimeline.allSatisfy { $0.service == "Clock" })
  }

  /// A failed eager build is taken once; disposals are taken once and their numbers kept, also
  /// past a command's start.
  @Test func eagerFailuresAndDisposalsAreTakenOnce() throws {
    let (container, share) = Self.observed()
    container.register(Alarm.self, scope: .eager) { r in Alarm(try r.resolve(Missing.self)) }
    let request = container.makeChild(named: "request")
    request.register(Connection.self) { _ in Connection() }
    _ = try request.resolve(Connection.self)
    try request.shutdownSynchronously()
    var taken = TakenEvents()
    taken.take(share.take(), onThread: Session.currentThread, limits: Self.limits)
    let failures = taken.takeEagerFailures()
    #expect(failures.map(\.info.key.serviceName) == ["Alarm"])
    #expect(taken.takeEagerFailures().isEmpty)
    let disposed = taken.takeDisposals()
    #expect(disposed.count == 1)
    #expect(taken.takeDisposals().isEmpty)
    let number = try #require(disposed.first?.instanceNumber)
    taken.startOver()
    #expect(taken.disposals.wasDisposed(number))
  }
}
