import DIScope

/// A type the container makes around a registered service rather than from a registration of
/// its own: `Lazy`, `Provider`, `Optional`.
protocol InstanceWrapper {
  /// The service it wraps.
  static var wrappedType: Any.Type { get }
  /// Wraps `factory`, which builds the service in the graph given (or the current one); `nil`
  /// when the service is not registered.
  init?(inContainer container: Container, withInstanceFactory factory: ((GraphIdentifier?) -> Any?)?)
}

extension InstanceWrapper {
  /// Resolves the wrapped service's `entry` in `container`, typed, through DIScope.
  static func resolveWrapped<Arguments>(
    entry: ServiceEntryProtocol, key: ServiceKey, discopeKey: DIScope.ServiceKey,
    in container: Container, invoker: @escaping ((Arguments) -> Any) -> Any
  ) -> Any? {
    func open<Wrapped>(_: Wrapped.Type) -> Any? {
      try? (container.resolve(entry: entry, key: key, discopeKey: discopeKey, invoker: invoker)
        as Result<Wrapped, any Error>).get()
    }
    return _openExistential(wrappedType, do: open)
  }
}

/// A service built on first use of `instance`, in the graph the `Lazy` was resolved in.
///
/// ```swift
/// container.register(Logger.self) { _ in ConsoleLogger() }
/// let logger = container.resolve(Lazy<Logger>.self)!   // nothing built yet
/// logger.instance.log("hello")
/// ```
public final class Lazy<Service>: InstanceWrapper {
  static var wrappedType: Any.Type { Service.self }

  private let factory: (GraphIdentifier?) -> Any?
  private let graphIdentifier: GraphIdentifier?
  private var built: Service?

  init?(inContainer container: Container, withInstanceFactory factory: ((GraphIdentifier?) -> Any?)?) {
    guard let factory else { return nil }
    self.factory = factory
    graphIdentifier = container.currentObjectGraph
  }

  /// The service, built on first use.
  public var instance: Service {
    if let built { return built }
    let made = factory(graphIdentifier) as? Service
    built = made
    return made!
  }
}

/// Builds the service anew on each use of `instance`, as its scope says.
///
/// ```swift
/// let makeRequest = container.resolve(Provider<Request>.self)!
/// let first = makeRequest.instance, second = makeRequest.instance
/// ```
public final class Provider<Service>: InstanceWrapper {
  static var wrappedType: Any.Type { Service.self }

  private let factory: (GraphIdentifier?) -> Any?

  init?(inContainer _: Container, withInstanceFactory factory: ((GraphIdentifier?) -> Any?)?) {
    guard let factory else { return nil }
    self.factory = factory
  }

  /// A service, resolved now.
  public var instance: Service { factory(nil) as! Service }
}

extension Optional: InstanceWrapper {
  static var wrappedType: Any.Type { Wrapped.self }

  init?(inContainer _: Container, withInstanceFactory factory: ((GraphIdentifier?) -> Any?)?) {
    self = factory?(nil) as? Wrapped
  }
}
