/// How a routed build (see `routedBuild`) ends, out of line so that the typed caller stays small:
/// what it built kept by its scope, the registration off the chain, and a root resolve's end.
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
                epoch: build.detail, number: family.nextInstanceNumber(),
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
          if family.isObserved {
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
    let number = family.nextInstanceNumber()
    // Asked now, with the instance in hand (its class compared with the last one asked), so that
    // a removal of this registration (a test's factory pushed, resolved, removed) asks nothing
    // of the instance it lets go of.
    let isKnownNotDisposable =
      registration.isolation == .none && !registration.hasDetails
      && !object._withUnsafeGuaranteedRef { object in
        ThreadState.withCurrent { $0.disposableTypes.hasDispose(object: object) }
      }
    endBuild(of: registration, claimedIn: epoch) { state in
      state.cachedNumber = number
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
      if family.isObserved { emitRoutedFailure(failure, thread: thread) }
      return failure
    }
  }

  /// The box of the cached singleton at `index` of this thread's cache (the caller's probe), for
  /// an observed resolve: the family is observed, so the inlined lookup did not answer with it.
  /// Unretained (the cache holds it): read the instance, then report with `emitObservedCached`.
  @usableFromInline
  func observedCachedSingleton(at index: Int, typeID: ObjectIdentifier, thread: ThreadState)
    -> Unmanaged<InstanceBox>?
  {
    guard family.isObserved, thread.isPlain else { return nil }
    return thread.cache.observedSingleton(
      at: index, typeID: typeID, generation: entryGeneration(for: typeID))
  }
}
