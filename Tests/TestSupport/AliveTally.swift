import Synchronization

/// Counts the instances alive, for lifetime tests (each test uses its own tally, so tests that
/// run at once do not count each other's instances).
///
/// ```swift
/// let tally = AliveTally()
/// _ = TalliedObject(tally: tally)   // counted while it lives
/// #expect(tally.count == 0)
/// ```
public final class AliveTally: Sendable {
  public let alive = Atomic(0)
  public init() {}
  /// How many are alive now.
  public var count: Int { alive.load(ordering: .relaxed) }
}

/// An object that counts itself in a tally while it lives: a request's object, whose release
/// a lifetime test waits for.
public final class TalliedObject: Sendable {
  public let tally: AliveTally
  public init(tally: AliveTally) {
    self.tally = tally
    tally.alive.add(1, ordering: .relaxed)
  }
  deinit { tally.alive.subtract(1, ordering: .relaxed) }
}
