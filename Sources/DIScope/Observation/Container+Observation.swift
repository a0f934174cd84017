import Synchronization

/// Observing a container.
extension Container {
  /// Calls `handler` with every event of this container and of its children, synchronously, on
  /// the thread that caused it, until the returned observation is cancelled or released.
  ///
  /// With no observer attached, resolution does no event work at all.
  ///
  /// ```swift
  /// let observation = container.observe { event in log.append(event) }
  /// defer { observation.cancel() }
  /// ```
  public func observe(_ handler: @escaping @Sendable (ContainerEvent) -> Void) -> Observation {
    let observerID = family.state.withLock { state in
      let observerID = state.nextObserverID
      state.nextObserverID += 1
      state.observers.append(ObserverEntry(id: observerID, containerID: id, handler: handler))
      return observerID
    }
    family.observerCount.wrappingAdd(1, ordering: .relaxed)
    family.bumpGeneration()  // per-thread caches must not answer while someone watches
    return Observation(family: family, id: observerID)
  }

  func emit(_ event: ContainerEvent) {
    let ids = lineage.map(\.id)
    let handlers = family.state.withLock { state in
      state.observers.filter { ids.contains($0.containerID) }.map(\.handler)
    }
    for handler in handlers { handler(event) }
  }

  func emitStep(
    _ registration: Registration, _ outcome: ResolutionStep.Outcome, _ scope: Scope,
    _ number: Int?, _ instance: Any, _ thread: ThreadState
  ) {
    let depth = thread.chain.count
    let stackDepth = family.state.withLock { _ in
      lineage.first { $0.id == registration.ownerID }
        .flatMap { $0.registry.stacks[registration.key] }
        .flatMap { stack in stack.lastIndex { $0 === registration }.map { stack.count - 1 - $0 } }
    }
    let value = instance
    emit(
      .resolved(
        ResolutionStep(
          container: name, key: registration.key,
          registration: registration.info(
            stackDepth: stackDepth, container: containerName(of: registration.ownerID)),
          outcome: outcome, scope: scope, depth: depth, instanceNumber: number,
          explicitTypeName: registration.explicitImplementationName, instanceType: type(of: value),
          instance: ObservedInstance(value: value))))
  }

  func emitAbsent(_ key: ServiceKey, thread: ThreadState) {
    emit(
      .resolved(
        ResolutionStep(
          container: name, key: key, registration: nil, outcome: .absent, scope: nil,
          depth: thread.chain.count, instanceNumber: nil, explicitTypeName: nil, instanceType: nil,
          instance: nil)))
  }
}


/// A handle on an observer: cancel it, or let it go, to stop observing.
public final class Observation: Sendable {
  private let family: Family
  private let id: Int
  private let isCancelled = Atomic<Bool>(false)

  init(family: Family, id: Int) {
    self.family = family
    self.id = id
  }

  /// Stops observing; later calls do nothing.
  public func cancel() {
    guard !isCancelled.exchange(true, ordering: .relaxed) else { return }
    family.state.withLock { $0.observers.removeAll { $0.id == id } }
    family.observerCount.wrappingAdd(-1, ordering: .relaxed)
    family.bumpGeneration()
  }

  deinit { cancel() }
}
