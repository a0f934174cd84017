import Synchronization

/// Identifies one object graph: the instances a root resolve builds, which `.graph`-scoped
/// services share. `Lazy` keeps the identifier of the graph it was made in, and builds there.
public struct GraphIdentifier: Identifiable, Hashable, Sendable {
  /// Unique in the process: a counter, not a random number (a resolve makes one, and reading the
  /// system's randomness costs a system call).
  public let id: UInt64

  /// A new graph's identifier, equal to no other.
  public init() { id = graphCounter.add(1, ordering: .relaxed).newValue }
}

private let graphCounter = Atomic<UInt64>(0)
