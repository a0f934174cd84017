import DIScope
import Foundation
import Synchronization

/// A registration seen without its service type: what a container keeps, and what a
/// ``Behavior`` or a debug helper is given.
internal protocol ServiceEntryProtocol: AnyObject, Sendable {
  /// `Service: Cat, Name: "x", Factory: Resolver -> Cat, ObjectScope: graph`.
  func describeWithKey(_ serviceKey: ServiceKey) -> String
  /// The scope it was put in (`inObjectScope`), `.graph` unless said otherwise.
  var objectScope: ObjectScopeProtocol { get }
  /// The storage its scope made for it.
  var storage: InstanceStorage { get }
  /// The factory, as a `(Arguments) -> Any` (`Arguments` being `Resolver` with no argument).
  var factory: Any { get }
  /// Its `initCompleted` handlers as one `(Resolver, Any) -> Void`, or `nil` without any.
  var initCompleted: Any? { get }
  /// The service type it was registered for.
  var serviceType: Any.Type { get }

  /// The instance its scope has for `graph`: for `.container` and `.weak`, the one a build under
  /// way keeps, or else DIScope's cache of its registrations; `nil` for an instance that `asker`,
  /// the DIScope registration that built it, asks for again. Otherwise its storage's, read under
  /// its lock.
  func instance(inGraph graph: GraphIdentifier, askedBy asker: DIScopeRegistrationID?) -> Any?
  /// Keeps `instance` for `graph` in its storage, under its lock, built for `builder`; returns
  /// whether the storage may keep it beyond the graph (a custom scope's only).
  func setInstance(_ instance: Any, inGraph graph: GraphIdentifier, builtFor builder: DIScopeRegistrationID?) -> Bool
  /// Tells its storage that a graph it took part in is complete.
  func graphResolutionCompleted()
  /// Empties its storage (`resetObjectScope`).
  func resetInstance()
  /// What a build needs to know without taking the lock: whether it is `.transient` (nothing
  /// kept) and whether it has `initCompleted` handlers.
  var buildFlags: BuildFlags { get }
  /// Its factory when it takes no runtime argument, cast once when registered.
  var makeWithoutArguments: ((Resolver) -> Any)? { get }
  /// The container that made it, through a reference that does not keep it alive.
  var owner: ContainerReference? { get }
  /// Where the app registered it (the `register` call's `#fileID` and `#line`).
  var registeredAt: (fileID: StaticString, line: UInt) { get }
  /// Runs its `initCompleted` handlers on `instance`, if it is a `Service`.
  func completeInitialization(of instance: Any, resolver: Resolver)
  /// Notes a DIScope registration made for it (its own key, or a type forwarded to it) in the
  /// DIScope container of the facade container `registrant` refers to.
  func noteToken(_ token: RegistrationToken, in registrant: ContainerReference)
}

/// A registration: returned by `register`, to configure it by chaining.
///
/// ```swift
/// container.register(Parent.self) { _ in Parent() }
///   .inObjectScope(.container)
///   .initCompleted { r, parent in parent.child = r.resolve(Child.self) }
///   .implements(ParentProtocol.self)
/// ```
public final class ServiceEntry<Service>: ServiceEntryProtocol, @unchecked Sendable {
  // @unchecked Sendable: what may change (its scope, storage, handlers and tokens) is read and
  // written only under `lock`; the rest is `let`. The factory and handlers are the app's
  // closures, which Swinject's API never asked to be `Sendable`: an app on this API vouches for
  // them as it did on Swinject (see the README's migration section).

  /// The service type it was registered for.
  public let serviceType: Any.Type
  /// The factory's argument types, `Resolver` first.
  public let argumentsType: Any.Type
  internal let factory: Any
  internal let makeWithoutArguments: ((Resolver) -> Any)?
  /// The container that made it, which type forwarding registers in. Set once, by the container
  /// registering it, before the entry is shared. (Through a reference object, not a weak
  /// reference to the container: a weakly referenced object pays a slower retain and release
  /// everywhere, and a container is retained on every resolve.)
  internal var owner: ContainerReference?
  /// Where the app registered it: set once, with `owner`, before the entry is shared.
  internal var registeredAt: (fileID: StaticString, line: UInt) = ("", 0)
  internal var container: Container? { owner?.container }
  @usableFromInline internal let flags = Atomic<UInt8>(0)

  private struct State {
    var objectScope: ObjectScopeProtocol
    var storage: InstanceStorage?
    var initCompletedActions: [(Resolver, Service) -> Void] = []
    var tokens: [NotedToken] = []
    /// The DIScope registration whose build made the `.container` or `.weak` instance DIScope
    /// caches (`nil` when a resolve of a cycle made it, or none did).
    var builtFor: DIScopeRegistrationID?
  }

  /// A DIScope registration made for the entry, and the facade container in whose DIScope
  /// container it was made (which its cache is read from).
  struct NotedToken {
    let token: RegistrationToken
    let registrant: ContainerReference
  }
  // A pthread mutex (NSLock), which the thread sanitizer understands (Synchronization's Mutex
  // is a futex on Linux, which it does not).
  private let lock = NSLock()
  private var state: State

  internal init(serviceType: Service.Type, argumentsType: Any.Type, factory: Any) {
    self.serviceType = serviceType
    self.argumentsType = argumentsType
    self.factory = factory
    makeWithoutArguments = factory as? (Resolver) -> Any
    state = State(objectScope: ObjectScope.graph)
  }

  internal convenience init(
    serviceType: Service.Type, argumentsType: Any.Type, factory: Any, objectScope: ObjectScope
  ) {
    self.init(serviceType: serviceType, argumentsType: argumentsType, factory: factory)
    state.objectScope = objectScope
    updateFlags(state)
  }

  @usableFromInline
  var buildFlags: BuildFlags { BuildFlags(rawValue: flags.load(ordering: .acquiring)) }

  /// Builds it for the DIScope registration made for it, which calls this compiled for `Service`
  /// (`register`, inlined where the app calls it) with `factory`, the factory as the app wrote
  /// it. A `.transient` or `.graph` registration without `initCompleted` handlers, asked for by
  /// DIScope's own path, calls it typed, with no `Any`, no cast and no storage: DIScope's graph
  /// scope shares a `.graph` instance within the resolve. Anything else takes the general path
  /// (`Container.build`), which works with `Any`.
  @inlinable
  func build(
    _ factory: TypedFactory<Service>, owner: ContainerReference, askedBy asker: DIScopeRegistrationID
  ) throws -> Service {
    if let started = Container.startTypedBuild(
      of: ObjectIdentifier(self), flags: buildFlags, owner: owner)
    {
      var made = started.container._withUnsafeGuaranteedRef { factory.make($0) }
      // A graph made meanwhile (a `Lazy` or `Provider` made by a dependency's factory, a cycle
      // through `initCompleted`) may be asked for this instance after the resolve, or has one.
      if started.isGraph && Container.graphWasMade(during: started) {
        made = keep(made, builtIn: started)
      }
      Container.finishTypedBuild(started)
      return made
    }
    return try buildGenerally(owner: owner, askedBy: asker)
  }

  /// Keeps `instance`, which the typed build `build` made, in the graph made during it, and
  /// returns what the graph has: the instance a cycle through `initCompleted` stored meanwhile,
  /// as the general path answers and Swinject does, or else `instance`. Out of line: rare, and
  /// the `Any` it makes is not made on the typed path.
  @usableFromInline
  func keep(_ instance: Service, builtIn build: TypedBuild) -> Service {
    Container.keep(instance, of: self, builtIn: build) as! Service
  }

  /// `Container.build`, typed: the general path of ``build(_:owner:askedBy:)``.
  @usableFromInline
  func buildGenerally(owner: ContainerReference, askedBy asker: DIScopeRegistrationID) throws -> Service {
    try Container.build(self, owner: owner, askedBy: asker) as! Service
  }

  /// Publishes what `buildFlags` reads; called under the lock after a change.
  private func updateFlags(_ state: State) {
    var value: BuildFlags = []
    if state.objectScope === ObjectScope.transient { value.insert(.isTransient) }
    if state.objectScope === ObjectScope.graph { value.insert(.isGraph) }
    if !state.initCompletedActions.isEmpty { value.insert(.hasInitCompleted) }
    flags.store(value.rawValue, ordering: .releasing)
  }

  private func locked<Result>(_ body: (inout State) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  internal var objectScope: ObjectScopeProtocol { locked { $0.objectScope } }

  internal var storage: InstanceStorage { locked { Self.storage(of: &$0) } }

  private static func storage(of state: inout State) -> InstanceStorage {
    if let storage = state.storage { return storage }
    // DIScope caches a `.container` or `.weak` instance itself: the storage keeps only the one a
    // build under way made, which no cache holds yet (see `BuildUnderWayStorage`).
    let storage =
      isCachedByDIScope(state.objectScope) ? BuildUnderWayStorage() : state.objectScope.makeStorage()
    state.storage = storage
    return storage
  }

  /// Whether DIScope caches an instance of a registration in `scope` (`.container`, a singleton;
  /// `.weak`, a weak registration), so that the facade keeps none beyond its build.
  private static func isCachedByDIScope(_ scope: ObjectScopeProtocol) -> Bool {
    scope === ObjectScope.container || scope === ObjectScope.weak
  }

  internal var initCompleted: Any? {
    let actions = locked { $0.initCompletedActions }
    guard !actions.isEmpty else { return nil }
    let completed: (Resolver, Any) -> Void = { resolver, service in
      for action in actions { action(resolver, service as! Service) }
    }
    return completed
  }

  /// Puts the registration in `objectScope`: its instances live as that scope says. The four
  /// built-in scopes change the DIScope registration's scope too (see ``ObjectScope``).
  @discardableResult
  public func inObjectScope(_ objectScope: ObjectScopeProtocol) -> Self {
    let tokens = locked { state in
      state.objectScope = objectScope
      state.storage = nil
      state.builtFor = nil
      updateFlags(state)
      return state.tokens
    }
    let scope = ObjectScope.discopeScope(for: objectScope)
    for noted in tokens {
      // Never refused: every registration of the facade is vouched for (`registerUncheckedSendable`).
      _ = try? noted.registrant.container?.discope.setScope(scope, for: noted.token)
    }
    return self
  }

  /// Puts the registration in one of the built-in scopes (or a custom ``ObjectScope``).
  @discardableResult
  public func inObjectScope(_ objectScope: ObjectScope) -> Self {
    inObjectScope(objectScope as ObjectScopeProtocol)
  }

  /// Adds a handler run once the instance is built and stored in its scope, before the resolve
  /// returns it: where properties that close a cycle are injected (a resolve of the instance
  /// being completed finds it).
  @discardableResult
  public func initCompleted(_ completed: @escaping (Resolver, Service) -> Void) -> Self {
    locked { state in
      state.initCompletedActions.append(completed)
      updateFlags(state)
    }
    return self
  }

  internal func describeWithKey(_ serviceKey: ServiceKey) -> String {
    let (scope, handlers) = locked { ($0.objectScope, $0.initCompletedActions.count) }
    return describe(
      serviceType: serviceType, serviceKey: serviceKey, objectScope: scope,
      initCompletedCount: handlers)
  }

  func instance(inGraph graph: GraphIdentifier, askedBy asker: DIScopeRegistrationID?) -> Any? {
    let found: Any?
    let cachedIn: [NotedToken]
    (found, cachedIn) = locked { state in
      let storage = Self.storage(of: &state)
      guard Self.isCachedByDIScope(state.objectScope) else {
        return (storage.instance(inGraph: graph), [])
      }
      // DIScope calls a registration's factory again only once it let go of the instance that
      // registration built (its caching switched off or its scope changed, by `discope attach`
      // or by code holding `discope`): that instance no longer answers, or DIScope's change
      // would not take effect. A type forwarded to the entry is another registration, which the
      // instance answers as Swinject's forwarding does.
      if let asker, asker == state.builtFor {
        storage.instance = nil
        state.builtFor = nil
        return (nil, [])
      }
      if let building = storage.instance { return (building, []) }
      return (nil, state.tokens)
    }
    if let found { return found }
    // DIScope's cache is the one truth, read out of the entry's lock (the registration asking
    // is building, and has nothing cached: DIScope called its factory).
    for noted in cachedIn {
      if let cached = noted.registrant.container?.discope.cachedInstance(of: noted.token) {
        return cached
      }
    }
    return nil
  }

  func setInstance(_ instance: Any, inGraph graph: GraphIdentifier, builtFor builder: DIScopeRegistrationID?) -> Bool {
    locked { state in
      Self.storage(of: &state).setInstance(instance, inGraph: graph)
      state.builtFor = builder
      let scope = state.objectScope
      return scope !== ObjectScope.graph && scope !== ObjectScope.transient
        && !Self.isCachedByDIScope(scope)
    }
  }

  func graphResolutionCompleted() {
    locked { Self.storage(of: &$0).graphResolutionCompleted() }
  }

  func resetInstance() {
    locked { state in
      Self.storage(of: &state).instance = nil
      state.builtFor = nil
    }
  }

  func completeInitialization(of instance: Any, resolver: Resolver) {
    let actions = locked { $0.initCompletedActions }
    guard !actions.isEmpty, let service = instance as? Service else { return }
    for action in actions { action(resolver, service) }
  }

  func noteToken(_ token: RegistrationToken, in registrant: ContainerReference) {
    locked { $0.tokens.append(NotedToken(token: token, registrant: registrant)) }
  }
}

/// One line describing a registration, as Swinject's `description` and failure log print it.
internal func describe(
  serviceType: Any.Type, serviceKey: ServiceKey, objectScope: ObjectScopeProtocol? = nil,
  initCompletedCount: Int = 0
) -> String {
  var text = "Service: \(serviceType)"
  if let name = serviceKey.name { text += ", Name: \"\(name)\"" }
  if let option = serviceKey.option { text += ", \(option)" }
  text += ", Factory: \(serviceKey.argumentsType) -> \(serviceKey.serviceType)"
  if let objectScope { text += ", ObjectScope: \(objectScope)" }
  if initCompletedCount > 0 { text += ", InitCompleted: Specified \(initCompletedCount) closures" }
  return text
}

/// A registration's factory as the app wrote it, which its DIScope factory captures (see
/// `ServiceEntry.build`): held there rather than read from the entry, so that calling it counts
/// no reference to its context.
@usableFromInline
struct TypedFactory<Service>: @unchecked Sendable {
  // @unchecked Sendable: the app's closure, which Swinject's API never asked to be `Sendable`;
  // an app on this API vouches for it as it did on Swinject (see the README's migration section).
  @usableFromInline let make: (Resolver) -> Service
  @usableFromInline init(_ make: @escaping (Resolver) -> Service) { self.make = make }
}

/// What a build reads of a registration without its lock.
@usableFromInline
struct BuildFlags: OptionSet, Sendable {
  @usableFromInline let rawValue: UInt8
  @usableFromInline init(rawValue: UInt8) { self.rawValue = rawValue }
  /// In Swinject's `.transient` scope: its storage keeps nothing, and is never asked.
  @usableFromInline static let isTransient = BuildFlags(rawValue: 1)
  /// It has `initCompleted` handlers.
  static let hasInitCompleted = BuildFlags(rawValue: 2)
  /// In Swinject's `.graph` scope, which is DIScope's graph scope: DIScope shares the instance
  /// within the resolve, and its storage is asked only once the graph may be asked for again
  /// (see `Container.startTypedBuild`).
  @usableFromInline static let isGraph = BuildFlags(rawValue: 4)
}

/// Refers to a container without keeping it alive: what its registrations' factories and entries
/// hold (see `ServiceEntry.owner`).
///
/// Not a weak reference: an object referred to weakly pays a slower retain and release for the
/// rest of its life, and a container is retained and released on every resolve. An unretained
/// reference instead, which the container's `deinit` marks dead before it goes.
@usableFromInline
final class ContainerReference: @unchecked Sendable {
  // @unchecked Sendable: `unretained` is written once, as the container is made, before the
  // reference is shared; `isAlive` is atomic. A resolve made through the DIScope container
  // (which outlives the Swinject one only if the app holds it) while the last reference to the
  // Swinject container is being dropped on another thread is the one unsafe use, as resolving
  // from a container being deinitialised is in Swinject.
  private var unretained: Unmanaged<Container>?
  private let isAlive = Atomic<Bool>(false)

  /// Refers to `container` from now on.
  func attach(_ container: Container) {
    unretained = .passUnretained(container)
    isAlive.store(true, ordering: .releasing)
  }

  /// The container has begun to deinitialise: `container` is `nil` from now on.
  func detach() { isAlive.store(false, ordering: .releasing) }

  var container: Container? { unretainedContainer?.takeUnretainedValue() }

  /// `container`, unretained: for a build, during which the container is alive (see above).
  var unretainedContainer: Unmanaged<Container>? {
    guard isAlive.load(ordering: .acquiring) else { return nil }
    return unretained
  }
}
