import Synchronization

/// Resolving services.
extension Container {
  /// The deepest a resolution may go before it stops with `ResolutionError.Kind.tooDeep`: deep
  /// enough for any real graph, shallow enough that a runaway chain never overflows the stack.
  public static let maximumDepth = 200

  /// Resolves `Service` under the scope of the registration that answers.
  ///
  /// - Throws: ``ResolutionError`` saying what was asked, along which path, with a hint.
  ///
  /// ```swift
  /// let web = try container.resolve(WebService.self)
  /// let file = try container.resolve(Logger.self, name: "file")
  /// ```
  @inlinable @inline(__always)
  public func resolve<Service>(_ type: Service.Type, name: String? = nil) throws -> Service {
    // The fast path, inlined into the caller so that it is specialised for `Service`: a cached
    // singleton is one thread-local slot compared against its entry generation — no lock, no
    // call, and no retain but the instance's own. Always inlined, even into a caller that stays
    // generic: one generic over `AnyObject` types (a tool resolving many types through one
    // function) then copies the instance as a reference, without reading the type's metadata,
    // which for thousands of types is a cache miss of its own.
    // A child reads its parent's entries for what it did not register itself (see
    // `entryOwner(for:)`); a root container, its own.
    let owner = unretainedEntryOwner(for: ObjectIdentifier(Service.self))
    // A child's own value (a request's id, its user), read where the child keeps it before
    // anything else: no probe, no thread state, no lock, no entry. Out of line, so that the hit
    // path of everything else, a root's above all, stays as short as it was.
    if hasParent, name == nil, owner.toOpaque() == Unmanaged.passUnretained(self).toOpaque(),
      let value = valueRegisteredInChild(Service.self)
    {
      return value
    }
    let found = owner._withUnsafeGuaranteedRef { owner in
      FastPathCache.lookUpOnThisThread(
        Service.self, containerID: owner.id.raw, name: name, generation: { owner.entryGeneration })
    }
    if let instance = found.instance {
      // Copied (retained) before the cache read ends: from then on a thread shutting the
      // container down may let go of what the entry held.
      let copy = instance.assumingMemoryBound(to: Service.self).pointee
      FastPathCache.endReadOnThisThread()
      return copy
    }
    return try resolveUncached(type, name: name, index: found.index, entryOwner: owner)
  }

  /// The value that answers `Service` in this child, which registered it itself (see
  /// `Container+RequestValues.swift`); `nil` when the resolve takes its other paths (no value
  /// there, an observed family, whose observers see every step, or a thread that validates or
  /// records edges).
  @inlinable @inline(never)
  func valueRegisteredInChild<Service>(_: Service.Type) -> Service? {
    let bits = localTypes.value(of: ObjectIdentifier(Service.self))
    guard bits != 0, !family.isObserved, ThreadState.isCurrentPlain else { return nil }
    return Self.readRequestValue(bits, as: Service.self)
  }

  /// Everything but a cached hit; `index` is where the caller's probe of this thread's cache
  /// stopped, in the entries of `entryOwner` (see `entryOwner(for:)`). Out of line, so that a
  /// caller the compiler could not specialise (a resolve through a generic function) pays for
  /// `Optional<Service>`'s metadata only here, never on a hit; still `@inlinable`, so that
  /// specialised callers get the typed routed paths (see `RoutedBuild.swift`).
  @inlinable @inline(never)
  func resolveUncached<Service>(
    _ type: Service.Type, name: String?, index: Int, entryOwner: Unmanaged<Container>
  ) throws -> Service {
    let build = try routedBuild(
      at: index, typeID: ObjectIdentifier(type),
      factoryType: ObjectIdentifier(FactoryRegistration<Service>.self), entryOwner: entryOwner)
    switch build.kind {
    case .general:
      break
    case .graphHit:
      return build.thread.unsafelyUnwrapped._withUnsafeGuaranteedRef {
        $0.graph.value(at: build.detail, as: Service.self)
      }
    case .cachedHit:
      // Set for every `cachedHit`, retained for this read (see `RoutedBuild.box`); a `Service`,
      // since the route answered only a `FactoryRegistration<Service>`.
      return build.box.unsafelyUnwrapped.takeRetainedValue().value(as: Service.self)
    default:
      // A prototype or graph-scope service this thread has resolved before, or a singleton it
      // just claimed: straight to its factory, with no lock, no stack lookup and no checked cast.
      // Singletons are built in, and resolve their dependencies from, the container that owns
      // them.
      let instance: Service
      do {
        instance = try build.registration.unsafelyUnwrapped._withUnsafeGuaranteedRef { registration in
          try (build.kind == .singleton ? build.owner.unsafelyUnwrapped : Unmanaged.passUnretained(self))
            ._withUnsafeGuaranteedRef { container in
              // Borrowed, not copied: its closure is called with no reference count. (The route
              // answered only a registration of this class.)
              try unsafeDowncast(registration, to: FactoryRegistration<Service>.self).make(
                Resolver(container: container))
            }
        }
      } catch {
        throw routedBuildFailed(build, error: error)
      }
      // A class instance is kept as it is (lent, not copied); anything else is boxed, when it
      // needs keeping.
      finishRoutedBuild(
        build,
        object: Service.self is AnyClass
          ? Unmanaged.passUnretained(unsafeBitCast(instance, to: AnyObject.self)) : nil,
        box: { InstanceBox.make(instance) }, instance: { instance })
      return instance
    }
    return try resolveGenerally(type, name: name, index: index)
  }

  /// What no route answers: an observed cached singleton, reported; otherwise the general path.
  /// A function of its own, so that the routed paths above do not pay for this one's frame.
  @inlinable @inline(never)
  func resolveGenerally<Service>(_ type: Service.Type, name: String?, index: Int) throws -> Service {
    let thread = ThreadState.current
    if let box = observedCachedSingleton(at: index, typeID: ObjectIdentifier(type), thread: thread) {
      // Observed, so the inlined lookup did not answer: read it here, and report the step. The
      // thread's cache holds the box until then.
      if skipsObservedSteps {
        // No observer takes events now: the step is counted, with no reference to its instance.
        let instance = box._withUnsafeGuaranteedRef { $0.value(as: Service.self) }
        FastPathCache.endReadOnThisThread()
        skipObservedCached(at: index, thread: thread, instanceType: { Swift.type(of: instance) })
        return instance
      }
      // Read after the check, so that its two references (returned, and the step's) are counted
      // in one call.
      let instance = box._withUnsafeGuaranteedRef { $0.value(as: Service.self) }
      FastPathCache.endReadOnThisThread()
      emitObservedCached(
        at: index,
        instance: Service.self is AnyClass
          ? ObservedInstance(object: unsafeBitCast(instance, to: AnyObject.self))
          : ObservedInstance(value: instance),
        thread: thread)
      return instance
    }
    return try resolveTyped(
      ServiceKey(type, name: name), as: Service.self, thread: thread,
      requestedArguments: nil, isOptional: false
    ) { registration, resolver in
      guard let factory = registration as? FactoryRegistration<Service> else {
        return try self.instanceOrMismatch(registration, as: Service.self)
      }
      return try factory.make(resolver)
    }!
  }

  /// Resolves `Service`, or returns `nil` when nothing is registered for it.
  ///
  /// A registration that exists but fails still throws: a missing optional dependency is normal, a
  /// broken one is not.
  ///
  /// ```swift
  /// let analytics = try container.optionalResolve(Analytics.self)   // nil when unregistered
  /// ```
  @inlinable
  public func optionalResolve<Service>(_ type: Service.Type, name: String? = nil) throws -> Service? {
    try resolveTyped(
      ServiceKey(type, name: name), as: Service.self,
      thread: ThreadState.current, requestedArguments: nil, isOptional: true
    ) { registration, resolver in
      guard let factory = registration as? FactoryRegistration<Service> else {
        return try self.instanceOrMismatch(registration, as: Service.self)
      }
      return try factory.make(resolver)
    }
  }

  /// Resolves `Service` with a runtime argument, for a registration whose factory takes one.
  ///
  /// ```swift
  /// let details = try container.resolve(UserDetails.self, argument: "ann")
  /// ```
  public func resolve<Service, Argument>(
    _ type: Service.Type, name: String? = nil, argument: Argument
  ) throws -> Service {
    try resolve(type, name: name, arguments: argument)
  }

  /// Resolves `Service` with several runtime arguments, in the order its factory takes them.
  ///
  /// ```swift
  /// let order = try container.resolve(Order.self, arguments: "ann", 3)
  /// ```
  public func resolve<Service, each Argument>(
    _ type: Service.Type, name: String? = nil, arguments: repeat each Argument
  ) throws -> Service {
    try resolve(
      key: ServiceKey(type, name: name), as: type,
      arguments: repeat each arguments)
  }

  /// Resolves a service registered under an explicit key (see `register(key:...)`).
  public func resolve<Service>(key: ServiceKey, as type: Service.Type) throws -> Service {
    try resolveTyped(
      key, as: type, thread: ThreadState.current, requestedArguments: nil, isOptional: false
    ) {
      registration, resolver in
      guard let factory = registration as? FactoryRegistration<Service> else {
        return try self.instanceOrMismatch(registration, as: Service.self)
      }
      return try factory.make(resolver)
    }!
  }

  /// Resolves a service registered under an explicit key with a runtime argument.
  public func resolve<Service, Argument>(
    key: ServiceKey, as type: Service.Type, argument: Argument
  ) throws -> Service {
    try resolve(key: key, as: type, arguments: argument)
  }

  func resolve<Service, each Argument>(
    key: ServiceKey, as type: Service.Type, arguments: repeat each Argument
  ) throws -> Service {
    let passed = "(\(Self.typeNames(of: (repeat (each Argument).self)).joined(separator: ", ")))"
    return try resolveTyped(
      key, as: type, thread: ThreadState.current, requestedArguments: passed, isOptional: false
    ) { registration, resolver in
      guard let factory = registration.factory as? ArgumentFactoryBox<Service, repeat each Argument>
      else { throw self.argumentMismatch(registration, passed: passed) }
      return try factory.make(resolver, repeat each arguments)
    }!
  }

  /// Resolves a service registered under an explicit key, or `nil` when nothing is registered.
  public func optionalResolve<Service>(key: ServiceKey, as type: Service.Type) throws -> Service? {
    try resolveTyped(
      key, as: type, thread: ThreadState.current, requestedArguments: nil, isOptional: true
    ) { registration, resolver in
      guard let factory = registration as? FactoryRegistration<Service> else {
        return try self.instanceOrMismatch(registration, as: Service.self)
      }
      return try factory.make(resolver)
    }
  }

  /// Resolves whatever answers `key`, untyped: for tools that know a service only by its name.
  ///
  /// - Throws: `ResolutionError` as `resolve` would; `.argumentMismatch` for registrations that
  ///   take runtime arguments.
  public func resolveAny(key: ServiceKey) throws -> Any {
    let found = family.withLock { state in lookup(key, in: state) }
    guard let (registration, _) = found else {
      throw notRegistered(key, thread: ThreadState.current, arguments: nil)
    }
    guard let factory = registration.erasedFactory else {
      throw argumentMismatch(registration, passed: nil)
    }
    return try factory.resolveErased(in: self, key: key)
  }

  /// A registration with no factory of `Service` answers with the instance it was given (a mock)
  /// if that is a `Service`; any other is a registration whose factory takes arguments.
  @usableFromInline
  func instanceOrMismatch<Service>(_ registration: Registration, as _: Service.Type) throws
    -> Service
  {
    if registration.factoryIsInstance, let instance = registration.storedFactory as? Service {
      return instance
    }
    guard let box = registration.storedFactory as? InstanceBox, box.holds(Service.self) else {
      throw argumentMismatch(registration, passed: nil)
    }
    return box.value(as: Service.self)
  }

  /// Whether a resolve of `Service` would find a registration (without building anything); for a
  /// `Provider`, whether what it provides is registered, as its resolve requires.
  public func canResolve<Service>(_ type: Service.Type, name: String? = nil) -> Bool {
    if hasRegistration(for: ServiceKey(type, name: name)) { return true }
    guard let provider = type as? any ProviderProtocol.Type else { return false }
    return hasRegistration(for: provider.providedKey(name: name))
  }

  /// Whether a registration answers for `key` here or in a parent.
  public func hasRegistration(for key: ServiceKey) -> Bool {
    family.withLock { state in lookup(key, in: state) != nil }
  }
}
