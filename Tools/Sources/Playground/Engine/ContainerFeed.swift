import DIScope
import DIScopeDebug
import DisScript
import Synchronization

/// Shows a container of this process to the panes: takes its events as records from the
/// family's one observer (a session's ``SessionEvents``, or one of the feed's own over a container
/// with no session), and reads its stacks on demand.
///
/// The records come synchronously on whichever thread changed the container (the engine's worker,
/// or an app's own threads when attached with `Playground.run(on:)`), each made once for every
/// subscriber (the step described there): the feed only words it and appends it to a locked
/// queue; the UI thread drains it between keys. Each event carries the epoch that was current
/// when it arrived, so a replay rebuilt from scratch can drop stale ones.
///
/// A queued record keeps no instance: it is named as it arrives. Held until the next redraw, an
/// instance would outlive the session's release of it, and a weak registration would answer with
/// it: what the container did would depend on typing speed. The queue is bounded
/// (``maximumQueued``): past it, events are counted, and the next drain says how many were lost.
///
/// ```swift
/// let feed = ContainerFeed()
/// feed.attach(to: session.container, through: session.events)
/// _ = session.execute("resolve Logger")
/// for item in feed.drain() { print(item.record) }
/// ```
public final class ContainerFeed: ContainerView {
  private struct State {
    var items: [FeedItem] = []
    /// Events lost to a full queue since the last drain.
    var dropped = 0
    var epoch = 0
    var container: Container?
    /// The family's observer the feed subscribes to: a session's (held by the session), or the
    /// feed's own (``ownsIntake``), made while it follows a container with no session.
    weak var intake: SessionEvents?
    var ownIntake: SessionEvents?
    var ownsIntake = false
    var subscription: EventSubscription?
    /// Whether the container is followed (see ``follow(events:)``).
    var isFollowing = true
    var snapshotVersion = 0
    /// When a resolution in another container (a child the app made) last had pane 1 read
    /// again: children come and go with no event of their own, and a busy app's requests
    /// resolve many times a second.
    var lastChildrenRefresh = ContinuousClock.now - .seconds(1)
  }

  /// How many records the queue holds between two drains: a UI thread that stops draining (a
  /// suspended terminal) must not let an app's busy threads fill the memory.
  public static let maximumQueued = 10_000

  private let state = Mutex(State())
  private let context: EventRecord.Context
  private let instanceTypeNamer: InstanceTypeNamer
  private let errorDescriber: ErrorDescriber?

  /// A feed whose trace lines use `glyphs`, that names each step's instance with
  /// `instanceTypeNamer` as it arrives (over a container with no session: a session's events
  /// come named), and words each failed resolve with `errorDescriber` (the error's own
  /// description when `nil`).
  public init(
    glyphs: ResolutionTree.Glyphs = .unicode, instanceTypeNamer: @escaping InstanceTypeNamer = { _ in nil },
    errorDescriber: ErrorDescriber? = nil
  ) {
    context = EventRecord.Context(glyphs: glyphs)
    self.instanceTypeNamer = instanceTypeNamer
    self.errorDescriber = errorDescriber
  }

  /// Starts following `container` (and its children), stopping the previous one, through an
  /// observer of the feed's own: for a container no session observes.
  public func attach(to container: Container) { attach(to: container, intake: nil) }

  /// Starts following `container` (and its children) through `events`, the family's observer
  /// (a session's: ``Session/events``), stopping the previous one: the container is not observed
  /// a second time.
  public func attach(to container: Container, through events: SessionEvents) {
    attach(to: container, intake: events)
  }

  private func attach(to container: Container, intake: SessionEvents?) {
    let (old, follows) = state.withLock { state -> ((EventSubscription?, SessionEvents?), Bool) in
      let old = (state.subscription, state.ownIntake)
      state.subscription = nil
      state.ownIntake = nil
      state.intake = intake
      state.ownsIntake = intake == nil
      state.container = container
      state.snapshotVersion += 1
      return (old, state.isFollowing)
    }
    old.0?.cancel()
    // Let go of out of the lock: an intake of the feed's own cancels its observation as it goes,
    // which takes the family's lock.
    withExtendedLifetime(old.1) {}
    if follows { subscribe(to: container) }
  }

  /// Stops following the container while `isOn` is false (nothing is drawn from its events: no
  /// record reaches the feed, and a container with no session is not even observed), and follows
  /// the current one again when it is true.
  public func follow(events isOn: Bool) {
    let (old, container) = state.withLock { state -> ((EventSubscription?, SessionEvents?), Container?) in
      guard state.isFollowing != isOn else { return ((nil, nil), nil) }
      state.isFollowing = isOn
      if isOn {
        state.snapshotVersion += 1
        return ((nil, nil), state.container)
      }
      defer {
        state.subscription = nil
        state.ownIntake = nil
      }
      return ((state.subscription, state.ownIntake), nil)
    }
    old.0?.cancel()
    withExtendedLifetime(old.1) {}
    if let container { subscribe(to: container) }
  }

  /// Subscribes to the events of `container`, unless another was attached, or following stopped,
  /// meanwhile.
  private func subscribe(to container: Container) {
    let (intake, ownsIntake) = state.withLock { ($0.intake, $0.ownsIntake) }
    let source: SessionEvents
    if ownsIntake {
      source = SessionEvents(observing: container, instanceTypeName: instanceTypeNamer)
    } else if let intake {
      source = intake
    } else {
      return  // the session is gone: nothing more will happen to show
    }
    let subscription = source.subscribe(seenFrom: ownsIntake ? nil : container) { [weak self] record in
      self?.append(record)
    }
    let unwanted = state.withLock { state -> EventSubscription? in
      guard state.isFollowing, state.container === container, state.subscription == nil else { return subscription }
      state.subscription = subscription
      if ownsIntake { state.ownIntake = source }
      return nil
    }
    unwanted?.cancel()
  }

  /// The container being followed.
  public var container: Container? { state.withLock { $0.container } }

  public var epoch: Int {
    get { state.withLock { $0.epoch } }
    set { state.withLock { $0.epoch = newValue } }
  }

  public func drain() -> [FeedItem] {
    state.withLock { state in
      if state.dropped > 0 {
        // Said where it happened: the queue was full, every event after the last one queued lost.
        state.items.append(FeedItem(record: .gap(count: state.dropped), epoch: state.epoch))
        state.dropped = 0
      }
      defer { state.items.removeAll(keepingCapacity: true) }
      return state.items
    }
  }

  public func snapshot() -> ContainerSnapshot? {
    container.map { ContainerSnapshot(of: $0, describingStale: { StaleText.line($0) }) }
  }

  public var snapshotVersion: Int { state.withLock { $0.snapshotVersion } }

  public func explanation(of service: String) -> (title: String, lines: [String])? {
    guard let explanation = container?.explanation(ofServiceNamed: service) else { return nil }
    return ("why \(service)", explanation.lines(stale: { StaleText.line($0) }))
  }

  private func append(_ record: SessionEvents.Record) {
    var context = self.context
    if case .resolutionFailed = record.event, let errorDescriber, let container = state.withLock({ $0.container }) {
      context.errorLines = { error in errorDescriber(error, container) }
    }
    let item = EventRecord(record.event, context: context, thread: record.thread, typeName: record.instanceTypeName)
    // A root step from another container than the one followed: a child lives (or lived), and
    // pane 1 lists the live ones; read again at most once a second.
    var isInAChild = false
    if case .resolved(let step) = record.event, step.depth == 0 {
      isInAChild = state.withLock { $0.container?.number } != step.containerNumber
    }
    state.withLock { state in
      guard state.items.count < Self.maximumQueued else {
        state.dropped += 1
        return
      }
      state.items.append(FeedItem(record: item, epoch: state.epoch))
      let now = ContinuousClock.now
      if isInAChild, now - state.lastChildrenRefresh >= .seconds(1) {
        state.lastChildrenRefresh = now
        state.snapshotVersion += 1
      }
    }
  }

  deinit { state.withLock { $0.subscription }?.cancel() }
}
