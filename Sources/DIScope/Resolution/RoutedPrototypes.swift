/// The routed prototype and graph-scope path of `resolveUncached`: the cycle and depth guards and the chain, out of
/// line so that the typed caller stays small.
extension Container {
  /// Enters the build of a routed registration (see `typedRoute`): guards against
  /// cycles and runaway depth, and puts it on the chain.
  @usableFromInline
  func enterRoutedBuild(_ registration: Registration, thread: ThreadState) throws {
    if let start = thread.chain.position(of: registration) {
      throw cycle(through: registration, startingAt: start, thread: thread)
    }
    if thread.chain.count >= Self.maximumDepth {
      throw tooDeep(registration, thread: thread)
    }
    thread.chain.push(registration)
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

  /// Takes the registration off the chain; a root forgets its graph-scope instances.
  @usableFromInline
  func leaveRoutedBuild(thread: ThreadState) {
    thread.chain.pop()
    if thread.chain.isEmpty && !thread.graph.isEmpty {
      thread.graph.removeAll()
    }
  }

  /// Takes a graph-scope registration off the chain, and keeps what it built for the rest of the
  /// root resolve (`object`: the instance itself, a class instance; otherwise `box`, made only
  /// when needed); a root has no rest, and forgets its graph-scope instances.
  @usableFromInline
  func leaveRoutedGraphBuild(
    _ registration: Registration, object: AnyObject?, box: () -> InstanceBox, thread: ThreadState
  ) {
    thread.chain.pop()
    if thread.chain.isEmpty {
      if !thread.graph.isEmpty { thread.graph.removeAll() }
    } else if let object {
      thread.graph.append(GraphEntry(registration: registration, object: object))
    } else {
      thread.graph.append(GraphEntry(registration: registration, box: box(), number: 0))
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
