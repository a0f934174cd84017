import Foundation
import Synchronization

/// Runs one body on several new threads that start together, and returns when all have ended.
///
/// The threads are created first and wait at a start line (a spin on an atomic counter), so the
/// timed part of every thread overlaps; thread creation and joining, a few tens of microseconds,
/// fall inside each sample of W5 for one thread and for two alike. Each thread gets its own
/// sink. An error thrown on any thread is rethrown here once all have ended.
///
/// ```swift
/// try ParallelRun.run(threads: 2) { index, sink in
///   for _ in 0..<iterations { sink.consume(try container.resolve(Logger.self)) }
/// }
/// ```
public enum ParallelRun {
  /// Runs `body(threadIndex, sink)` on `threads` new threads; returns the sum of their sinks'
  /// checksums.
  @discardableResult
  public static func run(
    threads: Int, _ body: @escaping @Sendable (_ threadIndex: Int, _ sink: Sink) throws -> Void
  ) throws -> UInt {
    let startLine = StartLine(count: threads)
    let finished = DispatchSemaphore(value: 0)
    let outcome = Mutex<(checksum: UInt, error: (any Error)?)>((0, nil))
    for index in 0..<threads {
      let thread = Thread {
        let sink = Sink()
        startLine.arriveAndWait()
        do {
          try body(index, sink)
          outcome.withLock { $0.checksum &+= sink.checksum }
        } catch {
          outcome.withLock { $0.error = $0.error ?? error }
        }
        finished.signal()
      }
      thread.start()
    }
    for _ in 0..<threads { finished.wait() }
    let (checksum, error) = outcome.withLock { ($0.checksum, $0.error) }
    if let error { throw error }
    return checksum
  }
}

/// Holds threads until all of them have arrived, then lets them go at once.
final class StartLine: Sendable {
  private let count: Int
  private let arrived = Atomic<Int>(0)

  init(count: Int) { self.count = count }

  func arriveAndWait() {
    arrived.wrappingAdd(1, ordering: .acquiringAndReleasing)
    while arrived.load(ordering: .acquiring) < count {}
  }
}
