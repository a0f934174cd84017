/// Mocks kept on standby: registered for a service but not pushed until asked for, so a tool — a
/// `.dis` script replayed against the app's container, the playground attached to it — can swap
/// them in by the service's name.
extension Container {
  /// Keeps `factory` ready as the mock of `Service`, without pushing it: `pushStandbyMock(for:)`
  /// pushes it when asked (a replayed script's `mock Logger`).
  ///
  /// ```swift
  /// container.registerMock(Logger.self) { MockLogger() }
  /// try DisScript(contentsOf: url).replay(on: container)   // `mock Logger` pushes MockLogger
  /// ```
  public func registerMock<Service: Sendable>(
    _ type: Service.Type, name: String? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping @Sendable () -> Service
  ) {
    let key = ServiceKey(type, name: name)
    let site = PackedSite(fileID: fileID, line: line)
    let push: @Sendable (Container) -> RegistrationToken = { container in
      container.register(key, scope: .singleton, isMock: true, argumentTypes: nil) { token, group in
        FactoryRegistration(
          token, group: group, key: key, scope: .singleton, isMock: true, in: container,
          site: site
        ) { _ in factory() }
      }
    }
    // The mock it replaces goes after the lock: its factory may hold an object whose deinit uses
    // this container.
    let replaced = family.withLock { _ in registry.standbyMocks.updateValue(push, forKey: key) }
    withExtendedLifetime(replaced) {}
  }

  /// Pushes the standby mock of `key` (see `registerMock(_:name:factory:)`), looking in parents
  /// too; `nil` when none was registered.
  @discardableResult
  public func pushStandbyMock(for key: ServiceKey) -> RegistrationToken? {
    let push = family.withLock { _ in
      lineage.lazy.compactMap { $0.registry.standbyMocks[key] }.first
    }
    return push?(self)
  }

  /// The keys that have a standby mock here or in a parent.
  public var standbyMockKeys: [ServiceKey] {
    family.withLock { _ in
      Array(Set(lineage.flatMap { $0.registry.standbyMocks.keys }))
    }.sorted { $0.description < $1.description }
  }
}
