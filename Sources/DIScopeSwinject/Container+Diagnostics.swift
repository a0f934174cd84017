import DIScope

/// DIScope's diagnostics on a container wired through Swinject's API: they read ``discope``, the
/// container behind it, where every registration made here is a DIScope registration.
extension Container {
  /// Builds every registration in a dry run and reports missing registrations, cycles, captive
  /// dependencies and ignored overrides (DIScope's `validate()`).
  ///
  /// ```swift
  /// let report = container.validate()
  /// if !report.isValid { print(report) }
  /// ```
  public func validate() -> ValidationReport { discope.validate() }

  /// Why `serviceType` (under `name`) resolves as it does: the registration that answers, its
  /// scope, what it shadows, and what it depends on.
  ///
  /// ```swift
  /// print(container.explain(Animal.self))
  /// ```
  public func explain<Service>(_ serviceType: Service.Type, name: String? = nil) -> Explanation {
    discope.explain(serviceType, name: name)
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
