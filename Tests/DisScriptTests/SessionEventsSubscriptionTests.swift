import DIScope
import DIScopeLocked
@testable import DisScript
import Testing

/// The family's one observer (`SessionEvents`) and its subscribers (the playground's panes): one
/// observation feeds the session, its trees and every subscriber, each event made into one
/// record on its own thread.
@Suite struct SessionEventsSubscriptionTests {
  final class Clock: Sendable {}

  /// A session and a subscriber that follows its container observe the container once; the
  /// subscriber's records are described (no instance kept) and named as the session names a
  /// script's instances, and the session still prints its own trace from the same observation.
  @Test func aSessionAndItsSubscriberObserveTheContainerOnce() throws {
    let session = Session()
    let root = session.container
    #expect(root.observerCount == 1, "the session's intake")
    let records = Locked<[SessionEvents.Record]>([])
    let subscription = session.events.subscribe(seenFrom: root) { record in records.withLock { $0.append(record) } }
    #expect(root.observerCount == 1, "a subscriber is not another observer")
    _ = session.execute("protocol Logger")
    _ = session.execute("class ConsoleLogger: Logger")
    _ = session.execute("register Logger = ConsoleLogger")
    let output = session.execute("resolve Logger").output
    #expect(output.contains { $0.contains("Logger → ConsoleLogger#1 created") }, "\(output)")
    let steps = records.withLock { $0 }.compactMap { record -> (ResolutionStep, String?)? in
      if case .resolved(let step) = record.event { (step, record.instanceTypeName) } else { nil }
    }
    #expect(steps.count == 1)
    #expect(steps.first?.0.instance == nil, "described where it happened: no instance kept")
    #expect(steps.first?.1 == "ConsoleLogger", "named by its script class")
    #expect(records.withLock { $0 }.contains { if case .registered = $0.event { true } else { false } })
    subscription.cancel()
    let count = records.withLock { $0.count }
    _ = session.execute("resolve Logger")
    #expect(records.withLock { $0.count } == count, "cancelled: nothing more")
    #expect(root.observerCount == 1)
  }

  /// A subscriber that follows a child sees what an observer of the child would: the child's
  /// and its own children's events, not its parent's or a sibling's.
  @Test func aSubscriberSeenFromAChildSeesWhatAnObserverOfTheChildWould() throws {
    let root = Container(name: "app")
    root.register(Clock.self) { _ in Clock() }
    let events = SessionEvents(observing: root)
    let child = root.makeChild(named: "request")
    let seen = Locked<[String]>([])
    let subscription = events.subscribe(seenFrom: child) { record in
      switch record.event {
      case .resolved(let step): seen.withLock { $0.append("resolved in \(step.container)") }
      case .registered(let info): seen.withLock { $0.append("registered in \(info.container)") }
      default: break
      }
    }
    _ = try root.resolve(Clock.self)
    root.register(String.self, value: "root's")
    _ = try child.resolve(Clock.self)
    child.register(Int.self, value: 1)
    let inner = child.makeChild(named: "inner")
    _ = try inner.resolve(Clock.self)
    let sibling = root.makeChild(named: "other")
    _ = try sibling.resolve(Clock.self)
    #expect(seen.withLock { $0 } == ["resolved in request", "registered in request", "resolved in inner"])
    withExtendedLifetime((subscription, inner, sibling)) {}
  }
}
