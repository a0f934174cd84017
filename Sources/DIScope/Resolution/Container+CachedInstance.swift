/// What a compatibility module needs to know of a registration's cache.
extension Container {
  /// The instance the live registration `token` names in this container caches now (a built
  /// singleton, a weak one while it lives, a mock), if any; nothing is built, and nothing kept.
  ///
  /// For DIScopeSwinject, whose `.container` and `.weak` registrations are singletons and weak
  /// ones here: this cache is their one truth, and the facade's storage reads it rather than
  /// keeping the instance a second time (which a shutdown or a change would not let go of).
  ///
  /// ```swift
  /// container.cachedInstance(of: token) as? Database
  /// ```
  package func cachedInstance(of token: RegistrationToken) -> Any? {
    family.withLock { _ in
      guard let registration = registry.registration(for: token) else { return nil }
      return registration.state.withLockHeld { state in state.cachedInstance(of: registration) }
    }
  }
}
