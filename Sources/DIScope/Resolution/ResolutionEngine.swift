/// The slow path of a resolve: find the registration that answers, guard against cycles and
/// runaway depth, and produce the instance under its scope.
extension Container {
  /// Finds the registration that answers `key` here or in the nearest parent, with its owner.
  /// Call only under the family lock.
  func lookup(_ key: ServiceKey, in _: FamilyState) -> (Registration, Container)? {
    var container: Container? = self
    while let current = container {
      if let registration = current.registry.stacks[key]?.last { return (registration, current) }
      container = current.parent
    }
    return nil
  }

  func resolveEntry<Service>(
    _ key: ServiceKey, as: Service.Type, thread: ThreadState, requestedArguments: String?,
    isOptional: Bool = false, make: (Registration, Resolver) throws -> Service
  ) throws -> Service? {
    let isRoot = thread.chain.isEmpty
    defer {
      if isRoot && !thread.graph.isEmpty { thread.graph.removeAll(keepingCapacity: true) }
    }
    let (found, generation) = family.state.withLock { state in
      (lookup(key, in: state), family.generation.load(ordering: .relaxed))
    }
    let observed = family.isObserved && !thread.isDryRun
    if let edgeLog = thread.edgeLog, let from = thread.chain.last {
      let named = key.dynamicService == nil ? ServiceKey(Service.self, name: key.name) : key
      edgeLog.record(from: from, to: found?.0, key: named, resolvedIn: self)
    }
    do {
      guard let (registration, owner) = found else {
        if let providerType = Service.self as? any ProviderProtocol.Type {
          return try makeProvider(providerType, as: Service.self, thread: thread)
        }
        if isOptional {
          if observed { emitAbsent(ServiceKey(Service.self, name: key.name), thread: thread) }
          return nil
        }
        throw notRegistered(key, as: Service.self, thread: thread, arguments: requestedArguments)
      }
      if let start = thread.chain.firstIndex(where: { $0 === registration }) {
        throw cycle(through: registration, startingAt: start, thread: thread)
      }
      if thread.chain.count >= Self.maximumDepth {
        throw tooDeep(registration, thread: thread)
      }
      return try produce(
        registration, owner: owner, generation: generation, observed: observed, thread: thread,
        make: make)
    } catch let error as ResolutionError {
      if isRoot && observed { emit(.resolutionFailed(error, container: name)) }
      throw error
    }
  }

  /// Produces the instance of `registration` under its effective scope.
  private func produce<Service>(
    _ registration: Registration, owner: Container, generation: UInt64, observed: Bool,
    thread: ThreadState, make: (Registration, Resolver) throws -> Service
  ) throws -> Service {
    var (scope, cached, weakInstance, cachedNumber) = registration.state.withLock {
      ($0.effectiveScope, $0.cached, $0.weakInstance, $0.cachedNumber)
    }
    if thread.isDryRun && thread.chain.isEmpty {
      // Validation builds the registration it checks, to see its dependencies; keeps nothing.
      (cached, weakInstance) = (nil, nil)
    }
    switch scope {
    case .singleton, .eager:
      if let cached {
        if !observed && registration.key.dynamicService == nil && !thread.isDryRun {
          thread.cache.store(
            containerID: id.raw, typeID: registration.key.typeID, name: registration.key.name,
            generation: generation, box: cached)
        }
        if observed { emitStep(registration, .cached, scope, cachedNumber, cached, thread) }
        return unsafeDowncast(cached, to: InstanceBox<Service>.self).value
      }
      return try buildShared(registration, owner: owner, scope: scope, thread: thread, make: make)
    case .weak:
      if let weakInstance, let instance = weakInstance as? Service {
        if observed { emitStep(registration, .cached, scope, cachedNumber, instance, thread) }
        return instance
      }
      return try buildShared(registration, owner: owner, scope: scope, thread: thread, make: make)
    case .graph:
      if let entry = thread.graph[registration.token] {
        if observed { emitStep(registration, .cached, scope, entry.number, entry.box, thread) }
        return unsafeDowncast(entry.box, to: InstanceBox<Service>.self).value
      }
      let (value, number) = try build(registration, in: self, thread: thread, make: make)
      thread.graph[registration.token] = GraphEntry(box: InstanceBox(value), number: number)
      if observed { emitStep(registration, .created, scope, number, value, thread) }
      return value
    case .prototype:
      let (value, number) = try build(registration, in: self, thread: thread, make: make)
      if observed { emitStep(registration, .created, scope, number, value, thread) }
      return value
    }
  }

  /// Builds a singleton, eager or weak instance exactly once under contention: the registration's
  /// build lock serialises builders, and the second one finds the first one's instance.
  private func buildShared<Service>(
    _ registration: Registration, owner: Container, scope: Scope, thread: ThreadState,
    make: (Registration, Resolver) throws -> Service
  ) throws -> Service {
    let observed = family.isObserved && !thread.isDryRun
    let isDryRun = thread.isDryRun
    let result: (Service, Int, Bool) = try registration.buildLock.withLock { _ in
      let (cached, weakInstance, number, epoch) = registration.state.withLock {
        ($0.cached, $0.weakInstance, $0.cachedNumber, $0.epoch)
      }
      if let cached, !isDryRun {
        return (unsafeDowncast(cached, to: InstanceBox<Service>.self).value, number ?? 0, false)
      }
      if let weakInstance, !isDryRun, let instance = weakInstance as? Service {
        return (instance, number ?? 0, false)
      }
      // Singletons are built in, and resolve their dependencies from, the container that owns them.
      let (value, newNumber) = try build(registration, in: owner, thread: thread, make: make)
      registration.state.withLock { state in
        guard state.epoch == epoch, !isDryRun else { return }
        state.cachedNumber = newNumber
        if scope == .weak {
          if type(of: value as Any) is AnyClass { state.weakInstance = value as AnyObject }
        } else {
          state.cached = InstanceBox(value)
        }
      }
      return (value, newNumber, true)
    }
    if observed {
      emitStep(registration, result.2 ? .created : .cached, scope, result.1, result.0, thread)
    }
    return result.0
  }

  /// Runs the factory with the registration on the chain, and numbers what it built.
  private func build<Service>(
    _ registration: Registration, in container: Container, thread: ThreadState,
    make: (Registration, Resolver) throws -> Service
  ) throws -> (Service, Int) {
    thread.chain.append(registration)
    defer { thread.chain.removeLast() }
    let value: Service
    do {
      value = try make(registration, Resolver(container: container))
    } catch let error as ResolutionError {
      throw error
    } catch {
      throw factoryFailed(registration, error: error, thread: thread)
    }
    if thread.edgeLog != nil || family.isObserved {
      registration.learnImplementation(of: value)
    }
    return (value, thread.isDryRun ? 0 : family.nextInstanceNumber())
  }
}

/// A graph-scope instance of the current root resolve, with its creation number.
struct GraphEntry {
  let box: AnyObject
  let number: Int
}
