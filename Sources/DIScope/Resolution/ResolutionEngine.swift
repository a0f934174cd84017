/// The slow path of a resolve: find the registration that answers, guard against cycles and
/// runaway depth, and produce the instance under its scope.
///
/// Not generic (see `TypedSlot.swift`): the caller's typed slot is reached through five
/// non-escaping closures — `make` builds into it, `box` boxes it for a cache, `unbox` fills it from
/// a cache box, `assign` fills it from an untyped value, `instance` reads it for observers.
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

  /// Resolves `key` into the caller's slot; returns false when nothing answers an optional resolve.
  @usableFromInline
  func resolveEntry(
    _ key: ServiceKey, serviceType: Any.Type, thread: ThreadState, requestedArguments: String?,
    isOptional: Bool, make: (Registration, Resolver) throws -> Void, box: () -> AnyObject,
    unbox: (AnyObject) -> Void, assign: (Any) -> Bool, instance: () -> Any
  ) throws -> Bool {
    let isRoot = thread.chain.isEmpty
    defer {
      if isRoot && !thread.graph.isEmpty { thread.graph.removeAll(keepingCapacity: true) }
    }
    let observed = family.isObserved && !thread.isDryRun
    let isPlain = !observed && key.dynamicService == nil && !thread.isDryRun && thread.edgeLog == nil
    if isPlain,
      let slot = thread.cache.routeSlot(
        containerID: id.raw, key: key, generation: family.generation.load(ordering: .acquiring)),
      let registration = slot.pointee.routeRegistration
    {
      // A repeat resolve of an unchanged key: no family lock, no stack lookup.
      return try resolveRouted(
        registration, slot: slot, thread: thread, make: make, box: box, unbox: unbox, assign: assign,
        instance: instance)
    }
    let (found, generation) = family.state.withLock { state in
      (lookup(key, in: state), family.generation.load(ordering: .relaxed))
    }
    if let edgeLog = thread.edgeLog, let from = thread.chain.last {
      edgeLog.record(from: from, to: found?.0, key: key, resolvedIn: self)
    }
    do {
      guard let (registration, owner) = found else {
        if let providerType = serviceType as? any ProviderProtocol.Type {
          _ = assign(try makeProvider(providerType, serviceType: serviceType, thread: thread))
          return true
        }
        if isOptional {
          if observed { emitAbsent(key, thread: thread) }
          return false
        }
        throw notRegistered(
          key, thread: thread, arguments: requestedArguments)
      }
      if let start = thread.chain.position(of: registration) {
        throw cycle(through: registration, startingAt: start, thread: thread)
      }
      if thread.chain.count >= Self.maximumDepth {
        throw tooDeep(registration, thread: thread)
      }
      try produce(
        registration, owner: owner, generation: generation, observed: observed, thread: thread,
        make: make, box: box, unbox: unbox, assign: assign, instance: instance)
      if isPlain
        && thread.cache.routeSlot(containerID: id.raw, key: key, generation: generation) == nil
      {
        let scope = registration.state.withLock { $0.effectiveScope }
        thread.cache.store(
          containerID: id.raw, typeID: key.typeID, name: key.name, generation: generation,
          box: nil, route: .init(registration: registration, owner: owner, scope: scope))
      }
      return true
    } catch let error as ResolutionError {
      if isRoot && observed { emit(.resolutionFailed(error, container: name)) }
      throw error
    }
  }

  /// A resolve whose registration this thread already knows: only the cycle guard, then the scope.
  private func resolveRouted(
    _ registration: Registration, slot: UnsafeMutablePointer<FastPathCache.Slot>,
    thread: ThreadState,
    make: (Registration, Resolver) throws -> Void, box: () -> AnyObject,
    unbox: (AnyObject) -> Void, assign: (Any) -> Bool, instance: () -> Any
  ) throws -> Bool {
    if let start = thread.chain.position(of: registration) {
      throw cycle(through: registration, startingAt: start, thread: thread)
    }
    if thread.chain.count >= Self.maximumDepth {
      throw tooDeep(registration, thread: thread)
    }
    switch slot.pointee.routeScope {
    case .prototype:
      _ = try build(
        registration, in: self, thread: thread, make: make, box: box, unbox: unbox,
        assign: assign, instance: instance)
    case .graph:
      if let entry = thread.graph[registration.token] {
        unbox(entry.box)
      } else {
        let number = try build(
          registration, in: self, thread: thread, make: make, box: box, unbox: unbox,
          assign: assign, instance: instance)
        thread.graph[registration.token] = GraphEntry(box: box(), number: number)
      }
    case .singleton, .eager, .weak:
      guard let owner = slot.pointee.routeOwner else { return false }
      try produce(
        registration, owner: owner, generation: 0, observed: false, thread: thread,
        make: make, box: box, unbox: unbox, assign: assign, instance: instance)
    }
    return true
  }

  /// Produces the instance of `registration` under its effective scope, into the slot.
  private func produce(
    _ registration: Registration, owner: Container, generation: UInt64, observed: Bool,
    thread: ThreadState, make: (Registration, Resolver) throws -> Void, box: () -> AnyObject,
    unbox: (AnyObject) -> Void, assign: (Any) -> Bool, instance: () -> Any
  ) throws {
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
            generation: generation, box: cached,
            route: .init(registration: registration, owner: owner, scope: scope))
        }
        unbox(cached)
        if observed { emitStep(registration, .cached, scope, cachedNumber, instance(), thread) }
        return
      }
      try buildShared(registration, owner: owner, scope: scope, thread: thread, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
    case .weak:
      if let weakInstance, assign(weakInstance) {
        if observed { emitStep(registration, .cached, scope, cachedNumber, instance(), thread) }
        return
      }
      try buildShared(registration, owner: owner, scope: scope, thread: thread, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
    case .graph:
      if let entry = thread.graph[registration.token] {
        unbox(entry.box)
        if observed { emitStep(registration, .cached, scope, entry.number, instance(), thread) }
        return
      }
      let number = try build(registration, in: self, thread: thread, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
      thread.graph[registration.token] = GraphEntry(box: box(), number: number)
      if observed { emitStep(registration, .created, scope, number, instance(), thread) }
    case .prototype:
      let number = try build(registration, in: self, thread: thread, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
      if observed { emitStep(registration, .created, scope, number, instance(), thread) }
    }
  }

  /// Builds a singleton, eager or weak instance exactly once under contention: the registration's
  /// build lock serialises builders, and the second one finds the first one's instance.
  private func buildShared(
    _ registration: Registration, owner: Container, scope: Scope, thread: ThreadState,
    make: (Registration, Resolver) throws -> Void, box: () -> AnyObject,
    unbox: (AnyObject) -> Void, assign: (Any) -> Bool, instance: () -> Any
  ) throws {
    let observed = family.isObserved && !thread.isDryRun
    let isDryRun = thread.isDryRun
    let (number, isNew): (Int, Bool) = try registration.buildLock.withLock { _ in
      let (cached, weakInstance, number, epoch) = registration.state.withLock {
        ($0.cached, $0.weakInstance, $0.cachedNumber, $0.epoch)
      }
      if let cached, !isDryRun {
        unbox(cached)
        return (number ?? 0, false)
      }
      if let weakInstance, !isDryRun, assign(weakInstance) {
        return (number ?? 0, false)
      }
      // Singletons are built in, and resolve their dependencies from, the container that owns them.
      let newNumber = try build(registration, in: owner, thread: thread, make: make, box: box, unbox: unbox, assign: assign, instance: instance)
      guard !isDryRun else { return (newNumber, true) }
      let box: AnyObject? = scope == .weak ? nil : box()
      let instance = scope == .weak ? instance() : nil
      registration.state.withLock { state in
        guard state.epoch == epoch else { return }
        state.cachedNumber = newNumber
        if let box {
          state.cached = box
        } else if let instance, type(of: instance) is AnyClass {
          state.weakInstance = instance as AnyObject
        }
      }
      return (newNumber, true)
    }
    if observed {
      emitStep(registration, isNew ? .created : .cached, scope, number, instance(), thread)
    }
  }

  /// Runs the factory with the registration on the chain, and numbers what it built.
  private func build(
    _ registration: Registration, in container: Container, thread: ThreadState,
    make: (Registration, Resolver) throws -> Void, box: () -> AnyObject,
    unbox: (AnyObject) -> Void, assign: (Any) -> Bool, instance: () -> Any
  ) throws -> Int {
    thread.chain.push(registration)
    defer { thread.chain.pop() }
    do {
      try make(registration, Resolver(container: container))
    } catch let error as ResolutionError {
      throw error
    } catch {
      throw factoryFailed(registration, error: error, thread: thread)
    }
    if thread.edgeLog != nil || family.isObserved {
      registration.learnImplementation(of: instance())
    }
    return thread.isDryRun ? 0 : family.nextInstanceNumber()
  }
}

/// A graph-scope instance of the current root resolve, with its creation number.
struct GraphEntry {
  let box: AnyObject
  let number: Int
}
