import DIScope
import DIScopeDebug
import DisScript
import Testing

@testable import Playground

/// Issue 44: a session's panes take the container's events from the session's own intake
/// (`Session.events`), not from an observation of their own: the container is observed once.
@Suite struct SessionFeedTests {
  final class Thing: Sendable {}

  private func steps(_ view: any ContainerView) -> [StepRecord] {
    view.drain().compactMap { if case .step(let step) = $0.record { step } else { nil } }
  }

  /// The feed's records come through the session: named as the session names a script's
  /// instances, gone once the session is (a feed observing the container itself would go on
  /// reporting what the app's code resolves there).
  @Test func aSessionsFeedHearsTheContainerThroughTheSession() throws {
    let container = Container(name: "app")
    container.register(Thing.self, scope: .prototype) { _ in Thing() }
    var session: Session? = Session(container: container)
    let view = try #require(session).makeView(glyphs: .ascii)
    _ = session?.execute("class Clock")
    _ = session?.execute("register Clock = Clock")
    _ = session?.execute("resolve Clock")
    let named = steps(view)
    #expect(named.map(\.line).contains { $0.hasPrefix("Clock#") && $0.contains("created") }, "\(named.map(\.line))")
    _ = try container.resolve(Thing.self)
    #expect(steps(view).count == 1, "the app's own resolve, through the session's intake")
    session = nil
    _ = try container.resolve(Thing.self)
    #expect(view.drain().isEmpty, "the session gone, its intake is: the feed never observed the container")
  }

  /// The feed follows the session: into a child (only what an observer of the child would see),
  /// and into the new family after `reset` (its new intake).
  @Test func theFeedFollowsTheSessionToAChildAndToANewFamily() throws {
    let session = Session()
    let view = session.makeView(glyphs: .ascii)
    for line in ["class Clock", "register Clock = Clock", "container child request"] { _ = session.execute(line) }
    _ = view.drain()
    _ = session.execute("resolve Clock")
    let origins = steps(view).compactMap(\.origin)
    #expect(origins.count == 1 && origins.allSatisfy { $0.hasPrefix("request#") }, "\(origins)")
    _ = session.execute("container use root")
    _ = view.drain()
    _ = session.execute("resolve Clock")
    #expect(steps(view).count == 1, "following root again")
    _ = session.execute("reset")
    _ = session.execute("register Clock = Clock")
    _ = view.drain()
    _ = session.execute("resolve Clock")
    #expect(steps(view).count == 1, "the new family's intake")
  }

  /// While no pane is drawn, no record reaches the feed; on again, it follows from then on.
  @Test func aFeedThatFollowsNoEventsIsHandedNone() throws {
    let session = Session()
    let view = session.makeView(glyphs: .ascii)
    for line in ["class Clock", "register Clock = Clock scope=prototype"] { _ = session.execute(line) }
    _ = view.drain()
    view.follow(events: false)
    _ = session.execute("resolve Clock")
    #expect(view.drain().isEmpty)
    view.follow(events: true)
    _ = session.execute("resolve Clock")
    #expect(steps(view).count == 1)
  }

  /// The feed's queue is bounded: past it, events are counted, and the drain says how many were
  /// lost where they were (the trace pane's gap line).
  @Test func aFullQueueCountsWhatItLosesAndTheDrainSaysSo() throws {
    let container = Container()
    container.register(Thing.self, scope: .prototype) { _ in Thing() }
    let feed = ContainerFeed()
    feed.attach(to: container)
    for _ in 0..<(ContainerFeed.maximumQueued + 5) { _ = try container.resolve(Thing.self) }
    let items = feed.drain()
    #expect(items.count == ContainerFeed.maximumQueued + 1)
    guard case .gap(let count) = items.last?.record else {
      Issue.record("no gap at the end: \(String(describing: items.last?.record))")
      return
    }
    #expect(count == 5)
    _ = try container.resolve(Thing.self)
    #expect(feed.drain().count == 1, "drained, the queue takes events again")
  }
}
