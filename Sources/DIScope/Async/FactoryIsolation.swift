/// Where a registration's factory may run: anywhere, synchronously (the usual); only with
/// `await` (an `async` factory); or on the main actor (a `@MainActor` factory).
@usableFromInline
enum FactoryIsolation: UInt8, Sendable {
  case none
  case async
  case mainActor
}

/// An `async` factory, boxed (a registration stores it as its `storedFactory`).
final class AsyncFactoryBox<Service>: Sendable {
  let make: @Sendable (AsyncResolver) async throws -> Service
  init(_ make: @escaping @Sendable (AsyncResolver) async throws -> Service) { self.make = make }
}

/// An `async` factory that takes runtime arguments.
final class AsyncArgumentFactoryBox<Service, each Argument>: Sendable {
  let make: @Sendable (AsyncResolver, repeat each Argument) async throws -> Service
  init(_ make: @escaping @Sendable (AsyncResolver, repeat each Argument) async throws -> Service) {
    self.make = make
  }
}

/// Builds an async registration's instance untyped (an eager build has no type at hand), boxed
/// for the caches.
protocol AsyncErasedFactory: Sendable {
  func makeBoxed(_ resolver: AsyncResolver) async throws -> InstanceBox
}

extension AsyncFactoryBox: AsyncErasedFactory {
  func makeBoxed(_ resolver: AsyncResolver) async throws -> InstanceBox {
    InstanceBox.make(try await make(resolver))
  }
}
