import DIScope
import DIScopeDebug
import Testing

@testable import Playground

/// A line REPL draws no pane, so none is computed: the stacks are not read after each command,
/// and the container's events are not even observed, let alone worded.
@Suite struct HiddenPanesTests {
  final class Thing: Sendable {}

  @Test func aFeedThatFollowsNoEventsDoesNotObserveTheContainer() throws {
    let container = Container()
    container.register(Thing.self, scope: .prototype) { _ in Thing() }
    let feed = ContainerFeed()
    feed.attach(to: container)
    _ = try container.resolve(Thing.self)
    #expect(feed.drain().count == 1, "following: the step is recorded")
    feed.follow(events: false)
    _ = try container.resolve(Thing.self)
    #expect(feed.drain().isEmpty, "not following: nothing observed")
    // Following another container while off does not observe it either.
    let other = Container()
    other.register(Thing.self, scope: .prototype) { _ in Thing() }
    feed.attach(to: other)
    _ = try other.resolve(Thing.self)
    #expect(feed.drain().isEmpty)
    let version = feed.snapshotVersion
    feed.follow(events: true)
    #expect(feed.snapshotVersion > version, "on again, pane 1 is read afresh")
    _ = try other.resolve(Thing.self)
    #expect(feed.drain().count == 1, "on again, the current container is followed")
    _ = try container.resolve(Thing.self)
    #expect(feed.drain().isEmpty, "and only the current one")
  }

  @Test func aControllerThatShowsNoPanesComputesNone() {
    let controller = PlaygroundController.fake()
    controller.showsPanes = false
    controller.enter("register Web")
    controller.enter("resolve Web")
    #expect(controller.state.trace.lines.isEmpty, "\(controller.texts(.trace))")
    #expect(controller.texts(.registrations).allSatisfy { !$0.contains("Web") }, "\(controller.texts(.registrations))")
    #expect(controller.texts(.transcript).first == "register Web", "the transcript is still kept")
    controller.showsPanes = true
    controller.enter("resolve Web")
    #expect(controller.state.trace.resolutionCount == 1, "\(controller.texts(.trace))")
    #expect(controller.texts(.registrations).contains { $0.contains("Web") }, "\(controller.texts(.registrations))")
  }
}
