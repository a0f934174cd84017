/// A required dependency, resolved on first access (Hopoate's `@Dependency`).
///
/// It resolves from the container it was given, or from `Container.shared` as it stood when the
/// property was initialised, so an object made inside a test's isolated container keeps using it.
///
/// ```swift
/// final class Checkout {
///   @Dependency var payments: Payments
/// }
/// ```
///
/// It cannot throw: a missing registration stops the program with the full diagnostic.
@propertyWrapper
public struct Dependency<Service> {
  private let container: Container

  /// Resolves from `Container.shared`.
  public init() { self.container = .shared }

  /// Resolves from `container`.
  public init(in container: Container) { self.container = container }

  public lazy var wrappedValue: Service = {
    do {
      return try container.resolve(Service.self)
    } catch {
      fatalError("\(error)")
    }
  }()
}

/// An optional dependency, resolved on first access: `nil` when nothing is registered.
///
/// ```swift
/// final class Screen {
///   @OptionalDependency var analytics: Analytics?
/// }
/// ```
@propertyWrapper
public struct OptionalDependency<Service> {
  private let container: Container

  /// Resolves from `Container.shared`.
  public init() { self.container = .shared }

  /// Resolves from `container`.
  public init(in container: Container) { self.container = container }

  public lazy var wrappedValue: Service? = {
    do {
      return try container.optionalResolve(Service.self)
    } catch {
      fatalError("\(error)")
    }
  }()
}
