import DIScope
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Collects a container's observation events for the screen.
///
/// Observers run synchronously on whichever thread changed the container (the engine's worker,
/// or an app's own threads when attached with `Playground.run(on:)`), so the feed only appends
/// to a locked queue; the UI thread drains it between keys. Each event carries the epoch that
/// was current when it arrived, so a replay rebuilt from scratch can drop stale ones.
///
/// A queued step keeps no instance: it is named as it arrives and queued without it. Held until
/// the next redraw, an instance would outlive the session's release of it, and a weak
/// registration would answer with it: what the container did would depend on typing speed.
///
/// ```swift
/// let feed = ContainerFeed()
/// feed.attach(to: container)
/// _ = try container.resolve(Logger.self)
/// for item in feed.drain() { print(item.event) }
/// ```
public final class ContainerFeed: Sendable {
  /// One event and the epoch it belongs to.
  public struct Item: Sendable {
    public var event: ContainerEvent
    public var epoch: Int
    /// For a resolution step, what the engine calls its instance's type (a script's class).
    public var instanceTypeName: String? = nil
    /// The thread that made the change: an app resolving on several threads at once interleaves
    /// the steps of several resolutions, each all on its own thread.
    public var thread: UInt = 0
    /// For a failed resolve, the error as the engine words it.
    public var errorLines: [String]? = nil
  }

  private struct State {
    var items: [Item] = []
    var epoch = 0
    var container: Container?
    var observation: Observation?
    /// Bumped on every change, so the UI knows to look again without draining.
    var changeCount = 0
  }

  private let state = Mutex(State())
  private let instanceTypeNamer: InstanceTypeNamer
  private let errorDescriber: ErrorDescriber?

  /// A feed that names each step's instance with `instanceTypeNamer` as it arrives, and words
  /// each failed resolve with `errorDescriber` (the error's own description when `nil`).
  public init(
    instanceTypeNamer: @escaping InstanceTypeNamer = { _ in nil }, errorDescriber: ErrorDescriber? = nil
  ) {
    self.instanceTypeNamer = instanceTypeNamer
    self.errorDescriber = errorDescriber
  }

  /// Starts following `container` (and its children), stopping the previous one.
  public func attach(to container: Container) {
    let old = state.withLock { state -> Observation? in
      let old = state.observation
      state.observation = nil
      state.container = container
      state.changeCount += 1
      return old
    }
    old?.cancel()
    let observation = container.observe { [weak self] event in self?.append(event) }
    state.withLock { $0.observation = observation }
  }

  /// Stops following the container.
  public func detach() {
    let old = state.withLock { state -> Observation? in
      defer { state.observation = nil }
      return state.observation
    }
    old?.cancel()
  }

  /// The container being followed.
  public var container: Container? { state.withLock { $0.container } }

  /// The epoch stamped on events from now on.
  public var epoch: Int {
    get { state.withLock { $0.epoch } }
    set { state.withLock { $0.epoch = newValue } }
  }

  /// Takes every event collected so far, oldest first.
  public func drain() -> [Item] {
    state.withLock { state in
      defer { state.items.removeAll(keepingCapacity: true) }
      return state.items
    }
  }

  /// How many changes have arrived since the feed was made (a cheap "anything new?" check).
  public var changeCount: Int { state.withLock { $0.changeCount } }

  private func append(_ event: ContainerEvent) {
    var item = Item(event: event, epoch: 0, thread: Self.currentThread)
    if case .resolved(let step) = event, let instance = step.instance {
      item.instanceTypeName = instanceTypeNamer(instance.value) ?? step.instanceTypeName
      item.event = .resolved(step.withoutInstance())
    }
    if case .resolutionFailed(let error, _) = event, let errorDescriber,
      let container = state.withLock({ $0.container })
    {
      item.errorLines = errorDescriber(error, container)
    }
    state.withLock { state in
      item.epoch = state.epoch
      state.items.append(item)
      state.changeCount += 1
    }
  }

  deinit { state.withLock { $0.observation }?.cancel() }

  /// The calling thread, as a number.
  private static var currentThread: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}
