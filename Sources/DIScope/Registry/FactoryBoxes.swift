/// Resolves a registration's key without knowing its type statically: eager builds and validation.
protocol ErasedFactory {
  func resolveErased(in container: Container, key: ServiceKey) throws -> Any
}

/// A mock given as an instance resolves, untyped, as its key's type (the type it was given as).
struct MockResolver: ErasedFactory {
  func resolveErased(in container: Container, key: ServiceKey) throws -> Any {
    func open<Service>(_ type: Service.Type) throws -> Any {
      try container.resolve(key: key, as: type)
    }
    return try _openExistential(key.type, do: open)
  }
}

extension Registration {
  /// The factory, for resolving the registration untyped; `nil` for one that takes arguments.
  var erasedFactory: (any ErasedFactory)? {
    if factoryIsInstance || factory is InstanceBox { return MockResolver() }
    return factory as? ErasedFactory
  }

  /// The instance a mock was given as, for observers; `nil` for any other registration.
  var mockInstance: Any? {
    if factoryIsInstance { return factory }
    return (factory as? InstanceBox)?.anyValue
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
