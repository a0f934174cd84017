/// Removing registrations and changing how they cache.
extension Container {
  /// Removes exactly the registration `token` names, wherever it sits in its stack; the one below
  /// answers again if it was on top. What it had cached is disposed if the container built it (as
  /// ``setScope(_:for:)`` disposes it); a mock or a value is the caller's, unless pushed with
  /// `disposing: true`.
  ///
  /// - Returns: `true` if it was live; `false`, changing nothing, if it was already removed or
  ///   belongs to another container.
  ///
  /// ```swift
  /// let token = container.register(Logger.self) { _ in NullLogger() }
  /// container.remove(token)   // true
  /// ```
  @discardableResult
  public func remove(_ token: RegistrationToken) -> Bool {
    if family.isObserved { return removeObserved(token) }
    // The usual removal (a test taking its mock away): one registration out, nothing else read.
    // The registration comes out of the lock as the stack held it, not copied out of a tuple (a
    // copy counts a reference to it, and another to give back); what its instance held, beside.
    var holdings: Holdings?
    var doomed: DisposableInstance?
    var dropped: AnyObject?
    var isDropping = false
    let removed = family.withLock { state -> Registration? in
      guard let (registration, _) = registry.remove(token) else { return nil }
      forgetValue(of: registration.key)
      bumpGeneration(holding: &state)
      registration.state.withLockHeld { state in
        // What it cached goes with it, disposed if the container built it (a swap of a mock, the
        // usual removal, caches nothing of the container's: no question asked).
        if state.mayDispose(for: registration) {
          if !state.isKnownNotDisposable
            && state.cachesInstanceToDispose(of: registration, thread: .current)
          {
            doomed = Self.instanceToDispose(of: registration, state: &state, thread: .current)
          }
          (dropped, holdings) = state.dropCache()
          isDropping = dropped != nil
        } else {
          holdings = state.takeHoldings()
          // A build under way (claimed before this) keeps nothing in a removed registration.
          state.epoch &+= 1
        }
      }
      return registration
    }
    guard let removed else { return false }
    forgetOnThisThread(removed.key)
    if isDropping { forgetOnOtherThreads(removed.key) }
    // Released here, out of the lock: a deinit may use the container.
    withExtendedLifetime((holdings, dropped)) {}
    if let doomed { disposeDropped(doomed) }
    return true
  }

  /// A removed registration's cached instance, if the container built it and it has something to
  /// call, is disposed, as a shutdown would dispose it; the registration lets go of it.
  private func disposeRemoved(_ registration: Registration) {
    let thread = ThreadState.current
    let (doomed, dropped) = family.withLock { _ in
      registration.state.withLockHeld { state in
        (Self.instanceToDispose(of: registration, state: &state, thread: thread), state.dropCache())
      }
    }
    if dropped.0 != nil { forgetOnOtherThreads(registration.key) }
    withExtendedLifetime(dropped) {}
    if let doomed { disposeDropped(doomed) }
  }

  /// `remove(_:)` while observed: also reads what the removal uncovers, for the events.
  private func removeObserved(_ token: RegistrationToken) -> Bool {
    let removed = family.withLock { state -> (Registration, Int, Registration?, Holdings?)? in
      guard let (registration, depth) = registry.remove(token) else { return nil }
      forgetValue(of: registration.key)
      bumpGeneration(holding: &state)
      return (
        registration, depth, registry.stacks[registration.key]?.last,
        registration.state.withLockHeld { $0.takeHoldings() }
      )
    }
    guard let (registration, depth, uncovered, _) = removed else { return false }
    forgetOnThisThread(registration.key)
    disposeRemoved(registration)
    if family.isObserved {
      let info = registration.info(stackDepth: depth, container: name)
      let below = depth == 0 ? uncovered?.info(stackDepth: 0, container: name) : nil
      emit(.removed(info, uncovering: below))
      if registration.isMock { emit(.mockPopped(info, uncovering: below)) }
    }
    return true
  }

  /// Removes every registration an installed assembly made.
  ///
  /// - Returns: `true` if any of them was still live.
  @discardableResult
  public func remove(_ group: RegistrationGroup) -> Bool {
    var removedAny = false
    for token in group.tokens.reversed() where remove(token) { removedAny = true }
    return removedAny
  }

  /// Removes every registration of `key` in this container (Hopoate's overwrite, in the
  /// compatibility module).
  package func removeAll(for key: ServiceKey) {
    let tokens = family.withLock { _ in registry.stacks[key]?.map(\.token) ?? [] }
    for token in tokens.reversed() { remove(token) }
  }

  /// Switches a live registration's scope; what it had cached is dropped, and disposed if the
  /// container built it (as ``shutdown()`` would: a ``Disposable`` one at once, one that needs
  /// `await` in a task). Switching to `.eager` builds the instance at once.
  ///
  /// - Returns: `false` when the token is not live (nothing changed).
  /// - Throws: ``ScopeChangeError`` when the registration's service is not `Sendable` (it was
  ///   registered with an ``UnsharedScope``) and `scope` would share one instance between callers
  ///   (`.singleton`, `.eager`, `.weak`); nothing changes.
  ///
  /// ```swift
  /// try container.setScope(.graph, for: token)
  /// ```
  @discardableResult
  public func setScope(
    _ scope: Scope, for token: RegistrationToken
  ) throws(ScopeChangeError) -> Bool {
    guard let registration = liveRegistration(token) else { return false }
    // Decided from the registration alone, before the lock: `isSendable` never changes.
    if scope.isShared && !registration.isSendable {
      throw ScopeChangeError(
        reason: .notSendable, token: token, service: registration.key, requested: scope)
    }
    let thread = ThreadState.current
    let old: Scope
    do {
      let (previous, doomed, dropped) = family.withLock { familyState in
        forgetValue(of: registration.key)
        defer { bumpGeneration(holding: &familyState) }
        return registration.state.withLockHeld { state in
          let old = state.scope
          state.scope = scope
          let doomed = Self.instanceToDispose(of: registration, state: &state, thread: thread)
          return (old, doomed, state.dropCache())
        }
      }
      old = previous
      withExtendedLifetime(dropped) {}  // released here, out of the lock
      forgetOnThisThread(registration.key)
      if dropped.0 != nil { forgetOnOtherThreads(registration.key) }
      // What it had cached is let go of, and the container built it: disposed, as a shutdown would.
      if let doomed { disposeDropped(doomed) }
    }
    // Out of the block above, nothing here holds what was dropped: an eager build below is not
    // built over it (a weak instance only the dropped one held is gone, and built anew).
    if family.isObserved {
      emit(.scopeChanged(registration.info(stackDepth: nil, container: name), from: old))
    }
    if scope == .eager { buildEagerly(registration) }
    return true
  }

  /// Switches caching on or off for a live registration without forgetting its scope: with caching
  /// off, any scope behaves as `.prototype`. What it had cached is dropped, and disposed as
  /// ``setScope(_:for:)`` disposes it.
  ///
  /// ```swift
  /// container.setCaching(false, for: token)
  /// ```
  @discardableResult
  public func setCaching(_ isCaching: Bool, for token: RegistrationToken) -> Bool {
    guard let registration = liveRegistration(token) else { return false }
    let thread = ThreadState.current
    let (doomed, dropped) = family.withLock { familyState in
      forgetValue(of: registration.key)
      defer { bumpGeneration(holding: &familyState) }
      return registration.state.withLockHeld { state in
        state.isCaching = isCaching
        let doomed = Self.instanceToDispose(of: registration, state: &state, thread: thread)
        return (doomed, state.dropCache())
      }
    }
    withExtendedLifetime(dropped) {}  // released here, out of the lock
    forgetOnThisThread(registration.key)
    if dropped.0 != nil { forgetOnOtherThreads(registration.key) }
    if let doomed { disposeDropped(doomed) }
    if family.isObserved {
      emit(.cachingChanged(registration.info(stackDepth: nil, container: name)))
    }
    return true
  }

  func liveRegistration(_ token: RegistrationToken) -> Registration? {
    family.withLock { _ in registry.registration(for: token) }
  }

  /// After a change to `key` (which bumped the generation, so no thread's cache answers for it):
  /// drop this thread's entry for the key now, so what was removed is not kept alive by it.
  func forgetOnThisThread(_ key: ServiceKey) {
    // A thread with no state has no entry to drop; a bare key has no name to copy.
    guard let raw = ThreadState.currentIfMade else { return }
    Unmanaged<ThreadState>.fromOpaque(raw)._withUnsafeGuaranteedRef { thread in
      if key.text == nil {
        thread.cache.forget(containerID: id.raw, typeID: key.typeID, name: nil)
      } else {
        thread.cache.forget(containerID: id.raw, typeID: key.typeID, name: key.entryName)
      }
    }
  }

  /// After a change to `key` that let go of the instance its registration cached: takes that
  /// instance out of every other thread's entry for the key, as a shutdown does for all of them
  /// (`ThreadCaches.forget(changedKey:of:own:)`), so that what the change let go of goes now,
  /// not when each of those threads next resolves the key. Only when another thread than this one
  /// kept entries under this container (`entryThreads`): a test swapping a factory on one thread
  /// pays nothing.
  @inline(__always)
  func forgetOnOtherThreads(_ key: ServiceKey) {
    // Inlined to this one check: the usual change (a test's, W3r's) is made on the one thread
    // that resolved, and pays a load and a comparison.
    guard hasEntries(onThreadsOtherThan: UInt(bitPattern: ThreadState.currentIfMade)) else { return }
    forgetOnOtherThreadsNow(key)
  }

  @inline(never)
  private func forgetOnOtherThreadsNow(_ key: ServiceKey) {
    ThreadState.withCurrent { thread in
      ThreadCaches.forget(changedKey: key, of: id.raw, own: thread.cache)
    }
  }

  /// Builds an eager registration now. A failure is reported to observers and left for the first
  /// resolve to throw, since registering cannot throw.
  func buildEagerly(_ registration: Registration) {
    guard answersForItsKey(registration) else { return }
    if registration.isolation == .async || (registration.isolation == .mainActor && !isOnMainActor()) {
      return buildEagerlyInTask(registration)
    }
    let thread = ThreadState.current
    guard thread.chain.isEmpty, let factory = registration.erasedFactory else { return }
    let edgeLog = EdgeLog()
    thread.edgeLog = edgeLog
    defer { thread.edgeLog = nil }
    do {
      _ = try factory.resolveErased(in: self, key: registration.key)
      registration.state.withLock { $0.eagerEdges = edgeLog.edges }
    } catch let error as ResolutionError {
      if family.isObserved {
        emit(.eagerBuildFailed(registration.info(stackDepth: 0, container: name), error))
      }
    } catch {}
  }

  /// Whether `registration` is the one its key answers with here: the rule, for both engines, of
  /// when an eager registration is built. One shadowed (a mock or a newer registration over it)
  /// builds nothing now; resolving its key would answer with the one over it instead, and leave
  /// that one's route in the building thread's cache.
  func answersForItsKey(_ registration: Registration) -> Bool {
    family.withLock { _ in registry.stacks[registration.key]?.last === registration }
  }
}
