import DIScope

/// How long a registration's instances live, by the storage it makes for each registration.
public protocol ObjectScopeProtocol: AnyObject {
  /// A new storage, one per registration in this scope.
  func makeStorage() -> InstanceStorage
}

/// Swinject's object scopes. The four built in answer through DIScope's own scopes, so a
/// registration in them is cached, traced and explained as DIScope's are:
///
/// | Swinject | DIScope |
/// | --- | --- |
/// | `.transient` | `.prototype` |
/// | `.graph` (the default) | `.graph` |
/// | `.container` | `.singleton` |
/// | `.weak` | `.weak` |
///
/// A custom scope keeps its instances in the storage it makes, and is a `.prototype` to DIScope.
///
/// ```swift
/// let session = ObjectScope(storageFactory: PermanentStorage.init, description: "session")
/// container.register(Cart.self) { _ in Cart() }.inObjectScope(session)
/// container.resetObjectScope(session)   // a new cart from now on
/// ```
public final class ObjectScope: ObjectScopeProtocol, CustomStringConvertible, @unchecked Sendable {
  // @unchecked Sendable: every stored property is a `let`, and the storage factory is only
  // called to make a registration's storage, under that registration's lock (as in Swinject,
  // whose scope is `@unchecked Sendable` for the same reason).
  /// What `description` of a container prints for the scope (`graph`, `container`).
  public let description: String
  private let storageFactory: () -> InstanceStorage
  private let parent: ObjectScopeProtocol?

  /// A scope making storages with `storageFactory`, composed with `parent`'s when given.
  public init(
    storageFactory: @escaping () -> InstanceStorage, description: String = "",
    parent: ObjectScopeProtocol? = nil
  ) {
    self.storageFactory = storageFactory
    self.description = description
    self.parent = parent
  }

  /// A new storage from the factory, composed with the parent scope's when there is one.
  public func makeStorage() -> InstanceStorage {
    guard let parent else { return storageFactory() }
    return CompositeStorage([storageFactory(), parent.makeStorage()])
  }

  /// A new instance on every resolve.
  public static let transient = ObjectScope(
    storageFactory: TransientStorage.init, description: "transient")
  /// One instance per object graph (the default).
  public static let graph = ObjectScope(storageFactory: GraphStorage.init, description: "graph")
  /// One instance per container (and its children).
  public static let container = ObjectScope(
    storageFactory: PermanentStorage.init, description: "container")
  /// Shared while anything holds it.
  public static let weak = ObjectScope(
    storageFactory: WeakStorage.init, description: "weak", parent: ObjectScope.graph)

  /// The DIScope scope a registration in `scope` is pushed with.
  static func discopeScope(for scope: ObjectScopeProtocol) -> DIScope.Scope {
    if scope === ObjectScope.container { return .singleton }
    if scope === ObjectScope.graph { return .graph }
    if scope === ObjectScope.weak { return .weak }
    return .prototype  // `.transient`, and custom scopes, which keep instances in their storage
  }
}

extension ObjectScope {
  @available(*, unavailable, renamed: "transient")
  public static let none = transient
  @available(*, unavailable, renamed: "container")
  public static let hierarchy = container
}
