import Synchronization

/// A dependency-injection container: stacks of registrations keyed by service type (and name),
/// resolved on demand under their scope.
///
/// The newest registration of a key answers; removing it by its token lets the one below answer
/// again. A container is `Sendable`: register, resolve and remove from any thread.
///
/// ```swift
/// let container = Container()
/// container.register(Logger.self) { _ in ConsoleLogger() }            // .singleton by default
/// container.register(WebService.self, scope: .prototype) { r in
///   WebService(logger: try r.resolve(Logger.self))
/// }
/// let web = try container.resolve(WebService.self)
/// ```
public final class Container: Sendable {
  @usableFromInline let id = ContainerID.next()
  @usableFromInline let family: Family
  // The resolve path reads these two beside `family`: declared together, so that a hit touches
  // one cache line of the container.
  /// Bumped by a change to this container that no other container can see (see
  /// `bumpGeneration(holding:)`); with the family's generation, it vouches for the per-thread
  /// entries kept under this container's id (see `entryGeneration`). It counts from the id
  /// shifted into its high half, so that two containers' entry generations never coincide.
  @usableFromInline let localGeneration: Atomic<UInt64>
  /// Whether `parent` is set: a flag the resolve and register paths test without touching the
  /// parent's reference count.
  @usableFromInline let hasParent: Bool
  /// This container's stacks; read and written only under the family lock, which is what makes
  /// opting it out of the `Sendable` check safe. Stored in the container rather than as an object
  /// of its own: a request's child is one allocation. Unchecked exclusivity for the same reason:
  /// every access holds the family lock and none is `inout` across a call that reaches it again.
  @exclusivity(unchecked) nonisolated(unsafe) var registry: Registry
  /// The parent whose registrations this container sees; `nil` for a root container.
  public var parent: Container? { parentReference?.takeUnretainedValue() }
  /// The parent, retained by hand (released in `deinit`): a stored `Container?` would make the
  /// compiler release a chain of parents in a loop that counts four references more per
  /// container released, and a request's child is released once per request.
  @usableFromInline let parentReference: Unmanaged<Container>?
  /// The container's name in traces and reports: `root` unless given to `makeChild(named:)`.
  public let name: String
  /// Set, for good, when this container first has a child: from then on a change to it bumps the
  /// family's generation, which the child's entries depend on too.
  let hasHadChildren = Atomic<Bool>(false)
  /// Set, for good, before any thread first keeps an entry of its cache under this container's
  /// id: a container that never had one (a request's child, whose values are in its value slots
  /// and whose other resolves follow its parent's entries) has nothing to clear from any thread
  /// when it shuts down or goes (see `ThreadCaches`).
  let mayHaveEntries = Atomic<Bool>(false)
  /// Set as the container shuts down, under the family lock, before it lets go of every thread's
  /// entries: read without the family lock by a thread about to keep one of its instances in its
  /// cache, under that cache's lock (see `FastPathCache.write(at:)`).
  let hasShutDown = Atomic<Bool>(false)
  /// Which threads kept entries under this container's id: 0 none yet, the address of the one
  /// thread's state, or `severalEntryThreads`. A change that let go of a cached instance takes it
  /// out of other threads' entries only when some other thread may hold one (see
  /// `forgetOnOtherThreads`).
  let entryThreads = Atomic<UInt>(0)
  /// This child's place in its family's list of live children (`LiveChildList`), read and
  /// written only under the family lock (which is what makes opting it out of the `Sendable`
  /// check safe), except by its own deinit, which reads whether it is listed first.
  @exclusivity(unchecked) nonisolated(unsafe) var liveLink = LiveLink()

  /// A child's links in its family's list of live children.
  struct LiveLink {
    var older: Unmanaged<Container>?
    var newer: Unmanaged<Container>?
    var isListed = false
  }

  /// The service types registered here, as far as a resolve needs to know without a lock:
  /// a child's resolves of any other type follow its parent's per-thread entries.
  @usableFromInline let localTypes = LocalServiceTypes()

  /// What a container keeps attached to itself: the tracer `DISCOPE_TRACE=1` attaches to root
  /// containers, and the observation that `tracksHolders` keeps. Held by the registry, under the
  /// family lock: a container costs no lock of its own.
  struct Attachments {
    var environmentTracer: TraceRecorder?
    var holderTracking: Observation?
    /// The services this container's children supply (see `expectFromChildren`).
    var suppliedByChildren: Set<ServiceKey> = []
  }

  /// A new, empty root container.
  ///
  /// - Parameter name: The name traces and reports use for it.
  public init(name: String = "root") {
    self.family = Family()
    self.registry = Registry(ownerID: id, lock: family.state)
    self.parentReference = nil
    self.hasParent = false
    self.name = name
    self.localGeneration = Atomic(id.raw << 32)
    if Self.isTracingFromEnvironment {
      let tracer = traceFromEnvironmentIfAsked()
      family.withLock { _ in registry.attachments.environmentTracer = tracer }
    }
  }

  private init(parent: borrowing Container, name: String) {
    self.family = parent.family
    self.registry = Registry(ownerID: id, lock: family.state)
    self.parentReference = .passRetained(parent)
    self.hasParent = true
    self.name = name
    self.localGeneration = Atomic(id.raw << 32)
  }

  deinit {
    // No generation bump (and no lock for it, which a deinit run under the family lock would
    // wait for forever): entries keyed by this container can never be looked up again, since ids are never
    // reused, and no other container's entry routes here (a route's owner is the container
    // resolving or an ancestor, which outlives it). What its entries hold goes at once, from
    // every thread's table (see `ThreadCaches`); only this container's entries: other
    // containers' warm entries stay.
    defer { parentReference?.release() }
    // Out of the list of live children before its memory goes (a listing may be reading it).
    // Read without the lock: only this child's own changes listed it, all made before its last
    // reference went. A deinit may run inside a section of the family lock on this thread (the
    // last reference let go of there), which it would wait for forever: it is in it already.
    if liveLink.isListed {
      let lock = family.state
      if lock.isHeldByCurrentThread {
        family.liveChildren.remove(self)
      } else {
        lock.withLock { _ in family.liveChildren.remove(self) }
      }
    }
    if !registry.storedStacks.isEmpty { registry.releaseHoldings() }
    // Relaxed: whoever set the flag held this container, and let go of it (a releasing
    // decrement) before this deinit could run.
    guard mayHaveEntries.load(ordering: .relaxed) else { return }
    ThreadCaches.forget(containerID: id.raw, own: ThreadState.current.cache)
  }

  /// The generation this container's per-thread entries are valid for: the family's (bumped by
  /// changes every container sees: observers, and changes to a container with children) plus
  /// this container's own. Both only grow, so any change makes the sum grow.
  @inlinable @inline(__always)
  var entryGeneration: UInt64 {
    family.generation.load(ordering: .acquiring) &+ localGeneration.load(ordering: .acquiring)
  }

  /// Records a change to this container's stacks or states, under the family lock; returns its
  /// entry generation after it. A container that never had a child bumps only its own
  /// generation: its change cannot alter what any other container resolves, so theirs stay warm
  /// (a request's child registering its values leaves the app's entries alone on every thread).
  @discardableResult @inline(__always)
  func bumpGeneration(holding state: inout FamilyLockedState) -> UInt64 {
    let local = localGeneration.load(ordering: .relaxed)
    // A child's first change lists it among its family's live children (see `LiveChildList`).
    if hasParent && !liveLink.isListed && !registry.isShutDown { family.liveChildren.append(self) }
    // Relaxed: read under the family lock, which orders it after the `makeChild` whose child
    // has since taken the lock (an acquiring load here would also make the compiler keep the
    // caller's references alive across it, a retain and release each).
    if hasHadChildren.load(ordering: .relaxed) {
      return family.bumpGeneration(holding: &state) &+ local
    }
    // Only ever written under the family lock (see `Family.bumpGeneration`).
    localGeneration.store(local &+ 1, ordering: .releasing)
    return family.generation.load(ordering: .relaxed) &+ local &+ 1
  }

  /// The container whose per-thread entries a resolve of `type` from this one reads and writes:
  /// this one if it registered `type` itself (or cannot tell), otherwise, walking up, the first
  /// that may have. Every container between answers `type` as that one does, having no
  /// registration of it, so its entries' routes and cached singletons are this one's too; a
  /// request's child, which registers a few values of its own, resolves everything else through
  /// its parent's warm entries. (Prototype and graph dependencies are still built in, and
  /// resolved from, the container the resolve started in.)
  func entryOwner(for type: ObjectIdentifier) -> Container {
    unretainedEntryOwner(for: type).takeUnretainedValue()
  }

  /// The entry generation of `entryOwner(for: type)`, read with the owner borrowed: the routed
  /// and observed paths ask it per resolve, where a reference count would cost two atomic writes.
  @inline(__always)
  func entryGeneration(for type: ObjectIdentifier) -> UInt64 {
    unretainedEntryOwner(for: type)._withUnsafeGuaranteedRef { $0.entryGeneration }
  }

  /// `entryOwner(for:)` for the inlined fast path, unretained: this container holds its
  /// ancestors alive, and a reference count there would cost every resolve two atomic writes.
  @inlinable @inline(__always)
  func unretainedEntryOwner(for type: ObjectIdentifier) -> Unmanaged<Container> {
    guard hasParent, !localTypes.mayContain(type) else { return Unmanaged.passUnretained(self) }
    // The usual child, a request's, is a root's: its parent answers, with no walk.
    let parent = parentReference.unsafelyUnwrapped
    if !parent._withUnsafeGuaranteedRef({ $0.hasParent }) { return parent }
    return parentEntryOwner(for: type)
  }

  @usableFromInline
  func parentEntryOwner(for type: ObjectIdentifier) -> Unmanaged<Container> {
    var container = parentReference.unsafelyUnwrapped
    while let next = container._withUnsafeGuaranteedRef({
      $0.localTypes.mayContain(type) ? nil : $0.parentReference
    }) {
      container = next
    }
    return container
  }

  /// A child container: it sees this container's registrations; this container never sees its own.
  ///
  /// Prototype and graph dependencies resolve from the container where a resolution started, so a
  /// child can override a dependency of its parent's service; singletons are built in, and cached
  /// by, the container that owns their registration.
  ///
  /// ```swift
  /// let test = app.makeChild(named: "test")
  /// test.register(Logger.self) { _ in MockLogger() }   // only `test` sees it
  /// ```
  public func makeChild(named name: String = "child") -> Container {
    // Before the child exists: every change to this container made after it sees the flag (its
    // bump reads it under the family lock) and bumps the family's generation, which the child's
    // entries depend on.
    if !hasHadChildren.load(ordering: .relaxed) { hasHadChildren.store(true, ordering: .releasing) }
    let child = Container(parent: self, name: name)
    // Listed now while watched, so a debugger sees it before it changes (see `LiveChildList`).
    if family.isObserved { family.withLock { _ in family.liveChildren.append(child) } }
    return child
  }

  /// This container's number in its process, never reused: the `12` of `request#12` in a trace
  /// (``ResolutionStep/containerNumber``), which tells one request's child from another's.
  ///
  /// ```swift
  /// let request = app.makeChild(named: "request")
  /// print("\(request.name)#\(request.number)")   // request#12
  /// ```
  public var number: UInt64 { id.raw }

  /// The descendants of this container alive now, oldest listed first: a request's child while
  /// it serves, a session's child, whenever a debugger attaches. A child is listed from its first
  /// change (a value or a registration pushed into it), or from when it is made while its family
  /// is observed (``observe(_:)``, a debugger attached); a child that only resolves its parent's
  /// services, made while nothing observed, is not. One shut down is not listed. Listing keeps
  /// none alive, and costs a request's child nothing (see `LiveChildList`).
  ///
  /// ```swift
  /// let request = app.makeChild(named: "request")
  /// request.register(RequestID.self, value: RequestID("r-1"))
  /// app.liveChildren.map(\.name)   // ["request"]
  /// ```
  public var liveChildren: [Container] {
    // Retained under the lock, looked at out of it: a child let go of here may run its deinit,
    // which takes the lock.
    let children = family.withLock { _ in family.liveChildren.retainedChildren() }
    return children.filter { $0 !== self && $0.selfOrParent(withID: id) != nil && !$0.isShutDown }
  }

  /// Notes that a thread is about to keep an entry under this container's id (see
  /// `mayHaveEntries` and `entryThreads`).
  @inline(__always)
  func noteEntries() {
    if !mayHaveEntries.load(ordering: .relaxed) { mayHaveEntries.store(true, ordering: .relaxed) }
    // This thread's state, as its identity among the threads alive (a thread that ends takes its
    // entries with it, so one made later at the same address is rightly the same to this).
    let me = UInt(bitPattern: ThreadState.currentIfMade)
    let seen = entryThreads.load(ordering: .relaxed)
    if seen != me && seen != Self.severalEntryThreads { noteEntries(by: me, seen: seen) }
  }

  /// `entryThreads`' first thread, or its second, which makes it several.
  @inline(never)
  private func noteEntries(by me: UInt, seen: UInt) {
    if seen == 0,
      entryThreads.compareExchange(expected: 0, desired: me, ordering: .relaxed).exchanged
    {
      return
    }
    if entryThreads.load(ordering: .relaxed) != me {
      entryThreads.store(Self.severalEntryThreads, ordering: .relaxed)
    }
  }

  /// What `entryThreads` holds once two threads kept entries (never a state's address).
  static let severalEntryThreads: UInt = 1

  /// Whether a thread other than the one whose state is at `me` may have kept entries under this
  /// container's id.
  @inline(__always)
  func hasEntries(onThreadsOtherThan me: UInt) -> Bool {
    let threads = entryThreads.load(ordering: .relaxed)
    return threads != 0 && threads != me
  }

  /// The containers from this one up to the root, this one first.
  var lineage: [Container] {
    var chain: [Container] = [self]
    var next = parent
    while let container = next {
      chain.append(container)
      next = container.parent
    }
    return chain
  }

  /// This container or the parent with that id; `nil` if neither. Walks the chain in place (no
  /// array, unlike `lineage`): observed resolves ask it on every step.
  func selfOrParent(withID id: ContainerID) -> Container? {
    var container: Container? = self
    while let current = container {
      if current.id == id { return current }
      container = current.parent
    }
    return nil
  }

  /// The name of a container of this family, for events.
  func containerName(of id: ContainerID) -> String {
    selfOrParent(withID: id)?.name ?? name
  }

  // MARK: - The default container

  @TaskLocal static var taskShared: Container?
  /// The default container when no task set one.
  static let processShared = Container()

  /// The default container: the one the property wrappers use when given none.
  ///
  /// It is task-local, so a test can give each test its own (see `withShared(_:operation:)` and
  /// `DIScopeTesting`'s `.isolatedDependencies` trait) while the app uses one for its lifetime.
  public static var shared: Container {
    compatibilityShared.withLock { $0 }?() ?? taskShared ?? processShared
  }

  /// How the compatibility module's binding of its shared container (Hopoate's
  /// `DependencyContainer.$shared.withValue`) is read: `nil` until that module is used.
  private static let compatibilityShared = Protected<(@Sendable () -> Container?)?>(nil)

  /// Lets the compatibility module's binding of its shared container take precedence: `read`
  /// returns the container it binds, or `nil` where it binds none.
  package static func readSharedFromCompatibility(_ read: @escaping @Sendable () -> Container?) {
    compatibilityShared.withLock { $0 = read }
  }

  /// Runs `operation` with `container` as ``shared`` for this task and the tasks it creates.
  ///
  /// ```swift
  /// try Container.withShared(Container()) { try checkout() }
  /// ```
  public static func withShared<Result>(
    _ container: Container, operation: () throws -> Result
  ) rethrows -> Result {
    try $taskShared.withValue(container, operation: operation)
  }

  /// The `async` form of ``withShared(_:operation:)``.
  public static func withShared<Result>(
    _ container: Container, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $taskShared.withValue(container, operation: operation, isolation: isolation)
  }
}
