/// A registration whose factory is a closure returning a `Service`: the registration holds the
/// closure itself, and is its own `factory`, recovered typed with a class cast (or, on the routed
/// path, by comparing its class). One object per registration, where a registration and a box
/// around the closure were two.
@usableFromInline
final class FactoryRegistration<Service>: Registration, @unchecked Sendable {
  @usableFromInline let make: @Sendable (Resolver) throws -> Service

  /// The usual registration, made before its token by the caller of
  /// `register(_:name:scope:factory:)` (see `Container.register(prepared:scope:)`): its number, and
  /// its assembly's name if one is being installed, are set under the family lock as it is pushed.
  /// The factory is taken over, not copied: the caller's reference to its context becomes the
  /// registration's. The container is borrowed (an initialiser's parameters are otherwise owned:
  /// the caller would count a reference to it for the call, and this one give it back).
  @usableFromInline
  init(
    key: ServiceKey, scope: Scope, isSendable: Bool = true, in container: borrowing Container,
    site: PackedSite, make: consuming @escaping @Sendable (Resolver) throws -> Service
  ) {
    self.make = make
    super.init(
      key: key, scope: scope, isSendable: isSendable, ownerID: container.id, site: site,
      lock: container.family.state)
  }

  /// The registration the typed `register` makes for `container` under its lock (see
  /// `Container.register(_:scope:argumentTypes:makeRegistration:)`): `token` and `group` are what
  /// only the lock knows. The token and the container are borrowed, as above.
  @usableFromInline
  init(
    _ token: borrowing RegistrationToken, group: String?, key: ServiceKey,
    implementationName: String? = nil, scope: Scope, isCaching: Bool = true, isMock: Bool = false,
    isImmortal: Bool = false, disposal: DisposalRule? = nil, isolation: FactoryIsolation = .none,
    isSendable: Bool = true, argumentTypes: String? = nil, in container: borrowing Container,
    site: PackedSite, location: RegistrationSite? = nil, attachment: (AnyObject & Sendable)? = nil,
    make: @escaping @Sendable (Resolver) throws -> Service
  ) {
    self.make = make
    super.init(
      token: copy token, key: key, implementationName: implementationName, factory: nil,
      argumentTypes: argumentTypes, scope: scope, isCaching: isCaching, isMock: isMock,
      isImmortal: isImmortal, ownerID: container.id,
      groupName: group, disposal: disposal, isolation: isolation, isSendable: isSendable,
      site: site, location: location, attachment: attachment, lock: container.family.state)
  }
}

extension FactoryRegistration: ErasedFactory {
  func resolveErased(in container: Container, key: ServiceKey) throws -> Any {
    try container.resolve(key: key, as: Service.self)
  }
}
