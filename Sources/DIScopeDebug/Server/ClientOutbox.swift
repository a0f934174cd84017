import DIScope
import Dispatch
import Synchronization

/// What waits to be sent to one client: the container's events in a bounded queue, and the
/// replies to its requests.
///
/// The app's threads only ever append here, under a lock held for an append: when the client
/// does not read (slow, stopped with Ctrl-Z, gone), its writer thread blocks in `send`, the queue
/// fills, and newer events are dropped and counted; a resolve never waits for a client.
final class ClientOutbox: Sendable {
  /// An event as it arrived: without its instance (kept, it would outlive the app's release of
  /// it), the instance's type named while it was there.
  struct Arrival: Sendable {
    var event: ContainerEvent
    var typeName: String?
    var thread: UInt
  }

  private struct State {
    var events: [Arrival] = []
    var dropped = 0
    var replies: [ServerMessage] = []
    var wantsSnapshot = false
    var isClosed = false
    var isWriterWaiting = false
  }

  private let state = Mutex(State())
  private let wake = DispatchSemaphore(value: 0)
  let capacity: Int

  init(capacity: Int = DebugProtocol.eventQueueCapacity) { self.capacity = capacity }

  /// From any thread of the app: queues the event, or counts it dropped when the queue is full.
  func push(_ arrival: Arrival) {
    let wakeWriter = state.withLock { state -> Bool in
      guard !state.isClosed else { return false }
      if state.events.count < capacity {
        state.events.append(arrival)
      } else {
        state.dropped += 1
      }
      defer { state.isWriterWaiting = false }
      return state.isWriterWaiting
    }
    if wakeWriter { wake.signal() }
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

  /// Takes everything queued, waiting up to `milliseconds` when nothing is; nil once closed and
  /// empty (what was queued before `close()` is still handed out: a refusal, a last result).
  func take(waitingUpTo milliseconds: Int) -> Batch? {
    for attempt in 0..<2 {
      let batch = state.withLock { state -> Batch? in
        let batch = Batch(
          events: state.events, dropped: state.dropped, replies: state.replies, wantsSnapshot: state.wantsSnapshot)
        if batch.events.isEmpty && batch.dropped == 0 && batch.replies.isEmpty && !batch.wantsSnapshot {
          if state.isClosed { return nil }
          state.isWriterWaiting = true
          return Batch(events: [], dropped: 0, replies: [], wantsSnapshot: false)
        }
        state.events.removeAll(keepingCapacity: true)
        state.dropped = 0
        state.replies.removeAll()
        state.wantsSnapshot = false
        return batch
      }
      guard let batch else { return nil }
      if !batch.events.isEmpty || batch.dropped > 0 || !batch.replies.isEmpty || batch.wantsSnapshot || attempt == 1 {
        return batch
      }
      _ = wake.wait(timeout: .now() + .milliseconds(milliseconds))
      state.withLock { $0.isWriterWaiting = false }
    }
    return Batch(events: [], dropped: 0, replies: [], wantsSnapshot: false)
  }

  /// Stops queueing; `take` hands out what is left, then nil.
  func close() {
    state.withLock { $0.isClosed = true }
    wake.signal()
  }

  var isClosed: Bool { state.withLock { $0.isClosed } }
}
