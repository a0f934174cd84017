import Synchronization

/// A container's identity within its process, never reused (unlike an object address).
@usableFromInline
struct ContainerID: Hashable, Sendable {
  @usableFromInline let raw: UInt64
  private static let counter = Atomic<UInt64>(0)
  static func next() -> ContainerID {
    ContainerID(raw: counter.wrappingAdd(1, ordering: .relaxed).newValue)
  }
}

/// What a root container and all its children share: one lock over all their stacks, the token and
/// instance counters, the observers, and the generation that validates per-thread caches.
///
/// One lock for the family keeps a child's view of its parent consistent without lock ordering.
/// Readers of cached singletons take no lock at all: see `FastPathCache`.
@usableFromInline
final class Family: Sendable {
  /// The family lock. A pthread mutex (see `Protected`) rather than `Synchronization.Mutex`: the
  /// thread sanitizer sees through pthread, so `Scripts/test`'s stress run checks this lock too.
  let state = Protected(FamilyState())
  /// Bumped by every change that could alter what a resolve returns; per-thread caches compare it.
  @usableFromInline let generation = Atomic<UInt64>(1)
  /// How many observers are attached in the family; resolution skips all event work while zero.
  let observerCount = Atomic<Int>(0)
  /// Creation numbers for instances (`WebService#3`), shared by the family.
  let instanceCounter = Atomic<Int>(0)

  @inline(__always)
  var isObserved: Bool { observerCount.load(ordering: .relaxed) > 0 }

  func bumpGeneration() {
    generation.wrappingAdd(1, ordering: .releasing)
  }

  func nextInstanceNumber() -> Int {
    instanceCounter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}

/// Everything under the family lock.
struct FamilyState {
  var nextToken = 1
  var observers: [ObserverEntry] = []
  var nextObserverID = 0
}

/// One container's stacks.
///
/// `@unchecked Sendable`: a container holds its registry for its whole life, and every read or
/// write of it happens while the family lock (`Family.state`) is held.
final class Registry: @unchecked Sendable {
  /// One stack per key, newest registration last.
  @exclusivity(unchecked) var stacks: [ServiceKey: [Registration]] = [:]
  /// Mocks registered on standby (`registerMock`), pushed on demand.
  @exclusivity(unchecked) var standbyMocks: [ServiceKey: @Sendable (Container) -> RegistrationToken] = [:]
  /// The order in which keys were first registered, for stable reports.
  @exclusivity(unchecked) var keyOrder: [ServiceKey] = []

  func push(_ registration: Registration) {
    let isNew = Self.pushing(registration, onto: &stacks[registration.key, default: []])
    if isNew { keyOrder.append(registration.key) }
  }

  /// Pushes in place (one hash lookup); returns whether the key had never been registered.
  private static func pushing(_ registration: Registration, onto stack: inout [Registration]) -> Bool {
    let isNew = stack.isEmpty && stack.capacity == 0
    stack.append(registration)
    return isNew
  }

  /// Removes exactly that registration; returns it and its depth (0 = top) if it was live.
  func remove(_ token: RegistrationToken) -> (Registration, Int)? {
    guard let key = token.key, let index = stacks.index(forKey: key) else { return nil }
    // One hash lookup: the stack is changed in place.
    return Self.removing(token, from: &stacks.values[index])
  }

  private static func removing(_ token: RegistrationToken, from stack: inout [Registration])
    -> (Registration, Int)?
  {
    guard let index = stack.lastIndex(where: { $0.token == token }) else { return nil }
    let registration = stack.remove(at: index)
    return (registration, stack.count - index)
  }

  func registration(for token: RegistrationToken) -> Registration? {
    guard let key = token.key else { return nil }
    return stacks[key]?.last(where: { $0.token == token })
  }
}

struct ObserverEntry {
  let id: Int
  let containerID: ContainerID
  let handler: @Sendable (ContainerEvent) -> Void
}
