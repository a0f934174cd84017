import DIScope
import DIScopeLocked
import Dispatch
import Synchronization

/// What waits to be sent to one client: the container's events in a bounded queue, and the
/// replies to its requests.
///
/// The app's threads only ever append here, under a lock held for an append: when the client
/// does not read (slow, stopped with Ctrl-Z, gone), its writer thread blocks in `send`, the queue
/// fills, and newer events are dropped and counted; a resolve never waits for a client.
final class ClientOutbox: Sendable {
  /// An event as it arrived. A resolution step comes without its instance (kept, it would
  /// outlive the app's release of it, and a weak registration would answer with it), but with the
  /// instance's type, named later on the writer's thread.
  enum Arrival: Sendable {
    case step(ResolutionStep, instanceType: Any.Type?, scriptTypeName: String?, thread: UInt)
    case other(ContainerEvent, thread: UInt)
  }

  private struct State {
    var events: [Arrival] = []
    var replies: [ServerMessage] = []
    var wantsSnapshot = false
    var isClosed = false
    var isWriterWaiting = false
    /// The container's observer that fills the queue: paused while the queue is full (see
    /// `pauseObserverIfFull`), resumed as the writer takes the queue.
    var observation: Observation?
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

  /// The container's observer whose events fill the queue: paused while the queue is full, so
  /// that the app builds no event only for it to be dropped (the container counts them instead,
  /// and `take` adds them to the dropped ones). Let go of by `close()`.
  func pauses(_ observation: Observation) {
    state.withLock { state in
      guard !state.isClosed else { return }
      state.observation = observation
    }
  }

  /// From any thread of the app: queues the event, or counts it dropped when the queue is full.
  /// Never wakes the writer: it comes for events at its own pace (see `take`), so that a busy
  /// app pays a lock and an append per event, and its events cost the app's process at most the
  /// encoding of one queue per period.
  func push(_ arrival: Arrival) {
    let accepted = state.withLock { state -> Bool in
      guard !state.isClosed else { return true }
      guard state.events.count < capacity else {
        state.observation?.pause()
        return false
      }
      state.events.append(arrival)
      queued.store(state.events.count, ordering: .relaxed)
      return true
    }
    if !accepted { dropped.wrappingAdd(1, ordering: .relaxed) }
  }

  /// Whether the queue is full, so that the event at hand can be counted dropped at once, before
  /// the app's thread copies anything out of it; the observer is paused then, so that the next
  /// events are not even built until the writer takes the queue.
  @inline(__always)
  func dropIfFull() -> Bool {
    guard queued.load(ordering: .relaxed) >= capacity else { return false }
    dropped.wrappingAdd(1, ordering: .relaxed)
    pauseObserverIfFull()
    return true
  }

  /// Pauses the observer, if the queue is still full: checked under the lock that `take` empties
  /// it under, so that an observer is never left paused over an empty queue.
  private func pauseObserverIfFull() {
    state.withLock { state in
      guard state.events.count >= capacity else { return }
      state.observation?.pause()  // does nothing if paused already
    }
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
      // The queue is emptied below: the observer takes events again, and what it skipped counts
      // as dropped (asked at every take, paused or not: a step that found it paused just as the
      // last take resumed it is counted now).
      let skipped = state.observation?.resume() ?? 0
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
    let observation = state.withLock { state -> Observation? in
      state.isClosed = true
      defer { state.observation = nil }
      return state.observation
    }
    // Released out of the lock (its last release cancels it, which takes the family's lock).
    withExtendedLifetime(observation) {}
    wake.signal()
  }

  var isClosed: Bool { state.withLock { $0.isClosed } }
}
