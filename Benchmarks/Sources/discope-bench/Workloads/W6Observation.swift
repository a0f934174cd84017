import BenchmarkHarness
import DIScope
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
    let traceObservation = traced.observe { event in trace.append(event.description) }

    return Workload(
      id: "W6", title: "W2's chain in DIScope, observed and not",
      notes: [
        "trace observer: each event's description appended to a 256-line ring buffer behind a "
          + "Mutex, as a trace pane keeps its last lines.",
        "no-op observer: `observe { _ in }`, the container's own cost of emitting events.",
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
      ])
  }
}

/// The last lines of a trace, as the playground's trace pane keeps them: a ring buffer that a
/// `@Sendable` observer can append to from any thread.
final class TraceLog: Sendable {
  private let state: Mutex<(lines: [String], next: Int)>
  private let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
    state = Mutex(([], 0))
  }

  func append(_ line: String) {
    state.withLock { state in
      if state.lines.count < capacity {
        state.lines.append(line)
      } else {
        state.lines[state.next] = line
      }
      state.next = (state.next + 1) % capacity
    }
  }
}
