/// One entry in a service's stack: the factory, its scope and caching, and what it has cached.
///
/// The stacks that hold registrations, and each registration's own mutable state (scope, caching,
/// cached instance), are guarded by the one family lock: a registration costs no lock of its own,
/// and a resolve that looks a registration up reads its state under the lock it already takes.
/// A singleton's factory runs exactly once under contention, without holding the lock (so a factory
/// may resolve and register freely): the builder marks the state `isBuilding`, and others wait on the
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
    init(
      implementationName: String?, argumentTypes: String?, groupName: String?, isImmortal: Bool,
      disposal: DisposalRule?, location: RegistrationSite?
    ) {
      self.implementationName = implementationName
      self.argumentTypes = argumentTypes
      self.groupName = groupName
      self.isImmortal = isImmortal
      self.disposal = disposal
      self.location = location
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
    site: PackedSite, location: RegistrationSite? = nil, lock: Protected<FamilyLockedState>
  ) {
    self.number = token.number
    self.key = key
    self.storedFactory = factory
    self.ownerID = ownerID
    self.lock = lock
    self.site = site
    self.details =
      implementationName == nil && argumentTypes == nil && groupName == nil && !isImmortal
        && disposal == nil && location == nil
      ? nil
      : Details(
        implementationName: implementationName, argumentTypes: argumentTypes,
        groupName: groupName, isImmortal: isImmortal, disposal: disposal, location: location)
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
      location: details?.location)
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
      location: location)
  }
}

/// The mutable part of a registration, 48 bytes: flags, the cached instance and its number, and
/// the rarely used rest out of line.
struct RegistrationState {
  var scope: Scope
  var isCaching: Bool
  /// Set where a class instance is cached already known to have nothing for a disposal to call
  /// (see `cache(object:isKnownNotDisposable:)`): a removal then asks nothing of it. One byte,
  /// beside the flags above.
  private(set) var isKnownNotDisposable = false
  /// Who builds the shared instance now, if anyone does (see `SharedClaim`): a thread (its
  /// `ThreadState`), or an `async` build (its `BuildSignal`, also `awaitableBuild`); others
  /// wait on the family's condition, or await the task. Kept here rather than in a family-wide
  /// table: an uncontended first build claims the registration's own state, with no dictionary to
  /// insert into and remove from, and a waiter that checks for a cycle of waits reads it here (see
  /// `Container.waitLoop`).
  var builder: ObjectIdentifier?
  /// Whether a thread is building the singleton now.
  var isBuilding: Bool { builder != nil }
  /// The cached instance: read with `cachedBox(of:)`, stored with `cache(_:)`.
  private var storedCache = StoredCache.none

  /// Caches the box of a built instance.
  mutating func cache(_ box: InstanceBox) {
    storedCache = .owned(box)
  }

  /// Caches a class instance as it is: boxed only if the general path reads it (see
  /// `cachedBox(of:)`), so a singleton built and resolved once allocates no box.
  mutating func cache(object: AnyObject, isKnownNotDisposable: Bool = false) {
    storedCache = .ownedObject(object)
    self.isKnownNotDisposable = isKnownNotDisposable
  }

  /// How the cached instance is held: a built one is owned here; a mock given as an instance is
  /// its registration's factory, which holds it for the registration's whole life, so the state
  /// need not count a reference of its own (one fewer to count as a mock is pushed and removed).
  private enum StoredCache {
    case none
    case owned(InstanceBox)
    /// A class instance of the key's type, not boxed yet.
    case ownedObject(AnyObject)
    /// The factory is the box (a mock given as a value).
    case factoryBox(Unmanaged<InstanceBox>)
    /// The factory is the instance (a mock given as a class instance): no box yet.
    case factoryInstance
  }

  /// Whether an instance is cached that letting go of may dispose: one the container built (a
  /// singleton's, a weak one's), or a mock or value pushed with `disposing: true`. A swap's mock
  /// answers no: a removal reads nothing more of it.
  func mayDispose(for registration: Registration) -> Bool {
    switch storedCache {
    case .owned, .ownedObject: return true
    case .factoryBox, .factoryInstance: return registration.disposal?.disposesPrebuilt == true
    case .none: return extras?.weakBox != nil
    }
  }

  /// Whether an instance is cached.
  var hasCached: Bool {
    if case .none = storedCache { return false }
    return true
  }

  /// Caches the registration's own factory, a mock given as an instance (see `StoredCache`).
  mutating func cacheFactory(of registration: Registration) {
    storedCache =
      registration.factoryIsInstance
      ? .factoryInstance
      : .factoryBox(
        Unmanaged.passUnretained(
          unsafeDowncast(registration.storedFactory.unsafelyUnwrapped, to: InstanceBox.self)))
  }

  /// The cached instance's box (`self` being `registration`'s state). A mock given as a class
  /// instance gets its box here, the first time a slow path needs one, and keeps it.
  mutating func cachedBox(of registration: Registration) -> InstanceBox? {
    switch storedCache {
    case .none: return nil
    case .owned(let box): return box
    case .factoryBox(let box): return box.takeUnretainedValue()
    case .ownedObject(let object):
      let box = InstanceBox(
        word: UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()), type: registration.key.type,
        isObjectReference: true)
      storedCache = .owned(box)
      return box
    case .factoryInstance:
      // The box's own reference.
      let object = Unmanaged.passRetained(registration.storedFactory.unsafelyUnwrapped as AnyObject)
      let box = InstanceBox(
        word: UInt(bitPattern: object.toOpaque()), type: registration.key.type,
        isObjectReference: true)
      storedCache = .owned(box)
      return box
    }
  }

  /// Whether the instance cached now is one that letting it go must dispose. The usual case, a
  /// class instance the container built for a registration with no rule of its own, reads the
  /// instance's class from the object in place (one comparison with the last class asked about);
  /// anything else asks `Container.cachesInstanceToDispose`.
  func cachesInstanceToDispose(of registration: Registration, thread: ThreadState) -> Bool {
    if case .ownedObject(let object) = storedCache, !registration.hasDetails,
      registration.isolation == .none
    {
      return thread.disposableTypes.hasDispose(object: object)
    }
    return Container.cachesInstanceToDispose(registration, state: self, thread: thread)
  }

  /// The cached class instance when it is cached as it is (a routed singleton's), or a weak
  /// registration's live instance; `nil` otherwise.
  var cachedObject: AnyObject? {
    switch storedCache {
    case .ownedObject(let object): return object
    case .none: return weakInstance
    default: return nil
    }
  }

  /// The cached instance itself, read without boxing it (`cachedBox(of:)` would box a class
  /// instance cached as it is): what a removal asks whether to dispose, on the register path.
  func cachedInstance(of registration: Registration) -> Any? {
    switch storedCache {
    case .none: return weakInstance
    case .owned(let box): return box.anyValue
    case .ownedObject(let object): return object
    case .factoryBox(let box): return box.takeUnretainedValue().anyValue
    case .factoryInstance: return registration.storedFactory.unsafelyUnwrapped as AnyObject
    }
  }

  /// The cached instance's creation number; 0 for none (numbers start at 1).
  private var cachedNumberOrZero = 0
  /// Bumped whenever the scope or caching changes, so a build that started before the change does
  /// not store its result after it.
  var epoch = 0
  /// Weak instances, learnt type names and eager edges: allocated by the first that needs them.
  private var extras: Extras?

  /// Not `Sendable`, and needs not be: read and written only under the family lock, like the rest
  /// of the state, and never handed out.
  private final class Extras {
    var weakBox: WeakBox?
    var builtTypeName: String?
    var eagerEdges: [DependencyEdge]?
    var holdings: Holdings?
    var awaitableBuild: BuildSignal?
  }

  init(scope: Scope, isCaching: Bool) {
    self.scope = scope
    self.isCaching = isCaching
  }

  private mutating func makeExtras() -> Extras {
    if let extras { return extras }
    let made = Extras()
    extras = made
    return made
  }

  var cachedNumber: Int? {
    get { cachedNumberOrZero == 0 ? nil : cachedNumberOrZero }
    set { cachedNumberOrZero = newValue ?? 0 }
  }

  /// The instance of a weak registration, held weakly (boxed: a weak reference is costly to make
  /// and destroy, and only weak registrations need one).
  var weakInstance: AnyObject? {
    get { extras?.weakBox?.object }
    set {
      if newValue == nil && extras == nil { return }
      makeExtras().weakBox = newValue.map(WeakBox.init)
    }
  }

  /// The dynamic type the factory built, once seen by a traced or validated build.
  var builtTypeName: String? {
    get { extras?.builtTypeName }
    set { makeExtras().builtTypeName = newValue }
  }

  /// The edges an eager build discovered, so validation need not build it a second time.
  var eagerEdges: [DependencyEdge]? {
    get { extras?.eagerEdges }
    set { makeExtras().eagerEdges = newValue }
  }

  /// The end of the `async` build that holds the claim now, if one does (see `SharedClaim`):
  /// later resolves await it rather than run the factory again.
  var awaitableBuild: BuildSignal? {
    get { extras?.awaitableBuild }
    set {
      if newValue == nil && extras == nil { return }
      makeExtras().awaitableBuild = newValue
    }
  }

  /// What the cached instance was built with, when its build was observed (see `Holdings`).
  /// Replace it with `replaceHoldings`, which hands the old ones back to be released out of the lock.
  var holdings: Holdings? { extras?.holdings }

  /// Stores `holdings`; returns the ones they replace, for the caller to release out of the lock.
  mutating func replaceHoldings(with holdings: Holdings) -> Holdings? {
    let old = takeHoldings()
    makeExtras().holdings = holdings
    return old
  }

  /// The number of the instance this state caches now: a built singleton, or a weak instance
  /// still alive. `nil` when nothing is cached.
  var liveCachedNumber: Int? {
    guard let cachedNumber else { return nil }
    if hasCached { return cachedNumber }
    return weakInstance == nil ? nil : cachedNumber
  }

  /// The holdings of the instance cached now; `nil` when nothing is cached or its build was not
  /// observed.
  var liveHoldings: Holdings? {
    guard let holdings, let number = liveCachedNumber, holdings.instanceNumber == number else { return nil }
    return holdings
  }

  /// The scope resolution uses: caching off makes any scope behave as prototype.
  var effectiveScope: Scope { isCaching ? scope : .prototype }

  /// Forgets the cached instance; returns its box and what it held, for the caller to release
  /// once it has let go of the family lock (an instance's deinit may well use its container, and
  /// so may a factory's captures, released with the last registration holdings kept alive).
  mutating func dropCache() -> (AnyObject?, Holdings?) {
    // A mock's factory keeps its instance: only what the state owns is let go of.
    let dropped: AnyObject? =
      switch storedCache {
      case .owned(let box): box
      case .ownedObject(let object): object
      default: nil
      }
    storedCache = .none
    isKnownNotDisposable = false
    weakInstance = nil
    cachedNumber = nil
    epoch += 1
    return (dropped, takeHoldings())
  }

  mutating func takeHoldings() -> Holdings? {
    guard let held = extras?.holdings else { return nil }
    extras?.holdings = nil
    return held
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
