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
/// It cannot throw: a missing registration stops the program with the full diagnostic, led by the
/// property, its owner and its declaration (`Checkout.payments (Checkout.swift:2): ...`), as
/// `@Injected` does.
@propertyWrapper
public struct Dependency<Service> {
  private let container: Container
  private let site: DeclarationSite
  private var value: Service?

  /// Resolves from `Container.shared`. The location arguments default to the declaration, which a
  /// failure names; leave them out.
  public init(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(in: .shared, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Resolves from `container`.
  public init(
    in container: Container, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.container = container
    self.site = DeclarationSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The value, resolved on first read (a struct's property, or a local variable; a class's
  /// property reads through `subscript(_enclosingInstance:wrapped:storage:)`).
  public var wrappedValue: Service {
    mutating get {
      if let value { return value }
      let value = resolved(owner: nil, storage: nil)
      self.value = value
      return value
    }
    set { value = newValue }
  }

  /// The read of a class's `@Dependency` property (the compiler calls it): as `wrappedValue`, with
  /// the owner and the property's name for the diagnostic if the resolve fails.
  public static subscript<Owner: AnyObject>(
    _enclosingInstance owner: Owner,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Service>,
    storage storageKeyPath: ReferenceWritableKeyPath<Owner, Self>
  ) -> Service {
    get {
      if let value = owner[keyPath: storageKeyPath].value { return value }
      let value = owner[keyPath: storageKeyPath].resolved(owner: owner, storage: storageKeyPath)
      owner[keyPath: storageKeyPath].value = value
      return value
    }
    set { owner[keyPath: storageKeyPath].value = newValue }
  }

  private func resolved(owner: AnyObject?, storage: AnyKeyPath?) -> Service {
    switch resolution(owner: owner, storage: storage) {
    case .success(let value): value
    case .failure(let failure): failure.stop()
    }
  }

  /// A resolve from the wrapper's container; on failure, what the program stops with.
  package func resolution(owner: AnyObject?, storage: AnyKeyPath?) -> Result<
    Service, InjectionFailure
  > {
    do {
      return .success(try container.resolve(Service.self))
    } catch {
      return .failure(
        InjectionFailure(
          wrapper: "@Dependency", owner: owner,
          property: storage.flatMap {
            InjectionFailure.propertyName(fromStorageKeyPath: String(describing: $0))
          },
          site: site, key: ServiceKey(type: Service.self), error: error))
    }
  }
}

/// An optional dependency, resolved on first access: `nil` when nothing is registered.
///
/// ```swift
/// final class Screen {
///   @OptionalDependency var analytics: Analytics?
/// }
/// ```
///
/// A resolve that fails otherwise (a cycle, a factory that throws) stops the program as
/// `@Dependency` does.
@propertyWrapper
public struct OptionalDependency<Service> {
  private let container: Container
  private let site: DeclarationSite
  private var value: Service??

  /// Resolves from `Container.shared`. The location arguments default to the declaration, which a
  /// failure names; leave them out.
  public init(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(in: .shared, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Resolves from `container`.
  public init(
    in container: Container, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.container = container
    self.site = DeclarationSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The value, resolved on first read (a struct's property, or a local variable; a class's
  /// property reads through `subscript(_enclosingInstance:wrapped:storage:)`).
  public var wrappedValue: Service? {
    mutating get {
      if let value { return value }
      let value = resolved(owner: nil, storage: nil)
      self.value = .some(value)
      return value
    }
    set { value = .some(newValue) }
  }

  /// The read of a class's `@OptionalDependency` property (the compiler calls it).
  public static subscript<Owner: AnyObject>(
    _enclosingInstance owner: Owner,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Service?>,
    storage storageKeyPath: ReferenceWritableKeyPath<Owner, Self>
  ) -> Service? {
    get {
      if let value = owner[keyPath: storageKeyPath].value { return value }
      let value = owner[keyPath: storageKeyPath].resolved(owner: owner, storage: storageKeyPath)
      owner[keyPath: storageKeyPath].value = .some(value)
      return value
    }
    set { owner[keyPath: storageKeyPath].value = .some(newValue) }
  }

  private func resolved(owner: AnyObject?, storage: AnyKeyPath?) -> Service? {
    do {
      return try container.optionalResolve(Service.self)
    } catch {
      InjectionFailure(
        wrapper: "@OptionalDependency", owner: owner,
        property: storage.flatMap {
          InjectionFailure.propertyName(fromStorageKeyPath: String(describing: $0))
        },
        site: site, key: ServiceKey(type: Service.self), error: error
      ).stop()
    }
  }
}
