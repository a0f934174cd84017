/// One entry in a service's stack: the factory, its scope and caching, and what it has cached.
///
/// The stacks that hold registrations, and each registration's own mutable state (scope, caching,
/// cached instance), are guarded by the one family lock: a registration costs no lock of its own,
/// and a resolve that looks a registration up reads its state under the lock it already takes.
/// A singleton's factory runs exactly once under contention, without holding the lock (so a factory
/// may resolve and register freely): the builder claims the state (`SharedClaim`), and others wait on the
/// family's condition until it is done.
///
/// `@unchecked Sendable`: `_state` is read and written only inside `state.withLock`, which holds
/// the family lock; everything else is immutable once the registration is pushed (a registration
/// made before its token gets its number, and its assembly's name, under the lock just before).
///
/// Not final: a registration whose factory is a closure returning a `Service` is a
/// `FactoryRegistration<Service>`, which holds the closure itself, so that registering a factory
/// allocates one object, not a registration and a box. Every member is final.
@usableFromInline
class Registration: @unchecked Sendable {
  /// The token's number (the token is rebuilt from it and `key` when asked for). Set again only
  /// for a registration made before its token (see `Container.register(prepared:scope:)`): under
  /// the family lock, before it is pushed, so before any other thread can see it.
  final var number: Int
  final let key: ServiceKey
  /// Any factory that is not a `FactoryRegistration`'s own closure: an
  /// `ArgumentFactoryBox<Service, each Argument>` or an async factory box; for a mock given as an
  /// instance, the `InstanceBox` it answers with (also its cached instance), or, when the instance
  /// is a class instance, the instance itself (`factoryIsInstance`). `nil` for a
  /// `FactoryRegistration`, which is its own factory (see `factory`).
  @usableFromInline final let storedFactory: (AnyObject & Sendable)?
  /// The container that owns the registration (where its singletons are built and cached).
  final let ownerID: ContainerID
  /// The family lock, which guards `_state`.
  final let lock: Protected<FamilyLockedState>
  /// Where in the code it was made (the `register` call's `#fileID` and `#line`); a script's
  /// registration keeps its script line in `details` instead (see `location`).
  final let site: PackedSite
  /// What few registrations have (an implementation name, argument types, an assembly): `nil` for
  /// most, so that a registration stays within 160 bytes of heap.
  /// Set again only by `join(group:)`, under the family lock before the registration is pushed.
  private final var details: Details?
  /// Unchecked: only `StateAccess` (`Registry/StateAccess.swift`) reaches it, under the family
  /// lock (which `Protected` proves in debug builds), and never `inout` across a call that reaches
  /// it again; the dynamic check would be a runtime call on every locked read of a registration's
  /// state. Read nowhere else: `registration.state` is the way in.
  @exclusivity(unchecked) final var _state: RegistrationState
  /// Whether observers see it as a mock push. Last, where it costs one byte rather than a padded
  /// word (a mock swap is frequent in tests: it should not allocate `details`).
  final let isMock: Bool
  /// Whether `factory` is the instance itself: a mock given as a class instance, which the
  /// registration holds with no box around it (a swap allocates one object, not two). A box for it
  /// is made only if a slow path needs one (see `RegistrationState.cachedBox(of:)`).
  final let factoryIsInstance: Bool
  /// Whether it answers with an instance given to it (a mock or a value), which the container did
  /// not build: what such an instance holds was never the container's to know.
  final var isPrebuilt: Bool { factoryIsInstance || storedFactory is InstanceBox }
  /// Where the factory may run: the synchronous engine refuses an `async` one, and a `@MainActor`
  /// one off the main actor (one byte, beside the flags above).
  final let isolation: FactoryIsolation
  /// Whether its instances may be handed to more than one caller: the service is `Sendable` (or
  /// its registrant vouched for it, `registerUncheckedSendable`). A registration of a service that
  /// is not (`register(_:scope: UnsharedScope, ...)`) is refused a shared scope for good: see
  /// `Container.setScope(_:for:)`. One byte, beside the flags above.
  final let isSendable: Bool

  /// The factory: a `FactoryRegistration<Service>` itself, or what `storedFactory` holds.
  final var factory: AnyObject & Sendable { storedFactory ?? self }

  /// The rarely set, immutable part of a registration.
  private final class Details: Sendable {
    let implementationName: String?
    let argumentTypes: String?
    let groupName: String?
    let isImmortal: Bool
    let disposal: DisposalRule?
    /// Where it was made, when only known at run time (a script's line).
    let location: RegistrationSite?
    /// What a facade over the container keeps with it (see `attachment`).
    let attachment: (AnyObject & Sendable)?
    init(
      implementationName: String?, argumentTypes: String?, groupName: String?, isImmortal: Bool,
      disposal: DisposalRule?, location: RegistrationSite?, attachment: (AnyObject & Sendable)?
    ) {
      self.implementationName = implementationName
      self.argumentTypes = argumentTypes
      self.groupName = groupName
      self.isImmortal = isImmortal
      self.disposal = disposal
      self.location = location
      self.attachment = attachment
    }
  }

  final var token: RegistrationToken { RegistrationToken(number: number, ownerID: ownerID, key: key) }

  /// The implementation's name when the registration gave it (scripts do); otherwise learnt from
  /// the first traced build, or the service's name. Computed only when shown.
  final var explicitImplementationName: String? { details?.implementationName }
  final var hasExplicitImplementation: Bool { explicitImplementationName != nil }
  /// The argument types the factory takes, for error messages: `(String, Int)`, or `nil` for none.
  final var argumentTypes: String? { details?.argumentTypes }
  /// The assembly that installed it, if any.
  final var groupName: String? { details?.groupName }
  /// Whether the singleton it builds is made immortal (see `Container.registerImmortal`).
  final var isImmortal: Bool { details?.isImmortal ?? false }
  /// How its instance is disposed when its container shuts down, when the registration says.
  final var disposal: DisposalRule? { details?.disposal }
  /// Where it was made: the script line it was given, else its `register` call's file and line;
  /// `nil` when made by code that did not say.
  final var location: RegistrationSite? { details?.location ?? site.location }
  /// What a facade keeps with the registration it made (DIScopeSwinject's entry and key), so that
  /// its lookups read the container's stacks rather than a table of its own beside them. Opaque
  /// to the container, which only hands it back (`Container+Attachments.swift`).
  final var attachment: (AnyObject & Sendable)? { details?.attachment }
  /// Whether it has any of the rarely set details (a disposal rule among them): `false` for the
  /// usual registration, which a removal then asks nothing more of.
  final var hasDetails: Bool { details != nil }

  /// The registration's state, under the family lock. Never call with the family lock held.
  final var state: StateAccess { StateAccess(registration: .passUnretained(self)) }

  /// A registration whose factory is `factory` (`nil` for a `FactoryRegistration`, its own).
  /// Made only under the family lock, by `Container.register`, which numbers its token.
  init(
    token: RegistrationToken, key: ServiceKey, implementationName: String? = nil,
    factory: (AnyObject & Sendable)?, argumentTypes: String? = nil, scope: Scope,
    isCaching: Bool = true, isMock: Bool = false, isImmortal: Bool = false,
    factoryIsInstance: Bool = false, ownerID: ContainerID, groupName: String?,
    disposal: DisposalRule? = nil, isolation: FactoryIsolation = .none, isSendable: Bool = true,
    site: PackedSite, location: RegistrationSite? = nil,
    attachment: (AnyObject & Sendable)? = nil, lock: Protected<FamilyLockedState>
  ) {
    self.number = token.number
    self.key = key
    self.storedFactory = factory
    self.ownerID = ownerID
    self.lock = lock
    self.site = site
    self.details =
      implementationName == nil && argumentTypes == nil && groupName == nil && !isImmortal
        && disposal == nil && location == nil && attachment == nil
      ? nil
      : Details(
        implementationName: implementationName, argumentTypes: argumentTypes,
        groupName: groupName, isImmortal: isImmortal, disposal: disposal, location: location,
        attachment: attachment)
    self.isMock = isMock
    self.factoryIsInstance = factoryIsInstance
    self.isolation = isolation
    self.isSendable = isSendable
    self._state = RegistrationState(scope: scope, isCaching: isCaching)
  }

  /// The usual registration, `register(_:name:scope:factory:)`'s: a `FactoryRegistration`,
  /// cached, with nothing in `details`, made before its token (numbered, and given an installing
  /// assembly's name by `join(group:)`, as it is pushed). Nothing to decide, so nothing to compare
  /// or count (a factory pushed and removed over and over, as a test does, pays for every optional
  /// string the general initialiser is handed).
  init(
    key: ServiceKey, scope: Scope, isSendable: Bool, ownerID: ContainerID, site: PackedSite,
    lock: Protected<FamilyLockedState>
  ) {
    self.number = 0
    self.key = key
    self.storedFactory = nil
    self.ownerID = ownerID
    self.lock = lock
    self.site = site
    self.details = nil
    self.isMock = false
    self.factoryIsInstance = false
    self.isolation = .none
    self.isSendable = isSendable
    self._state = RegistrationState(scope: scope, isCaching: true)
  }

  /// Puts a registration made before its token into the group of the assembly being installed.
  /// Only under the family lock, before the registration is pushed.
  final func join(group: String) {
    details = Details(
      implementationName: details?.implementationName, argumentTypes: details?.argumentTypes,
      groupName: group, isImmortal: details?.isImmortal ?? false, disposal: details?.disposal,
      location: details?.location, attachment: details?.attachment)
  }

  /// A description for events and reports.
  final func info(stackDepth: Int?, container: String) -> RegistrationInfo {
    state.withLock { info(lockHeld: $0, stackDepth: stackDepth, container: container) }
  }

  /// `info(stackDepth:container:)` for a caller that holds the family lock and hands in the state.
  final func info(lockHeld state: RegistrationState, stackDepth: Int?, container: String) -> RegistrationInfo {
    // The number of the instance cached now: a weak instance let go of is no longer cached, and
    // every report (pane 1, `show stacks`, `why`) reads this one number.
    let (scope, isCaching, built) = (state.scope, state.isCaching, state.builtTypeName)
    return RegistrationInfo(
      token: token, key: key,
      implementationName: explicitImplementationName ?? built ?? key.serviceName, scope: scope,
      isCaching: isCaching, isMock: isMock, argumentTypes: argumentTypes, group: groupName,
      container: container, cachedInstanceNumber: state.liveCachedNumber, stackDepth: stackDepth,
      location: location, isLocationInCode: details?.location == nil && site.file != nil)
  }
}

extension Registration {
  /// Remembers the type the factory built, when the registration did not say (`ConsoleLogger`
  /// behind `Logger`). Only traced or validated builds pay for the type's name.
  final func learnImplementation(of value: Any) {
    guard !hasExplicitImplementation, state.withLock({ $0.builtTypeName == nil }) else { return }
    let name = String(describing: type(of: value))
    state.withLock { $0.builtTypeName = name }
  }
}
