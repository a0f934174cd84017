/// Registering instances built before the container saw them: mocks and values.
extension Container {
  /// Pushes a mock over `Service`: it answers until removed, then the registration below it
  /// answers again. Observers see it as a mock push, and traces mark it `[mock]`.
  ///
  /// The mock is the instance given, taken now (a class instance as it is, anything else boxed
  /// once): every resolve answers with it, and a swap (push, resolve, remove) runs no factory and
  /// builds nothing. For a mock that should be built on demand, register a factory over the
  /// service instead, or put it on standby with `registerMock(_:name:factory:)`.
  ///
  /// The container did not build the mock, so it does not dispose it when it shuts down, unless
  /// `disposing` is true (then a ``Disposable`` or ``AsyncDisposable`` mock is disposed like any
  /// instance the container built).
  ///
  /// ```swift
  /// let token = container.mock(Logger.self, with: MockLogger())
  /// defer { container.remove(token) }
  /// ```
  @inlinable @discardableResult
  public func mock<Service: Sendable>(
    _ type: Service.Type, name: String? = nil, with instance: Service, disposing: Bool = false,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> RegistrationToken {
    registerPrebuilt(instance, name: name, isMock: true, disposing: disposing, site: PackedSite(fileID: fileID, line: line))
  }

  /// Pushes a registration that answers with `value` itself: a request's own values (its id, its
  /// user) in a request's child container, or anything else built before the container sees it.
  ///
  /// Cheaper than a factory that returns a value it captured (`register(RequestID.self) { _ in
  /// id }`), which builds on first resolve: the value is cached as it is pushed, and resolves of
  /// it take no lock (a child keeps its values where its resolves read them; elsewhere the
  /// pushing thread keeps it in its per-thread cache). It answers as a
  /// singleton of this container would, and is replaced, removed and seen by observers as any
  /// registration is (not as a mock). The container did not build the value, so it does not
  /// dispose it when it shuts down, unless `disposing` is true: then a ``Disposable`` or
  /// ``AsyncDisposable`` value is disposed with what the container built (a connection the
  /// request opened itself, handed to the request's container to close).
  ///
  /// ```swift
  /// try await app.withChild(named: "request") { request in
  ///   request.register(RequestID.self, value: RequestID("r-1"))
  ///   request.register(Transaction.self, value: try await pool.begin(), disposing: true)
  ///   return try request.resolve(Handler.self).handle()
  /// }
  /// ```
  @inlinable @discardableResult
  public func register<Service: Sendable>(
    _ type: Service.Type, name: String? = nil, value: consuming Service, disposing: Bool = false,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> RegistrationToken {
    // Handed over: a request's value, made for the push and not used after it, is moved into
    // the container rather than copied and then let go of.
    registerPrebuilt(value, name: name, isMock: false, disposing: disposing, site: PackedSite(fileID: fileID, line: line))
  }

  /// Pushes a registration that answers with `instance`, built before the container saw it (a
  /// mock, a value). A class instance is its own factory, held by the registration with no box
  /// around it: a swap allocates one object. Anything else is boxed once. `Sendable`, since the
  /// container shares it from then on as it shares any singleton.
  @inlinable
  func registerPrebuilt<Service: Sendable>(
    _ instance: consuming Service, name: String?, isMock: Bool, disposing: Bool,
    site: PackedSite, location: RegistrationSite? = nil
  ) -> RegistrationToken {
    let isObject = Service.self is AnyClass
    // Optional, so that whichever path keeps it takes it out, with no copy.
    var factory: (AnyObject & Sendable)? =
      isObject
      ? unsafeBitCast(consume instance, to: (AnyObject & Sendable).self)  // one reference, no bridging
      : InstanceBox.make(instance)
    // A request's value, pushed into its child: kept as it is, no registration made for it
    // unless something reads the child's stacks (see `InlineValues`).
    if hasParent && !isMock && !disposing && name == nil && location == nil,
      let token = registerValueInPlace(Service.self, value: &factory, isInstance: isObject, site: site)
    {
      return token
    }
    // Keyed by `Service`, the type the instance is known to be, rather than by the metatype the
    // caller passed: a subclass's metatype passed as `Service.Type` would otherwise key an
    // instance it is not.
    return register(
      ServiceKey(Service.self, name: name), scope: .singleton, isMock: isMock,
      factory: factory.take()!,
      argumentTypes: nil, prebuilt: isObject ? .instance : .box,
      disposal: disposing ? .prebuilt : nil, site: site, location: location)
  }
}
