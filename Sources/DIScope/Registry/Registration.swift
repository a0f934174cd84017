import Synchronization

/// One entry in a service's stack: the factory, its scope and caching, and what it has cached.
///
/// The stacks that hold registrations are guarded by the family lock; a registration's own mutable
/// state (scope, caching, cached instance) is guarded by its own `state` mutex, and `buildLock`
/// makes a singleton's factory run exactly once under contention without holding any container lock
/// (so a factory may resolve and register freely).
@usableFromInline
final class Registration: Sendable {
  let token: RegistrationToken
  let key: ServiceKey
  /// The implementation's display name when known (`ConsoleLogger`), else the service's.
  let implementationName: String
  /// Whether `implementationName` was given at registration (scripts), rather than guessed.
  let hasExplicitImplementation: Bool
  /// A `FactoryBox<Service>` or an `ArgumentFactoryBox<Service, each Argument>`.
  @usableFromInline let factory: AnyObject & Sendable
  /// The argument types the factory takes, for error messages: `(String, Int)`, or `nil` for none.
  let argumentTypes: String?
  let isMock: Bool
  /// The container that owns the registration (where its singletons are built and cached).
  let ownerID: ContainerID
  /// The assembly that installed it, if any.
  let groupName: String?
  let state: Protected<RegistrationState>
  /// Held while a singleton, eager or weak instance is built, so its factory runs once. Made on
  /// first use: prototype and graph registrations never need one.
  private let lazyBuildLock = AtomicLazyReference<Protected<Void>>()
  var buildLock: Protected<Void> {
    lazyBuildLock.load() ?? lazyBuildLock.storeIfNil(Protected(()))
  }

  init(
    token: RegistrationToken, key: ServiceKey, implementationName: String?,
    factory: AnyObject & Sendable, argumentTypes: String?, scope: Scope, isCaching: Bool,
    isMock: Bool, ownerID: ContainerID, groupName: String?
  ) {
    self.token = token
    self.key = key
    self.implementationName = implementationName ?? key.serviceName
    self.hasExplicitImplementation = implementationName != nil
    self.factory = factory
    self.argumentTypes = argumentTypes
    self.isMock = isMock
    self.ownerID = ownerID
    self.groupName = groupName
    self.state = Protected(RegistrationState(scope: scope, isCaching: isCaching))
  }

  /// A description for events and reports.
  func info(stackDepth: Int?, container: String) -> RegistrationInfo {
    let (scope, isCaching, cachedNumber, built) = state.withLock {
      ($0.scope, $0.isCaching, $0.cachedNumber, $0.builtTypeName)
    }
    return RegistrationInfo(
      token: token, key: key, implementationName: built ?? implementationName, scope: scope,
      isCaching: isCaching, isMock: isMock, argumentTypes: argumentTypes, group: groupName,
      container: container, cachedInstanceNumber: cachedNumber, stackDepth: stackDepth)
  }
}

/// The mutable part of a registration.
struct RegistrationState {
  var scope: Scope
  var isCaching: Bool
  /// The cached instance of a singleton or eager registration: an `InstanceBox<Service>`.
  var cached: AnyObject?
  /// The instance of a weak registration, held weakly.
  weak var weakInstance: AnyObject?
  var cachedNumber: Int?
  /// The dynamic type the factory built, once seen by a traced or validated build.
  var builtTypeName: String?
  /// The edges an eager build discovered, so validation need not build it a second time.
  var eagerEdges: [DependencyEdge]?
  /// Bumped whenever the scope or caching changes, so a build that started before the change does
  /// not store its result after it.
  var epoch = 0

  init(scope: Scope, isCaching: Bool) {
    self.scope = scope
    self.isCaching = isCaching
  }

  /// The scope resolution uses: caching off makes any scope behave as prototype.
  var effectiveScope: Scope { isCaching ? scope : .prototype }

  mutating func dropCache() {
    cached = nil
    weakInstance = nil
    cachedNumber = nil
    epoch += 1
  }
}

/// A factory for one service type, boxed so it can be stored untyped and recovered with a class cast.
@usableFromInline
final class FactoryBox<Service>: Sendable {
  @usableFromInline let make: @Sendable (Resolver) throws -> Service
  init(_ make: @escaping @Sendable (Resolver) throws -> Service) { self.make = make }
}

/// Resolves a registration's key without knowing its type statically: eager builds and validation.
protocol ErasedFactory {
  func resolveErased(in container: Container, key: ServiceKey) throws -> Any
}

extension FactoryBox: ErasedFactory {
  func resolveErased(in container: Container, key: ServiceKey) throws -> Any {
    try container.resolve(key: key, as: Service.self)
  }
}

/// A factory that takes runtime arguments.
@usableFromInline
final class ArgumentFactoryBox<Service, each Argument>: Sendable {
  @usableFromInline let make: @Sendable (Resolver, repeat each Argument) throws -> Service
  init(_ make: @escaping @Sendable (Resolver, repeat each Argument) throws -> Service) {
    self.make = make
  }
}

/// A built instance, boxed so caches can hold it untyped and hand it back with a class cast.
///
/// `@unchecked Sendable`: the box is immutable; the instance inside is shared across threads
/// exactly as any DI container shares a singleton, which is the registration's contract.
@usableFromInline
final class InstanceBox<Service>: @unchecked Sendable {
  @usableFromInline let value: Service
  @usableFromInline init(_ value: Service) { self.value = value }
}

extension Registration {
  /// Remembers the type the factory built, when the registration did not say (`ConsoleLogger`
  /// behind `Logger`). Only traced or validated builds pay for the type's name.
  func learnImplementation(of value: Any) {
    guard !hasExplicitImplementation else { return }
    let name = String(describing: type(of: value))
    state.withLock { $0.builtTypeName = name }
  }
}
