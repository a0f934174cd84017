import DIScope
import DIScopeDebug
import DisScript
import Synchronization

/// Shows a container of this process to the panes: collects its observation events as records,
/// and reads its stacks on demand.
///
/// Observers run synchronously on whichever thread changed the container (the engine's worker,
/// or an app's own threads when attached with `Playground.run(on:)`), so the feed only words the
/// event and appends it to a locked queue; the UI thread drains it between keys. Each event
/// carries the epoch that was current when it arrived, so a replay rebuilt from scratch can drop
/// stale ones.
///
/// A queued record keeps no instance: it is named as it arrives. Held until the next redraw, an
/// instance would outlive the session's release of it, and a weak registration would answer with
/// it: what the container did would depend on typing speed.
///
/// ```swift
/// let feed = ContainerFeed()
/// feed.attach(to: container)
/// _ = try container.resolve(Logger.self)
/// for item in feed.drain() { print(item.record) }
/// ```
public final class ContainerFeed: ContainerView {
  private struct State {
    var items: [FeedItem] = []
    var epoch = 0
    var container: Container?
    var observation: Observation?
    /// Whether the container is observed (see ``follow(events:)``).
    var isFollowing = true
    var snapshotVersion = 0
    /// When a resolution in another container (a child the app made) last had pane 1 read
    /// again: children come and go with no event of their own, and a busy app's requests
    /// resolve many times a second.
    var lastChildrenRefresh = ContinuousClock.now - .seconds(1)
  }

  private let state = Mutex(State())
  private let context: EventRecord.Context
  private let errorDescriber: ErrorDescriber?

  /// A feed whose trace lines use `glyphs`, that names each step's instance with
  /// `instanceTypeNamer` as it arrives, and words each failed resolve with `errorDescriber` (the
  /// error's own description when `nil`).
  public init(
    glyphs: ResolutionTree.Glyphs = .unicode, instanceTypeNamer: @escaping InstanceTypeNamer = { _ in nil },
    errorDescriber: ErrorDescriber? = nil
  ) {
    context = EventRecord.Context(glyphs: glyphs, instanceTypeName: instanceTypeNamer)
    self.errorDescriber = errorDescriber
  }

  /// Starts following `container` (and its children), stopping the previous one.
  public func attach(to container: Container) {
    let (old, follows) = state.withLock { state -> (Observation?, Bool) in
      let old = state.observation
      state.observation = nil
      state.container = container
      state.snapshotVersion += 1
      return (old, state.isFollowing)
    }
    old?.cancel()
    if follows { observe(container) }
  }

  /// Stops observing the container while `isOn` is false (nothing is drawn from its events), and
  /// observes the current one again when it is true.
  public func follow(events isOn: Bool) {
    let (old, container) = state.withLock { state -> (Observation?, Container?) in
      guard state.isFollowing != isOn else { return (nil, nil) }
      state.isFollowing = isOn
      if isOn {
        state.snapshotVersion += 1
        return (nil, state.container)
      }
      defer { state.observation = nil }
      return (state.observation, nil)
    }
    old?.cancel()
    if let container { observe(container) }
  }

  /// Observes `container`, unless another was attached, or following stopped, meanwhile.
  private func observe(_ container: Container) {
    let observation = container.observe { [weak self] event in self?.append(event) }
    let unwanted = state.withLock { state -> Observation? in
      guard state.isFollowing, state.container === container, state.observation == nil else { return observation }
      state.observation = observation
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

  private func append(_ event: ContainerEvent) {
    var context = self.context
    if case .resolutionFailed = event, let errorDescriber, let container = state.withLock({ $0.container }) {
      context.errorLines = { error in errorDescriber(error, container) }
    }
    let record = EventRecord(event, context: context)
    // A root step from another container than the one followed: a child lives (or lived), and
    // pane 1 lists the live ones; read again at most once a second.
    var isInAChild = false
    if case .resolved(let step) = event, step.depth == 0 {
      isInAChild = state.withLock { $0.container?.number } != step.containerNumber
    }
    state.withLock { state in
      state.items.append(FeedItem(record: record, epoch: state.epoch))
      let now = ContinuousClock.now
      if isInAChild, now - state.lastChildrenRefresh >= .seconds(1) {
        state.lastChildrenRefresh = now
        state.snapshotVersion += 1
      }
    }
  }

  deinit { state.withLock { $0.observation }?.cancel() }
}
