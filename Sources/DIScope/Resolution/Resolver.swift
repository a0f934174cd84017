/// What a factory resolves its dependencies from.
///
/// It continues the resolution the factory is part of: the same cycle detection, the same graph
/// scope, the same error path. Prototype and graph dependencies resolve from the container where the
/// resolution started; a singleton's from the container that owns it.
///
/// ```swift
/// container.register(WebService.self) { r in WebService(logger: try r.resolve(Logger.self)) }
/// ```
public struct Resolver: Sendable {
  /// The container this resolver resolves from.
  public let container: Container

  @usableFromInline init(container: Container) { self.container = container }

  /// Resolves `Service` (see `Container.resolve(_:name:)`).
  @inlinable @inline(__always)
  public func resolve<Service>(_ type: Service.Type, name: String? = nil) throws -> Service {
    try container.resolve(type, name: name)
  }

  /// Resolves `Service`, or `nil` when nothing is registered for it.
  @inlinable
  public func optionalResolve<Service>(_ type: Service.Type, name: String? = nil) throws -> Service? {
    try container.optionalResolve(type, name: name)
  }

  /// Resolves `Service` with a runtime argument.
  public func resolve<Service, Argument>(
    _ type: Service.Type, name: String? = nil, argument: Argument
  ) throws -> Service {
    try container.resolve(type, name: name, argument: argument)
  }

  /// Resolves `Service` with several runtime arguments.
  public func resolve<Service, each Argument>(
    _ type: Service.Type, name: String? = nil, arguments: repeat each Argument
  ) throws -> Service {
    try container.resolve(type, name: name, arguments: repeat each arguments)
  }

  /// Resolves a service registered under an explicit key.
  public func resolve<Service>(key: ServiceKey, as type: Service.Type) throws -> Service {
    try container.resolve(key: key, as: type)
  }

  /// Resolves a service registered under an explicit key with a runtime argument.
  public func resolve<Service, Argument>(
    key: ServiceKey, as type: Service.Type, argument: Argument
  ) throws -> Service {
    try container.resolve(key: key, as: type, argument: argument)
  }

  /// Resolves a service registered under an explicit key, or `nil` when nothing is registered.
  public func optionalResolve<Service>(key: ServiceKey, as type: Service.Type) throws -> Service? {
    try container.optionalResolve(key: key, as: type)
  }
}
