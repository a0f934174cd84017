/// The build of a shared instance (singleton, eager, weak) on the general path: exactly once under
/// contention, kept in the registration's state, and for the usual singleton in this thread's
/// cache from its first resolve on.
extension Container {
  /// Builds a singleton, eager or weak instance exactly once under contention: the builder marks
  /// its claim of the registration (`SharedClaim`) under the family lock and builds outside it; other threads wait
  /// on the family's condition, then find the builder's instance. A singleton or eager instance
  /// built here goes into this thread's cache under `entryID` (when the resolve may keep one and
  /// nothing observes it), so that the next resolve of it is the inlined hit. `observed`: its
  /// step is reported; `tracks`: holders are tracked, so the build gathers what it holds and
  /// reports its step for that (`emitStep` keeps it), even when no observer takes steps.
  func buildShared(
    _ registration: Registration, owner: Container, scope: Scope, readIn: Int,
    generation: UInt64, entryID: UInt64?, observed: Bool, tracks: Bool, thread: ThreadState,
    slot: ServiceSlot
  ) throws {
    // The same rule `enterBuild` applies, asked before the claim: a registration this thread is
    // building already would otherwise wait for itself.
    guard thread.chain.admits(.passUnretained(registration)) else {
      throw refusedBuild(.passUnretained(registration), thread: thread)
    }
    let lock = family.state
    let me = ObjectIdentifier(thread)
    let claim: SharedClaim = try lock.withLock { family in
      let builds = family.builds
      while true {
        let claim = registration.state.withLockHeld {
          $0.claim(registration, for: me, ownerIsShutDown: owner.registry.isShutDown, readIn: readIn)
        }
        guard case .busy = claim else { return claim }
        if let loop = Self.waitLoop(for: registration, of: me, in: builds) {
          throw crossThreadCycle(waitingFor: registration, loopsBackTo: loop, thread: thread)
        }
        builds.wait(me, for: registration)
        lock.wait()
        builds.endWait(me, for: registration)
      }
    }
    // Out of the lock: the error reads the containers' names.
    if case .ownerShutDown = claim { throw wasShutDown(owner, asked: registration.key, thread: thread) }
    let number: Int
    switch claim {
    case .cached(let cached, let cachedNumber):
      slot.unbox(cached)
      number = cachedNumber
    case .weak(let object, let cachedNumber) where slot.assign(object):
      number = cachedNumber
    case .weak, .claimed, .ownerShutDown, .changed, .busy:
      // Kept only in the epoch claimed; a change since the resolve read the state, or a weak
      // instance of another type, is built for this resolve alone.
      let epoch: Int? = if case .claimed(let claimed) = claim { claimed } else { nil }
      // While holders are tracked, the steps finishing under this build are gathered as what it
      // holds (see `HeldFrames`); its own step, reported last, takes them. Every step under it
      // must reach the engine, so the thread's inlined lookup misses until the outermost such
      // build ends (see `FastPathCache.hideFromInlinedLookup()`).
      if tracks { startGatheringHoldings(at: thread.chain.count, thread: thread) }
      defer { if tracks { endGatheringHoldings(thread: thread) } }
      do {
        // Singletons are built in, and resolve their dependencies from, the container that owns
        // them.
        try build(registration, in: owner, thread: thread, slot: slot)
      } catch {
        if epoch != nil { finishBuilding(registration, store: nil) }
        throw error
      }
      var kept: Int? = nil
      if let epoch {
        let value = slot.instance()
        let box = scope != .weak ? slot.boxed() : nil
        let keeping: FinishedBuild.Kept =
          if let box { .box(box) } else if type(of: value) is AnyClass { .weak(value as AnyObject) } else { .nothing }
        // Only class instances have a reference count to make immortal; `nil` (no copy of the
        // value) for everything else, and for every registration not made with `registerImmortal`.
        let immortal: AnyObject? =
          registration.isImmortal && scope != .weak && type(of: value) is AnyClass
          ? value as AnyObject : nil
        kept = finishBuilding(
          registration, store: FinishedBuild(epoch: epoch, number: nil, kept: keeping, immortal: immortal))
        // Kept where the inlined lookup finds it: the next resolve on this thread is a hit. Only
        // what the registration stored (a build dropped meanwhile is not its instance), under the
        // generation the registration was found valid for, and never while observed (a hit
        // reports no step).
        if let kept, let box, let entryID, !observed {
          thread.cache.store(
            containerID: entryID, typeID: registration.key.typeID, name: registration.key.entryName,
            generation: generation, box: box,
            route: FastPathCache.Route(
              registration: registration, owner: owner, scope: scope, cachedNumber: kept))
        }
      }
      if observed || tracks {
        emitStep(
          registration, .created, scope, kept ?? stepNumber(), ObservedInstance(value: slot.instance()),
          thread, found: generation)
      }
      return
    }
    if observed { emitStep(registration, .cached, scope, number, ObservedInstance(value: slot.instance()), thread, found: generation) }
  }

  /// Ends a claimed build (see `SharedClaim`): the claim cleared, what was built stored if the
  /// registration's epoch is still the claim's (`store` `nil`: the build failed), and the threads
  /// waiting for it woken. `immortal` is the instance to keep forever (see
  /// `Container.registerImmortal`), made so before any other thread can be handed it. Returns the
  /// number of the instance it stored, drawn as it is stored; `nil` when it stored nothing.
  @discardableResult
  func finishBuilding(_ registration: Registration, store: FinishedBuild?) -> Int? {
    var number: Int? = nil
    endBuild(of: registration, claimedIn: store?.epoch) { state, family in
      guard let store else { return }
      if let immortal = store.immortal { Immortality.keepForever(immortal) }
      let kept = store.number ?? family.nextInstanceNumber()
      state.cachedNumber = kept
      number = kept
      switch store.kept {
      case .box(let box): state.cache(box)
      case .object(let object): state.cache(object: object)
      case .weak(let object): state.weakInstance = object
      case .nothing: break
      }
    }
    return number
  }

  /// The end of every shared build, under the family lock (borrowed: no reference count of its
  /// own): the builder cleared; `keep` run to store what was built only if the registration's
  /// epoch is still the one its build was claimed in (`nil`: the build failed, nothing to keep),
  /// with the family's locked state (to number the instance); the threads waiting for it woken.
  /// Returns whether `keep` ran.
  @inline(__always) @discardableResult
  func endBuild(
    of registration: Registration, claimedIn epoch: Int?,
    keep: (inout RegistrationState, inout FamilyLockedState) -> Void
  ) -> Bool {
    Unmanaged.passUnretained(family.state)._withUnsafeGuaranteedRef { lock in
      lock.withLock { family in
        let kept = registration.state.withLockHeld { state in
          // Dropped meanwhile (a scope or caching change, a shutdown): built for nothing.
          guard state.endClaim(claimedIn: epoch) else { return false }
          keep(&state, &family)
          return true
        }
        // Only a thread that found the build under way waits, and it says so before it waits:
        // with none waiting (the usual first build), there is no one to wake.
        if !family.builds.waiting.isEmpty { lock.broadcast() }
        return kept
      }
    }
  }

  /// The registration `me` builds that the builder of `registration` waits for, directly or
  /// through other waiting builders (a thread waits for one build at a time, an `async` build for
  /// each dependency it awaits): waiting then would never end. `nil` when the wait is safe.
  static func waitLoop(for registration: Registration, of me: ObjectIdentifier, in builds: SharedBuilds)
    -> Registration?
  {
    var wanted = [registration]
    var seen: Set<ObjectIdentifier> = []
    while let next = wanted.popLast() {
      guard let builder = next.state.withLockHeld({ $0.builder }), seen.insert(builder).inserted else { continue }
      for awaited in builds.waiting[builder] ?? [] {
        if awaited.state.withLockHeld({ $0.builder }) == me { return awaited }
        wanted.append(awaited)
      }
    }
    return nil
  }
}



/// Gathering what a shared instance is built with, while holders are tracked.
extension Container {
  /// Starts gathering the steps of a shared build at `depth` (see `HeldFrames`). The outermost
  /// such build on the thread hides its table from the inlined lookup, so that every step under
  /// it reaches the engine and is reported: a family whose only observer tracks holders answers
  /// its cached singletons inline everywhere else (see `reportsSteps(on:)`).
  func startGatheringHoldings(at depth: Int, thread: ThreadState) {
    if thread.heldFrames.sharedBuilds == 0 { thread.cache.hideFromInlinedLookup() }
    thread.heldFrames.startCollecting(at: depth)
  }

  /// Ends what `startGatheringHoldings` started; the outermost build shows the table again.
  func endGatheringHoldings(thread: ThreadState) {
    thread.heldFrames.endSharedBuild()
    if thread.heldFrames.sharedBuilds == 0 { thread.cache.showToInlinedLookup() }
  }
}
