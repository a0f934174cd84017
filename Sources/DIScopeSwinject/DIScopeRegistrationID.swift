import Synchronization

/// Names one of the DIScope registrations the facade makes for an entry (its own key, or a type
/// forwarded to it): what a build is asked for by, so that a `.container` or `.weak` entry can tell
/// that DIScope let go of the instance that registration built, which another of the entry's
/// registrations may still cache (see `ServiceEntry.instance(inGraph:askedBy:)`).
@usableFromInline
struct DIScopeRegistrationID: Hashable, Sendable {
  private let number: UInt64

  /// A number no other registration of the process had.
  @usableFromInline
  static func next() -> DIScopeRegistrationID {
    DIScopeRegistrationID(number: counter.add(1, ordering: .relaxed).newValue)
  }

  private static let counter = Atomic<UInt64>(0)
}
