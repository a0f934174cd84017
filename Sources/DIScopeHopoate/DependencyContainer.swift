@_exported import DIScope

/// Hopoate's container API over a DIScope `Container`: a team on Hopoate switches by changing
/// `import Hopoate` to `import DIScopeHopoate`.
///
/// `resolve` does not throw: asking for something unregistered is a programming error and stops
/// the program, but with DIScope's full diagnostic (what was asked, the path, a hint).
///
/// ```swift
/// DependencyContainer.shared.register(AnalyticsProvider(), for: AnalyticsProviding.self)
/// let analytics = DependencyContainer.shared.resolve(AnalyticsProviding.self)
/// ```
public final class DependencyContainer: Sendable {
  /// The container given to `init`; `nil` for the default, which follows `Container.shared`.
  private let fixed: Container?

  /// The container behind it, for everything Hopoate's API does not offer.
  public var container: Container { fixed ?? Container.shared }

  /// The default container, task-local as in Hopoate: `DependencyContainer.$shared.withValue`.
  /// Unless bound, it is `Container.shared`, so code on Hopoate's API and on DIScope's see one
  /// container (a test's isolated one included); bound, it is what `Container.shared` returns too.
  @TaskLocal public static var shared: DependencyContainer = .followingShared

  /// The default: follows `Container.shared`. Made on first use of `shared`, which is when
  /// DIScope learns to read this module's binding.
  private static let followingShared: DependencyContainer = {
    Container.readSharedFromCompatibility {
      let bound = DependencyContainer.shared
      return bound.fixed
    }
    return DependencyContainer(fixed: nil)
  }()

  /// A new, empty container.
  public convenience init() { self.init(Container()) }

  /// Hopoate's API over an existing container.
  public convenience init(_ container: Container) { self.init(fixed: container) }

  private init(fixed: Container?) { self.fixed = fixed }

  /// Registers a creation closure for a service type; cached unless `cacheService` is false.
  @discardableResult
  public func register<Service: Sendable>(
    service: Service.Type, cacheService: Bool = true,
    fileID: StaticString = #fileID, line: UInt = #line,
    creator: @escaping @Sendable () -> Service
  ) -> ServiceRegistration<Service> {
    ServiceRegistration(
      token: container.register(
        service: service, cacheService: cacheService, fileID: fileID, line: line, creator: creator))
  }

  /// Registers an instance for a service type.
  @discardableResult
  public func register<Service: Sendable>(
    _ instance: @autoclosure @escaping @Sendable () -> Service, for service: Service.Type,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> ServiceRegistration<Service> {
    register(service: service, fileID: fileID, line: line, creator: instance)
  }

  /// Removes every registration of the service type, then registers the creation closure.
  @discardableResult
  public func overwriteExistingRegistrations<Service: Sendable>(
    service: Service.Type, cacheService: Bool = true,
    fileID: StaticString = #fileID, line: UInt = #line,
    creator: @escaping @Sendable () -> Service
  ) -> ServiceRegistration<Service> {
    container.removeAll(for: ServiceKey(service))  // a `package` entry point of DIScope
    return register(
      service: service, cacheService: cacheService, fileID: fileID, line: line, creator: creator)
  }

  /// Removes every registration of the service type, then registers the instance.
  @discardableResult
  public func overwriteExistingRegistrations<Service: Sendable>(
    withService instance: @autoclosure @escaping @Sendable () -> Service, for service: Service.Type,
    fileID: StaticString = #fileID, line: UInt = #line
  ) -> ServiceRegistration<Service> {
    overwriteExistingRegistrations(service: service, fileID: fileID, line: line, creator: instance)
  }

  /// The newest registration's service; stops with the full diagnostic if there is none.
  public func resolve<Service>(_ serviceType: Service.Type) -> Service {
    do {
      return try container.resolve(serviceType)
    } catch {
      fatalError("\(error)")
    }
  }

  /// The newest registration's service, or `nil` if there is none.
  public func optionalResolve<Service>(_ serviceType: Service.Type) -> Service? {
    do {
      return try container.optionalResolve(serviceType)
    } catch {
      fatalError("\(error)")
    }
  }

  /// Whether a service is registered for the type.
  public func canResolve<Service>(_ serviceType: Service.Type) -> Bool {
    container.canResolve(serviceType)
  }

  /// Removes the registration, so its creation closure is not invoked again.
  public func remove<Service>(_ serviceRegistration: ServiceRegistration<Service>) {
    container.remove(serviceRegistration.token)
  }
}

/// What Hopoate's `register` returns: pass it to `remove` to take the registration away.
public struct ServiceRegistration<Service>: Sendable, Hashable {
  /// The DIScope token behind it.
  public let token: RegistrationToken
  /// The service type it registers.
  public var serviceType: Service.Type { Service.self }
}

/// Resolves from `DependencyContainer.shared` (Hopoate's free function).
public func resolve<Service>(_ serviceType: Service.Type) -> Service {
  DependencyContainer.shared.resolve(serviceType)
}

/// Resolves from `DependencyContainer.shared`, or `nil` (Hopoate's free function).
public func optionalResolve<Service>(_ serviceType: Service.Type) -> Service? {
  DependencyContainer.shared.optionalResolve(serviceType)
}

extension Dependency {
  /// Hopoate's spelling: resolves from `container`. The location arguments default to the
  /// declaration, which a failure names; leave them out.
  public init(
    container: DependencyContainer, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      in: container.container, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension OptionalDependency {
  /// Hopoate's spelling: resolves from `container`. The location arguments default to the
  /// declaration, which a failure names; leave them out.
  public init(
    container: DependencyContainer, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      in: container.container, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

