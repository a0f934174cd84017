/// The routed prototype path of `resolveUncached`: the cycle and depth guards and the chain, out of
/// line so that the typed caller stays small.
extension Container {
  /// Enters the build of a prototype this thread has resolved before, found at `index` of its
  /// cache by the caller's probe: checks that the route is still valid and that nothing validates
  /// or records edges, guards against cycles and runaway depth, and puts the
  /// registration on the chain. `nil`, with nothing entered, when the route cannot be taken or its
  /// factory is not of `factoryType` (the caller's `FactoryBox<Service>`).
  ///
  /// One call and one retain (the registration's, which keeps it and its factory alive even if
  /// the factory removes its own registration) for everything but the factory itself.
  @usableFromInline
  func enterRoutedPrototype(
    at index: Int, typeID: ObjectIdentifier, factoryType: ObjectIdentifier, thread: ThreadState
  ) throws -> Registration? {
    guard index >= 0, !thread.isDryRun, thread.edgeLog == nil,
      let registration = thread.cache.prototypeRoute(
        at: index, typeID: typeID, generation: entryGeneration(for: typeID)),
      ObjectIdentifier(type(of: registration.factory)) == factoryType
    else { return nil }
    if let start = thread.chain.position(of: registration) {
      throw cycle(through: registration, startingAt: start, thread: thread)
    }
    if thread.chain.count >= Self.maximumDepth {
      throw tooDeep(registration, thread: thread)
    }
    thread.chain.push(registration)
    return registration
  }

  /// The box of the cached singleton at `index` of this thread's cache (the caller's probe), for
  /// an observed resolve: the family is observed, so the inlined lookup did not answer with it.
  /// Unretained (the cache holds it): read the instance, then report with `emitObservedCached`.
  @usableFromInline
  func observedCachedSingleton(at index: Int, typeID: ObjectIdentifier, thread: ThreadState)
    -> Unmanaged<InstanceBox>?
  {
    guard family.isObserved, !thread.isDryRun, thread.edgeLog == nil else { return nil }
    return thread.cache.observedSingleton(
      at: index, typeID: typeID, generation: entryGeneration(for: typeID))
  }

  /// Takes the registration off the chain; a root forgets its graph-scope instances.
  @usableFromInline
  func leaveRoutedBuild(thread: ThreadState) {
    thread.chain.pop()
    if thread.chain.isEmpty && !thread.graph.isEmpty {
      thread.graph.removeAll(keepingCapacity: true)
    }
  }

  /// A factory's error as a resolve reports it: a `ResolutionError` from deeper down passes
  /// through; anything else becomes `factoryFailed` with the path (the chain still holds it).
  @usableFromInline
  func routedBuildFailed(_ registration: Registration, error: any Error, thread: ThreadState)
    -> any Error
  {
    if let error = error as? ResolutionError { return error }
    return factoryFailed(registration, error: error, thread: thread)
  }
}
