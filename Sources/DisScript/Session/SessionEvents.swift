import DIScope
import DIScopeLocked

/// Where a container family's events are taken in: its one observer. It feeds each session over
/// it (its share: the events with their instances, and the trees made of its resolutions; one
/// session locally, one per attached client in a debug server) and every subscriber (the
/// playground's panes, a debug server's client queues: ``subscribe(seenFrom:_:)``), each event
/// made into one ``Record`` on the thread it happened on.
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

  /// A session's share of the intake (see ``Share``): its recorder; its arrivals are kept beside
  /// it in `State.shareArrivals`, at the same index, so that the observer appends them in place.
  private struct ShareSlot: Sendable {
    let id: Int
    let recorder: TraceRecorder
  }

  /// What the observer writes: each session's arrivals (with their instances, for its numbering)
  /// and reads: the shares and the subscribers, under one lock, taken once per event.
  private struct State {
    var shares: [ShareSlot] = []
    var shareArrivals: [[Arrival]] = []
    var subscribers: [Subscriber] = []
    var nextID = 0
  }

  private let state: Locked<State>
  /// Cancelled when let go (`Observation` cancels itself on deinit).
  private let observation: Observation

  /// An intake: observes `container` (and its children) for the sessions that take a share of it
  /// (``share(glyphs:)``) and for subscribers (``subscribe(seenFrom:_:)``); stops when released.
  /// `instanceTypeName` names a step's instance for ``Record/instanceTypeName``.
  ///
  /// ```swift
  /// let events = SessionEvents(observing: container)
  /// let subscription = events.subscribe { print($0.event) }
  /// ```
  public init(
    observing container: Container, instanceTypeName: @escaping @Sendable (Any) -> String? = { _ in nil }
  ) {
    let state = Locked(State())
    self.state = state
    observation = container.observe { event in
      // On the app's thread: one lock, one description of the step, one record for everyone.
      let thread = Session.currentThread
      let (shares, subscribers) = state.withLock { state in
        if !state.shares.isEmpty {
          let arrival = Arrival(event: event, thread: thread)
          for index in state.shareArrivals.indices { state.shareArrivals[index].append(arrival) }
        }
        return (state.shares, state.subscribers)
      }
      guard !shares.isEmpty || !subscribers.isEmpty else { return }
      var described = event
      var typeName: String?
      if case .resolved(let step) = event {
        if !subscribers.isEmpty, let instance = step.instance { typeName = instanceTypeName(instance.value) }
        described = .resolved(step.described())
      }
      for share in shares { share.recorder.record(described) }
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
      let id = state.nextID
      state.nextID += 1
      state.subscribers.append(Subscriber(id: id, seen: seen, handler: handler))
      return id
    }
    let state = self.state
    return EventSubscription { state.withLock { $0.subscribers.removeAll { $0.id == id } } }
  }

  /// Stops taking events in, and counts them instead, until ``resume()``: for an intake whose
  /// every subscriber's queue is full (a debug server's clients that read slower than the app
  /// resolves). While no observer of the family is open, the container builds no event at all.
  /// Does nothing once paused. Never while a session has a share (``share(glyphs:)``): its
  /// arrivals would miss what the session numbers; the owner of the pause keeps that rule (the
  /// debug server's `ServerEvents` counts a session's share as a subscriber never full).
  package func pause() { observation.pause() }

  /// Takes events in again; returns how many were not taken in since the last call (each
  /// subscriber missed them all).
  package func resume() -> Int { observation.resume() }

  /// A session's share of the intake, from now on: the events with their instances, and the
  /// trees of their root resolutions assembled by a recorder of its own (with `glyphs`), both
  /// kept until the session takes them (``Share/take()``). Every session over the intake has its
  /// own, so several sessions (a debug server's clients) share one observer of the container.
  package func share(glyphs: ResolutionTree.Glyphs) -> Share {
    let recorder = TraceRecorder(glyphs: glyphs)
    let id = state.withLock { state -> Int in
      let id = state.nextID
      state.nextID += 1
      state.shares.append(ShareSlot(id: id, recorder: recorder))
      state.shareArrivals.append([])
      return id
    }
    return Share(intake: self, id: id, recorder: recorder)
  }

  /// Takes the arrivals of share `id` since the last call, and forgets them.
  fileprivate func takeArrivals(of id: Int) -> [Arrival] {
    state.withLock { state in
      guard let index = state.shares.firstIndex(where: { $0.id == id }) else { return [] }
      defer { state.shareArrivals[index].removeAll(keepingCapacity: true) }
      return state.shareArrivals[index]
    }
  }

  /// Stops keeping events for share `id` (and lets go of what it had not taken).
  fileprivate func removeShare(_ id: Int) {
    let dropped = state.withLock { state -> [Arrival] in
      guard let index = state.shares.firstIndex(where: { $0.id == id }) else { return [] }
      state.shares.remove(at: index)
      return state.shareArrivals.remove(at: index)
    }
    // The app's instances it held are let go out of the lock (a deinit may resolve).
    withExtendedLifetime(dropped) {}
  }

  /// One session's share of an intake (``SessionEvents/share(glyphs:)``): what arrived for it,
  /// instances included, until it takes it; cancelled (or let go with its session) it stops
  /// keeping anything. It keeps its intake, and so the observation, alive.
  package final class Share: Sendable {
    /// The intake it is a share of: what the session's panes subscribe to (`Session.events`).
    package let intake: SessionEvents
    private let id: Int
    private let recorder: TraceRecorder

    fileprivate init(intake: SessionEvents, id: Int, recorder: TraceRecorder) {
      self.intake = intake
      self.id = id
      self.recorder = recorder
    }

    /// Everything that arrived since the last take, and forgets it. Called by the session's one
    /// intake (`Session.drainEvents()`) only, on the session's thread: a tree ``Tree/isOwn`` is
    /// that thread's.
    func take() -> Batch {
      let arrivals = intake.takeArrivals(of: id)
      let trees = recorder.take().map { Tree(tree: $0.tree, isOwn: $0.isOnThisThread) }
      return Batch(arrivals: arrivals, trees: trees)
    }

    /// Stops keeping events for the session; later calls do nothing.
    package func cancel() { intake.removeShare(id) }

    deinit { intake.removeShare(id) }
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
