/// The build of a shared instance (singleton, eager, weak) on the general path: exactly once under
/// contention, kept in the registration's state, and for the usual singleton in this thread's
/// cache from its first resolve on.
extension Container {
  /// Builds a singleton, eager or weak instance exactly once under contention: the builder marks
  /// the registration `isBuilding` under the family lock and builds outside it; other threads wait
  /// on the family's condition, then find the builder's instance. A singleton or eager instance
  /// built here goes into this thread's cache under `entryID` (when the resolve may keep one and
  /// nothing observes it), so that the next resolve of it is the inlined hit.
  func buildShared(
    _ registration: Registration, owner: Container, scope: Scope, generation: UInt64,
    entryID: UInt64?, observed: Bool, thread: ThreadState, slot: ServiceSlot
  ) throws {
    let isDryRun = thread.isDryRun
    // The same rule `enterBuild` applies, asked before the claim: a registration this thread is
    // building already would otherwise wait for itself.
    guard thread.chain.admits(.passUnretained(registration)) else {
      throw refusedBuild(.passUnretained(registration), thread: thread)
    }
    let lock = family.state
    let me = ObjectIdentifier(thread)
    let claim: SharedBuildClaim = try lock.withLock { family in
      let builds = family.builds
      while true {
        let (state, cached) = registration.state.withLockHeld { state in
          let cached = state.cachedBox(of: registration)
          return (state, cached)
        }
        if let cached, !isDryRun { return .cached(cached, state.cachedNumber ?? 0) }
        // Its owner shut down since the lookup: built for this resolve alone, uncached (no epoch
        // ever matches -1), as a build under way at the shutdown is, and claimed by no one.
        if owner.registry.isShutDown, !isDryRun { return .build(epoch: -1) }
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
      slot.unbox(cached)
      number = cachedNumber
    case .weak(let object, let cachedNumber) where slot.assign(object):
      number = cachedNumber
    case .weak, .build:
      let epoch: Int
      if case .build(let claimed) = claim { epoch = claimed } else { epoch = -1 }
      // While observed, the steps finishing under this build are gathered as what it holds
      // (see `HeldFrames`); its own step, reported last, takes them.
      if observed { thread.heldFrames.startCollecting(at: thread.chain.count) }
      defer { if observed { thread.heldFrames.endSharedBuild() } }
      let built: Int
      do {
        // Singletons are built in, and resolve their dependencies from, the container that owns
        // them.
        built = try build(registration, in: owner, thread: thread, slot: slot)
      } catch {
        if !isDryRun { finishBuilding(registration, store: nil) }
        throw error
      }
      if !isDryRun {
        let value = slot.instance()
        let box = scope != .weak ? slot.boxed() : nil
        let kept: FinishedBuild.Kept =
          if let box { .box(box) } else if type(of: value) is AnyClass { .weak(value as AnyObject) } else { .nothing }
        // Only class instances have a reference count to make immortal; `nil` (no copy of the
        // value) for everything else, and for every registration not made with `registerImmortal`.
        let immortal: AnyObject? =
          registration.isImmortal && scope != .weak && type(of: value) is AnyClass
          ? value as AnyObject : nil
        let stored = finishBuilding(
          registration,
          store: FinishedBuild(epoch: epoch, number: built, kept: kept, immortal: immortal))
        // Kept where the inlined lookup finds it: the next resolve on this thread is a hit. Only
        // what the registration stored (a build dropped meanwhile is not its instance), under the
        // generation the registration was found valid for, and never while observed (a hit
        // reports no step).
        if stored, let box, let entryID, !observed {
          thread.cache.store(
            containerID: entryID, typeID: registration.key.typeID, name: registration.key.name,
            generation: generation, box: box,
            route: FastPathCache.Route(
              registration: registration, owner: owner, scope: scope, cachedNumber: built))
        }
      }
      if observed {
        emitStep(registration, .created, scope, built, ObservedInstance(value: slot.instance()), thread, found: generation)
      }
      return
    }
    if observed { emitStep(registration, .cached, scope, number, ObservedInstance(value: slot.instance()), thread, found: generation) }
  }

  /// Clears `isBuilding`, stores what was built if the registration did not change meanwhile, and
  /// wakes the threads waiting for it. `immortal` is the instance to keep forever (see
  /// `Container.registerImmortal`), made so before any other thread can be handed it. Returns
  /// whether it stored it.
  @discardableResult
  func finishBuilding(_ registration: Registration, store: FinishedBuild?) -> Bool {
    endBuild(of: registration, claimedIn: store?.epoch) { state, family in
      guard let store else { return }
      if let immortal = store.immortal { Immortality.keepForever(immortal) }
      state.cachedNumber = store.number ?? family.nextInstanceNumber()
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
          state.builder = nil
          // Dropped meanwhile (a scope or caching change, a shutdown): built for nothing.
          guard let epoch, state.epoch == epoch else { return false }
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
}

/// What a thread found as it went to build a shared instance under the family lock: built already
/// (boxed, or a live weak instance, with its number), or the build claimed in `epoch`.
private enum SharedBuildClaim { case cached(InstanceBox, Int), weak(AnyObject, Int), build(epoch: Int) }
