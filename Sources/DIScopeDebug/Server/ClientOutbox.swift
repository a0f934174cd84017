import DIScope
import DIScopeLocked
import DisScript
import Dispatch
import Synchronization

/// What waits to be sent to one client: the container's events in a bounded queue, and the
/// replies to its requests.
///
/// The app's threads only ever append here (the client's handler of the server's intake,
/// `ServerEvents`), under a lock held for an append: when the client does not read (slow,
/// stopped with Ctrl-Z, gone), its writer thread blocks in `send`, the queue fills, and newer
/// events are dropped and counted; a resolve never waits for a client.
final class ClientOutbox: Sendable {
  /// An event as the server's intake made it, on the app's thread: a step described (it holds
  /// neither its instance, which would outlive the app's release of it, nor its registration),
  /// worded later on the writer's thread.
  typealias Arrival = SessionEvents.Record

  private struct State {
    var events: [Arrival] = []
    var replies: [ServerMessage] = []
    var wantsSnapshot = false
    var isClosed = false
    var isWriterWaiting = false
    /// The client's subscription to the server's intake: told when the queue is full (see
    /// `noteFullIfFull`; the intake is paused while every client's is) and when it is taken.
    var subscriber: ServerEvents.Subscriber?
    /// Whether the intake was told the queue is full since the last take: told once, so that a
    /// slow client beside fast ones (the intake stays open) costs each dropped event one lock,
    /// not two.
    var isIntakeToldFull = false
  }

  private let state = Locked(State())
  private let wake = DispatchSemaphore(value: 0)
  /// How many events are queued, read without the lock: a full queue drops an event for the
  /// price of two atomic operations, before the app's thread copies anything out of it.
  private let queued = Atomic<Int>(0)
  /// Events dropped since the writer last took the queue.
  private let dropped = Atomic<Int>(0)
  let capacity: Int

  init(capacity: Int = DebugProtocol.eventQueueCapacity) { self.capacity = capacity }

  /// The subscription whose events fill the queue: told while the queue is full, so that the
  /// server's intake is paused once every client's is (the container then builds no event only
  /// for it to be dropped; it counts them instead, and `take` adds them to the dropped ones).
  /// Cancelled by `close()`; returns false (and leaves it to the caller) once closed.
  func fills(from subscriber: ServerEvents.Subscriber) -> Bool {
    state.withLock { state in
      guard !state.isClosed else { return false }
      state.subscriber = subscriber
      return true
    }
  }

  /// Counts events the server's intake skipped while paused (every client's queue full), as
  /// dropped: this client missed them. Called under the intake's lock: an atomic add.
  func countSkipped(_ count: Int) { dropped.wrappingAdd(count, ordering: .relaxed) }

  /// From any thread of the app: queues the event, or counts it dropped when the queue is full.
  /// Never wakes the writer: it comes for events at its own pace (see `take`), so that a busy
  /// app pays a lock and an append per event, and its events cost the app's process at most the
  /// encoding of one queue per period.
  func push(_ arrival: Arrival) {
    let accepted = state.withLock { state -> Bool in
      guard !state.isClosed else { return true }
      guard state.events.count < capacity else {
        Self.tellIntakeFull(&state)
        return false
      }
      state.events.append(arrival)
      queued.store(state.events.count, ordering: .relaxed)
      return true
    }
    if !accepted { dropped.wrappingAdd(1, ordering: .relaxed) }
  }

  /// Whether the queue is full, so that the event at hand can be counted dropped at once; the
  /// intake is told then, so that once every client's queue is full the next events are not
  /// even built until a writer takes its queue.
  @inline(__always)
  func dropIfFull() -> Bool {
    guard queued.load(ordering: .relaxed) >= capacity else { return false }
    dropped.wrappingAdd(1, ordering: .relaxed)
    noteFullIfFull()
    return true
  }

  /// Tells the intake the queue is full, if it still is: checked under the lock that `take`
  /// empties it under, so that the intake is never left paused over an empty queue. (The lock
  /// order is this queue's, then the intake's; the intake calls back only `countSkipped`.)
  private func noteFullIfFull() {
    state.withLock { state in
      guard state.events.count >= capacity else { return }
      Self.tellIntakeFull(&state)
    }
  }

  private static func tellIntakeFull(_ state: inout State) {
    guard !state.isIntakeToldFull else { return }
    state.isIntakeToldFull = true
    state.subscriber?.noteFull()
  }

  /// Queues a reply (a command's result, an explanation…): never dropped.
  func send(_ message: ServerMessage) {
    let wakeWriter = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      state.replies.append(message)
      defer { state.isWriterWaiting = false }
      return state.isWriterWaiting
    }
    if wakeWriter { wake.signal() }
  }

  /// Asks the writer for a snapshot of the stacks.
  func requestSnapshot() {
    let wakeWriter = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      state.wantsSnapshot = true
      defer { state.isWriterWaiting = false }
      return state.isWriterWaiting
    }
    if wakeWriter { wake.signal() }
  }

  /// What the writer sends next.
  struct Batch {
    var events: [Arrival]
    var dropped: Int
    var replies: [ServerMessage]
    var wantsSnapshot: Bool
  }

  /// Takes everything queued after waiting up to `milliseconds` (a reply, a snapshot asked for
  /// or `close()` end the wait at once; events do not); nil once closed and empty (what was
  /// queued before `close()` is still handed out: a refusal, a last result).
  func take(waitingUpTo milliseconds: Int) -> Batch? {
    let isUrgent = state.withLock { state in
      state.isWriterWaiting = state.replies.isEmpty && !state.wantsSnapshot && !state.isClosed
      return !state.isWriterWaiting
    }
    if !isUrgent { _ = wake.wait(timeout: .now() + .milliseconds(milliseconds)) }
    return state.withLock { state -> Batch? in
      state.isWriterWaiting = false
      // The queue is emptied below: the intake takes events again, and what it skipped counts
      // as dropped (asked at every take, paused or not: a step that found it paused just as the
      // last take resumed it is counted now).
      let skipped = state.subscriber?.noteTaken() ?? 0
      state.isIntakeToldFull = false
      let batch = Batch(
        events: state.events, dropped: dropped.exchange(0, ordering: .relaxed) + skipped,
        replies: state.replies, wantsSnapshot: state.wantsSnapshot)
      if batch.events.isEmpty && batch.dropped == 0 && batch.replies.isEmpty && !batch.wantsSnapshot && state.isClosed {
        return nil
      }
      // A fresh array rather than `removeAll(keepingCapacity:)`: the batch holds the old one.
      state.events = []
      queued.store(0, ordering: .relaxed)
      state.replies.removeAll()
      state.wantsSnapshot = false
      return batch
    }
  }

  /// Stops queueing; `take` hands out what is left, then nil.
  func close() {
    let subscriber = state.withLock { state -> ServerEvents.Subscriber? in
      state.isClosed = true
      defer { state.subscriber = nil }
      return state.subscriber
    }
    // Cancelled out of the lock (the last subscriber's cancellation stops the observation, which
    // takes the family's lock).
    subscriber?.cancel()
    wake.signal()
  }

  var isClosed: Bool { state.withLock { $0.isClosed } }
}
