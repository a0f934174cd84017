import Synchronization

/// A dependency-injection container: stacks of registrations keyed by service type (and name),
/// resolved on demand under their scope.
///
/// The newest registration of a key answers; removing it by its token lets the one below answer
/// again. A container is `Sendable`: register, resolve and remove from any thread.
///
/// ```swift
/// let container = Container()
/// container.register(Logger.self) { _ in ConsoleLogger() }            // .singleton by default
/// container.register(WebService.self, scope: .prototype) { r in
///   WebService(logger: try r.resolve(Logger.self))
/// }
/// let web = try container.resolve(WebService.self)
/// ```
public final class Container: Sendable {
  @usableFromInline let id = ContainerID.next()
  @usableFromInline let family: Family
  /// This container's stacks; read and written only under the family lock.
  let registry: Registry
  /// The parent whose registrations this container sees; `nil` for a root container.
  public let parent: Container?
  /// The container's name in traces and reports: `root` unless given to `makeChild(named:)`.
  public let name: String
  /// What this container keeps attached to itself: the tracer `DISCOPE_TRACE=1` attaches to
  /// root containers, and the observation that `tracksHolders` keeps.
  let attachments = Protected(Attachments())

  struct Attachments {
    var environmentTracer: TraceRecorder?
    var holderTracking: Observation?
  }

  /// A new, empty root container.
  ///
  /// - Parameter name: The name traces and reports use for it.
  public init(name: String = "root") {
    self.registry = Registry(ownerID: id)
    self.family = Family()
    self.parent = nil
    self.name = name
    if Self.isTracingFromEnvironment {
      attachments.withLock { $0.environmentTracer = traceFromEnvironmentIfAsked() }
    }
  }

  private init(parent: Container, name: String) {
    self.registry = Registry(ownerID: id)
    self.family = parent.family
    self.parent = parent
    self.name = name
  }

  deinit {
    // No generation bump (and no lock, which a deinit run under the family lock would deadlock
    // on): entries keyed by this container can never be looked up again, since ids are never
    // reused, and no other container's entry routes here (a route's owner is the container
    // resolving or an ancestor, which outlives it). This thread lets go of what its entries
    // hold at once; only this container's entries: other containers' warm entries stay. Other
    // threads let go of theirs when they next can (see `ReleasedContainers`).
    ThreadState.current.cache.forget(containerID: id.raw)
    ReleasedContainers.record(id.raw)
  }

  /// A child container: it sees this container's registrations; this container never sees its own.
  ///
  /// Prototype and graph dependencies resolve from the container where a resolution started, so a
  /// child can override a dependency of its parent's service; singletons are built in, and cached
  /// by, the container that owns their registration.
  ///
  /// ```swift
  /// let test = app.makeChild(named: "test")
  /// test.register(Logger.self) { _ in MockLogger() }   // only `test` sees it
  /// ```
  public func makeChild(named name: String = "child") -> Container {
    Container(parent: self, name: name)
  }

  /// The containers from this one up to the root, this one first.
  var lineage: [Container] {
    var chain: [Container] = [self]
    var next = parent
    while let container = next {
      chain.append(container)
      next = container.parent
    }
    return chain
  }

  /// This container or the parent with that id; `nil` if neither. Walks the chain in place (no
  /// array, unlike `lineage`): observed resolves ask it on every step.
  func selfOrParent(withID id: ContainerID) -> Container? {
    var container: Container? = self
    while let current = container {
      if current.id == id { return current }
      container = current.parent
    }
    return nil
  }

  /// The name of a container of this family, for events.
  func containerName(of id: ContainerID) -> String {
    selfOrParent(withID: id)?.name ?? name
  }

  // MARK: - The default container

  @TaskLocal static var taskShared: Container?
  /// The default container when no task set one.
  static let processShared = Container()

  /// The default container: the one the property wrappers use when given none.
  ///
  /// It is task-local, so a test can give each test its own (see `withShared(_:operation:)` and
  /// `DIScopeTesting`'s `.isolatedDependencies` trait) while the app uses one for its lifetime.
  public static var shared: Container {
    compatibilityShared.withLock { $0 }?() ?? taskShared ?? processShared
  }

  /// How the compatibility module's binding of its shared container (Hopoate's
  /// `DependencyContainer.$shared.withValue`) is read: `nil` until that module is used.
  private static let compatibilityShared = Protected<(@Sendable () -> Container?)?>(nil)

  /// Lets the compatibility module's binding of its shared container take precedence: `read`
  /// returns the container it binds, or `nil` where it binds none.
  package static func readSharedFromCompatibility(_ read: @escaping @Sendable () -> Container?) {
    compatibilityShared.withLock { $0 = read }
  }

  /// Runs `operation` with `container` as ``shared`` for this task and the tasks it creates.
  ///
  /// ```swift
  /// try Container.withShared(Container()) { try checkout() }
  /// ```
  public static func withShared<Result>(
    _ container: Container, operation: () throws -> Result
  ) rethrows -> Result {
    try $taskShared.withValue(container, operation: operation)
  }

  /// The `async` form of ``withShared(_:operation:)``.
  public static func withShared<Result>(
    _ container: Container, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await $taskShared.withValue(container, operation: operation, isolation: isolation)
  }
}
