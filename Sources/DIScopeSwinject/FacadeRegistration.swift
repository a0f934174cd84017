import DIScope

/// What the facade keeps with each DIScope registration it makes: Swinject's key, which DIScope's
/// key does not carry whole (a `ServiceKeyOption` is compared by `isEqualTo`, not by its text),
/// and the entry that says how to build. Kept in the registration (its `attachment`), so the
/// facade has no table of its own: DIScope's stacks are the one registry.
final class FacadeRegistration: Sendable {
  let key: ServiceKey
  let entry: ServiceEntryProtocol

  init(key: ServiceKey, entry: ServiceEntryProtocol) {
    self.key = key
    self.entry = entry
  }
}

extension Container {
  /// One of this container's registrations, as `registrations()` reads them from the stacks.
  struct Registered {
    let token: RegistrationToken
    let key: ServiceKey
    let entry: ServiceEntryProtocol
  }
}
