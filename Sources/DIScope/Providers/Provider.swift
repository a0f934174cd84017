/// Makes a new `Service` on each call: depend on a provider when a class must create many
/// instances of another, instead of on that class's own dependencies.
///
/// Every `Provider<T>` resolves without being registered itself, for any registered `T`; each call
/// resolves `T` anew under `T`'s scope. Runtime arguments make it assisted injection: the provider
/// supplies the registered dependencies, the caller the arguments.
///
/// ```swift
/// container.register(SendCommand.self, scope: .prototype) { r in SendCommand(client: try r.resolve(Client.self)) }
/// let commands = try container.resolve(Provider<SendCommand>.self)
/// let command = try commands()
///
/// container.register(UserDetails.self) { (r: Resolver, user: String) in UserDetails(user: user) }
/// let details = try container.resolve(Provider<UserDetails, String>.self)
/// let ann = try details("ann")
/// ```
///
/// A provider holds its container weakly, so a singleton that keeps one does not keep the container
/// alive; calling it after the container is gone throws `ResolutionError.Kind.containerReleased`.
public struct Provider<Service, each Argument>: Sendable {
  private let reference: WeakContainer
  private let name: String?

  init(container: Container, name: String?) {
    self.reference = WeakContainer(container)
    self.name = name
  }

  /// Resolves a new `Service` (or the cached one, under a caching scope).
  public func callAsFunction(_ arguments: repeat each Argument) throws -> Service {
    guard let container = reference.container else {
      throw WeakContainer.released(ServiceKey(Service.self, name: name), provider: "Provider")
    }
    var count = 0
    for _ in repeat (each Argument).self { count += 1 }
    if count == 0 { return try container.resolve(Service.self, name: name) }
    return try container.resolve(Service.self, name: name, arguments: repeat each arguments)
  }
}

/// `@unchecked Sendable`: the only stored property is a weak reference to a `Sendable` container,
/// set in `init` and never reassigned; loading a weak reference is thread-safe.
final class WeakContainer: @unchecked Sendable {
  weak var container: Container?
  init(_ container: Container) { self.container = container }

  /// What calling a provider (`Provider`, `AsyncProvider`) of `key` throws once its container is gone.
  static func released(_ key: ServiceKey, provider: String) -> ResolutionError {
    ResolutionError(
      kind: .containerReleased, key: key, path: ["\(provider)<\(key.serviceName)>", key.serviceName],
      message: "the container of this '\(provider)<\(key.serviceName)>' was released",
      hint: "keep the container alive as long as the objects that hold its providers")
  }
}

/// Lets the container build any `Provider` on demand without a registration.
protocol ProviderProtocol {
  static var providedKeyName: String { get }
  /// `Provider<UserDetails, String>`, as written (the runtime writes the pack as `Pack{...}`).
  static var displayName: String { get }
  static func providedKey(name: String?) -> ServiceKey
  static func make(container: Container, name: String?) -> Self
}

extension Provider: ProviderProtocol {
  static var providedKeyName: String { String(describing: Service.self) }
  static var displayName: String {
    let arguments = Container.typeNames(of: (repeat (each Argument).self))
    return "Provider<" + ([providedKeyName] + arguments).joined(separator: ", ") + ">"
  }
  static func providedKey(name: String?) -> ServiceKey { ServiceKey(Service.self, name: name) }
  static func make(container: Container, name: String?) -> Self {
    Provider(container: container, name: name)
  }
}

extension Container {
  /// Builds a provider for a service that is registered; a provider of nothing is an error now,
  /// not at its first call.
  /// A provider asked for by name (`resolve(Provider<Logger>.self, name: "file")`) provides the
  /// registration of that name.
  func makeProvider(
    _ providerType: any ProviderProtocol.Type, name: String?, thread: ThreadState
  ) throws -> Any {
    let key = providerType.providedKey(name: name)
    guard hasRegistration(for: key) else {
      let error = notRegistered(key, thread: thread, arguments: nil)
      throw error.reached(
        along: path(thread, then: providerType.displayName) + [key.description],
        message: "no registration for '\(key)', which '\(providerType.displayName)' provides")
    }
    return providerType.make(container: self, name: name)
  }
}
