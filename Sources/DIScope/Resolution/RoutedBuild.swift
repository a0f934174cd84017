/// The routed build: where a typed resolve that missed the inlined lookup goes without the family
/// lock, decided in one out-of-line call (`routedBuild`), the factory called by the typed caller,
/// and ended in another (`finishRoutedBuild`, or `routedBuildFailed`).
///
/// Checked once for all the routed paths: that nothing validates or records edges on this
/// thread, then, by what the thread knows of the key, a prototype or graph-scope registration this
/// thread resolved before (built again, or for graph scope found built), or a singleton it has the
/// route to and no instance of (claimed for this thread). (A child's own value is read before,
/// with no thread state at all: see `Container.valueRegisteredInChild`.)
///
/// **Routed builds retain nothing.** The registration comes from this thread's cache entry,
/// which holds it; while a resolve is under way on the thread, whatever the cache lets go of is
/// parked on the thread until the root resolve ends (`FastPathCache.discard`), so that entry's
/// hold outlasts the build even if the build's own factory removes or replaces the registration.
/// The plan is a trivial value: deciding, building and finishing count no reference but the
/// instance's own.
extension Container {
  /// What `routedBuild` decided.
  @usableFromInline
  struct RoutedBuild {
    @usableFromInline
    enum Kind: UInt8 {
      /// The general path answers.
      case general
      /// A graph-scope instance this root resolve built already: at `detail` in the thread's graph.
      case graphHit
      /// A prototype to build; it is on the chain.
      case prototype
      /// A graph-scope instance to build; it is on the chain.
      case graph
      /// A singleton this thread now builds: it holds the claim (epoch `detail`; see
      /// `finishBuilding`) and is on the chain. Built in `owner`.
      case singleton
      /// A singleton built already, whose route this thread had without its instance: now in the
      /// thread's cache too, and `box` is it.
      case cachedHit
    }

    @usableFromInline let kind: Kind
    /// The registration to build (unretained: see above).
    @usableFromInline let registration: Unmanaged<Registration>?
    /// The calling thread's state (unretained: the thread's key owns it).
    @usableFromInline let thread: Unmanaged<ThreadState>?
    /// The graph index of a `graphHit`, the epoch a `singleton` was claimed in, or the entry
    /// generation a `prototype`'s route was found valid under (its bits; for the step an
    /// observer sees).
    @usableFromInline let detail: Int
    /// The container a `singleton` is built in (its owner, itself or an ancestor of the resolving
    /// container, which holds it alive).
    @usableFromInline let owner: Unmanaged<Container>?
    /// The box of a `cachedHit`, retained for the caller to read the instance out of and release:
    /// this thread's cache entry holds it too, but a thread shutting its container down may take
    /// it out of the entry meanwhile (`ThreadCaches.forget(shutDown:own:)`). Once per thread and
    /// singleton after a change, so its two reference counts are paid rarely.
    @usableFromInline var box: Unmanaged<InstanceBox>? = nil

    static var general: RoutedBuild {
      RoutedBuild(kind: .general, registration: nil, thread: nil, detail: 0, owner: nil)
    }
  }

  /// The routed path for a resolve of `typeID` whose probe of this thread's cache stopped at
  /// `index` of `entryOwner`'s entries; `factoryType` is the caller's
  /// `FactoryRegistration<Service>`: a route answers only a registration of that class.
  /// Observed families take the general path for everything but prototypes, whose steps the
  /// caller reports itself; a family whose only observer tracks holders keeps the routed graph
  /// scope too, and claims its singletons on the general path, which gathers their holdings.
  ///
  /// - Throws: A cycle or a runaway depth through a prototype or graph-scope registration.
  @usableFromInline
  func routedBuild(
    at index: Int, typeID: ObjectIdentifier, factoryType: ObjectIdentifier,
    entryOwner: Unmanaged<Container>
  ) throws -> RoutedBuild {
    // A valid index means this thread has a table, made with its state.
    guard index >= 0, let raw = ThreadState.currentIfMade else { return .general }
    let thread = Unmanaged<ThreadState>.fromOpaque(raw)
    return try thread._withUnsafeGuaranteedRef { state -> RoutedBuild in
      var generation: UInt64 = 0
      guard state.isPlain,
        let route = entryOwner._withUnsafeGuaranteedRef({ owner in
          state.cache.validRoute(at: index, typeID: typeID) {
            generation = owner.entryGeneration
            return generation
          }
        }),
        route.registration._withUnsafeGuaranteedRef({ ObjectIdentifier(type(of: $0)) == factoryType })
      else { return .general }
      let registration = route.registration
      switch route.scope {
      case .prototype:
        try enterBuild(registration, thread: state)
        return RoutedBuild(
          kind: .prototype, registration: registration, thread: thread,
          detail: Int(truncatingIfNeeded: generation), owner: nil)
      case .graph where !reportsUngatheredSteps:
        if let found = registration._withUnsafeGuaranteedRef({ state.graph.index(of: $0) }) {
          return RoutedBuild(kind: .graphHit, registration: nil, thread: thread, detail: found, owner: nil)
        }
        try enterBuild(registration, thread: state)
        return RoutedBuild(kind: .graph, registration: registration, thread: thread, detail: 0, owner: nil)
      case .singleton where !family.isObserved && !route.holdsInstance:
        return routedSingleton(
          registration, owner: route.owner, typeID: typeID, entryOwner: entryOwner,
          generation: generation, thread: thread)
      default:
        return .general
      }
    }
  }

  /// A routed singleton this thread has the route to and no instance of: claimed for this thread
  /// to build, or, built already, kept beside its route. Out of line, so that the closure deciding
  /// a prototype's build stays small enough to be inlined into `routedBuild` (a singleton is routed
  /// once per thread; a prototype on every resolve).
  @inline(never)
  private func routedSingleton(
    _ registration: Unmanaged<Registration>, owner: Unmanaged<Container>, typeID: ObjectIdentifier,
    entryOwner: Unmanaged<Container>, generation: UInt64, thread: Unmanaged<ThreadState>
  ) -> RoutedBuild {
    thread._withUnsafeGuaranteedRef { state in
      switch claimSingleton(
        registration, owner: owner, entryOwner: entryOwner, generation: generation, thread: state)
      {
      case .claimed(let epoch):
        state.chain.push(registration)
        return RoutedBuild(
          kind: .singleton, registration: registration, thread: thread, detail: epoch, owner: owner)
      case .built(let box, let number):
        return keepBuiltSingleton(
          box, number: number, registration: registration, owner: owner, typeID: typeID,
          entryOwner: entryOwner, generation: generation, thread: state)
      case .general:
        return .general
      }
    }
  }

  /// A routed singleton the claim found built already: kept beside its route, under the
  /// generation the route was found valid for (a change since bumped it, and the entry is never
  /// used), so that the next resolve is the inlined hit. Out of line, so that `routedBuild`'s
  /// usual paths keep a small frame.
  @inline(never)
  private func keepBuiltSingleton(
    _ box: InstanceBox, number: Int, registration: Unmanaged<Registration>,
    owner: Unmanaged<Container>, typeID: ObjectIdentifier, entryOwner: Unmanaged<Container>,
    generation: UInt64, thread: ThreadState
  ) -> RoutedBuild {
    registration._withUnsafeGuaranteedRef { registration in
      thread.cache.store(
        containerID: entryOwner._withUnsafeGuaranteedRef { $0.id.raw }, typeID: typeID,
        name: registration.key.entryName, generation: generation, box: box,
        route: FastPathCache.Route(
          // The route's owner, held alive by the resolving container (see `Route.owner`).
          registration: registration, owner: owner.takeUnretainedValue(),
          scope: .singleton, cachedNumber: number))
    }
    return RoutedBuild(
      kind: .cachedHit, registration: nil, thread: nil, detail: 0, owner: nil,
      // Retained: see `RoutedBuild.box`.
      box: Unmanaged.passRetained(box))
  }

  /// What `claimSingleton` found.
  private enum SingletonClaim {
    /// This thread builds it, in the epoch claimed.
    case claimed(epoch: Int)
    /// Built already (by another thread, or by this thread's routed build, which keeps the
    /// instance in the registration only): its box and number.
    case built(InstanceBox, number: Int)
    /// The general path answers: another thread building it now, which it waits for; a weak or
    /// isolated registration; a cycle or runaway depth, which it reports.
    case general
  }

  /// Claims the build of a routed singleton, or takes the instance built already, under one family
  /// lock. The guard's rule is asked before the claim, so nothing is given back.
  @inline(never)  // off `routedBuild`'s usual paths: kept out of its frame
  private func claimSingleton(
    _ registration: Unmanaged<Registration>, owner: Unmanaged<Container>,
    entryOwner: Unmanaged<Container>, generation: UInt64, thread: ThreadState
  ) -> SingletonClaim {
    guard thread.chain.admits(registration) else { return .general }
    let me = ObjectIdentifier(thread)
    return registration._withUnsafeGuaranteedRef { registration in
      guard registration.isolation == .none else { return .general }
      return family.withLock { _ in
        // (`hasShutDown` is set under this lock, with the registry's flag.)
        let isShutDown = owner._withUnsafeGuaranteedRef { $0.hasShutDown.load(ordering: .relaxed) }
        // The route's scope was read when the route was stored: the generation vouches for it,
        // checked again under this lock (every change bumps it under the lock), so the claim
        // needs no epoch of its own to compare.
        guard entryOwner._withUnsafeGuaranteedRef({ $0.entryGeneration }) == generation else { return .general }
        switch registration.state.withLockHeld({
          $0.claim(registration, for: me, ownerIsShutDown: isShutDown, readIn: nil)
        }) {
        case .claimed(let epoch): return .claimed(epoch: epoch)
        case .cached(let box, let number): return .built(box, number: number)
        // A shutdown since the route was found valid: the general path refuses, with its error.
        // Another builder: the general path waits for it. (A weak instance: never routed.)
        case .ownerShutDown, .changed, .busy, .weak: return .general
        }
      }
    }
  }
}

/// How a routed build ends, out of line so that the typed caller stays small: what it built kept by
/// its scope, the registration off the chain, and a root resolve's end.
extension Container {
  /// Keeps what a routed build made — a claimed singleton's instance stored as the general path's
  /// `finishBuilding` stores it, a graph-scope instance kept for the rest of the root resolve, a
  /// prototype's step reported while observed — and takes the registration off the chain.
  /// `object` is the instance itself when it is a class instance (lent by the caller, which holds
  /// it); otherwise `box` makes its box, only when one is needed. `instance` reads it for
  /// observers.
  @usableFromInline
  func finishRoutedBuild(
    _ build: RoutedBuild, object lent: Unmanaged<AnyObject>?, box: () -> InstanceBox,
    instance: () -> Any
  ) {
    build.thread.unsafelyUnwrapped._withUnsafeGuaranteedRef { thread in
      build.registration.unsafelyUnwrapped._withUnsafeGuaranteedRef { registration in
        switch build.kind {
        case .singleton:
          // Stored while still on the chain: the root resolve's end may let go of what held it.
          if let lent, !registration.isImmortal {
            finishRoutedSingleton(registration, object: lent, epoch: build.detail)
          } else {
            let object = lent?.takeUnretainedValue()
            finishBuilding(
              registration,
              store: FinishedBuild(
                epoch: build.detail, number: nil,
                kept: object.map { .object($0) } ?? .box(box()),
                immortal: registration.isImmortal ? object : nil))
          }
          thread.chain.pop()
        case .graph:
          thread.chain.pop()
          // A root has no rest of the resolve to share it with.
          if !thread.chain.isEmpty {
            thread.graph.append(
              lent.map { GraphEntry(registration: registration, object: $0.takeUnretainedValue()) }
                ?? GraphEntry(registration: registration, box: box(), number: 0))
          }
        default:
          // No routed build runs on a thread gathering holdings: its table is hidden from the
          // lookup that leads here from before its outermost shared build starts until after
          // that build ends (`startGatheringHoldings`), and a build started under this one ends
          // before it. So only a reporting observer wants this step.
          assert(thread.heldFrames.sharedBuilds == 0, "DIScope: a routed build on a thread gathering holdings")
          if reportsUngatheredSteps {
            finishObservedRoutedPrototype(build, object: lent, instance: instance, thread: thread)
          } else {
            thread.chain.pop()
            if thread.chain.isEmpty { thread.endGraph() }
          }
        }
      }
      if thread.chain.isEmpty { thread.endRootResolve() }
    }
  }

  /// `finishBuilding` for the usual routed singleton, a class instance (lent by the caller):
  /// cached as it is, with the one reference the cache owns counted, and nothing else made or
  /// copied (the general `FinishedBuild` counts the instance twice more, and reads whether the
  /// registration is immortal under the lock).
  private func finishRoutedSingleton(
    _ registration: Registration, object: Unmanaged<AnyObject>, epoch: Int
  ) {
    // Asked now, with the instance in hand (its class compared with the last one asked), so that
    // a removal of this registration (a test's factory pushed, resolved, removed) asks nothing
    // of the instance it lets go of.
    let isKnownNotDisposable =
      registration.isolation == .none && !registration.hasDetails
      && !object._withUnsafeGuaranteedRef { object in
        ThreadState.withCurrent { $0.disposableTypes.hasDispose(object: object) }
      }
    endBuild(of: registration, claimedIn: epoch) { state, family in
      state.cachedNumber = family.nextInstanceNumber()
      state.cache(object: object.takeUnretainedValue(), isKnownNotDisposable: isKnownNotDisposable)
    }
  }

  /// An observed routed prototype's end: off the chain, then its step reported. Below the root,
  /// the registration is reported as lent: the root resolve is still under way, so whatever lets
  /// go of it (a handler removing it) parks it on the thread until the root ends. At the root it
  /// is held for the step: ending the graph may run a deinit that removes it, or release what a
  /// nested root parked, and nothing else holds it then.
  @inline(never)
  private func finishObservedRoutedPrototype(
    _ build: RoutedBuild, object lent: Unmanaged<AnyObject>?, instance: () -> Any,
    thread: ThreadState
  ) {
    if skipsObservedSteps {
      // No observer takes events now: the step is counted, with no reference to its instance
      // and no number unless a shared build under way keeps it among its dependencies.
      thread.chain.pop()
      if thread.chain.isEmpty { thread.endGraph() }
      return skipStep(
        build.registration.unsafelyUnwrapped, .prototype, thread: thread,
        number: { stepNumber() },
        instanceType: { lent.map { type(of: $0.takeUnretainedValue()) } ?? type(of: instance()) })
    }
    // A closure cannot consume what it captures; it can take it out of an optional.
    var observed = Optional(
      lent.map { ObservedInstance(object: $0.takeUnretainedValue()) }
        ?? ObservedInstance(value: instance()))
    let found = UInt64(truncatingIfNeeded: build.detail)
    thread.chain.pop()
    guard thread.chain.isEmpty else {
      build.registration.unsafelyUnwrapped._withUnsafeGuaranteedRef { registration in
        emitRoutedPrototype(registration, instance: observed.take()!, found: found, thread: thread)
      }
      return
    }
    let registration = build.registration.unsafelyUnwrapped.takeUnretainedValue()
    thread.endGraph()
    emitRoutedPrototype(registration, instance: observed.take()!, found: found, thread: thread)
  }

  /// A routed build's factory threw: gives a claimed singleton back, takes the registration off
  /// the chain, and returns the error as the resolve reports it — a `ResolutionError` from deeper
  /// down as it is, anything else as `factoryFailed` with the path (read before the chain lets go).
  @usableFromInline
  func routedBuildFailed(_ build: RoutedBuild, error: any Error) -> any Error {
    build.thread.unsafelyUnwrapped._withUnsafeGuaranteedRef { thread in
      let failure = build.registration.unsafelyUnwrapped._withUnsafeGuaranteedRef {
        registration -> any Error in
        let failure = error as? ResolutionError ?? factoryFailed(registration, error: error, thread: thread)
        if build.kind == .singleton { finishBuilding(registration, store: nil) }
        return failure
      }
      thread.chain.pop()
      if thread.chain.isEmpty { thread.endRootResolve() }
      if reportsUngatheredSteps { emitRoutedFailure(failure, thread: thread) }
      return failure
    }
  }
}
