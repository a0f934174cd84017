/// Shutting a container down: disposing what it built, newest first, once.
extension Container {
  /// Disposes every instance this container caches that it built and that is ``Disposable``,
  /// ``AsyncDisposable`` or registered with a `dispose` closure, once, in reverse creation order
  /// (what was built last, which may use what was built before it, goes first); then the container
  /// resolves nothing more. Every instance is disposed even when one fails: the failures are
  /// thrown together as a ``DisposalError``. Observers see a `.disposed` event for each.
  ///
  /// Mocks and instances the container did not build are left alone (unless pushed with
  /// `disposing: true`); prototype and graph instances belong to whoever resolved them. Children
  /// shut down on their own (see ``withChild(named:isolation:_:)``); a parent's singletons are the parent's.
  /// A build still under way on another thread when the container shuts down finishes, and its
  /// instance goes to the resolve that asked for it, uncached and not disposed.
  ///
  /// ```swift
  /// try await container.shutdown()   // the database closes after the services using it
  /// ```
  public func shutdown() async throws {
    let doomed = takeEverythingToDispose()
    if doomed.isEmpty { return }
    var failures: [Disposal] = []
    for item in doomed {
      let (disposed, failure) = await dispose(item)
      if disposed { report(item, failure: failure, into: &failures) }
    }
    if !failures.isEmpty { throw DisposalError(container: name, failures: failures) }
  }

  /// ``shutdown()`` for synchronous code (a command-line tool, a script): the same, but an
  /// instance that is only ``AsyncDisposable``, or registered with a `dispose` closure, cannot be
  /// awaited here and is reported as a failure saying so (it is not disposed). What a
  /// `@MainActor` factory built is disposed here only from the main actor, or when its
  /// conformance is not isolated to it: use ``shutdown()`` otherwise.
  ///
  /// ```swift
  /// try container.shutdownSynchronously()
  /// ```
  public func shutdownSynchronously() throws {
    let doomed = takeEverythingToDispose()
    if doomed.isEmpty { return }
    var failures: [Disposal] = []
    for item in doomed {
      let (disposed, failure): (Bool, (any Error)?) =
        if item.registration.disposal?.dispose != nil {
          (true, NeedsAwait())  // an `async` closure
        } else if item.registration.isolation == .mainActor {
          Self.disposeFromMainActorSynchronously(MainActorInstance(value: item.instance))
        } else {
          Self.disposeSynchronously(item.instance)
        }
      if disposed { report(item, failure: failure, into: &failures) }
    }
    if !failures.isEmpty { throw DisposalError(container: name, failures: failures) }
  }

  /// Runs `body` with a new child container, then shuts the child down, disposing what it built:
  /// the idiom for a request scope. Register the request's own values in the child (with
  /// ``register(_:name:value:disposing:fileID:line:)``, which needs no factory); resolve the request's services from
  /// it; they see the parent's singletons, and go with the request. The child resolves what it did
  /// not register through its parent's per-thread caches, and its registrations leave them alone.
  ///
  /// If `body` throws, the child is shut down all the same and `body`'s error is thrown (a
  /// disposal failure then reaches observers only); otherwise a disposal failure is thrown.
  ///
  /// ```swift
  /// let response = try await app.withChild(named: "request") { request in
  ///   request.register(RequestID.self, value: id)
  ///   return try request.resolve(Handler.self).handle()
  /// }
  /// ```
  public func withChild<Result>(
    named name: String = "child", isolation: isolated (any Actor)? = #isolation,
    _ body: (Container) async throws -> Result
  ) async throws -> Result {
    let child = makeChild(named: name)
    let result: Result
    do {
      result = try await body(child)
    } catch {
      try? await child.shutdown()
      throw error
    }
    try await child.shutdown()
    return result
  }

  /// Whether ``shutdown()`` (or ``shutdownSynchronously()``) was called.
  public var isShutDown: Bool { family.withLock { _ in registry.isShutDown } }

  /// Marks the container shut down and takes every cached instance out of it (under the lock,
  /// once: a second shutdown finds nothing); returns those to dispose, newest first.
  private func takeEverythingToDispose() -> [DisposableInstance] {
    var descendants: [Container] = []
    let taken = family.withLock { state -> (doomed: [DisposableInstance], released: [AnyObject])? in
      registry.isShutDown = true
      hasShutDown.store(true, ordering: .releasing)
      // A shut-down child is no longer one of the family's live children.
      if liveLink.isListed { family.liveChildren.remove(self) }
      // Its live descendants, whose own entries may hold what it built (a child that registered
      // a key itself reads its parent's singleton of it through an entry of its own). Retained
      // here, released out of the lock (a deinit takes it).
      // Only a container that had children can have any (a request's child, shut down once a
      // request, never walks the family's list).
      if hasHadChildren.load(ordering: .relaxed) {
        descendants = family.liveChildren.retainedChildren().filter {
          $0 !== self && $0.selfOrParent(withID: id) != nil && $0.mayHaveEntries.load(ordering: .relaxed)
        }
      }
      // Every resolve from it now reads its own entries, which the bump invalidates, and so takes
      // the slow path, which refuses: none follows a parent's entries past the shutdown.
      localTypes.saturate()
      localTypes.forgetValues()
      bumpGeneration(holding: &state)
      // Not the inline values, which are never disposed: made registrations later, they come
      // uncached, as this leaves every value. A request's child that registered nothing else
      // is done.
      return registry.storedStacks.isEmpty ? nil : takeCachedInstances()
    }
    // Every thread's entries hold instances too, which the shutdown lets go of here, whichever
    // thread resolved them (the bump above keeps every thread from using them again).
    if mayHaveEntries.load(ordering: .relaxed) || !descendants.isEmpty {
      let children = descendants.map(\.id.raw)
      ThreadState.withCurrent { ThreadCaches.forget(shutDown: self, children: children, own: $0.cache) }
    }
    descendants = []  // released here, out of every lock
    guard let taken else { return [] }
    withExtendedLifetime(taken.released) {}  // released here, out of the lock
    return taken.doomed
  }

  /// Takes every instance this container caches out of its registrations, under the family lock;
  /// returns those to dispose, newest first, and what the container let go of, to release out of
  /// the lock (only boxes and holdings of its own: a value's or a mock's instance stays with its
  /// registration).
  private func takeCachedInstances() -> (doomed: [DisposableInstance], released: [AnyObject]) {
    let thread = ThreadState.current
    var doomed: [DisposableInstance] = []
    var released: [AnyObject] = []
    registry.storedStacks.forEachRegistration { registration in
      registration.state.withLockHeld { state in
        if let item = Self.instanceToDispose(of: registration, state: &state, thread: thread) {
          doomed.append(item)
        }
        // Also bumps the epoch: a build under way (claimed before this) stores nothing after it.
        let (box, holdings) = state.dropCache()
        if let box { released.append(box) }
        if let holdings { released.append(holdings) }
      }
    }
    if doomed.count > 1 { doomed.sort { $0.number > $1.number } }
    return (doomed, released)
  }

  private func report(_ item: DisposableInstance, failure: (any Error)?, into failures: inout [Disposal]) {
    let disposal = reportDisposal(item, failure: failure, cause: .shutdown)
    if failure != nil { failures.append(disposal) }
  }
}
