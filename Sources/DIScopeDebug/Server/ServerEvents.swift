import DIScope
import DIScopeLocked
import DisScript

/// The server's one intake of the app's events: every attached client subscribes to it, so that
/// the app's container has one observer for all of them (a `SessionEvents` with no session),
/// each event described once, on the app's thread, for everyone.
///
/// A client's session takes a share of it too (``share(glyphs:)``): the events with their
/// instances, for its numbering, and its own recorder; no second observer either.
///
/// It observes only while a client is subscribed: made at the first subscription, let go at the
/// last one's cancellation (an app serving `discope attach` with no client costs nothing beyond
/// holder tracking). A client's queue is its own (`ClientOutbox`); the intake is paused while
/// every subscriber's queue is full, so that the app builds no event only for it to be dropped,
/// and what it skipped then is counted dropped for every subscriber (each missed it).
final class ServerEvents: Sendable {
  private let container: Container

  private struct Entry {
    /// Stops the intake handing it anything (a client's queue: its subscription; a session: its
    /// share).
    let cancel: @Sendable () -> Void
    /// Whether its queue is full; a session's share never is (see ``share(glyphs:)``).
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
    let (id, _) = addEntry { intake in
      let subscription = intake.subscribe(handler)
      return (Entry(cancel: { subscription.cancel() }, addSkipped: addSkipped), ())
    }
    return Subscriber(id: id, events: self)
  }

  /// A client's session's share of the intake (see `SessionEvents.share(glyphs:)`): what the
  /// session is made over (`Session(container:events:options:)`) instead of observing the app's
  /// container a second time, and the subscriber that keeps it counted here until cancelled.
  ///
  /// A share is a subscriber whose queue is never full: while a client has a session the intake
  /// is never paused, since the session's arrivals must not miss what it numbers (an app object's
  /// `#N`, a token the app registers) and a session's own observer was never paused either. Its
  /// arrivals keep the app's instances only until the session's next catch-up (every 100 ms), as
  /// the session's own buffer did.
  func share(glyphs: ResolutionTree.Glyphs) -> (share: SessionEvents.Share, subscriber: Subscriber) {
    let (id, share) = addEntry { intake in
      let share = intake.share(glyphs: glyphs)
      return (Entry(cancel: { [weak share] in share?.cancel() }, addSkipped: { _ in }), share)
    }
    return (share, Subscriber(id: id, events: self))
  }

  /// Adds the entry `make` makes with the intake (made now if none); returns its id and what
  /// else `make` made.
  private func addEntry<Made>(_ make: (SessionEvents) -> (Entry, Made)) -> (Int, Made) {
    let container = self.container
    return state.withLock { state -> (Int, Made) in
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
      let (entry, made) = make(intake)
      state.entries[id] = entry
      return (id, made)
    }
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
    let (cancelling, intake) = state.withLock { state -> ((@Sendable () -> Void)?, SessionEvents?) in
      // Cancelled twice (by its owner, then as it is let go): the second time is a no-op.
      guard let cancel = state.entries.removeValue(forKey: id)?.cancel else { return (nil, nil) }
      guard state.entries.isEmpty else { return (cancel, nil) }
      defer {
        state.intake = nil
        state.isPaused = false
      }
      return (cancel, state.intake)
    }
    // Out of the lock: the last release of the intake cancels its observation, which takes the
    // family's lock (a session's share keeps the intake until the session goes).
    cancelling?()
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
