import DIScope
import DIScopeLocked

/// Where a container family's events are taken in: its one observer. It feeds the session (its
/// buffer, taken with ``take()``, and the trees made of its resolutions) and every subscriber
/// (the playground's panes: ``subscribe(seenFrom:_:)``), each event made into one ``Record`` on
/// the thread it happened on.
///
/// Steps are described where they happen (on the resolving thread), once for everyone, never
/// where they are taken in: describing a step reads its registration, and a session's command
/// may be waiting on that container's lock meanwhile (an attached session's undo), so describing
/// at take time can wait forever.
///
/// ```swift
/// let events = session.events
/// let subscription = events.subscribe { record in queue.append(record) }   // the app's thread
/// _ = session.execute("resolve Logger")   // the queue gets the step, described
/// ```
public final class SessionEvents: Sendable {
  /// One event as a subscriber gets it: made once, on the thread the event happened on.
  public struct Record: Sendable {
    /// The event; a step is described (``ResolutionStep/described()``): it holds neither its
    /// instance nor its registration, so a subscriber's queue keeps nothing alive.
    public let event: ContainerEvent
    /// The thread it happened on (`Session.currentThread`'s numbering).
    public let thread: UInt
    /// A step's instance type, named as the family's owner names it (a script's class: all of
    /// them share one Swift type), read while the instance was at hand; nil where the step's
    /// own name is right.
    public let instanceTypeName: String?
  }

  /// One event, with the thread it happened on (`Session.currentThread`).
  struct Arrival {
    let event: ContainerEvent
    let thread: UInt
  }

  /// A root resolution, as a tree of described steps.
  struct Tree {
    let tree: ResolutionTree
    /// Whether the thread that took it made it (a command's own, not the app's other work).
    let isOwn: Bool
  }

  /// What happened since the last ``take()``.
  struct Batch {
    /// The container's events, oldest first.
    let arrivals: [Arrival]
    /// The root resolutions that finished, oldest first.
    let trees: [Tree]
  }

  /// A subscriber: what it sees of the family, and its handler.
  private struct Subscriber: Sendable {
    let id: Int
    let seen: ContainerSubtree?
    let handler: @Sendable (Record) -> Void
  }

  /// What the observer writes: the session's arrivals (with their instances, for its numbering)
  /// and the subscribers, under one lock, taken once per event.
  private struct State {
    var arrivals: [Arrival] = []
    var subscribers: [Subscriber] = []
    var nextSubscriberID = 0
  }

  private let state: Locked<State>
  /// Cancelled when let go (`Observation` cancels itself on deinit).
  private let observation: Observation
  /// Assembles root resolutions into trees; fed by the observer (it observes nothing itself).
  private let recorder: TraceRecorder?

  /// A session's intake: starts taking in the events of `root` and its children, buffered for
  /// ``take()`` with the trees of their resolutions; stops when released.
  convenience init(root: Container, glyphs: ResolutionTree.Glyphs) {
    self.init(
      observing: root, recorder: TraceRecorder(glyphs: glyphs), keepsArrivals: true,
      instanceTypeName: { ($0 as? PlaygroundInstance)?.typeName })
  }

  /// An intake with no session: observes `container` (and its children) for subscribers only
  /// (it keeps nothing for ``take()``); stops when released. `instanceTypeName` names a step's
  /// instance for ``Record/instanceTypeName``.
  ///
  /// ```swift
  /// let events = SessionEvents(observing: container)
  /// let subscription = events.subscribe { print($0.event) }
  /// ```
  public convenience init(
    observing container: Container, instanceTypeName: @escaping @Sendable (Any) -> String? = { _ in nil }
  ) {
    self.init(observing: container, recorder: nil, keepsArrivals: false, instanceTypeName: instanceTypeName)
  }

  private init(
    observing container: Container, recorder: TraceRecorder?, keepsArrivals: Bool,
    instanceTypeName: @escaping @Sendable (Any) -> String?
  ) {
    let state = Locked(State())
    self.state = state
    self.recorder = recorder
    observation = container.observe { event in
      // On the app's thread: one lock, one description of the step, one record for everyone.
      let thread = Session.currentThread
      let subscribers = state.withLock { state in
        if keepsArrivals { state.arrivals.append(Arrival(event: event, thread: thread)) }
        return state.subscribers
      }
      guard recorder != nil || !subscribers.isEmpty else { return }
      var described = event
      var typeName: String?
      if case .resolved(let step) = event {
        if !subscribers.isEmpty, let instance = step.instance { typeName = instanceTypeName(instance.value) }
        described = .resolved(step.described())
      }
      recorder?.record(described)
      guard !subscribers.isEmpty else { return }
      let record = Record(event: described, thread: thread, instanceTypeName: typeName)
      for subscriber in subscribers where subscriber.seen?.contains(record.event) ?? true {
        subscriber.handler(record)
      }
    }
  }

  /// Calls `handler` with the record of every event from now on, on the thread it happened on,
  /// until the subscription is cancelled or released: the handler only queues it (its own queue,
  /// bounded as it sees fit), as an observer would. With `container`, only the events an
  /// observer of that container would see (it or its children; see ``ContainerSubtree``).
  ///
  /// An event under way as the subscription is cancelled may still reach the handler once.
  public func subscribe(
    seenFrom container: Container? = nil, _ handler: @escaping @Sendable (Record) -> Void
  ) -> EventSubscription {
    let seen = container.map(ContainerSubtree.init)
    let id = state.withLock { state -> Int in
      let id = state.nextSubscriberID
      state.nextSubscriberID += 1
      state.subscribers.append(Subscriber(id: id, seen: seen, handler: handler))
      return id
    }
    let state = self.state
    return EventSubscription { state.withLock { $0.subscribers.removeAll { $0.id == id } } }
  }

  /// Stops taking events in, and counts them instead, until ``resume()``: for an intake with no
  /// session (``init(observing:instanceTypeName:)``) whose every subscriber's queue is full (a
  /// debug server's clients that read slower than the app resolves). While no observer of the
  /// family is open, the container builds no event at all. Does nothing once paused. A session's
  /// intake is never paused: its buffer would miss what the session numbers.
  package func pause() { observation.pause() }

  /// Takes events in again; returns how many were not taken in since the last call (each
  /// subscriber missed them all).
  package func resume() -> Int { observation.resume() }

  /// Everything that arrived since the last take, and forgets it. Called by the session's one
  /// intake (`Session.drainEvents()`) only, on the session's thread: a tree ``Tree/isOwn`` is
  /// that thread's.
  func take() -> Batch {
    let taken = state.withLock { state in
      defer { state.arrivals.removeAll(keepingCapacity: true) }
      return state.arrivals
    }
    let trees = recorder?.take().map { Tree(tree: $0.tree, isOwn: $0.isOnThisThread) } ?? []
    return Batch(arrivals: taken, trees: trees)
  }
}

/// A subscription to a ``SessionEvents``: cancel it, or let it go, to stop receiving records.
public final class EventSubscription: Sendable {
  private let cancelling: Locked<(@Sendable () -> Void)?>

  init(cancel: @escaping @Sendable () -> Void) { cancelling = Locked(cancel) }

  /// Stops handing records to the handler; later calls do nothing.
  public func cancel() {
    let cancel = cancelling.withLock { cancel in
      defer { cancel = nil }
      return cancel
    }
    cancel?()
  }

  deinit { cancel() }
}
