/// The slow path of a resolve: find the registration that answers, guard against cycles and
/// runaway depth, and produce the instance under its scope.
///
/// Not generic (see `TypedSlot.swift`): the caller's typed slot is reached through five
/// non-escaping closures — `make` builds into it, `box` boxes it for a cache, `unbox` fills it from
/// a cache box, `assign` fills it from an untyped value, `instance` reads it for observers.
extension Container {
  /// Finds the registration that answers `key` here or in the nearest parent, with its owner.
  /// Call only under the family lock.
  func lookup(_ key: ServiceKey, in _: FamilyState) -> (Registration, Container)? {
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
    isOptional: Bool, make: (Registration, Resolver) throws -> Void, box: () -> InstanceBox,
    unbox: (InstanceBox) -> Void, assign: (Any) -> Bool, instance: () -> Any
  ) throws -> Bool {
    guard key.type == serviceType else {
      // Typed resolves make their key from the type; only `resolve(key:as:)` can disagree.
      throw typeMismatch(key, asked: serviceType, thread: thread)
    }
    let isRoot = thread.chain.isEmpty
    defer {
      if isRoot { thread.endRootResolve() }
    }
    let observed = family.isObserved && !thread.isDryRun
    // Whether this thread may remember, and follow, which registration answers the key. Observed
    // resolves follow routes too (observers see every step all the same); only cached instances
    // are never stored while observed, since a hit in the inlined fast path emits nothing.
    let isRoutable = key.dynamicService == nil && thread.isPlain
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
          containerID: entryID, typeID: key.typeID, name: key.name, generation: generation)
      {
        // A repeat resolve of an unchanged key: no family lock, no stack lookup.
        return try resolveRouted(
          route.registration, scope: route.scope, owner: route.scope.isCached ? route.owner : nil,
          generation: generation, entryID: entryID, observed: observed, thread: thread, make: make,
          box: box, unbox: unbox, assign: assign, instance: instance)
      }
      // One lock for the lookup, the generation, whether anyone observes, and the answering
      // registration's state. Observers are attached and cancelled under the lock too, so the
      // generation read here vouches for `isObserved`: an instance cached for the inlined lookup
      // (which reports no step) is never stored under a generation that has an observer.
      let (found, generation, isObservedNow, snapshot, shutDown, isStorable) = family.withLock {
        state -> ((Registration, Container)?, UInt64, Bool, StateSnapshot?, Container?, Bool) in
        // Read first (all under the lock, so the order changes nothing): no answer is then held
        // across the atomic loads, which the compiler would keep alive with a retain around them.
        let generation =
          family.generation.load(ordering: .relaxed)
          &+ entryOwner.localGeneration.load(ordering: .relaxed)
        let isObserved = family.isObserved
        let found = lookup(key, in: state)
        // A shut-down container resolves nothing, and nothing resolves through one: its routes
        // and cache entries all failed their generation check, so every resolve comes here.
        let shutDown = registry.isShutDown ? self : found.flatMap { $0.1.registry.isShutDown ? $0.1 : nil }
        return (
          found, generation, isObserved,
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
      let observed = isObservedNow && !thread.isDryRun
      if let edgeLog = thread.edgeLog, let from = thread.chain.last {
        edgeLog.record(from: from, to: found?.0, key: key, resolvedIn: self)
      }
      guard let (registration, owner) = found else {
        if let providerType = serviceType as? any ProviderProtocol.Type {
          _ = assign(try makeProvider(providerType, name: key.name, thread: thread))
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
      if let start = thread.chain.position(of: registration) {
        throw cycle(through: registration, startingAt: start, thread: thread)
      }
      if thread.chain.count >= Self.maximumDepth {
        throw tooDeep(registration, thread: thread)
      }
      try produce(
        registration, owner: owner, generation: generation,
        entryID: isRoutable && isStorable ? entryID : nil, observed: observed, thread: thread,
        snapshot: snapshot, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
      if isRoutable, isStorable, let snapshot,
        thread.cache.route(
          containerID: entryID, typeID: key.typeID, name: key.name, generation: generation) == nil
      {
        // The scope read under the lock is the one `generation` vouches for: a later change
        // bumps the generation, and this route is never used.
        thread.cache.store(
          containerID: entryID, typeID: key.typeID, name: key.name, generation: generation,
          box: nil,
          route: FastPathCache.Route(registration: registration, owner: owner, scope: snapshot.scope))
      }
      return true
    } catch let error as ResolutionError {
      if isRoot && observed { emitRootFailure(error, thread: thread) }
      throw error
    }
  }

  /// A resolve whose registration this thread already knows: only the cycle guard, then the scope.
  private func resolveRouted(
    _ registration: Registration, scope: Scope, owner: Container?, generation: UInt64,
    entryID: UInt64, observed: Bool, thread: ThreadState,
    make: (Registration, Resolver) throws -> Void, box: () -> InstanceBox,
    unbox: (InstanceBox) -> Void, assign: (Any) -> Bool, instance: () -> Any
  ) throws -> Bool {
    if let start = thread.chain.position(of: registration) {
      throw cycle(through: registration, startingAt: start, thread: thread)
    }
    if thread.chain.count >= Self.maximumDepth {
      throw tooDeep(registration, thread: thread)
    }
    switch scope {
    case .prototype:
      let number = try build(
        registration, in: self, thread: thread, make: make, box: box, unbox: unbox,
        assign: assign, instance: instance)
      if observed {
        emitStep(registration, .created, scope, number, ObservedInstance(value: instance()), thread, found: generation)
      }
    case .graph:
      if let entry = thread.graph[registration] {
        fill(from: entry, unbox: unbox, assign: assign)
        if observed {
          emitStep(registration, .cached, scope, entry.number, ObservedInstance(value: instance()), thread, found: generation)
        }
      } else {
        let number = try build(
          registration, in: self, thread: thread, make: make, box: box, unbox: unbox,
          assign: assign, instance: instance)
        thread.graph.append(GraphEntry(registration: registration, box: box(), number: number))
        if observed {
          emitStep(registration, .created, scope, number, ObservedInstance(value: instance()), thread, found: generation)
        }
      }
    case .singleton, .eager, .weak:
      guard let owner else { return false }
      // `generation` is the one the route was found valid for: the instance cached now is valid
      // as long as it.
      try produce(
        registration, owner: owner, generation: generation, entryID: entryID, observed: observed,
        thread: thread, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
    }
    return true
  }

  /// Produces the instance of `registration` under its effective scope, into the slot.
  /// `snapshot` is the registration's state when the caller already read it under the lock;
  /// `entryID` the container whose entries remember a cached singleton (`nil`: none do).
  private func produce(
    _ registration: Registration, owner: Container, generation: UInt64, entryID: UInt64?,
    observed: Bool,
    thread: ThreadState, snapshot: StateSnapshot? = nil,
    make: (Registration, Resolver) throws -> Void, box: () -> InstanceBox,
    unbox: (InstanceBox) -> Void, assign: (Any) -> Bool, instance: () -> Any
  ) throws {
    let read = snapshot ?? registration.state.withLock { StateSnapshot(&$0, of: registration) }
    let (scope, cached, weakInstance, cachedNumber) = (
      read.scope, read.cached, read.weakInstance, read.cachedNumber
    )
    if let run = thread.validationRun {
      return try produceInDryRun(
        registration, owner: owner, scope: scope, cached: cached, weakInstance: weakInstance,
        run: run, thread: thread, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
    }
    switch scope {
    case .singleton, .eager:
      if let cached {
        if let entryID {
          thread.cache.store(
            containerID: entryID, typeID: registration.key.typeID, name: registration.key.name,
            generation: generation, box: cached,
            route: FastPathCache.Route(
              registration: registration, owner: owner, scope: scope, cachedNumber: cachedNumber),
            answersInline: !observed)
        }
        unbox(cached)
        if observed { emitStep(registration, .cached, scope, cachedNumber, ObservedInstance(value: instance()), thread, found: generation) }
        return
      }
      try buildShared(registration, owner: owner, scope: scope, generation: generation, thread: thread, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
    case .weak:
      if let weakInstance, assign(weakInstance) {
        if observed { emitStep(registration, .cached, scope, cachedNumber, ObservedInstance(value: instance()), thread, found: generation) }
        return
      }
      try buildShared(registration, owner: owner, scope: scope, generation: generation, thread: thread, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
    case .graph:
      if let entry = thread.graph[registration] {
        fill(from: entry, unbox: unbox, assign: assign)
        if observed { emitStep(registration, .cached, scope, entry.number, ObservedInstance(value: instance()), thread, found: generation) }
        return
      }
      let number = try build(registration, in: self, thread: thread, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
      thread.graph.append(GraphEntry(registration: registration, box: box(), number: number))
      if observed { emitStep(registration, .created, scope, number, ObservedInstance(value: instance()), thread, found: generation) }
    case .prototype:
      let number = try build(registration, in: self, thread: thread, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
      if observed { emitStep(registration, .created, scope, number, ObservedInstance(value: instance()), thread, found: generation) }
    }
  }

  /// `produce` in a validation run: an instance already cached answers as it is (built before,
  /// it is not built again); otherwise what this run built of the registration, or the failure
  /// it met, answers again; otherwise its factory runs — once in the run — and what it built is
  /// kept by the run, never cached, numbered or observed.
  private func produceInDryRun(
    _ registration: Registration, owner: Container, scope: Scope, cached: InstanceBox?,
    weakInstance: AnyObject?, run: ValidationRun, thread: ThreadState,
    make: (Registration, Resolver) throws -> Void, box: () -> InstanceBox,
    unbox: (InstanceBox) -> Void, assign: (Any) -> Bool, instance: () -> Any
  ) throws {
    switch run.outcome(of: registration) {
    case .built(let entry):
      fill(from: entry, unbox: unbox, assign: assign)
      return
    case .failed(let error):
      throw error
    case nil:
      break
    }
    if scope.isCached, let cached {
      unbox(cached)
      return
    }
    if scope == .weak, let weakInstance, assign(weakInstance) { return }
    do {
      // Shared instances are built in, and resolve their dependencies from, their owner.
      _ = try build(
        registration, in: scope.isCached ? owner : self, thread: thread, make: make, box: box,
        unbox: unbox, assign: assign, instance: instance)
    } catch let error as ResolutionError {
      run.fail(registration, with: error)
      throw error
    }
    run.keep(registration, box: box())
  }

  /// Builds a singleton, eager or weak instance exactly once under contention: the builder marks
  /// the registration `isBuilding` under the family lock and builds outside it; other threads wait
  /// on the family's condition, then find the builder's instance.
  private func buildShared(
    _ registration: Registration, owner: Container, scope: Scope, generation: UInt64,
    thread: ThreadState,
    make: (Registration, Resolver) throws -> Void, box: () -> InstanceBox,
    unbox: (InstanceBox) -> Void, assign: (Any) -> Bool, instance: () -> Any
  ) throws {
    let observed = family.isObserved && !thread.isDryRun
    let isDryRun = thread.isDryRun
    let lock = family.state
    enum Claim { case cached(InstanceBox, Int), weak(AnyObject, Int), build(epoch: Int) }
    let me = ObjectIdentifier(thread)
    let claim: Claim = try lock.withLock { family in
      let builds = family.builds
      while true {
        let (state, cached) = registration.state.withLockHeld { state in
          let cached = state.cachedBox(of: registration)
          return (state, cached)
        }
        if let cached, !isDryRun { return .cached(cached, state.cachedNumber ?? 0) }
        if let weak = state.weakInstance, !isDryRun { return .weak(weak, state.cachedNumber ?? 0) }
        if !state.isBuilding || isDryRun {
          if !isDryRun { registration.state.withLockHeld { $0.builder = me } }
          return .build(epoch: state.epoch)
        }
        if let loop = Self.waitLoop(for: registration, of: me, in: builds) {
          throw crossThreadCycle(waitingFor: registration, loopsBackTo: loop, thread: thread)
        }
        builds.waiting[me] = registration
        lock.wait()
        builds.waiting[me] = nil
      }
    }
    let number: Int
    switch claim {
    case .cached(let cached, let cachedNumber):
      unbox(cached)
      number = cachedNumber
    case .weak(let object, let cachedNumber) where assign(object):
      number = cachedNumber
    case .weak, .build:
      let epoch: Int
      if case .build(let claimed) = claim { epoch = claimed } else { epoch = -1 }
      // While observed, the steps finishing under this build are gathered as what it holds
      // (see `HeldFrames`); its own step, reported last, takes them.
      if observed { thread.heldFrames.startCollecting(at: thread.chain.count) }
      defer { if observed { thread.heldFrames.sharedBuilds -= 1 } }
      let built: Int
      do {
        // Singletons are built in, and resolve their dependencies from, the container that owns
        // them.
        built = try build(
          registration, in: owner, thread: thread, make: make, box: box, unbox: unbox,
          assign: assign, instance: instance)
      } catch {
        if !isDryRun { finishBuilding(registration, store: nil) }
        throw error
      }
      if !isDryRun {
        let value = instance()
        let kept: FinishedBuild.Kept =
          scope != .weak ? .box(box())
          : type(of: value) is AnyClass ? .weak(value as AnyObject) : .nothing
        // Only class instances have a reference count to make immortal; `nil` (no copy of the
        // value) for everything else, and for every registration not made with `registerImmortal`.
        let immortal: AnyObject? =
          registration.isImmortal && scope != .weak && type(of: value) is AnyClass
          ? value as AnyObject : nil
        finishBuilding(
          registration,
          store: FinishedBuild(epoch: epoch, number: built, kept: kept, immortal: immortal))
      }
      if observed {
        emitStep(registration, .created, scope, built, ObservedInstance(value: instance()), thread, found: generation)
      }
      return
    }
    if observed { emitStep(registration, .cached, scope, number, ObservedInstance(value: instance()), thread, found: generation) }
  }

  /// Clears `isBuilding`, stores what was built if the registration did not change meanwhile, and
  /// wakes the threads waiting for it. `immortal` is the instance to keep forever (see
  /// `Container.registerImmortal`), made so before any other thread can be handed it.
  func finishBuilding(_ registration: Registration, store: FinishedBuild?) {
    endBuild(of: registration, claimedIn: store?.epoch) { state in
      guard let store else { return }
      if let immortal = store.immortal { Immortality.keepForever(immortal) }
      state.cachedNumber = store.number
      switch store.kept {
      case .box(let box): state.cache(box)
      case .object(let object): state.cache(object: object)
      case .weak(let object): state.weakInstance = object
      case .nothing: break
      }
    }
  }

  /// The end of every shared build, under the family lock (borrowed: no reference count of its
  /// own): the builder cleared; `keep` run to store what was built only if the registration's
  /// epoch is still the one its build was claimed in (`nil`: the build failed, nothing to keep);
  /// the threads waiting for it woken.
  @inline(__always)
  func endBuild(
    of registration: Registration, claimedIn epoch: Int?, keep: (inout RegistrationState) -> Void
  ) {
    Unmanaged.passUnretained(family.state)._withUnsafeGuaranteedRef { lock in
      lock.withLock { family in
        registration.state.withLockHeld { state in
          state.builder = nil
          // Dropped meanwhile (a scope or caching change, a shutdown): built for nothing.
          guard let epoch, state.epoch == epoch else { return }
          keep(&state)
        }
        // Only a thread that found the build under way waits, and it says so before it waits:
        // with none waiting (the usual first build), there is no one to wake.
        if !family.builds.waiting.isEmpty { lock.broadcast() }
      }
    }
  }

  /// The registration this thread builds that the builder of `registration` waits for, directly
  /// or through other waiting builders: waiting then would never end. `nil` when the wait is safe.
  static func waitLoop(for registration: Registration, of me: ObjectIdentifier, in builds: SharedBuilds)
    -> Registration?
  {
    var wanted = registration
    for _ in 0...builds.waiting.count {
      guard let builder = wanted.state.withLockHeld({ $0.builder }) else { return nil }
      guard let next = builds.waiting[builder] else { return nil }
      if next.state.withLockHeld({ $0.builder }) == me { return next }
      wanted = next
    }
    return nil
  }

  /// Fills the caller's slot from a graph entry: its box, or the instance the typed path kept
  /// unboxed (a class instance, which the caller's untyped `assign` takes as it is).
  private func fill(from entry: GraphEntry, unbox: (InstanceBox) -> Void, assign: (Any) -> Bool) {
    if entry.isBoxed {
      unbox(unsafeDowncast(entry.instance, to: InstanceBox.self))
    } else {
      _ = assign(entry.instance)
    }
  }

  /// Runs the factory with the registration on the chain, and numbers what it built.
  private func build(
    _ registration: Registration, in container: Container, thread: ThreadState,
    make: (Registration, Resolver) throws -> Void, box: () -> InstanceBox,
    unbox: (InstanceBox) -> Void, assign: (Any) -> Bool, instance: () -> Any
  ) throws -> Int {
    thread.chain.push(registration)
    defer { thread.chain.pop() }
    do {
      try make(registration, Resolver(container: container))
    } catch let error as ResolutionError {
      throw error
    } catch {
      throw factoryFailed(registration, error: error, thread: thread)
    }
    if thread.edgeLog != nil || family.isObserved {
      registration.learnImplementation(of: instance())
    }
    return thread.isDryRun ? 0 : family.nextInstanceNumber()
  }
}
