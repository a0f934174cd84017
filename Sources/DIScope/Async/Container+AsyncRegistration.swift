/// Registering `async` and `@MainActor` factories.
extension Container {
  /// Pushes a registration whose factory is `async`: a service that needs `await` to be built (a
  /// database connection, a keychain read, an actor's `async init`). Resolve it with
  /// ``resolveAsync(_:name:)``; a synchronous `resolve` of it, or of anything that depends on it,
  /// fails saying so. A singleton's factory runs once, however many tasks resolve it at once (the
  /// others await it without blocking a thread); if it throws, the resolve that ran it gets the
  /// error and each resolve that awaited it tries again, as threads waiting for a synchronous
  /// singleton do. An `.eager` one starts building in a task as it is registered.
  ///
  /// ```swift
  /// container.register(Database.self) { r in
  ///   try await Database.connect(url: try await r.resolve(Settings.self).databaseURL)
  /// }
  /// let db = try await container.resolveAsync(Database.self)
  /// ```
  @discardableResult
  public func register<Service: Sendable>(
    _ type: Service.Type, name: String? = nil, scope: Scope = .singleton,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (AsyncResolver) async throws -> Service
  ) -> RegistrationToken {
    register(
      ServiceKey(type, name: name), scope: scope, factory: AsyncFactoryBox(factory),
      argumentTypes: nil, isolation: .async, site: PackedSite(fileID: fileID, line: line))
  }

  /// Pushes an `async` registration of a service that is not `Sendable`, never shared: a new
  /// instance on every resolve (`.prototype`) or root resolve (`.graph`). See ``UnsharedScope``.
  ///
  /// ```swift
  /// container.register(Draft.self, scope: .prototype) { r in try await Draft.load() }
  /// ```
  @discardableResult
  public func register<Service>(
    _ type: Service.Type, name: String? = nil, scope: UnsharedScope,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (AsyncResolver) async throws -> Service
  ) -> RegistrationToken {
    register(
      ServiceKey(type, name: name), scope: scope.scope, factory: AsyncFactoryBox(factory),
      argumentTypes: nil, isolation: .async, isSendable: false, site: PackedSite(fileID: fileID, line: line))
  }

  /// Pushes an `async` registration whose instance is disposed by `dispose` when its container
  /// shuts down (``shutdown()``), in reverse creation order with everything else it built: for a
  /// type you cannot make ``AsyncDisposable``.
  ///
  /// ```swift
  /// container.register(Database.self, dispose: { try await $0.close() }) { r in
  ///   try await Database.connect(url: try await r.resolve(Settings.self).databaseURL)
  /// }
  /// ```
  @discardableResult
  public func register<Service: Sendable>(
    _ type: Service.Type, name: String? = nil, scope: Scope = .singleton,
    dispose: @escaping @Sendable (Service) async throws -> Void,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (AsyncResolver) async throws -> Service
  ) -> RegistrationToken {
    register(
      ServiceKey(type, name: name), scope: scope, factory: AsyncFactoryBox(factory),
      argumentTypes: nil, disposal: DisposalRule(disposing: dispose), isolation: .async,
      site: PackedSite(fileID: fileID, line: line))
  }

  /// Pushes an `async` registration whose factory takes runtime arguments (assisted injection of
  /// an async service; see ``AsyncProvider``). `.prototype` unless said otherwise.
  ///
  /// ```swift
  /// container.register(Report.self) { (r: AsyncResolver, month: String) in
  ///   try await Report.load(month, from: try await r.resolve(Database.self))
  /// }
  /// let report = try await container.resolveAsync(Report.self, arguments: "2026-11")
  /// ```
  @discardableResult
  public func register<Service: Sendable, First: Sendable, each Rest: Sendable>(
    _ type: Service.Type, name: String? = nil, scope: Scope = .prototype,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (AsyncResolver, First, repeat each Rest) async throws -> Service
  ) -> RegistrationToken {
    register(
      asyncArgumentsOf: type, name: name, scope: scope, isSendable: true, site: PackedSite(fileID: fileID, line: line),
      factory: factory)
  }

  /// Pushes an `async` registration of a service that is not `Sendable`, whose factory takes
  /// runtime arguments: never shared (see ``UnsharedScope``).
  @discardableResult
  public func register<Service, First: Sendable, each Rest: Sendable>(
    _ type: Service.Type, name: String? = nil, scope: UnsharedScope = .prototype,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable (AsyncResolver, First, repeat each Rest) async throws -> Service
  ) -> RegistrationToken {
    register(
      asyncArgumentsOf: type, name: name, scope: scope.scope, isSendable: false, site: PackedSite(fileID: fileID, line: line),
      factory: factory)
  }

  private func register<Service, First: Sendable, each Rest: Sendable>(
    asyncArgumentsOf type: Service.Type, name: String?, scope: Scope, isSendable: Bool,
    site: PackedSite, factory: @escaping @Sendable (AsyncResolver, First, repeat each Rest) async throws -> Service
  ) -> RegistrationToken {
    let names = Self.typeNames(of: (First.self, repeat (each Rest).self))
    return register(
      ServiceKey(type, name: name), scope: scope, factory: AsyncArgumentFactoryBox(factory),
      argumentTypes: "(\(names.joined(separator: ", ")))", isolation: .async,
      isSendable: isSendable, site: site)
  }

  /// Pushes a registration whose factory runs on the main actor: a view model, a coordinator,
  /// anything `@MainActor`. Resolve it synchronously from main-actor code, or with `await`
  /// (``resolveAsync(_:name:)``) from anywhere; a synchronous resolve off the main actor is a
  /// ``ResolutionError`` (`.offMainActor`), never a trap or a data race.
  ///
  /// Mark the factory `@MainActor` to pick this registration:
  ///
  /// ```swift
  /// container.register(SettingsViewModel.self) { @MainActor r in
  ///   SettingsViewModel(store: try r.resolve(SettingsStore.self))
  /// }
  /// let model = try container.resolve(SettingsViewModel.self)   // on the main actor
  /// ```
  @discardableResult
  public func register<Service: Sendable>(
    _ type: Service.Type, name: String? = nil, scope: Scope = .singleton,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
  ) -> RegistrationToken {
    // Run only where the main actor is checked first (`isolationRefusal`, or on the main actor
    // in the async engine), so the assumption always holds.
    let key = ServiceKey(type, name: name)
    let site = PackedSite(fileID: fileID, line: line)
    return register(key, scope: scope, argumentTypes: nil, isolation: .mainActor) { token, group in
      FactoryRegistration(
        token, group: group, key: key, scope: scope, isolation: .mainActor, in: self, site: site
      ) {
        resolver in try MainActor.assumeIsolated { try factory(resolver) }
      }
    }
  }

  /// Pushes a registration whose factory runs on the main actor (see
  /// `register(_:name:scope:factory:)` with a `@MainActor` factory) and
  /// whose instance `dispose` disposes, on the main actor, when its container shuts down.
  /// (A `@MainActor` type that conforms to ``Disposable`` or ``AsyncDisposable``, even on the main
  /// actor only, is disposed on the main actor without one.)
  ///
  /// ```swift
  /// container.register(PlayerViewModel.self, dispose: { @MainActor in $0.stop() }) { @MainActor r in
  ///   PlayerViewModel(player: try r.resolve(Player.self))
  /// }
  /// ```
  @discardableResult
  public func register<Service: Sendable>(
    _ type: Service.Type, name: String? = nil, scope: Scope = .singleton,
    dispose: @escaping @MainActor @Sendable (Service) async throws -> Void,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
  ) -> RegistrationToken {
    let key = ServiceKey(type, name: name)
    let site = PackedSite(fileID: fileID, line: line)
    let disposal = DisposalRule(disposing: dispose)
    return register(key, scope: scope, argumentTypes: nil, disposal: disposal, isolation: .mainActor) {
      token, group in
      FactoryRegistration(
        token, group: group, key: key, scope: scope, disposal: disposal, isolation: .mainActor,
        in: self, site: site
      ) { resolver in try MainActor.assumeIsolated { try factory(resolver) } }
    }
  }
}
