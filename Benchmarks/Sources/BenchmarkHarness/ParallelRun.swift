import Foundation
import Synchronization

/// Runs one body on several new threads that start together, and times them from the moment
/// all are released until the last one ends.
///
/// The threads are created first and wait at a start line (a spin on an atomic counter); the
/// last to arrive starts the clock, and each thread notes when its loop ended. Thread creation
/// and joining stay out of the time, so one thread and two are compared on their loops alone.
/// Each thread gets its own sink. An error thrown on any thread is rethrown once all have ended.
///
/// ```swift
/// let run = try ParallelRun.run(threads: 2) { index, sink in
///   for _ in 0..<iterations { sink.consume(try container.resolve(Logger.self)) }
/// }
/// print(run.nanoseconds / Double(2 * iterations))   // ns per operation overall
/// ```
public enum ParallelRun {
  /// What a run measured: its wall time and the sum of its threads' sink checksums.
  public struct Outcome: Sendable {
    public let nanoseconds: Double
    public let checksum: UInt
  }

  /// Runs `body(threadIndex, sink)` on `threads` new threads at once.
  public static func run(
    threads: Int, _ body: @escaping @Sendable (_ threadIndex: Int, _ sink: Sink) throws -> Void
  ) throws -> Outcome {
    let startLine = StartLine(count: threads)
    let finished = DispatchSemaphore(value: 0)
    let state = Mutex<(end: ContinuousClock.Instant?, checksum: UInt, error: (any Error)?)>(
      (nil, 0, nil))
    for index in 0..<threads {
      let thread = Thread {
        let sink = Sink()
        startLine.arriveAndWait()
        do {
          try body(index, sink)
          let end = ContinuousClock.now
          state.withLock { state in
            state.end = max(state.end ?? end, end)
            state.checksum &+= sink.checksum
          }
        } catch {
          state.withLock { $0.error = $0.error ?? error }
        }
        finished.signal()
      }
      thread.start()
    }
    for _ in 0..<threads { finished.wait() }
    let (end, checksum, error) = state.withLock { ($0.end, $0.checksum, $0.error) }
    if let error { throw error }
    guard let end, let start = startLine.start else { return Outcome(nanoseconds: 0, checksum: 0) }
    return Outcome(nanoseconds: Stopwatch.nanoseconds(start.duration(to: end)), checksum: checksum)
  }
}

/// Holds threads until all of them have arrived, then lets them go at once; the last to arrive
/// notes the start time.
final class StartLine: Sendable {
  private let count: Int
  private let arrived = Atomic<Int>(0)
  private let started = Mutex<ContinuousClock.Instant?>(nil)

  init(count: Int) { self.count = count }

  /// When the last thread arrived.
  var start: ContinuousClock.Instant? { started.withLock { $0 } }

  func arriveAndWait() {
    let (_, arrivedNow) = arrived.wrappingAdd(1, ordering: .acquiringAndReleasing)
    if arrivedNow == count { started.withLock { $0 = .now } }
    while arrived.load(ordering: .acquiring) < count {}
  }
}
