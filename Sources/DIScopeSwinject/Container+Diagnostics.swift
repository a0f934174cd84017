import DIScope

/// DIScope's diagnostics on a container wired through Swinject's API: they read ``discope``, the
/// container behind it, where every registration made here is a DIScope registration.
extension Container {
  /// Builds every registration in a dry run and reports missing registrations, cycles, captive
  /// dependencies and ignored overrides (DIScope's `validate()`).
  ///
  /// Each factory is handed what a resolve would hand it at run time: a dependency nobody
  /// registered is `nil`, reported as missing with the factory that took it, and what depends on
  /// that factory gets what it built. So a factory that force-unwraps such a dependency
  /// (`r.resolve(Store.self)!`) stops the program here, as it would when resolved: what was
  /// missing, and along which path, is said first on standard error.
  ///
  /// ```swift
  /// let report = container.validate()
  /// if !report.isValid { print(report) }
  /// ```
  public func validate() -> ValidationReport { discope.validate() }

  /// Why `serviceType` (under `name`) resolves as it does: the registration that answers, its
  /// scope, what it shadows, and what it depends on. A service registered only with a factory of
  /// runtime arguments, in one way, is explained as that registration (see
  /// ``explain(_:name:arguments:)`` to pick one of several).
  ///
  /// ```swift
  /// print(container.explain(Animal.self))
  /// ```
  public func explain<Service>(_ serviceType: Service.Type, name: String? = nil) -> Explanation {
    let explanation = discope.explain(serviceType, name: name)
    guard explanation.answering == nil else { return explanation }
    let withArguments = getRegistrations().keys.filter {
      $0.serviceType == serviceType && $0.name == name && $0.option == nil
        && $0.argumentsType != Resolver.self
    }
    guard withArguments.count == 1, let only = withArguments.first else { return explanation }
    return discope.explain(key: only.discopeKey)
  }

  /// Why `serviceType` (under `name`), resolved with runtime arguments of the given types, resolves
  /// as it does: the registration whose factory takes them, as `resolve(_:name:arguments:)` finds it.
  ///
  /// ```swift
  /// container.register(UserDetails.self) { (r, user: String) in UserDetails(user: user) }
  /// print(container.explain(UserDetails.self, arguments: String.self))
  /// ```
  public func explain<Service, each Argument>(
    _ serviceType: Service.Type, name: String? = nil, arguments: repeat (each Argument).Type
  ) -> Explanation {
    let key = ServiceKey(
      serviceType: Service.self, argumentsType: (Resolver, repeat each Argument).self, name: name,
      option: nil)
    return discope.explain(key: key.discopeKey)
  }

  /// The cached instances that hold an instance their key no longer answers with (a registration
  /// replaced or reset since). Recorded while ``tracksHolders`` is on.
  ///
  /// ```swift
  /// container.tracksHolders = true
  /// for stale in container.staleReferences() { print("warning:", stale) }
  /// ```
  public func staleReferences() -> [StaleReference] { discope.staleReferences() }

  /// Whether builds record what each cached instance holds, for ``staleReferences()``.
  public var tracksHolders: Bool {
    get { discope.tracksHolders }
    set { discope.tracksHolders = newValue }
  }
}
