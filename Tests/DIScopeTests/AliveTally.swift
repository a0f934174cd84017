import Synchronization

/// Counts the instances alive, for lifetime tests (each test uses its own tally, so tests that
/// run at once do not count each other's instances).
final class AliveTally: Sendable {
  let alive = Atomic(0)
}

/// An object that counts itself in a tally while it lives: a request's object, whose release
/// a lifetime test waits for.
final class TalliedObject: Sendable {
  let tally: AliveTally
  init(tally: AliveTally) {
    self.tally = tally
    tally.alive.add(1, ordering: .relaxed)
  }
  deinit { tally.alive.subtract(1, ordering: .relaxed) }
}
