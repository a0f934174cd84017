import Synchronization

/// Observing a container.
extension Container {
  /// Calls `handler` with every event of this container and of its children, synchronously, on
  /// the thread that caused it, until the returned observation is cancelled or released.
  ///
  /// With no observer attached, resolution does no event work at all. The handler is handed the
  /// event to keep: a handler that stores it (`log.append(event)`, with `append` taking its
  /// argument `consuming`) moves it, with no reference count for the registration and instance it
  /// carries. Any closure that takes a `ContainerEvent` will do.
  ///
  /// ```swift
  /// let observation = container.observe { event in log.append(event) }
  /// defer { observation.cancel() }
  /// ```
  public func observe(_ handler: @escaping @Sendable (consuming ContainerEvent) -> Void) -> Observation {
    attachObserver(handler, tracksHoldersOnly: false, timesBuilds: false)
  }

  /// ``observe(_:)``, and, with `timingBuilds`, every `created` step carries its factory's time
  /// (``ResolutionStep/buildTime``): for a recorder or a profiler. Builds are timed only while
  /// such an observer is attached (read once per root build); otherwise they cost no clock read.
  ///
  /// ```swift
  /// let observation = container.observe(timingBuilds: true) { event in
  ///   if case .resolved(let step) = event, let time = step.buildTime { print(step.key, time.nanoseconds) }
  /// }
  /// ```
  public func observe(
    timingBuilds: Bool, _ handler: @escaping @Sendable (consuming ContainerEvent) -> Void
  ) -> Observation {
    attachObserver(handler, tracksHoldersOnly: false, timesBuilds: timingBuilds)
  }

  /// An observer that only makes the family track holders (``tracksHolders``, a debug server's
  /// holder tracking): it takes no event and counts none (its gate is closed from the start),
  /// and it does not count as reporting (`Family.reportingObserverCount`), so that resolves keep
  /// their unobserved fast paths except on a thread building a shared instance, whose steps are
  /// what holdings are made of (see `reportsSteps(on:)`).
  package func observeForHolderTracking() -> Observation {
    attachObserver({ _ in }, tracksHoldersOnly: true, timesBuilds: false)
  }

  private func attachObserver(
    _ handler: @escaping @Sendable (consuming ContainerEvent) -> Void, tracksHoldersOnly: Bool,
    timesBuilds: Bool
  ) -> Observation {
    let gate = ObserverGate()
    // Closed before anyone sees it: it neither takes events nor opens the family's count.
    if tracksHoldersOnly { _ = gate.close() }
    let observerID = family.withLock { state in
      let observerID = state.nextObserverID
      state.nextObserverID += 1
      state.observers.append(ObserverEntry(id: observerID, containerID: id, gate: gate, handler: handler))
      family.observerCount.wrappingAdd(1, ordering: .relaxed)
      if !tracksHoldersOnly {
        family.reportingObserverCount.wrappingAdd(1, ordering: .relaxed)
        family.openObserverCount.wrappingAdd(1, ordering: .relaxed)
      }
      if timesBuilds { family.timingObserverCount.wrappingAdd(1, ordering: .relaxed) }
      // Per-thread caches must not answer while watched; for a holder-tracking observer, kept
      // too, so that the generation read under the lock vouches for both counts.
      family.bumpGeneration(holding: &state)
      return observerID
    }
    return Observation(
      family: family, id: observerID, gate: gate, isReporting: !tracksHoldersOnly, timesBuilds: timesBuilds)
  }

  /// Whether a step is reported (`emitStep`, `skipStep`, `emitAsyncStep`), the one rule of every
  /// path: some observer reports steps (`reporting`: it takes events, or counts those it is not
  /// handed), or the step is `gathering`, on a thread building a shared instance while holders
  /// are `tracked` (its steps are what the instance holds: see `HeldFrames`). A holder-tracking
  /// observer alone (`observeForHolderTracking()`) wants no other step. (Tracked is asked
  /// apart from gathering: the thread may be building another family's instance, whose
  /// holdings never take this family's steps while it is untracked.) Asked by a thread
  /// (`reportsSteps(on:)`, and with the counts read under the family lock in `resolveEntry`),
  /// by the routed path (no routed build runs while its thread gathers: see
  /// `FastPathCache.hideFromInlinedLookup()`), and by the async engine (a task gathers nothing).
  @inline(__always)
  static func reportsSteps(
    reporting: Bool, gathering: @autoclosure () -> Bool, tracked: @autoclosure () -> Bool
  ) -> Bool {
    reporting || (gathering() && tracked())
  }

  /// `reportsSteps(reporting:gathering:tracked:)` for a step on `thread`, the counts read now:
  /// one load and, when no observer reports, one comparison.
  @inline(__always)
  func reportsSteps(on thread: ThreadState) -> Bool {
    Self.reportsSteps(
      reporting: family.hasReportingObserver, gathering: thread.heldFrames.sharedBuilds > 0,
      tracked: family.isObserved)
  }

  /// `reportsSteps(reporting:gathering:tracked:)` for a step no shared build gathers: a routed
  /// build's (its thread gathers nothing while it runs: see `finishRoutedBuild`) and a task's
  /// (the async engine gathers no holdings). One load.
  @inline(__always)
  var reportsUngatheredSteps: Bool {
    Self.reportsSteps(reporting: family.hasReportingObserver, gathering: false, tracked: family.isObserved)
  }

  /// How many observers the family has (every container's, cancelled ones not counted): for the
  /// package's tests of who observes a family how often (a session's intake is its only one).
  package var observerCount: Int { family.observerCount.load(ordering: .relaxed) }

  /// Hands `event` to every observer of this container or of one of its parents. (A registration
  /// change, not a step: the list is read under the lock each time, into a cache made for this
  /// one delivery.)
  func emit(_ event: consuming ContainerEvent) {
    let observers = family.withLock { $0.observers }
    deliver(event, to: ObserverCache(containerID: id.raw, generation: 0, entries: observers))
  }

  /// No allocation: the observer list is shared copy-on-write, and the lineage walked in place.
  /// A paused observer (see `ObserverGate`) is not handed the event: it counts it.
  ///
  /// The last observer is handed the event itself, the others a copy each: a handler that keeps
  /// the event (a trace's ring) moves it, where a copy counted a reference to the registration
  /// and the instance it carries and the event's destruction here gave both back (four reference
  /// counts per observed step, for the usual single observer).
  private func deliver(_ event: consuming ContainerEvent, to observers: borrowing ObserverCache) {
    let others = observers.entries.count - 1
    if others > 0 {
      observers.entries.withUnsafeBufferPointer { entries in
        for index in 0..<others {
          // `observers` holds every entry for the whole loop: no reference count per call.
          Unmanaged.passUnretained(entries[index])._withUnsafeGuaranteedRef { entry in
            if sees(entry.containerID) { entry.receive(copy event) }
          }
        }
      }
    }
    // Out of the loop's closure, which could not hand on an event it captured; read from the
    // cache's own property, lent, not from the array.
    if let observed = observers.last?.containerID, sees(observed) { observers.last?.receive(event) }
  }

  /// A step no observer takes (see `skipsObservedSteps`): each paused observer that sees this
  /// container counts it; the root step ends the resolve all the same, and the thread lets go of
  /// the handlers (see `emitStep`).
  @inline(never)
  private func countSkippedStep(_ thread: ThreadState) {
    countSkippedStep(among: thread.observers.entries)
    if thread.chain.isEmpty { thread.observers.forget() }
  }

  /// Each paused observer among `observers` that sees this container counts a step it was not
  /// handed: a thread's, or an `async` resolution's (`emitResolvedStep`).
  func countSkippedStep(among observers: [ObserverEntry]) {
    for entry in observers where sees(entry.containerID) { entry.gate.skip() }
  }

  /// The event of one finished step, the same for a thread's resolution and a task's.
  func resolvedStep(
    _ registration: Registration, _ outcome: ResolutionStep.Outcome, _ scope: Scope, _ number: Int?,
    _ instance: consuming ObservedInstance, depth: Int, stackDepth: Int?, resolver: ResolutionStep.Resolver,
    buildTime: BuildTime? = nil
  ) -> ContainerEvent {
    .resolved(
      ResolutionStep(
        container: name, answering: registration,
        answeringContainer: registration.ownerID == id ? nil : containerName(of: registration.ownerID),
        stackDepth: stackDepth, outcome: outcome, scope: scope, depth: depth,
        instanceNumber: number, instance: consume instance, containerNumber: id.raw,
        resolver: resolver, buildTime: buildTime))
  }

  /// Whether an observer of the container `observed` sees this container's events: it is this
  /// one (the usual case, checked first) or one of its parents.
  @inline(__always)
  private func sees(_ observed: ContainerID) -> Bool {
    observed == id || selfOrParent(withID: observed) != nil
  }

  /// One finished step of a resolution. No lock while the family is unchanged: the handlers come
  /// from the thread's `ObserverCache`, and everything else an observer may want (the
  /// registration's details, the type's name) is computed only if it asks.
  ///
  /// `found` is the entry generation (see `entryGeneration`) of the container whose entries hold
  /// the key's route, under which `registration` was found answering: the top of its stack. If
  /// nothing has changed since, it still is, and its depth in the stack is 0 without looking;
  /// otherwise (its own factory changed the registrations) it is looked up. `nil`: found just
  /// now, with nothing run since.
  func emitStep(
    _ registration: Registration, _ outcome: ResolutionStep.Outcome, _ scope: Scope,
    _ number: Int?, _ instance: consuming ObservedInstance, _ thread: ThreadState, found: UInt64?,
    timed: Bool = true
  ) {
    // The handlers this replaces are let go of only once the step is delivered: a cancelled
    // observer's last reference may be there, and what its handler captured may have a deinit
    // that resolves or removes registrations — `registration` included, which the caller may
    // lend unretained.
    let replaced = refreshObservers(thread)
    defer { withExtendedLifetime(replaced) {} }
    let depth = thread.chain.count
    // Read first, as the build ends: a timed root's created steps only (see `build`), never a
    // routed build's (`timed`: false), which no one timed.
    let buildTime =
      timed && thread.chain.isTimed && outcome == .created ? thread.chain.finishTiming(at: depth) : nil
    let keeps = outcome == .created && scope.isCached && number != nil
    if keeps || (depth > 0 && thread.heldFrames.sharedBuilds > 0) {
      // Only here is the instance's type read (a copy of the instance, then): the usual observed
      // step hands its instance to the event untouched.
      recordHolding(registration, keeps: keeps, scope, number, type(of: instance.value), depth, thread)
    } else {
      thread.heldFrames.dropDependencies(ofStepAt: depth)
    }
    // Nobody takes events now (a debug client's full queue): the step is counted, not built.
    if skipsObservedSteps { return countSkippedStep(thread) }
    let stackDepth =
      found == nil || entryGeneration(for: registration.key.typeID) == found
      ? 0 : family.withLock { _ in depthInStack(of: registration) }
    let event = resolvedStep(
      registration, outcome, scope, number, instance, depth: depth, stackDepth: stackDepth,
      resolver: .thread(thread.number), buildTime: buildTime)
    // Taken out of the thread's cache for the delivery, not copied (a copy costs a reference
    // count): a handler that resolves in turn finds the cache empty and fills its own.
    var observers = ObserverCache()
    swap(&observers, &thread.observers)
    deliver(event, to: observers)
    // The root step ends the resolve: let go of the handlers, so that a cancelled observer is
    // not kept alive by a thread that does not resolve again. Otherwise they go back, unless a
    // handler's own resolve left fresher ones.
    if !thread.chain.isEmpty && thread.observers.containerID == 0 {
      swap(&observers, &thread.observers)
    }
  }

  /// Makes the thread's `ObserverCache` this container's current list, if it is not; returns the
  /// list it replaced, for the caller to let go of when it is done (`nil` unless refreshed: the
  /// usual step makes and destroys no empty cache).
  @inline(__always)
  private func refreshObservers(_ thread: ThreadState) -> ObserverCache? {
    let generation = family.generation.load(ordering: .acquiring)
    guard thread.observers.containerID != id.raw || thread.observers.generation != generation else {
      return nil
    }
    var replaced = ObserverCache(
      containerID: id.raw, generation: generation, entries: family.withLock { $0.observers })
    swap(&replaced, &thread.observers)
    return replaced
  }

  /// Whether no observer of the family takes events now (every one is paused, see
  /// `ObserverGate`): a step is then counted, and its event not built; one that keeps nothing of
  /// its own (a prototype's, a cached answer's) is reported with `skipStep`, before its instance
  /// is counted or numbered for an event. One load while any observer is open.
  @usableFromInline @inline(__always)
  var skipsObservedSteps: Bool { family.openObserverCount.load(ordering: .relaxed) == 0 }

  /// A step that keeps nothing of its own (a prototype built, a cached instance answered), while
  /// no observer takes events: what `emitStep` keeps of it (its place among the dependencies of
  /// a shared build under way, numbered then) and the count each paused observer keeps, with no
  /// event, no reference to the instance, and no number otherwise (as when nothing observes).
  /// `number` gives the instance's number when the step needs one; `instanceType`, its type.
  /// `registration` is read only below the root (where the root resolve still holds it): at the
  /// root, what ended the resolve may have let go of it.
  func skipStep(
    _ registration: Unmanaged<Registration>, _ scope: Scope, thread: ThreadState,
    number: () -> Int?, instanceType: () -> Any.Type
  ) {
    let replaced = refreshObservers(thread)
    defer { withExtendedLifetime(replaced) {} }
    let depth = thread.chain.count
    if depth > 0 && thread.heldFrames.sharedBuilds > 0 {
      registration._withUnsafeGuaranteedRef { registration in
        recordHolding(registration, keeps: false, scope, number(), instanceType(), depth, thread)
      }
    } else {
      thread.heldFrames.dropDependencies(ofStepAt: depth)
    }
    countSkippedStep(thread)
  }

  /// Holder tracking, from the step's place in its resolution (called by `emitStep` when the
  /// step built a shared instance, or finished under a shared build): the steps finished just
  /// below it are what it was built with; a shared instance built now keeps them (see
  /// `Holdings`), and this step joins what its own parent is built with while a shared build
  /// gathers them. The usual observed step (a prototype or a cached answer, with no shared build
  /// under way) never comes here: it only checks that nothing was gathered below it.
  @inline(never)
  private func recordHolding(
    _ registration: Registration, keeps: Bool, _ scope: Scope, _ number: Int?,
    _ instanceType: Any.Type, _ depth: Int, _ thread: ThreadState
  ) {
    let dependencies = thread.heldFrames.takeDependencies(ofStepAt: depth, keep: keeps)
    if keeps, let number {
      let holdings = Holdings(
        instanceNumber: number, instanceType: instanceType, dependencies: dependencies,
        rootKey: depth == 0 ? registration.key : thread.chain[0].key)
      let replaced = registration.state.withLock { state -> Holdings? in
        // Only for the instance cached now: a scope change during the build kept nothing.
        state.cachedNumber == number ? state.replaceHoldings(with: holdings) : nil
      }
      withExtendedLifetime(replaced) {}  // released here, out of the lock
    }
    if depth > 0 && thread.heldFrames.sharedBuilds > 0 {
      thread.heldFrames.add(
        HeldDependency(
          registration: registration, number: number, scope: scope, instanceType: instanceType),
        at: depth)
    }
  }

  /// The step of a prototype built through the typed routed path (`resolveUncached`), which does
  /// not number its instances unless someone observes. (Nor need it learn their type: a route is
  /// valid only under the generation it was made in, so while observed it was made by an observed
  /// slow-path build, which did.)
  @usableFromInline
  func emitRoutedPrototype(
    _ registration: Registration, instance: consuming ObservedInstance, found: UInt64,
    thread: ThreadState
  ) {
    emitStep(registration, .created, .prototype, stepNumber(), instance, thread, found: found, timed: false)
  }

  /// The box of the cached singleton at `index` of this thread's cache (the caller's probe), for
  /// an observed resolve: the family is observed, so the inlined lookup did not answer with it.
  /// Unretained (the cache holds it): read the instance, end the cache read this opened
  /// (`FastPathCache.endReadOnThisThread()`), then report with `emitObservedCached`.
  @usableFromInline
  func observedCachedSingleton(at index: Int, typeID: ObjectIdentifier, thread: ThreadState)
    -> Unmanaged<InstanceBox>?
  {
    guard reportsSteps(on: thread), thread.isPlain else { return nil }
    return thread.cache.observedSingleton(
      at: index, typeID: typeID, generation: { entryGeneration(for: typeID) })
  }

  /// `skipStep` for a cached singleton answered from the entry at `index` of this thread's cache
  /// while observed, when no observer takes events (see `skipsObservedSteps`).
  @usableFromInline
  func skipObservedCached(at index: Int, thread: ThreadState, instanceType: () -> Any.Type) {
    let (registration, scope, number) = thread.cache.routeInPlace(at: index)
    skipStep(
      registration, scope, thread: thread, number: { number == 0 ? nil : number },
      instanceType: instanceType)
  }

  /// The step of a cached singleton answered from the entry at `index` of this thread's cache
  /// while observed (see `observedCachedSingleton`).
  @usableFromInline
  func emitObservedCached(at index: Int, instance: consuming ObservedInstance, thread: ThreadState) {
    // The entry holds the registration until this thread changes its cache, which reporting the
    // step does not: read in place, not copied.
    let (registration, scope, number) = thread.cache.routeInPlace(at: index)
    var instance = Optional(instance)  // a closure cannot consume what it captures; it can take it
    registration._withUnsafeGuaranteedRef { registration in
      emitStep(registration, .cached, scope, number == 0 ? nil : number, instance.take()!, thread, found: nil)
    }
  }

  /// A root resolve through the typed routed path failed.
  @usableFromInline
  func emitRoutedFailure(_ error: any Error, thread: ThreadState) {
    guard thread.chain.isEmpty, let error = error as? ResolutionError else { return }
    emitRootFailure(error, thread: thread)
  }

  /// A root resolve failed: the resolve is over, so the thread lets go of the observers it kept
  /// for its steps (see `emitStep`), and the failure is reported, once, by the root of its
  /// resolution. A synchronous part of an `async` resolution is not that root: the `async` one
  /// reports the failure, with the whole path, if it fails (`resolveAsyncAnswer`); a part that
  /// fails and is tried again (on the main actor) reports nothing.
  func emitRootFailure(_ error: ResolutionError, thread: ThreadState) {
    thread.observers.forget()
    guard thread.partsOfAsyncResolutions == 0 else { return }
    emit(.resolutionFailed(error, container: name))
  }

  /// Where `registration` sits in its owner's stack, 0 being the top. Under the family lock.
  func depthInStack(of registration: Registration) -> Int? {
    guard let stack = selfOrParent(withID: registration.ownerID)?.registry.stacks[registration.key],
      let index = stack.lastIndex(where: { $0 === registration })
    else { return nil }
    return stack.count - 1 - index
  }

  func emitAbsent(_ key: ServiceKey, thread: ThreadState) {
    emit(
      .resolved(
        ResolutionStep(
          container: name, absent: key, depth: thread.chain.count, containerNumber: id.raw,
          resolver: .thread(thread.number))))
  }
}

/// A handle on an observer: cancel it, or let it go, to stop observing.
public final class Observation: Sendable {
  private let family: Family
  private let id: Int
  private let gate: ObserverGate
  /// Counted in `Family.reportingObserverCount` (every observer but a holder-tracking one).
  private let isReporting: Bool
  /// Counted in `Family.timingObserverCount`.
  private let timesBuilds: Bool
  private let isCancelled = Atomic<Bool>(false)

  init(family: Family, id: Int, gate: ObserverGate, isReporting: Bool, timesBuilds: Bool) {
    self.family = family
    self.id = id
    self.gate = gate
    self.isReporting = isReporting
    self.timesBuilds = timesBuilds
  }

  /// Stops handing events to the handler, and counts them instead, until `resume()`: for an
  /// observer that would only drop them for now (a debug client whose queue is full). While
  /// every observer of a step is paused, the container builds no event for it. Does nothing
  /// once paused (or cancelled).
  package func pause() {
    if gate.pause() { family.openObserverCount.wrappingAdd(-1, ordering: .relaxed) }
  }

  /// Hands events to the handler again; returns how many it was not handed since the last call.
  package func resume() -> Int {
    let (opened, skipped) = gate.resume()
    if opened { family.openObserverCount.wrappingAdd(1, ordering: .relaxed) }
    return skipped
  }

  /// Stops observing; later calls do nothing.
  public func cancel() {
    guard !isCancelled.exchange(true, ordering: .relaxed) else { return }
    if gate.close() { family.openObserverCount.wrappingAdd(-1, ordering: .relaxed) }
    let removed = family.withLock { state -> [ObserverEntry] in
      let removed = state.observers.filter { $0.id == id }
      state.observers.removeAll { $0.id == id }
      family.observerCount.wrappingAdd(-1, ordering: .relaxed)
      if isReporting { family.reportingObserverCount.wrappingAdd(-1, ordering: .relaxed) }
      if timesBuilds { family.timingObserverCount.wrappingAdd(-1, ordering: .relaxed) }
      family.bumpGeneration(holding: &state)
      return removed
    }
    // Its handler is released here, out of the lock: what it captured may be another observation,
    // whose deinit cancels it in turn.
    withExtendedLifetime(removed) {}
  }

  deinit { cancel() }
}
