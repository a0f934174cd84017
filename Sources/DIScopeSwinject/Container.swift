import DIScope
import Foundation
import Synchronization

/// Swinject's container over a DIScope container: an app on Swinject 2.10 switches by changing
/// `import Swinject` to `import DIScopeSwinject`.
///
/// Every registration is a DIScope registration, with its token, events, trace and diagnostics:
/// ``discope`` is the container behind it, which `validate()`, `explain`, `staleReferences()`,
/// `DISCOPE_TRACE=1` and `discope attach` see. Swinject's semantics are kept where they differ
/// from DIScope's: a failed resolve returns `nil` (the logging function gets DIScope's whole
/// error), `.graph` is the default scope, and `initCompleted` closes circular dependencies.
/// Unlike Swinject's, every container is safe to resolve and register in from any thread.
///
/// ```swift
/// let container = Container()
/// container.register(Animal.self) { _ in Cat() }
/// container.register(Person.self) { r in PetOwner(pet: r.resolve(Animal.self)!) }
/// let owner = container.resolve(Person.self)
/// ```
public final class Container: @unchecked Sendable {
  // @unchecked Sendable: its behaviors and the failures it said are read and written only under
  // `lock`; its registrations are DIScope's (``discope``'s stacks, under its family lock); the
  // graphs being resolved are per thread (`ThreadGraphs`); the rest is `let`. Swinject's API
  // asks nothing of the services and closures it is given: an app on it vouches for them, as it
  // did on Swinject (see the README's migration section).

  /// The DIScope container behind it, holding a DIScope registration for each of its own.
  public let discope: DIScope.Container
  internal let parent: Container?
  /// Whether it has no parent: then its registrations are DIScope's plain keys in ``discope``,
  /// which the inlined fast path of `resolve` reads.
  @usableFromInline internal let isRoot: Bool
  /// What its registrations refer to it by.
  @usableFromInline internal let reference = ContainerReference()
  internal let debugHelper: DebugHelper
  internal let defaultObjectScope: ObjectScope
  /// Numbers the container for the per-thread graphs (never reused, unlike an address).
  internal let frameID: UInt64 = containerCounter.add(1, ordering: .relaxed).newValue

  private let lock = NSLock()
  /// Held around every resolve of a synchronized resolver (`synchronize()`), as Swinject's is:
  /// its resolves, and the factories they run, go one at a time (code that relies on that, a
  /// factory writing a shared variable, stays correct). Recursive, since a factory resolves in
  /// turn; one for the whole hierarchy, shared with the parent, as Swinject's lock is.
  @usableFromInline internal let resolutionLock: ResolutionLock
  /// Whether this is a synchronized resolver (`synchronize()`).
  @usableFromInline internal let isSynchronized: Bool
  /// Whether anything was ever registered in this container itself (not its parents): until
  /// then, a synchronized resolver resolves as its parent would, through DIScope's own path, its
  /// lock held (see `resolveDirectly`).
  @usableFromInline internal let hasRegisteredItself = Atomic<Bool>(false)
  private var behaviorList: [Behavior] = []
  /// The keys whose failed resolve was said on standard error (see `sayOnStandardError`).
  private var failuresSaid: Set<ServiceKey> = []

  internal init(
    parent: Container? = nil, debugHelper: DebugHelper, defaultObjectScope: ObjectScope = .graph,
    synchronized: Bool = false
  ) {
    self.parent = parent
    isRoot = parent == nil
    resolutionLock = parent?.resolutionLock ?? ResolutionLock()
    isSynchronized = synchronized
    self.debugHelper = debugHelper
    self.defaultObjectScope = defaultObjectScope
    discope = parent.map { $0.discope.makeChild(named: synchronized ? "synchronized" : "child") }
      ?? DIScope.Container(name: "swinject")
    reference.attach(self)
  }

  deinit { reference.detach() }

  /// A container, child of `parent` if given: what it does not register, it resolves from the
  /// parent.
  ///
  /// - Parameters:
  ///   - parent: The container whose registrations this one sees, or `nil` for a root.
  ///   - defaultObjectScope: The scope of registrations that name none (`.graph`).
  ///   - behaviors: Told of every registration made from now on.
  ///   - registeringClosure: Registers services in the new container.
  public convenience init(
    parent: Container? = nil, defaultObjectScope: ObjectScope = .graph,
    behaviors: [Behavior] = [], registeringClosure: (Container) -> Void = { _ in }
  ) {
    self.init(parent: parent, debugHelper: LoggingDebugHelper(), defaultObjectScope: defaultObjectScope)
    for behavior in behaviors { addBehavior(behavior) }
    registeringClosure(self)
  }

  private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }

  /// Removes every registration of this container (not its parent's).
  public func removeAll() {
    for registered in registrations() { discope.remove(registered.token) }
  }

  /// Discards the instances kept by registrations in `objectScope`, here and in the parents.
  ///
  /// ```swift
  /// container.resetObjectScope(.container)
  /// ```
  public func resetObjectScope(_ objectScope: ObjectScopeProtocol) {
    reset(registrations().filter { $0.entry.objectScope === objectScope })
    parent?.resetObjectScope(objectScope)
  }

  /// Discards the instances kept by registrations in `objectScope`.
  public func resetObjectScope(_ objectScope: ObjectScope) {
    resetObjectScope(objectScope as ObjectScopeProtocol)
  }

  /// Discards the instances kept by registrations of `serviceType` in `objectScope`, here and in
  /// the parents.
  public func resetObjectScope(_ objectScope: ObjectScopeProtocol, serviceType: Any.Type) {
    let matching = registrations().filter { $0.key.serviceType == serviceType }
    guard !matching.isEmpty else { return }
    reset(matching.filter { $0.entry.objectScope === objectScope })
    parent?.resetObjectScope(objectScope, serviceType: serviceType)
  }

  /// Discards the instances kept by registrations of `serviceType` in `objectScope`.
  public func resetObjectScope(_ objectScope: ObjectScope, serviceType: Any.Type) {
    resetObjectScope(objectScope as ObjectScopeProtocol, serviceType: serviceType)
  }

  /// Drops what DIScope cached for the registrations (setting a registration's scope drops its
  /// cache: a `.container` or `.weak` instance is kept nowhere else), and empties a custom
  /// scope's storages.
  private func reset(_ registrations: [Registered]) {
    for registered in registrations {
      registered.entry.resetInstance()
      // Never refused: every registration of the facade is vouched for (`registerUncheckedSendable`).
      _ = try? discope.setScope(
        ObjectScope.discopeScope(for: registered.entry.objectScope), for: registered.token)
    }
  }

  /// Switches caching of the registration `token` names (a token from ``staleReferences()`` or
  /// ``explain(_:name:)``): off drops its cached instance, and on again caches the next one
  /// built, which is how a stale reference's fix rebuilds its holder. DIScope's
  /// `setCaching(_:for:)`, here so that the fix those print can be typed as it reads.
  ///
  /// ```swift
  /// container.setCaching(false, for: stale.holder.registration.token)
  /// container.setCaching(true, for: stale.holder.registration.token)
  /// ```
  @discardableResult
  public func setCaching(_ isCaching: Bool, for token: RegistrationToken) -> Bool {
    guard let entry = (discope.attachment(of: token) as? FacadeRegistration)?.entry else {
      // A parent's registration: switched where it is registered.
      return parent?.setCaching(isCaching, for: token) ?? discope.setCaching(isCaching, for: token)
    }
    // A custom scope's storage keeps its instance itself: emptied with DIScope's cache, or the
    // rebuild would hand back the same one.
    if !isCaching { entry.resetInstance() }
    return discope.setCaching(isCaching, for: token)
  }

  /// Registers `factory` for `serviceType` (under `name`): the newest registration of a key
  /// replaces the one before.
  ///
  /// ```swift
  /// container.register(Animal.self, name: "cat") { _ in Cat() }.inObjectScope(.container)
  /// ```
  @inlinable @discardableResult
  public func register<Service>(
    _ serviceType: Service.Type, name: String? = nil,
    fileID: StaticString = #fileID, line: UInt = #line,
    factory: @escaping (Resolver) -> Service
  ) -> ServiceEntry<Service> {
    // Inlined, so that where the app calls it with a concrete type (`_isConcrete` is then a
    // constant), what is made here is compiled for that type: the resolve a factory's
    // `r.resolve(Service.self)` runs through the `Resolver` protocol (`TypedResolve`), and the
    // build DIScope calls back (`ServiceEntry.build`). Called from generic code, it registers
    // as Swinject's extension point does, and the resolves take the generic path.
    guard _isConcrete(Service.self) else {
      return _register(serviceType, factory: factory, name: name, fileID: fileID, line: line)
    }
    TypedResolves.install(ObjectIdentifier(Service.self)) {
      TypedResolveOf<Service> { container, name in
        name == nil
          ? container.resolveDirectly(Service.self)
          : container.resolveDirectly(Service.self, name: name)
      }
    }
    // The registration's DIScope factory, made here too: DIScope calls it, and it the typed
    // build, with no generic code between them.
    let entry = makeTypedEntry(serviceType, fileID: fileID, line: line, factory: factory)
    let typedFactory = TypedFactory(factory)
    let id = DIScopeRegistrationID.next()
    return addTyped(entry, name: name, id: id) { [reference] _ throws -> Service in
      try entry.build(typedFactory, owner: reference, askedBy: id)
    }
  }

  /// A new entry for `register`'s factory, owned by this container.
  @usableFromInline
  internal func makeTypedEntry<Service>(
    _ serviceType: Service.Type, fileID: StaticString, line: UInt,
    factory: @escaping (Resolver) -> Service
  ) -> ServiceEntry<Service> {
    let entry = ServiceEntry(
      serviceType: serviceType, argumentsType: Resolver.self,
      factory: { (resolver: Resolver) -> Any in factory(resolver) },
      objectScope: defaultObjectScope)
    entry.owner = reference
    entry.registeredAt = (fileID, line)
    return entry
  }

  /// Registers `entry`, made by `makeTypedEntry`, under `name`, with `discopeFactory` (made
  /// where `Service` is known) as its DIScope factory; tells the behaviors.
  @usableFromInline
  internal func addTyped<Service>(
    _ entry: ServiceEntry<Service>, name: String?, id: DIScopeRegistrationID,
    discopeFactory: @escaping @Sendable (DIScope.Resolver) throws -> Service
  ) -> ServiceEntry<Service> {
    let key = ServiceKey(serviceType: Service.self, argumentsType: Resolver.self, name: name)
    add(entry, as: Service.self, under: key, id: id, discopeFactory: discopeFactory)
    for behavior in behaviors {
      behavior.container(self, didRegisterType: Service.self, toService: entry, withName: name)
    }
    return entry
  }

  /// Registers a factory of any arguments under a key with an option: the entry point of
  /// Swinject's extensions (SwinjectAutoregistration, SwinjectStoryboard). `fileID` and `line`
  /// say where it was made (an extension passes its caller's on, or they name the extension).
  @discardableResult
  public func _register<Service, Arguments>(
    _ serviceType: Service.Type, factory: @escaping (Arguments) -> Any, name: String? = nil,
    option: ServiceKeyOption? = nil, fileID: StaticString = #fileID, line: UInt = #line
  ) -> ServiceEntry<Service> {
    let key = ServiceKey(
      serviceType: Service.self, argumentsType: Arguments.self, name: name, option: option)
    let entry = ServiceEntry(
      serviceType: serviceType, argumentsType: Arguments.self, factory: factory,
      objectScope: defaultObjectScope)
    entry.owner = reference
    entry.registeredAt = (fileID, line)
    add(entry, as: Service.self, under: key)
    for behavior in behaviors {
      behavior.container(self, didRegisterType: serviceType, toService: entry, withName: name)
    }
    return entry
  }

  /// Pushes a DIScope registration for `entry` under `key`'s DIScope key, whose factory builds
  /// the entry as Swinject would, then replaces what was registered under the key before.
  ///
  /// Through the explicit-key unchecked door (`registerUncheckedSendable(key:)`): Swinject's API
  /// never asked services to be `Sendable`, and an app on it vouches for them itself.
  /// `id` names the DIScope registration (the one `discopeFactory` builds for, when given).
  internal func add<Service>(
    _ entry: ServiceEntryProtocol, as _: Service.Type, under key: ServiceKey,
    id: DIScopeRegistrationID = .next(), isForwarded: Bool = false,
    discopeFactory: (@Sendable (DIScope.Resolver) throws -> Service)? = nil
  ) {
    let scope = ObjectScope.discopeScope(for: entry.objectScope)
    // A factory of runtime arguments (`{ (r, name: String) in ... }`) builds only when a resolve
    // hands them: `validate()` lists it as unchecked, with them, instead of failing to build it.
    let argumentTypes = key.argumentsType == Resolver.self ? nil : key.runtimeArgumentTypes
    // Where the app registered the entry: a forwarded type, or a scope change, says the same.
    let (fileID, line) = entry.registeredAt
    // Kept with the DIScope registration: what `getEntry` and the rest find there.
    let attachment = FacadeRegistration(key: key, entry: entry)
    let discopeKey = key.discopeKey
    let token: RegistrationToken
    if isForwarded {
      // A forwarded type the service may not be: checked, and reported as DIScope reports a
      // factory's failure (Swinject's resolve returns `nil`).
      token = discope.registerUncheckedSendable(
        key: discopeKey, scope: scope, argumentTypes: argumentTypes, fileID: fileID, line: line,
        attachment: attachment
      ) { [reference] _ throws -> Service in
        let instance = try Container.build(entry, owner: reference, askedBy: id)
        guard let service = instance as? Service else {
          throw FacadeError.typeMismatch(
            String(describing: type(of: instance)), String(describing: Service.self))
        }
        return service
      }
    } else if let discopeFactory {
      // Made where `Service` is known (`register`): builds with no cast.
      token = discope.registerUncheckedSendable(
        key: discopeKey, scope: scope, fileID: fileID, line: line, attachment: attachment,
        factory: discopeFactory)
    } else {
      // The registration's own type, which its factory returns: a forced cast, which (unlike a
      // conditional one, in code not specialised for `Service`) looks up no `Optional<Service>`.
      token = discope.registerUncheckedSendable(
        key: discopeKey, scope: scope, argumentTypes: argumentTypes, fileID: fileID, line: line,
        attachment: attachment
      ) { [reference] _ throws -> Service in
        try Container.build(entry, owner: reference, askedBy: id) as! Service
      }
    }
    entry.noteToken(token, in: reference)
    hasRegisteredItself.store(true, ordering: .releasing)
    // The newest registration of a key replaces the ones before it: those of this key made
    // earlier (a smaller number) go. Not "every other one": two threads registering one key at
    // once would each remove the other's, and leave none.
    for older in registrations(inStackOf: discopeKey)
    where older.key == key && older.token.number < token.number {
      discope.remove(older.token)
    }
  }

  /// Returns a view of the container to resolve from any thread.
  ///
  /// Every container here is already safe across threads; the view is kept for Swinject's API,
  /// as Swinject 2.10 has it: a child container whose resolves, and the factories they run, go
  /// one at a time under a lock shared with the hierarchy. While nothing is registered in the
  /// view itself, a resolve through it is the container's own, with the lock held: its cost is
  /// the resolve's and the lock's.
  ///
  /// ```swift
  /// let resolver = container.synchronize()
  /// DispatchQueue.concurrentPerform(iterations: 4) { _ in _ = resolver.resolve(Animal.self) }
  /// ```
  public func synchronize() -> Resolver {
    Container(
      parent: self, debugHelper: debugHelper, defaultObjectScope: defaultObjectScope,
      synchronized: true)
  }

  /// Adds a behavior, told of every registration made from now on.
  public func addBehavior(_ behavior: Behavior) {
    locked { behaviorList.append(behavior) }
  }

  internal var behaviors: [Behavior] { locked { behaviorList } }

  /// Whether a registration of `serviceType` under `name` exists here or in a parent, whatever
  /// its factory's arguments.
  public func hasAnyRegistration<Service>(of serviceType: Service.Type, name: String? = nil) -> Bool {
    registrations().contains { $0.key.serviceType == serviceType && $0.key.name == name }
      || parent?.hasAnyRegistration(of: serviceType, name: name) == true
  }

  /// The registration answering `key` (whose DIScope key is `discopeKey`, made once by the
  /// caller: for a factory of arguments it is text), here or in a parent.
  internal func getEntry(for key: ServiceKey, discopeKey: DIScope.ServiceKey) -> ServiceEntryProtocol? {
    // The newest of this container's own registrations made for `key` (a mock pushed over it by
    // a test or `discope attach` has no attachment: the facade's entry below it still says how
    // to build, and DIScope's resolve answers with the mock).
    let found = discope.firstAttachment(inStackOf: discopeKey) {
      ($0 as? FacadeRegistration)?.key == key
    }
    return (found as? FacadeRegistration)?.entry ?? parent?.getEntry(for: key, discopeKey: discopeKey)
  }

  /// This container's own registrations (not its parents'), read from its DIScope container's
  /// stacks (or from the stack of `discopeKey` alone): the one registry, so a registration
  /// removed there (by `discope attach`, a test) is gone here too.
  internal func registrations(inStackOf discopeKey: DIScope.ServiceKey? = nil) -> [Registered] {
    discope.attachedRegistrations(inStackOf: discopeKey).compactMap { token, attachment in
      (attachment as? FacadeRegistration).map { Registered(token: token, key: $0.key, entry: $0.entry) }
    }
  }

  /// Every registration here and in the parents, by the DIScope token made for its key (a
  /// forwarded type's token names the entry it forwards to).
  internal func entriesByToken() -> [RegistrationToken: ServiceEntryProtocol] {
    var entries = parent?.entriesByToken() ?? [:]
    for registered in registrations() { entries[registered.token] = registered.entry }
    return entries
  }

  /// Whether no failed resolve of `key` was said on standard error yet; from now on one was.
  internal func isFirstFailure(of key: ServiceKey) -> Bool {
    locked { failuresSaid.insert(key).inserted }
  }

  /// Every registration, the parents' included (this container's win).
  internal func getRegistrations() -> [ServiceKey: ServiceEntryProtocol] {
    var registrations = parent?.getRegistrations() ?? [:]
    for registered in self.registrations() { registrations[registered.key] = registered.entry }
    return registrations
  }

  /// Registers `type` under `name` as answered by `service`'s registration (type forwarding).
  public func forward<T, S>(_ type: T.Type, name: String? = nil, to service: ServiceEntry<S>) {
    let key = ServiceKey(
      serviceType: T.self, argumentsType: service.argumentsType, name: name, option: nil)
    add(service, as: T.self, under: key, isForwarded: true)
    for behavior in behaviors {
      behavior.container(self, didRegisterType: type, toService: service, withName: name)
    }
  }
}

extension Container: CustomStringConvertible {
  /// Every registration of this container, one per line, sorted.
  public var description: String {
    let lines = registrations().map { "\n    { \($0.entry.describeWithKey($0.key)) }" }
    return "[" + lines.sorted().joined(separator: ",") + "\n]"
  }
}

private let containerCounter = Atomic<UInt64>(0)
