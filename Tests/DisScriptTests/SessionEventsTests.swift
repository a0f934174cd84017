import DIScope
@testable import DisScript
import Foundation
import Testing

/// The session's one intake (`SessionEvents`): what it hands on, in what order, and whose trees
/// it calls the taker's own.
@Suite struct SessionEventsTests {
  final class Clock: Sendable {}
  final class Ticket: Sendable {
    let clock: Clock
    init(clock: Clock) { self.clock = clock }
  }

  /// A resolve on the taking thread arrives as its events and one tree of described steps, the
  /// taker's own; a second take finds nothing (each event is taken in once).
  @Test func aResolveOnTheTakingThreadIsTakenOnceAsTheTakersOwnTree() throws {
    let container = Container(name: "app")
    container.register(Clock.self) { _ in Clock() }
    container.register(Ticket.self) { Ticket(clock: try $0.resolve(Clock.self)) }
    let events = SessionEvents(observing: container).share(glyphs: .ascii)
    _ = try container.resolve(Ticket.self)
    let batch = events.take()
    let resolved = batch.arrivals.filter { if case .resolved = $0.event { true } else { false } }
    #expect(resolved.count == 2)
    #expect(batch.arrivals.allSatisfy { $0.thread == Session.currentThread })
    #expect(batch.trees.count == 1)
    let tree = try #require(batch.trees.first)
    #expect(tree.isOwn)
    #expect(tree.tree.step.key.serviceName == "Ticket")
    #expect(tree.tree.children.map(\.step.key.serviceName) == ["Clock"])
    // Described where it happened: the tree keeps no instance.
    #expect(tree.tree.step.instance == nil)
    let again = events.take()
    #expect(again.arrivals.isEmpty && again.trees.isEmpty)
  }

  /// The app's other threads' resolves are not the taker's own: a command's output never shows
  /// them, `show trace` keeps them as the app's.
  @Test func anotherThreadsResolveIsNotTheTakersOwn() throws {
    let container = Container(name: "app")
    container.register(Clock.self) { _ in Clock() }
    let events = SessionEvents(observing: container).share(glyphs: .ascii)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      _ = try? container.resolve(Clock.self)
      done.signal()
    }
    done.wait()
    _ = try container.resolve(Clock.self)
    let batch = events.take()
    #expect(batch.trees.map(\.isOwn) == [false, true])
    #expect(batch.arrivals.filter { $0.thread != Session.currentThread }.count == 1)
  }

  /// A session reads trees only through its intake: a `validate` that runs no factory sees what
  /// the app resolved since the last catch-up, taken in by the validate itself.
  @Test func validateWithoutFactoriesSeesResolvesSinceTheLastCatchUp() throws {
    let container = Container(name: "app")
    container.register(Clock.self) { _ in Clock() }
    container.register(Ticket.self) { Ticket(clock: try $0.resolve(Clock.self)) }
    let session = Session(
      container: container, options: SessionOptions(validation: .withoutRunningFactories))
    session.catchUp()
    #expect(session.family.observed.isEmpty)
    _ = try container.resolve(Ticket.self)
    #expect(session.family.observed.isEmpty)  // not taken in yet
    _ = session.validationReport()
    #expect(!session.family.observed.isEmpty)
  }
}
