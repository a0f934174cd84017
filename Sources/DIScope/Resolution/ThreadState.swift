import CDIScopeRuntime
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Per-thread resolution state: the chain of registrations being built (for cycle detection and
/// error paths), the current root resolve's graph-scope instances, the per-thread cache of
/// singletons, and the assemblies being installed.
///
/// Keeping this per thread, rather than in an object allocated per resolve, is what lets a resolve
/// allocate nothing: factories run synchronously on the resolving thread, so a nested resolve is
/// always on the same thread as its root.
///
/// Its `@exclusivity(unchecked)` fields: a state is read and written only by its own thread, and
/// the engine never holds one of its fields `inout` across a call that reaches the same field (a
/// factory's nested resolve works on the chain and graph only through calls that return before
/// it runs), so the dynamic exclusivity check, a runtime call per access on the resolve path,
/// could never fire. Each line says which of the two it leans on.
@usableFromInline
final class ThreadState {
  /// The registrations being built, outermost first.
  @exclusivity(unchecked) var chain = ResolutionChain()  // unchecked: own thread; pushed and popped around factories, never inout across one
  /// Graph-scope instances of the current root resolve (see `GraphInstances`); emptied when it
  /// ends.
  @usableFromInline @exclusivity(unchecked) var graph = GraphInstances()  // unchecked: own thread; read and added to between factory calls
  /// The per-thread cache of singletons and routes.
  let cache = FastPathCache()
  @exclusivity(unchecked) var installing: [InstallRecorder] = []  // unchecked: own thread; appended and removed around `assemble`
  /// Set while `validate()` runs on this thread: nothing is cached, numbered or observed.
  @exclusivity(unchecked) var isDryRun = false  // unchecked: own thread; a flag read on the slow path
  /// Set while `validate()` or an eager build runs on this thread: every edge resolved is recorded.
  @exclusivity(unchecked) var edgeLog: EdgeLog?  // unchecked: own thread; replaced around a validation run
  /// Set while `validate()` runs on this thread: what the run built, each registration once.
  @exclusivity(unchecked) var validationRun: ValidationRun?  // unchecked: own thread; replaced around a validation run
  /// The observers of the container this thread last reported a resolution step in.
  @exclusivity(unchecked) var observers = ObserverCache()  // unchecked: own thread; swapped out for a delivery, never inout across it
  /// The dependencies of the shared instances this thread is building while observed.
  @exclusivity(unchecked) var heldFrames = HeldFrames()  // unchecked: own thread; mutated between steps, never across a factory
  /// Which types have something for a shutdown on this thread to dispose.
  @exclusivity(unchecked) var disposableTypes = DisposableTypes()  // unchecked: own thread; a memo mutated in one call
  /// How many synchronous parts of `async` resolutions run on this thread now: while one does, a
  /// root resolve here is not the root of its resolution, and reports no failure of its own (see
  /// `Container.emitRootFailure`).
  @exclusivity(unchecked) var partsOfAsyncResolutions = 0  // unchecked: own thread; counted around a synchronous call
  /// What this thread's cache let go of while a resolve was under way on it, kept until the root
  /// resolve ends (see `FastPathCache.discard`).
  @exclusivity(unchecked) var parked: [FastPathCache.Held] = []  // unchecked: own thread; swapped out before what it holds is released

  /// The thread's number, in the order DIScope first met threads: what trace lines call it
  /// (`thread 3`), and what a recorder gathers its steps by. Never reused.
  let number = ThreadState.counter.wrappingAdd(1, ordering: .relaxed).newValue
  private static let counter = Atomic<Int>(0)

  @usableFromInline
  init() {
    cache.owner = Unmanaged.passUnretained(self)
  }

  /// Ends a root resolve: lets go of its graph-scope instances, then of what the cache parked
  /// meanwhile, and of the observers a step below the root kept (see `ObserverCache`). Call when
  /// the chain is empty.
  @inline(__always)
  func endRootResolve() {
    endGraph()
    if !parked.isEmpty { releaseParked() }
    if observers.containerID != 0 { forgetObservers() }
  }

  /// Lets go of the observers a step of the root resolve just ended kept, when its root step was
  /// not reported (a reported one lets go of them itself, see `Container.emitStep`): a step
  /// gathered under a shared build while only holders are tracked, or one reported before the
  /// last reporting observer was cancelled. Kept, they would keep a cancelled observer's handler
  /// alive until this thread next reports a step, which it may never do.
  @inline(never)
  private func forgetObservers() {
    // Swapped out first: releasing a handler may run code that resolves on this thread.
    var released = ObserverCache()
    swap(&released, &observers)
    withExtendedLifetime(released) {}
  }

  /// Lets go of the root resolve's graph-scope instances (before anything is reported of its
  /// end: an observer that resolves on this thread starts a root resolve of its own).
  @inline(__always)
  func endGraph() {
    if !graph.isEmpty { graph.removeAll() }
  }

  @inline(never)
  private func releaseParked() {
    // Swapped out first: releasing may run code that resolves, and parks, on this thread.
    var released: [FastPathCache.Held] = []
    swap(&released, &parked)
    withExtendedLifetime(released) {}
  }

  /// Whether resolves on this thread may take shortcuts past the general path (per-thread
  /// entries, routes, value slots): nothing validates (a dry run) or records edges on it, both of
  /// which must see every step.
  var isPlain: Bool { !isDryRun && edgeLog == nil }

  /// `isPlain` for the calling thread, read through the C thread-local record with no reference
  /// count and without making a state: a thread with none yet validates nothing.
  @usableFromInline
  static var isCurrentPlain: Bool {
    guard let raw = discope_thread_local().pointee.state else { return true }
    return Unmanaged<ThreadState>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.isPlain }
  }

  deinit {
    chain.deallocate()
    graph.deallocate()
  }

  /// The calling thread's state, unretained, if DIScope made one on this thread.
  @inline(__always)
  static var currentIfMade: UnsafeMutableRawPointer? { discope_thread_local().pointee.state }

  /// The calling thread's state, created on first use and released when the thread exits.
  ///
  /// Read from the C thread-local record (one `%fs`-relative load) and not retained: the state
  /// lives until its thread exits, and only its own thread ever reads it this way.
  @inlinable
  static var current: ThreadState {
    if let raw = discope_thread_local().pointee.state {
      return Unmanaged<ThreadState>.fromOpaque(raw).takeUnretainedValue()
    }
    return makeCurrent()
  }

  /// Runs `body` with the calling thread's state, borrowed: no reference count, where
  /// `current` would count one and release it after (the thread's key keeps it alive throughout).
  @inline(__always)
  static func withCurrent<Result>(_ body: (ThreadState) throws -> Result) rethrows -> Result {
    let raw = discope_thread_local().pointee.state ?? Unmanaged.passUnretained(makeCurrent()).toOpaque()
    return try Unmanaged<ThreadState>.fromOpaque(raw)._withUnsafeGuaranteedRef(body)
  }

  @usableFromInline
  static func makeCurrent() -> ThreadState {
    let state = ThreadState()
    let raw = Unmanaged.passRetained(state).toOpaque()
    // The pthread key owns the state: its destructor releases it when the thread exits.
    pthread_setspecific(threadStateKey, raw)
    discope_thread_local().pointee.state = raw
    state.cache.publish()
    ThreadCaches.add(state.cache)
    return state
  }
}

/// The key that owns each thread's state; its destructor clears the thread's C record and releases
/// the state when the thread exits.
let threadStateKey: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key) { raw in
    // Runs on the exiting thread: later code on it (another key's destructor) starts afresh,
    // as the same thread to the locks it may still hold or be biased to.
    let record = discope_thread_local()
    record.pointee = discope_thread_local_t(
      slots: nil, cold: nil, mask: 0, state: nil, lock_identity: record.pointee.lock_identity,
      cache_reads: 0)
    #if canImport(Darwin)
      let state = Unmanaged<ThreadState>.fromOpaque(raw)
    #else
      guard let raw else { return }
      let state = Unmanaged<ThreadState>.fromOpaque(raw)
    #endif
    // Out of the list of tables while the table is still alive (the state holds it): a thread
    // releasing a container may be using it under the list's lock, and must never be the one to
    // let go of it last (see `ThreadCaches`).
    state._withUnsafeGuaranteedRef { ThreadCaches.remove($0.cache) }
    state.release()
  }
  precondition(status == 0, "DIScope could not create its thread-local key (pthread_key_create: \(status))")
  return key
}()

/// A container family's observers as read under the family lock at one family generation, for the steps of
/// one root resolve: attaching or cancelling an observer bumps the generation, so a resolve reports
/// its steps with one lock, not one per step. Forgotten when the root resolve ends, so that it never
/// keeps a cancelled observer's handler alive. Holding the family's own list (shared copy-on-write)
/// and its last entry costs two reference counts, not one per observer.
struct ObserverCache {
  /// The container the steps are reported in (an id is never reused; 0 for none).
  var containerID: UInt64 = 0
  var generation: UInt64 = 0
  private(set) var entries: [ObserverEntry] = []
  /// The last of `entries`, which a step is handed to (see `Container.deliver`), also held here:
  /// read from a stored property, it is lent with no reference count, as an array's element is not.
  private(set) var last: ObserverEntry?

  init() {}

  init(containerID: UInt64, generation: UInt64, entries: [ObserverEntry]) {
    self.containerID = containerID
    self.generation = generation
    self.entries = entries
    last = entries.last
  }

  mutating func forget() {
    self = ObserverCache()
  }
}

/// An assembly being installed on this thread: registrations it makes join its group.
final class InstallRecorder {
  let container: Container
  let name: String
  var tokens: [RegistrationToken] = []
  init(container: Container, name: String) {
    self.container = container
    self.name = name
  }
}

extension Container {
  /// The calling thread's number, as steps name their resolver (`thread 3`): for a recorder that
  /// says which thread made a change. Makes the thread's state if it has none.
  package static var currentThreadNumber: Int { ThreadState.withCurrent { $0.number } }
}
