import DIScope
import DIScopeLocked
import DisScript

/// The server's one intake of the app's events: every attached client subscribes to it, so that
/// the app's container has one observer for all of them (a `SessionEvents` with no session),
/// each event described once, on the app's thread, for everyone.
///
/// It observes only while a client is subscribed: made at the first subscription, let go at the
/// last one's cancellation (an app serving `discope attach` with no client costs nothing beyond
/// holder tracking). A client's queue is its own (`ClientOutbox`); the intake is paused while
/// every subscriber's queue is full, so that the app builds no event only for it to be dropped,
/// and what it skipped then is counted dropped for every subscriber (each missed it).
final class ServerEvents: Sendable {
  private let container: Container

  private struct Entry {
    let subscription: EventSubscription
    var isFull = false
    /// Adds to the subscriber's dropped count: events the paused intake skipped. An atomic add
    /// on the subscriber's side (it is called under this object's lock).
    let addSkipped: @Sendable (Int) -> Void
  }

  private struct State {
    var intake: SessionEvents?
    var entries: [Int: Entry] = [:]
    var nextID = 0
    var isPaused = false
  }

  private let state = Locked(State())

  init(container: Container) { self.container = container }

  /// Hands `handler` every event of the container (and its children) from now on, on the thread
  /// it happened on, until the subscriber is cancelled; `addSkipped` hears how many the intake
  /// skipped while paused. The container is observed from the first subscription on.
  func subscribe(
    addingSkipped addSkipped: @escaping @Sendable (Int) -> Void, _ handler: @escaping @Sendable (SessionEvents.Record) -> Void
  ) -> Subscriber {
    let container = self.container
    let id = state.withLock { state -> Int in
      // Made under the lock (observing takes the family's lock, never this one): two clients
      // attaching at once share one intake.
      let intake =
        state.intake
        ?? SessionEvents(observing: container, instanceTypeName: { ($0 as? PlaygroundInstance)?.typeName })
      state.intake = intake
      let id = state.nextID
      state.nextID += 1
      // A new subscriber's queue is empty: the intake takes events again for it; the others
      // missed what it skipped.
      _ = Self.resume(&state)
      state.entries[id] = Entry(subscription: intake.subscribe(handler), addSkipped: addSkipped)
      return id
    }
    return Subscriber(id: id, events: self)
  }

  /// How many clients are subscribed now.
  var subscriberCount: Int { state.withLock { $0.entries.count } }

  /// Resumes the intake (a no-op when open, but a step that saw it paused just as it was resumed
  /// is counted now) and counts what it skipped as dropped for every subscriber but `except`;
  /// returns that count.
  private static func resume(_ state: inout State, except: Int? = nil) -> Int {
    guard let intake = state.intake else { return 0 }
    state.isPaused = false
    let skipped = intake.resume()
    if skipped > 0 {
      for (id, entry) in state.entries where id != except { entry.addSkipped(skipped) }
    }
    return skipped
  }

  fileprivate func noteFull(_ id: Int) {
    state.withLock { state in
      state.entries[id]?.isFull = true
      guard !state.isPaused, !state.entries.isEmpty, state.entries.values.allSatisfy(\.isFull) else { return }
      state.intake?.pause()
      state.isPaused = true
    }
  }

  fileprivate func noteTaken(_ id: Int) -> Int {
    state.withLock { state in
      state.entries[id]?.isFull = false
      return Self.resume(&state, except: id)
    }
  }

  fileprivate func cancel(_ id: Int) {
    let (subscription, intake) = state.withLock { state -> (EventSubscription?, SessionEvents?) in
      // Cancelled twice (by its owner, then as it is let go): the second time is a no-op.
      guard let subscription = state.entries.removeValue(forKey: id)?.subscription else { return (nil, nil) }
      guard state.entries.isEmpty else { return (subscription, nil) }
      defer {
        state.intake = nil
        state.isPaused = false
      }
      return (subscription, state.intake)
    }
    // Out of the lock: the last release of the intake cancels its observation, which takes the
    // family's lock.
    subscription?.cancel()
    withExtendedLifetime(intake) {}
  }

  /// One client's subscription: its queue tells it when it is full and when it was taken;
  /// cancelled by its owner (or when let go).
  final class Subscriber: Sendable {
    private let id: Int
    private let events: ServerEvents

    fileprivate init(id: Int, events: ServerEvents) {
      self.id = id
      self.events = events
    }

    /// The subscriber's queue is full: the intake is paused if every subscriber's is.
    func noteFull() { events.noteFull(id) }

    /// The subscriber's queue was taken: the intake takes events again; returns how many it
    /// skipped, which this subscriber missed.
    func noteTaken() -> Int { events.noteTaken(id) }

    /// Stops handing events to this subscriber; the last one stops the observation.
    func cancel() { events.cancel(id) }

    deinit { events.cancel(id) }
  }
}
