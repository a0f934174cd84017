/// A property injected by type (Typhoon's auto-injection): on any class, bound to a container by
/// `container.inject(into:)`, or resolved from `Container.shared` on first access if never bound.
///
/// ```swift
/// final class ChannelBrowser {
///   @Injected var webService: WebService
///   @Injected(name: "file") var log: Logger
/// }
/// let browser = ChannelBrowser()
/// try container.inject(into: browser)   // resolves both now, from `container`
/// ```
///
/// It cannot throw, so a read that cannot resolve stops the program, naming the property, its
/// owner and where it is declared, then the resolve's path and hint:
///
/// ```text
/// ChannelBrowser.webService (ChannelBrowser.swift:2): no registration for 'WebService'
///   path: ChannelBrowser -> WebService
///   hint: ...
/// ```
///
/// Bind with `inject(into:)`, which throws, to handle failures. Under `DIScopeTesting` (the
/// `.isolatedDependencies` trait, `ContainerTestCase`) the failure is first recorded as the test's,
/// at the property's declaration.
@propertyWrapper
public final class Injected<Service>: InjectedProperty, @unchecked Sendable {
  // `@unchecked Sendable`: all mutable state lives in `state`, behind its lock; `name` and `site`
  // never change.
  private struct State {
    var container: Container?
    var value: Service?
  }
  private let state = Protected<State>(State())
  /// The registration name it resolves, if any.
  public let name: String?
  /// Where the property is declared.
  package let site: DeclarationSite

  /// An injected property, resolving `Service` under `name` (if any).
  ///
  /// The location arguments default to the declaration (`@Injected var analytics: Analytics`
  /// passes its own file and line), which a failure names; leave them out.
  public init(
    name: String? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.name = name
    self.site = DeclarationSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The value, resolved on first read. The property of a class reads through
  /// `subscript(_enclosingInstance:wrapped:storage:)`, which knows its owner; this is the read of
  /// a property of a struct, or of a local variable.
  public var wrappedValue: Service {
    switch resolution(owner: nil, storage: nil) {
    case .success(let value): value
    case .failure(let failure): failure.stop()
    }
  }

  /// The read of a class's `@Injected` property (the compiler calls it): as `wrappedValue`, with
  /// the owner and the property's name for the diagnostic if the resolve fails.
  public static subscript<Owner: AnyObject>(
    _enclosingInstance owner: Owner,
    wrapped wrappedKeyPath: KeyPath<Owner, Service>,
    storage storageKeyPath: KeyPath<Owner, Injected<Service>>
  ) -> Service {
    let wrapper = owner[keyPath: storageKeyPath]
    switch wrapper.resolution(owner: owner, storage: storageKeyPath) {
    case .success(let value): return value
    case .failure(let failure): failure.stop()
    }
  }

  /// The cached value, or a resolve from the bound container (or `Container.shared`), caching what
  /// it returns; on failure, what the program stops with.
  package func resolution(owner: AnyObject?, storage: AnyKeyPath?) -> Result<
    Service, InjectionFailure
  > {
    let (cached, bound) = state.withLock { ($0.value, $0.container) }
    if let cached { return .success(cached) }
    do {
      let value = try (bound ?? Container.shared).resolve(Service.self, name: name)
      state.withLock { $0.value = value }
      return .success(value)
    } catch {
      return .failure(failure(error, owner: owner, storage: storage))
    }
  }

  private func failure(_ error: any Error, owner: AnyObject?, storage: AnyKeyPath?)
    -> InjectionFailure
  {
    var property = storage.flatMap {
      InjectionFailure.propertyName(fromStorageKeyPath: String(describing: $0))
    }
    if property == nil, let owner { property = InjectionFailure.propertyName(of: self, in: owner) }
    return InjectionFailure(
      wrapper: "@Injected", owner: owner, property: property, site: site,
      key: ServiceKey(type: Service.self, name: name), error: error)
  }

  func bind(to container: Container, owner: AnyObject, property: String?) throws {
    let value: Service
    do {
      value = try container.resolve(Service.self, name: name)
    } catch {
      // The message the program stops with when the property is read, led by whose property it
      // is and where it is declared; still a `ResolutionError`, with its path and advice.
      let failure = InjectionFailure(
        wrapper: "@Injected", owner: owner, property: property, site: site,
        key: ServiceKey(type: Service.self, name: name), error: error)
      throw failure.error.reached(along: failure.error.path, message: failure.headline)
    }
    state.withLock {
      $0.container = container
      $0.value = value
    }
  }

  func bindLazily(to container: Container) {
    state.withLock {
      $0.container = container
      $0.value = nil
    }
  }
}

/// What `inject(into:)` finds among an object's stored properties.
protocol InjectedProperty: AnyObject {
  func bind(to container: Container, owner: AnyObject, property: String?) throws
  func bindLazily(to container: Container)
}

extension Container {
  /// Binds every `@Injected` property of `object` (its class and superclasses) to this container
  /// and resolves them now: Typhoon's activate-and-inject, as a test case's `setUp` uses it.
  ///
  /// ```swift
  /// override func setUp() { try! container.inject(into: self) }
  /// ```
  ///
  /// - Returns: How many properties were injected.
  @discardableResult
  public func inject(into object: AnyObject) throws -> Int {
    try forEachInjectedProperty(of: object) { property, label in
      try property.bind(to: self, owner: object, property: label.map(InjectionFailure.propertyName(fromLabel:)))
    }
  }

  /// Binds every `@Injected` property of `object` to this container without resolving any: each
  /// resolves from here when first read, and only then can fail (`ContainerTestCase` binds so, and
  /// a test fails only for a property it reads).
  ///
  /// - Returns: How many properties were bound.
  @discardableResult
  package func bindInjectedProperties(of object: AnyObject) -> Int {
    forEachInjectedProperty(of: object) { property, _ in property.bindLazily(to: self) }
  }

  private func forEachInjectedProperty(
    of object: AnyObject, _ body: (_ property: any InjectedProperty, _ label: String?) throws -> Void
  ) rethrows -> Int {
    var count = 0
    var mirror: Mirror? = Mirror(reflecting: object)
    while let current = mirror {
      for child in current.children {
        if let property = child.value as? InjectedProperty {
          try body(property, child.label)
          count += 1
        }
      }
      mirror = current.superclassMirror
    }
    return count
  }
}
