import BenchmarkHarness
import DIScope
import DIScopeRecording
import Foundation
import Synchronization

/// W6: W2's chain in DIScope with and without observation.
///
/// "Never observed" is a container no observer ever saw; "attached then cancelled" had one and
/// let it go, so it runs the observer-free path a real app runs after a debugging session; the
/// trace observer does what the playground's trace pane does with every event. The no-op
/// observer separates the container's own event work from the trace's formatting.
enum ObservedChainResolve {
  static func workload() -> Workload {
    let cancelled = ChainResolve.discopeContainer()
    cancelled.observe { _ in }.cancel()

    let silent = ChainResolve.discopeContainer()
    let silentObservation = silent.observe { _ in }

    let traced = ChainResolve.discopeContainer()
    let trace = TraceLog(capacity: 256)
    let traceObservation = traced.observe { event in trace.append(event) }

    // W2 recorded: the flight recorder writes every event, timed, to a ring file (16 MiB, the
    // default) in the temporary directory, unlinked at once (the mapping writes on to its pages).
    let recorded = ChainResolve.discopeContainer()
    let recordingPath = FileManager.default.temporaryDirectory
      .appendingPathComponent("discope-bench-\(getpid()).discope-rec").path
    let recorder = try? recorded.record(to: recordingPath)
    unlink(recordingPath)

    return Workload(
      id: "W6", title: "W2's chain in DIScope, observed and not",
      notes: [
        "trace observer: each event appended to a 256-event ring buffer behind a Mutex, as a "
          + "tracer that shows the last events later keeps them (the playground's feed keeps a "
          + "worded record of each instead, made on the resolving thread).",
        "no-op observer: `observe { _ in }`, the container's own cost of emitting events.",
        "W2 recorded: `container.record(to:)`, every event (timed) written to a 16 MiB ring file "
          + "under a lock on the resolving thread, 112 bytes a step.",
      ],
      contenders: [
        Contender(SystemLabel.handWritten, role: .baseline, body: ChainResolve.handWrittenBody()),
        Contender(
          SystemLabel.discopeNeverObserved, role: .subject,
          body: ChainResolve.discopeBody(ChainResolve.discopeContainer())),
        Contender(
          SystemLabel.discopeObserverCancelled, role: .rival,
          body: ChainResolve.discopeBody(cancelled)),
        Contender(SystemLabel.discopeSilentObserver, role: .rival) { iterations, sink in
          try withExtendedLifetime(silentObservation) {
            try ChainResolve.discopeBody(silent)(iterations, sink)
          }
        },
        Contender(SystemLabel.discopeTraced, role: .rival) { iterations, sink in
          try withExtendedLifetime(traceObservation) {
            try ChainResolve.discopeBody(traced)(iterations, sink)
          }
        },
        Contender(SystemLabel.discopeRecorded, role: .rival) { iterations, sink in
          try withExtendedLifetime(recorder) {
            try ChainResolve.discopeBody(recorded)(iterations, sink)
          }
        },
      ])
  }
}

/// The last events of a trace, kept to be shown later: a ring buffer that a `@Sendable` observer
/// can append to from any thread.
final class TraceLog: Sendable {
  /// The ring itself; mutated in place under the lock (a tuple of array and index would copy the
  /// array on every write).
  private struct Ring {
    var events: [ContainerEvent] = []
    var next = 0
    let capacity: Int

    mutating func append(_ event: consuming ContainerEvent) {
      if events.count < capacity {
        events.append(event)
      } else {
        events[next] = event
      }
      next = next + 1 == capacity ? 0 : next + 1
    }
  }

  private let ring: Mutex<Ring>

  init(capacity: Int) {
    ring = Mutex(Ring(capacity: capacity))
  }

  /// Takes the event over, as the observer is handed it: moved into the ring, not copied.
  func append(_ event: consuming ContainerEvent) {
    var event = Optional(event)  // so that the lock's closure can take it out
    ring.withLock { $0.append(event.take().unsafelyUnwrapped) }
  }
}
