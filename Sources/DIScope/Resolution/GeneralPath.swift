/// The general path of a resolve: what the inlined lookup and the routed build (`RoutedBuild.swift`)
/// leave to it. Find the registration that answers — by this thread's route to it, or under the
/// family lock — then produce the instance under its scope, in one place for every scope.
///
/// Not specialised for the service (see `ServiceSlot.swift`): the caller's typed slot is reached
/// through the one `ServiceSlot` it hands over.
extension Container {
  /// Finds the registration that answers `key` here or in the nearest parent, with its owner.
  /// Call only under the family lock.
  func lookup(_ key: ServiceKey, in _: FamilyLockedState) -> (Registration, Container)? {
    var container: Container? = self
    while let current = container {
      if let registration = current.registry.top(of: key) { return (registration, current) }
      container = current.parent
    }
    return nil
  }

  /// Resolves `key` into the caller's slot; returns false when nothing answers an optional resolve.
  @usableFromInline
  func resolveEntry(
    _ key: ServiceKey, serviceType: Any.Type, thread: ThreadState, requestedArguments: String?,
    isOptional: Bool, slot: ServiceSlot
  ) throws -> Bool {
    guard key.type == serviceType else {
      // Typed resolves make their key from the type; only `resolve(key:as:)` can disagree.
      throw typeMismatch(key, asked: serviceType, thread: thread)
    }
    let isRoot = thread.chain.isEmpty
    defer {
      if isRoot { thread.endRootResolve() }
    }
    // Whether this resolve reports its steps (see `reportsSteps(on:)`), and whether a shared
    // instance it builds gathers what it holds (holders tracked: any observer at all).
    var observed = reportsSteps(on: thread) && !thread.isDryRun
    var tracks = family.isObserved && !thread.isDryRun
    // Whether this thread may remember, and follow, which registration answers the key. Observed
    // resolves follow routes too (observers see every step all the same); only cached instances
    // are never stored while observed, since a hit in the inlined fast path emits nothing.
    // A dynamic key (a script's service) too: its entries are kept under its `entryName`.
    let isRoutable = thread.isPlain
    // Whose entries hold this key's route: this container's, or, for a key it did not register,
    // an ancestor's (see `entryOwner(for:)`).
    // Unretained: this container holds its ancestors alive for the whole resolve.
    unowned(unsafe) let entryOwner = unretainedEntryOwner(for: key.typeID).takeUnretainedValue()
    let entryID = entryOwner.id.raw
    // Every entry this resolve keeps (a route, a cached singleton) is under `entryID`.
    if isRoutable { entryOwner.noteEntries() }
    do {
      if isRoutable,
        case let generation = entryOwner.entryGeneration,
        let route = thread.cache.route(
          containerID: entryID, typeID: key.typeID, name: key.entryName, generation: generation)
      {
        // A repeat resolve of an unchanged key: no family lock, no stack lookup. The route's scope
        // is the one `generation` vouches for (a later change bumps it, and the route is never
        // used); a cached instance it leads to is valid as long as it.
        try produce(
          route.registration, scope: route.scope, owner: route.owner, generation: generation,
          entryID: entryID, observed: observed, tracks: tracks, thread: thread, snapshot: nil, slot: slot)
        return true
      }
      // One lock for the lookup, the generation, whether anyone observes, and the answering
      // registration's state. Observers are attached and cancelled under the lock too, so the
      // generation read here vouches for `isObserved`: an instance cached for the inlined lookup
      // (which reports no step) is never stored under a generation that has an observer.
      let (found, generation, observers, snapshot, shutDown, isStorable) = family.withLock {
        state -> ((Registration, Container)?, UInt64, (reporting: Bool, tracking: Bool), StateSnapshot?, Container?, Bool) in
        // Read first (all under the lock, so the order changes nothing): no answer is then held
        // across the atomic loads, which the compiler would keep alive with a retain around them.
        let generation =
          family.generation.load(ordering: .relaxed)
          &+ entryOwner.localGeneration.load(ordering: .relaxed)
        let observers = (reporting: family.hasReportingObserver, tracking: family.isObserved)
        let found = lookup(key, in: state)
        // A shut-down container resolves nothing, and nothing resolves through one: its routes
        // and cache entries all failed their generation check, so every resolve comes here.
        let shutDown = registry.isShutDown ? self : found.flatMap { $0.1.registry.isShutDown ? $0.1 : nil }
        return (
          found, generation, observers,
          found.map { answer in answer.0.state.withLockHeld { StateSnapshot(&$0, of: answer.0) } },
          shutDown,
          // An ancestor's entries are written only for what it would answer itself: not for a
          // registration another thread pushed in a container below it (this one, or one between)
          // since `entryOwner` was chosen, without the lock; and a shut-down container answers
          // nothing.
          !entryOwner.registry.isShutDown
            && (found.map {
              $0.1 === entryOwner || entryOwner.selfOrParent(withID: $0.1.id) != nil
            } ?? true)
        )
      }
      if let shutDown { throw wasShutDown(shutDown, asked: key, thread: thread) }
      observed =
        Self.reportsSteps(
          reporting: observers.reporting, gathering: thread.heldFrames.sharedBuilds > 0,
          tracked: observers.tracking) && !thread.isDryRun
      tracks = observers.tracking && !thread.isDryRun
      if let edgeLog = thread.edgeLog, let from = thread.chain.last {
        edgeLog.record(from: from, to: found?.0, key: key, resolvedIn: self)
      }
      guard let (registration, owner) = found, let snapshot else {
        if let providerType = serviceType as? any ProviderProtocol.Type {
          _ = slot.assign(try makeProvider(providerType, name: key.name, thread: thread))
          return true
        }
        if isOptional {
          if observed { emitAbsent(key, thread: thread) }
          return false
        }
        throw notRegistered(
          key, thread: thread, arguments: requestedArguments)
      }
      // An `async` factory, or a `@MainActor` one off the main actor: never run here. (Never
      // routed or cached for this thread either, so the fast paths need no such check.)
      if registration.isolation != .none, let refusal = isolationRefusal(registration, thread: thread) {
        throw refusal
      }
      try produce(
        registration, scope: snapshot.scope, owner: owner, generation: generation,
        entryID: isRoutable && isStorable ? entryID : nil, observed: observed, tracks: tracks,
        thread: thread, snapshot: snapshot, slot: slot)
      // No route while an observer asks for build times: a routed build is not timed.
      if isRoutable, isStorable, !family.timesBuilds,
        thread.cache.route(
          containerID: entryID, typeID: key.typeID, name: key.entryName, generation: generation) == nil
      {
        // The scope read under the lock is the one `generation` vouches for: a later change
        // bumps the generation, and this route is never used.
        thread.cache.store(
          containerID: entryID, typeID: key.typeID, name: key.entryName, generation: generation,
          box: nil,
          route: FastPathCache.Route(registration: registration, owner: owner, scope: snapshot.scope))
      }
      return true
    } catch let error as ResolutionError {
      if isRoot && observed { emitRootFailure(error, thread: thread) }
      throw error
    }
  }

  /// Produces the instance of `registration` under `scope` into the slot: the one place each
  /// scope is answered, whether the registration was found by a route or under the lock.
  /// `snapshot` is the registration's state when the caller already read it under the lock
  /// (`nil`: read here, for a shared scope only); `entryID` the container whose entries remember a
  /// cached singleton (`nil`: none do). `observed`: the step is reported; `tracks`: a shared
  /// instance built gathers what it holds.
  private func produce(
    _ registration: Registration, scope: Scope, owner: Container, generation: UInt64,
    entryID: UInt64?, observed: Bool, tracks: Bool, thread: ThreadState, snapshot: StateSnapshot?,
    slot: ServiceSlot
  ) throws {
    if let run = thread.validationRun {
      let read = snapshot ?? registration.state.withLock { StateSnapshot(&$0, of: registration) }
      return try produceInDryRun(
        registration, owner: owner, scope: read.scope, cached: read.cached,
        weakInstance: read.weakInstance, run: run, thread: thread, slot: slot)
    }
    let number: Int?
    let step: ResolutionStep.Outcome
    switch scope {
    case .prototype:
      try build(registration, in: self, thread: thread, slot: slot)
      number = observed ? numberForStep(thread) : nil
      step = .created
    case .graph:
      if let entry = thread.graph[registration] {
        fill(slot, from: entry)
        number = entry.number == 0 ? nil : entry.number
        step = .cached
      } else {
        try build(registration, in: self, thread: thread, slot: slot)
        number = observed ? numberForStep(thread) : nil
        thread.graph.append(GraphEntry(registration: registration, box: slot.boxed(), number: number ?? 0))
        step = .created
      }
    case .singleton, .eager, .weak:
      let read = snapshot ?? registration.state.withLock { StateSnapshot(&$0, of: registration) }
      if scope != .weak, let cached = read.cached {
        if let entryID {
          thread.cache.store(
            containerID: entryID, typeID: registration.key.typeID, name: registration.key.entryName,
            generation: generation, box: cached,
            route: FastPathCache.Route(
              registration: registration, owner: owner, scope: scope, cachedNumber: read.cachedNumber),
            answersInline: !observed)
        }
        slot.unbox(cached)
      } else if scope == .weak, let weakInstance = read.weakInstance, slot.assign(weakInstance) {
      } else {
        // Built (or found built by another thread) and reported there.
        return try buildShared(
          registration, owner: owner, scope: scope, readIn: read.epoch, generation: generation,
          entryID: entryID, observed: observed, tracks: tracks, thread: thread, slot: slot)
      }
      number = read.cachedNumber
      step = .cached
    }
    if observed {
      emitStep(registration, step, scope, number, ObservedInstance(value: slot.instance()), thread, found: generation)
    }
  }

  /// `produce` in a validation run: what answers without a build, by the run's one rule
  /// (`ValidationRun.answerWithoutBuilding`); otherwise the factory runs — once in the run — and
  /// what it built is kept by the run, never cached, numbered or observed.
  private func produceInDryRun(
    _ registration: Registration, owner: Container, scope: Scope, cached: InstanceBox?,
    weakInstance: AnyObject?, run: ValidationRun, thread: ThreadState, slot: ServiceSlot
  ) throws {
    switch try run.answerWithoutBuilding(registration, scope: scope, cached: cached, weakInstance: weakInstance) {
    case .box(let box):
      return slot.unbox(box)
    case .object(let object) where slot.assign(object):
      return
    case .object, nil:
      break
    }
    do {
      // Shared instances are built in, and resolve their dependencies from, their owner.
      try build(registration, in: scope.isCached ? owner : self, thread: thread, slot: slot)
    } catch let error as ResolutionError {
      run.fail(registration, with: error)
      throw error
    }
    run.keep(registration, box: slot.boxed())
  }

  /// Fills the caller's slot from a graph entry: its box, or the instance the typed path kept
  /// unboxed (a class instance, which the slot's untyped `assign` takes as it is).
  private func fill(_ slot: ServiceSlot, from entry: GraphEntry) {
    if entry.isBoxed {
      // Unchecked: `isBoxed` says the entry's object is its box.
      slot.unbox(unsafeDowncast(entry.instance, to: InstanceBox.self))
    } else {
      _ = slot.assign(entry.instance)
    }
  }

  /// Runs the factory with the registration entered on the chain (`enterBuild`: the guard against
  /// cycles and runaway depth). Numbers nothing: see `stepNumber()`.
  func build(
    _ registration: Registration, in container: Container, thread: ThreadState, slot: ServiceSlot
  ) throws {
    try enterBuild(.passUnretained(registration), thread: thread)
    defer { thread.chain.pop() }
    // Whether to time is read once per root build; the builds under it follow. Only here: while
    // an observer asks for times, nothing is routed (see `resolveEntry`), so the routed path,
    // which never times, stays as it was.
    if thread.chain.count == 1 { thread.chain.isTimed = family.timesBuilds }
    if thread.chain.isTimed { thread.chain.startTimingTop() }
    do {
      try slot.build(registration, Resolver(container: container))
    } catch let error as ResolutionError {
      throw error
    } catch {
      throw factoryFailed(registration, error: error, thread: thread)
    }
    if thread.edgeLog != nil || family.isObserved {
      registration.learnImplementation(of: slot.instance())
    }
  }

  /// The number of an instance that a step reports and no registration keeps: a prototype, a
  /// graph-scope instance, a shared build a change overtook. The one numbering rule, on every
  /// path (general, routed, async): an instance gets a number when its registration keeps it
  /// (drawn under the family lock that stores it: `finishBuilding`, `register` for a mock or a
  /// value) or when a step reports it; never otherwise, so an unobserved prototype costs no
  /// number, and the numbers an observer sees do not depend on which path built what.
  func stepNumber() -> Int { family.nextInstanceNumber() }

  /// `stepNumber()` for an observed step that keeps nothing of its own, when it will be reported
  /// or gathered under a shared build under way; `nil` while no observer takes events and no
  /// shared build gathers it (as `skipStep` and the async engine decide).
  private func numberForStep(_ thread: ThreadState) -> Int? {
    !skipsObservedSteps || thread.heldFrames.sharedBuilds > 0 ? stepNumber() : nil
  }
}
