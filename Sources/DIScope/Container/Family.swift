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
  /// The family lock: one atomic word taken inline (and, by the thread that made the family,
  /// until another thread takes it, no atomic instruction at all), with a pthread park only under
  /// contention (see `Protected`), which the thread sanitizer sees through, so `Scripts/test`'s
  /// stress run checks this lock too.
  let state = Protected(FamilyLockedState())
  /// Bumped by every change that could alter what a resolve returns; per-thread caches compare it.
  @usableFromInline let generation = Atomic<UInt64>(1)
  /// How many observers are attached in the family; resolution skips all event work while zero.
  /// Holder tracking counts here too (`isObserved`: holders are tracked while it is non-zero).
  @usableFromInline let observerCount = Atomic<Int>(0)
  /// How many of them report steps (take events, or count those they were not handed): every
  /// observer but a holder-tracking one (see `Container.observeForHolderTracking()`). While zero,
  /// only a thread building a shared instance needs its steps (see `reportsSteps(on:)`).
  let reportingObserverCount = Atomic<Int>(0)
  /// How many of them take events now (not paused, see `ObserverGate`): while none does, a step
  /// is counted by each paused observer, and no event is built.
  let openObserverCount = Atomic<Int>(0)
  /// How many of them asked for build times (``Container/observe(timingBuilds:_:)``): read once
  /// per root build (`enterBuild`), which times its builds while it is non-zero.
  let timingObserverCount = Atomic<Int>(0)
  /// The family's live children, held by none (see `LiveChildList`, `Container.liveChildren`).
  let liveChildren = LiveChildList()

  @inlinable
  var isObserved: Bool { observerCount.load(ordering: .relaxed) > 0 }

  /// Whether some observer asked for build times (see `timingObserverCount`).
  var timesBuilds: Bool { timingObserverCount.load(ordering: .relaxed) > 0 }

  /// Whether some observer wants every step (see `reportingObserverCount`).
  var hasReportingObserver: Bool { reportingObserverCount.load(ordering: .relaxed) > 0 }

  /// Runs `body` under the family lock, with the lock borrowed: no reference count of its own.
  @inline(__always)
  func withLock<Result>(_ body: (inout FamilyLockedState) throws -> Result) rethrows -> Result {
    try Unmanaged.passUnretained(state)._withUnsafeGuaranteedRef { try $0.withLock(body) }
  }

  /// Returns the new generation. Only ever written under the family lock, which the `inout`
  /// state proves the caller holds: with no concurrent writer, a bump is a load and a releasing
  /// store (two plain moves on x86), not a locked read-modify-write. A mock swap bumps twice.
  /// Debug builds also check that the state is this family's, not another family's.
  @discardableResult
  func bumpGeneration(holding locked: inout FamilyLockedState) -> UInt64 {
    assert(
      withUnsafeMutablePointer(to: &locked) { state.holds($0) },
      "a generation bumped under another family's lock")
    let next = generation.load(ordering: .relaxed) &+ 1
    generation.store(next, ordering: .releasing)
    return next
  }

  /// The next creation number, for a caller that does not hold the family lock (it takes it).
  /// Under the lock, use `FamilyLockedState.nextInstanceNumber()`.
  func nextInstanceNumber() -> Int {
    withLock { $0.nextInstanceNumber() }
  }
}

/// Everything under the family lock, lent `inout` by `Family.withLock` (holding it is the proof
/// the lock is held).
struct FamilyLockedState {
  var nextToken = 1
  /// The last creation number given to an instance (`WebService#3`), shared by the family.
  /// Under the lock rather than an atomic counter of its own: what numbers an instance (a
  /// singleton's build ending, a value or a mock pushed) holds the lock already, so a number
  /// costs no atomic operation of its own. (A prototype is numbered only while observed.)
  private var lastInstanceNumber = 0
  var observers: [ObserverEntry] = []
  var nextObserverID = 0
  /// Who waits for the shared instances other threads are building (see `SharedBuilds`).
  let builds = SharedBuilds()
  /// The eager builds that registering started in a task (`Container.buildEagerlyInTask`), by
  /// number, until each ends.
  var eagerBuilds: [Int: Task<Void, Never>] = [:]
  var nextEagerBuild = 0

  /// The next creation number for an instance of the family.
  mutating func nextInstanceNumber() -> Int {
    lastInstanceNumber += 1
    return lastInstanceNumber
  }
}

/// Which registration each thread waiting for another thread's build waits for: a wait that would
/// close a loop of threads each waiting for the next (a cycle entered from two ends at once) is an
/// error, not a deadlock. Which thread builds a registration is in its own state
/// (`RegistrationState.builder`). Touched only when a thread has to wait.
///
/// A class, not fields of `FamilyLockedState`: a waiter reads it again after waiting on the family's
/// condition, while others changed it, which an `inout` state borrowed across the wait may not
/// see. `@unchecked Sendable`: read and written only under the family lock.
final class SharedBuilds: @unchecked Sendable {
  /// What each builder (a thread, or an `async` build's claim) waits for: one registration for a
  /// thread; for an `async` build, one per dependency its factory awaits at once (`async let`).
  // unchecked: under the family lock, and never `inout` across the condition's wait.
  @exclusivity(unchecked) private(set) var waiting: [ObjectIdentifier: [Registration]] = [:]

  /// Records that `builder` waits for `registration`'s build.
  func wait(_ builder: ObjectIdentifier, for registration: Registration) {
    waiting[builder, default: []].append(registration)
  }

  /// Records that `builder` no longer waits for `registration`'s build (one wait of it).
  func endWait(_ builder: ObjectIdentifier, for registration: Registration) {
    guard var waits = waiting[builder], let index = waits.firstIndex(where: { $0 === registration }) else { return }
    waits.remove(at: index)
    waiting[builder] = waits.isEmpty ? nil : waits
  }
}

/// An attached observer: the container it observes, its handler, and its gate (see `ObserverGate`).
///
/// A class, so that delivering an event can call the handler through an unretained reference:
/// the list that holds the entry keeps it alive for the whole delivery, and a `let` handler read
/// through a guaranteed reference needs no reference count of its own (see `Container.deliver`).
final class ObserverEntry: Sendable {
  let id: Int
  let containerID: ContainerID
  /// Takes the event over (see `Container.observe(_:)`).
  let handler: @Sendable (consuming ContainerEvent) -> Void
  let gate: ObserverGate

  init(
    id: Int, containerID: ContainerID, gate: ObserverGate,
    handler: @escaping @Sendable (consuming ContainerEvent) -> Void
  ) {
    self.id = id
    self.containerID = containerID
    self.gate = gate
    self.handler = handler
  }

  /// Hands the observer `event`, or, while it is paused, counts it.
  @inline(__always)
  func receive(_ event: consuming ContainerEvent) {
    if gate.isPaused { gate.skip() } else { handler(event) }
  }
}
