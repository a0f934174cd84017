import Synchronization

/// Whether an observer takes events now, and how many it was not handed while it did not.
///
/// An observer that cannot take more for a while (a debug client whose queue is full, because it
/// reads slower than the app resolves) is paused rather than handed events it would drop. While
/// no observer of a family is open, the container builds no event at all: it counts the step for
/// each paused observer instead, so that a client still learns how many it lost. An app with a
/// stalled client attached then pays a load and an atomic add per step, not the step's event.
///
/// Shared by the observer's entry (read on the resolving threads) and its `Observation` (paused
/// and resumed by whoever drains the observer's queue, cancelled by its owner). The family's
/// `openObserverCount` counts the gates that are open; a gate changes it only on its own
/// transitions, each taken once by a compare-and-exchange.
final class ObserverGate: Sendable {
  private static let open: UInt8 = 0
  private static let paused: UInt8 = 1
  private static let closed: UInt8 = 2

  private let state = Atomic<UInt8>(ObserverGate.open)
  private let skipped = Atomic<Int>(0)

  /// Read for every delivery: a plain load.
  @inline(__always)
  var isPaused: Bool { state.load(ordering: .relaxed) != Self.open }

  /// Counts an event the paused observer was not handed. A closed gate counts nothing: its
  /// observer is cancelled, or only tracks holders (`Container.observeForHolderTracking()`), and
  /// no one reads its count. (Closed is for good, so no step is lost to a gate opening meanwhile:
  /// one that saw it paused and finds it open counts for the next `resume()`.)
  @inline(__always)
  func skip() {
    if state.load(ordering: .relaxed) != Self.closed { skipped.wrappingAdd(1, ordering: .relaxed) }
  }

  /// Whether this call paused an open gate (the family then has one open observer fewer).
  func pause() -> Bool {
    state.compareExchange(expected: Self.open, desired: Self.paused, ordering: .relaxed).exchanged
  }

  /// Whether this call opened a paused gate (the family then has one open observer more); with
  /// how many events were skipped since the last call. A step that saw the gate paused just
  /// before it opened is counted by the next call, not lost.
  func resume() -> (opened: Bool, skipped: Int) {
    let opened = state.compareExchange(expected: Self.paused, desired: Self.open, ordering: .relaxed).exchanged
    return (opened, skipped.exchange(0, ordering: .relaxed))
  }

  /// Closes the gate for good (the observer is cancelled); whether it was open.
  func close() -> Bool {
    state.exchange(Self.closed, ordering: .relaxed) == Self.open
  }
}
