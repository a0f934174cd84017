/// Registering services.
extension Container {
  /// Pushes a registration for `Service` onto its stack; the newest registration answers.
  ///
  /// A singleton (the default), eager or weak instance is handed to every caller that resolves it,
  /// on any thread or task, so `Service` must be `Sendable`: a service that is not would race, and
  /// does not compile here. The ways out, for a service that is not `Sendable`: make it `Sendable`
  /// (immutable, or guarding its state with a lock or an actor), give it a `@MainActor` type and
  /// factory, register it with `scope: .prototype` or `.graph` (``UnsharedScope``: a new instance
  /// per resolve), or, for a type whose author vouches that it is safe to share,
  /// ``registerUncheckedSendable(_:name:scope:fileID:line:factory:)``.
  ///
  /// - Parameters:
  ///   - type: The service type, often a protocol.
  ///   - name: A name, to keep several registrations of one type side by side.
  ///   - scope: How long instances live; `.singleton` unless said otherwise.
  ///   - fileID: Where the registration is made, which explain, errors and `discope attach`
  ///     name (`AppAssembly.swift:42`); leave it to its default, the caller's `#fileID`.
  ///   - line: The line of that call; leave it to its default, `#line`.
  ///   - factory: Builds the instance; resolve its dependencies from the resolver it is given.
  /// - Returns: The token that `remove(_:)`, `setScope(_:for:)` and `setCaching(_:for:)` take.
  ///
  /// ```swift
  /// container.register(WebService.self, scope: .prototype) { r in
  ///   WebService(logger: try r.resolve(Logger.self))
  /// }
  /// ```
  @inlinable @discardableResult
  public func register<Service: Sendable>(
    _ type: Service.Type, name: String? = nil, scope: Scope = .singleton,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: consuming @escaping @Sendable (Resolver) throws -> Service
  ) -> RegistrationToken {
    // The compiler checked here what the door takes on trust; both inlined into the caller.
    registerUncheckedSendable(type, name: name, scope: scope, fileID: fileID, line: line, factory: factory)
  }

  /// Pushes a registration for a service that is not `Sendable`, with a scope that never hands one
  /// instance to two callers: a new instance on every resolve (`.prototype`), or on every root
  /// resolve (`.graph`).
  ///
  /// The registration can never be switched to a shared scope: ``setScope(_:for:)`` throws
  /// ``ScopeChangeError`` (so can't a `.dis` script, the playground or an attached session).
  ///
  /// ```swift
  /// final class Counter { var hits = 0 }          // not Sendable
  /// container.register(Counter.self, scope: .prototype) { _ in Counter() }
  /// ```
  @inlinable @discardableResult
  public func register<Service>(
    _ type: Service.Type, name: String? = nil, scope: UnsharedScope,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: consuming @escaping @Sendable (Resolver) throws -> Service
  ) -> RegistrationToken {
    register(
      prepared: Unmanaged.passRetained(
        FactoryRegistration(
          key: ServiceKey(type, name: name), scope: scope.scope, isSendable: false, in: self,
          site: PackedSite(fileID: fileID, line: line), make: factory)),
      scope: scope.scope)
  }

  /// Pushes a registration for a service its author vouches is safe to share between threads,
  /// though the compiler cannot prove it `Sendable` (a type from a module not yet audited for
  /// concurrency, whose state is in fact guarded): the unchecked door, as `@unchecked Sendable` is
  /// for a type's own declaration. Any scope, as `register(_:name:scope:factory:)`.
  ///
  /// Prefer making the type `Sendable` (or `@unchecked Sendable`, with the reason beside it): a
  /// registration through this door is a promise the compiler does not check, and a data race if
  /// it is wrong. Search a code base for `UncheckedSendable` to find every such promise.
  ///
  /// ```swift
  /// // LegacyCache guards its dictionary with its own NSLock.
  /// container.registerUncheckedSendable(LegacyCache.self) { _ in LegacyCache() }
  /// ```
  @inlinable @discardableResult
  public func registerUncheckedSendable<Service>(
    _ type: Service.Type, name: String? = nil, scope: Scope = .singleton,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: consuming @escaping @Sendable (Resolver) throws -> Service
  ) -> RegistrationToken {
    // Inlined, so that the caller, which knows `Service`, makes the `FactoryRegistration<Service>`:
    // its generic metadata is then a constant of the caller, not a runtime lookup per
    // registration (a third of what a registration cost in a swap through `register`). Made
    // before its token, so that the factory goes into it as the caller made it, not copied.
    register(
      prepared: Unmanaged.passRetained(
        FactoryRegistration(
          key: ServiceKey(type, name: name), scope: scope, in: self,
          site: PackedSite(fileID: fileID, line: line), make: factory)),
      scope: scope)
  }

  /// Pushes `prepared`, a registration made before its token (its reference handed over): it is
  /// numbered, and joins the group of the assembly being installed, under the family lock.
  @usableFromInline
  func register(prepared: Unmanaged<Registration>, scope: Scope) -> RegistrationToken {
    let key = prepared._withUnsafeGuaranteedRef { $0.key }
    return register(key, scope: scope, argumentTypes: nil) { token, group in
      let registration = prepared.takeRetainedValue()
      registration.number = token.number
      if let group { registration.join(group: group) }
      return registration
    }
  }

  /// Pushes a registration whose instance is disposed by `dispose` when its container shuts
  /// down (``shutdown()``, or the end of ``withChild(named:isolation:_:)``), in reverse creation order with
  /// everything else the container built: for a type you cannot make ``Disposable``.
  ///
  /// ```swift
  /// container.register(Connection.self, dispose: { try await $0.close() }) { _ in
  ///   try Connection(url: databaseURL)
  /// }
  /// ```
  @discardableResult
  public func register<Service: Sendable>(
    _ type: Service.Type, name: String? = nil, scope: Scope = .singleton,
    dispose: @escaping @Sendable (Service) async throws -> Void,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: consuming @escaping @Sendable (Resolver) throws -> Service
  ) -> RegistrationToken {
    let site = PackedSite(fileID: fileID, line: line)
    // `consuming` (the factory is handed over) is also what tells this overload from the
    // `@MainActor` one, whose closure types differ only in their global actor.
    let key = ServiceKey(type, name: name)
    let disposal = DisposalRule(disposing: dispose)
    let make = factory
    return register(key, scope: scope, argumentTypes: nil, disposal: disposal) { token, group in
      FactoryRegistration(
        token, group: group, key: key, scope: scope, disposal: disposal, in: self, site: site,
        make: make)
    }
  }

  /// Pushes a singleton that lives as long as the process: once built, its instance is never
  /// deallocated, and its reference count is never written again.
  ///
  /// Every resolve of a cached singleton retains it, and a retain writes the instance's reference
  /// count: threads resolving one singleton at once all write the same cache line, and two cores
  /// resolve it more slowly than one. An immortal instance has no count to write, so its resolves
  /// scale with cores. Use it for services that live as long as the app (a logger, a metrics
  /// sink), never for anything you remove, replace or expect to be deinitialised: removing the
  /// registration, or releasing the container, leaves the instance alive.
  ///
  /// Only class instances have a reference count; a value type is cached as usual. Where the
  /// runtime cannot make the instance immortal (another platform, or an object something already
  /// holds weakly) it is kept alive for good all the same, with its count written as usual.
  ///
  /// ```swift
  /// container.registerImmortal(Metrics.self) { _ in PrometheusMetrics() }
  /// let metrics = try container.resolve(Metrics.self)   // on any number of threads at once
  /// ```
  @inlinable @discardableResult
  public func registerImmortal<Service: Sendable>(
    _ type: Service.Type, name: String? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver) throws -> Service
  ) -> RegistrationToken {
    let key = ServiceKey(type, name: name)
    let site = PackedSite(fileID: fileID, line: line)
    return register(key, scope: .singleton, isImmortal: true, argumentTypes: nil) { token, group in
      FactoryRegistration(
        token, group: group, key: key, scope: .singleton, isImmortal: true, in: self, site: site,
        make: factory)
    }
  }

  /// Pushes a registration whose factory takes runtime arguments, given at resolve time
  /// (assisted injection). Argument registrations are `.prototype` unless said otherwise, since
  /// caching would ignore the arguments of every later resolve. A shared scope requires `Sendable`
  /// of the service, as ``register(_:name:scope:fileID:line:factory:)`` does; a service that is not `Sendable`
  /// takes an ``UnsharedScope`` (`.prototype`, the default, or `.graph`).
  ///
  /// ```swift
  /// container.register(UserDetails.self) { (r: Resolver, user: String) in UserDetails(user: user) }
  /// let details = try container.resolve(UserDetails.self, argument: "ann")
  /// ```
  @discardableResult
  public func register<Service: Sendable, First, each Rest>(
    _ type: Service.Type, name: String? = nil, scope: Scope = .prototype,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver, First, repeat each Rest) throws -> Service
  ) -> RegistrationToken {
    register(
      argumentsOf: type, name: name, scope: scope, isSendable: true,
      site: PackedSite(fileID: fileID, line: line), factory: factory)
  }

  /// Pushes a registration of a service that is not `Sendable`, whose factory takes runtime
  /// arguments: a new instance on every resolve (or root resolve, `.graph`), never shared.
  ///
  /// ```swift
  /// final class Draft { var text: String; init(text: String) { self.text = text } }
  /// container.register(Draft.self) { (r: Resolver, text: String) in Draft(text: text) }
  /// ```
  @discardableResult
  public func register<Service, First, each Rest>(
    _ type: Service.Type, name: String? = nil, scope: UnsharedScope = .prototype,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (Resolver, First, repeat each Rest) throws -> Service
  ) -> RegistrationToken {
    register(
      argumentsOf: type, name: name, scope: scope.scope, isSendable: false,
      site: PackedSite(fileID: fileID, line: line), factory: factory)
  }

  private func register<Service, First, each Rest>(
    argumentsOf type: Service.Type, name: String?, scope: Scope, isSendable: Bool,
    site: PackedSite, factory: @escaping @Sendable (Resolver, First, repeat each Rest) throws -> Service
  ) -> RegistrationToken {
    let names = [String(describing: First.self)] + Self.typeNames(of: (repeat (each Rest).self))
    return register(
      ServiceKey(type, name: name), scope: scope, factory: ArgumentFactoryBox(factory),
      argumentTypes: "(\(names.joined(separator: ", ")))", isSendable: isSendable, site: site)
  }

  /// Hopoate's spelling: a creation closure, cached unless `cacheService` is false.
  ///
  /// ```swift
  /// container.register(service: Logger.self, cacheService: false) { ConsoleLogger() }
  /// ```
  @discardableResult
  public func register<Service: Sendable>(
    service: Service.Type, cacheService: Bool = true,
    fileID: StaticString = #fileID, line: UInt = #line,
    creator: @escaping @Sendable () -> Service
  ) -> RegistrationToken {
    let key = ServiceKey(service)
    let site = PackedSite(fileID: fileID, line: line)
    return register(key, scope: .singleton, isCaching: cacheService, argumentTypes: nil) { token, group in
      FactoryRegistration(
        token, group: group, key: key, scope: .singleton, isCaching: cacheService, in: self,
        site: site
      ) { _ in creator() }
    }
  }

  /// Hopoate's spelling: registers an instance, built on first resolve and then cached.
  ///
  /// ```swift
  /// container.register(ConsoleLogger(), for: Logger.self)
  /// ```
  @discardableResult
  public func register<Service: Sendable>(
    _ instance: @autoclosure @escaping @Sendable () -> Service, for service: Service.Type,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> RegistrationToken {
    register(service: service, fileID: fileID, line: line, creator: instance)
  }

  // MARK: - The one place registrations are made

  /// What a registration's factory is when it is no factory: a mock given as an instance.
  @usableFromInline
  enum Prebuilt {
    /// A real factory.
    case none
    /// An `InstanceBox` holding the instance.
    case box
    /// The instance itself, a class instance.
    case instance
  }

  /// Pushes a registration. With `prebuilt`, the factory is a mock's instance (see `Prebuilt`),
  /// cached and numbered as it is pushed.
  @usableFromInline
  func register(
    _ key: ServiceKey, implementationName: String? = nil, scope: Scope, isCaching: Bool = true,
    isMock: Bool = false, isImmortal: Bool = false, factory: consuming AnyObject & Sendable,
    argumentTypes: String?, prebuilt: Prebuilt = .none, disposal: DisposalRule? = nil,
    isolation: FactoryIsolation = .none, isSendable: Bool = true, site: PackedSite,
    location: RegistrationSite? = nil
  ) -> RegistrationToken {
    // The factory is handed on, not copied, down to the registration that keeps it (a closure
    // cannot consume what it captures; it can take it out of an optional).
    var factory = Optional(factory)
    return ThreadState.withCurrent { thread in
      register(
        key, implementationName: implementationName, scope: scope, isCaching: isCaching,
        isMock: isMock, isImmortal: isImmortal, factory: factory.take(), argumentTypes: argumentTypes,
        prebuilt: prebuilt, disposal: disposal, isolation: isolation, isSendable: isSendable,
        site: site, location: location, thread: thread, makeRegistration: { _, _ in nil })
    }
  }

  /// Pushes the registration `makeRegistration` makes, under the family lock, of its token and
  /// the assembly installing it (what only the lock and the thread know): the typed caller's
  /// `FactoryRegistration<Service>`, whose generic metadata is then a constant of the caller, not a
  /// runtime lookup per registration. It must be made of the other arguments given here.
  @usableFromInline
  func register(
    _ key: ServiceKey, implementationName: String? = nil, scope: Scope, isCaching: Bool = true,
    isMock: Bool = false, isImmortal: Bool = false, argumentTypes: String?,
    prebuilt: Prebuilt = .none, disposal: DisposalRule? = nil, isolation: FactoryIsolation = .none,
    makeRegistration: (_ token: RegistrationToken, _ group: String?) -> Registration
  ) -> RegistrationToken {
    ThreadState.withCurrent { thread in
      register(
        key, implementationName: implementationName, scope: scope, isCaching: isCaching,
        isMock: isMock, isImmortal: isImmortal, factory: nil, argumentTypes: argumentTypes,
        prebuilt: prebuilt, disposal: disposal, isolation: isolation, isSendable: true,
        site: .unknown, location: nil, thread: thread, makeRegistration: makeRegistration)
    }
  }

  /// The one place registrations are made: by `makeRegistration` (a `FactoryRegistration`), or,
  /// when it makes none, of `factory` (a base registration). A closure that returns `nil`, not an
  /// optional closure: that one would be escaping, and allocated.
  private func register(
    _ key: ServiceKey, implementationName: String?, scope: Scope, isCaching: Bool, isMock: Bool,
    isImmortal: Bool, factory: consuming (AnyObject & Sendable)?, argumentTypes: String?,
    prebuilt: Prebuilt, disposal: DisposalRule?, isolation: FactoryIsolation, isSendable: Bool,
    site: PackedSite, location: RegistrationSite?, thread: ThreadState,
    makeRegistration: (_ token: RegistrationToken, _ group: String?) -> Registration?
  ) -> RegistrationToken {
    let installing =
      thread.installing.isEmpty ? nil : thread.installing.last { $0.container === self }
    let isPrebuilt = prebuilt != .none
    var factory = factory
    let (registration, token, shadowed, generation, isShutDown, isInValueSlot, prebuiltNumber) =
      family.withLock { state in
      let token = RegistrationToken(number: state.nextToken, ownerID: id, key: key)
      // A prebuilt instance (a mock) is numbered as it is pushed, as if built then.
      let prebuiltNumber = isPrebuilt ? state.nextInstanceNumber() : 0
      state.nextToken += 1
      let registration =
        makeRegistration(token, installing?.name)
        ?? Registration(
          token: token, key: key, implementationName: implementationName, factory: factory.take(),
          argumentTypes: argumentTypes, scope: scope, isCaching: isCaching, isMock: isMock,
          isImmortal: isImmortal, factoryIsInstance: prebuilt == .instance, ownerID: id,
          groupName: installing?.name, disposal: disposal, isolation: isolation,
          isSendable: isSendable, site: site, location: location, lock: family.state)
      if isPrebuilt {
        registration.state.withLockHeld { state in
          state.cacheFactory(of: registration)
          state.cachedNumber = prebuiltNumber
        }
      }
      let shadowed = isMock && family.isObserved ? registry.stacks[key]?.last : nil
      registry.push(registration)
      // From now on, this child's resolves of the type use its own entries (or its value slot),
      // not its parent's.
      let isInValueSlot = noteValue(pushed: registration, prebuilt: prebuilt)
      // Bumped under the lock, so that the generation read here vouches for the stacks as they
      // are now: a later change bumps it again. (Bumped before the tuple is formed: bumped
      // inside it, the references before it were retained across the bump and released after.)
      let generation = bumpGeneration(holding: &state)
      return (
        registration, token, shadowed, generation, registry.isShutDown, isInValueSlot, prebuiltNumber
      )
    }
    if let installing {
      installing.tokens.append(token)
    }
    if family.isObserved {
      if let instance = registration.mockInstance { registration.learnImplementation(of: instance) }
      let info = registration.info(stackDepth: 0, container: name)
      emit(.registered(info))
      if isMock {
        emit(.mockPushed(info, shadowing: shadowed?.info(stackDepth: 1, container: name)))
      }
    }
    if scope == .eager && installing == nil {
      buildEagerly(registration)
    }
    // A child's plain value is answered from its value slot (see `valueRegisteredInChild`), not a cache.
    // A shut-down container resolves nothing: no entry may answer for it.
    let remembersMock =
      isPrebuilt && !isInValueSlot && !isShutDown && !thread.isDryRun
      && thread.edgeLog == nil
    // A factory pushed over a key this thread resolved before (a test registering its own
    // factory over a service, then resolving it): its route is remembered too, under the scope
    // it resolves with (caching off makes any scope a prototype). Not an eager or weak one,
    // which only the general path builds.
    let routeScope = isCaching ? scope : .prototype
    let remembersRoute =
      !isPrebuilt && !isShutDown && isolation == .none
      && (routeScope == .singleton || routeScope == .prototype || routeScope == .graph)
      && thread.isPlain
    // Last, and only if nothing changed meanwhile (an observer's handler may have removed the
    // registration already: an entry made now would keep it alive for nothing). The route is
    // this function's own reference to the registration, handed over: the entry counts none of
    // its own.
    guard remembersRoute || remembersMock, entryGeneration == generation else { return token }
    noteEntries()
    if remembersRoute {
      thread.cache.storeRouteIfKnown(
        containerID: id.raw, typeID: key.typeID, name: key.entryName, generation: generation,
        route: FastPathCache.Route(registration: consume registration, owner: self, scope: routeScope))
    } else {
      // The thread that pushes a mock is the one that resolves it next (a test swapping in its
      // mocks, then running the code under test): it finds the mock in its own cache, with no
      // lock and no lookup. Observed, the entry only spares the lookup (see `FastPathCache`).
      thread.cache.storeMock(
        containerID: id.raw, typeID: key.typeID, name: key.entryName, generation: generation,
        route: FastPathCache.Route(
          registration: consume registration, owner: self, scope: .singleton,
          cachedNumber: prebuiltNumber),
        answersInline: !family.hasReportingObserver)
    }
    return token
  }

  static func typeNames<each T>(of types: (repeat (each T).Type)) -> [String] {
    var names: [String] = []
    for type in repeat each types { names.append(String(describing: type)) }
    return names
  }
}
