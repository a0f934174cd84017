/// Where a registration keeps the instances its object scope shares. Write your own for a custom
/// ``ObjectScope``; the container calls it under the registration's lock, so a storage needs no
/// lock of its own.
public protocol InstanceStorage: AnyObject {
  /// The instance kept outside any graph (what `resetObjectScope` clears).
  var instance: Any? { get set }
  /// Called when the graph that set an instance has been fully resolved.
  func graphResolutionCompleted()
  /// The instance kept for `graph`, if any.
  func instance(inGraph graph: GraphIdentifier) -> Any?
  /// Keeps `instance` for `graph`.
  func setInstance(_ instance: Any?, inGraph graph: GraphIdentifier)
}

extension InstanceStorage {
  /// Does nothing.
  public func graphResolutionCompleted() {}
  /// `instance`, whatever the graph.
  public func instance(inGraph _: GraphIdentifier) -> Any? { instance }
  /// Sets `instance`, whatever the graph.
  public func setInstance(_ instance: Any?, inGraph _: GraphIdentifier) { self.instance = instance }
}

/// Keeps each graph's instance while anything holds it (`.graph`).
public final class GraphStorage: InstanceStorage {
  private var instances: [GraphIdentifier: WeakReference] = [:]
  /// The instance of the graph being resolved; cleared when that graph completes.
  public var instance: Any?

  /// An empty storage.
  public init() {}

  /// Forgets the instance of the graph that completed (each graph's stays while it is held).
  public func graphResolutionCompleted() { instance = nil }

  /// The instance of `graph`, while anything holds it.
  public func instance(inGraph graph: GraphIdentifier) -> Any? { instances[graph]?.value }

  /// Keeps `instance` for `graph` (weakly), and as the current graph's.
  public func setInstance(_ instance: Any?, inGraph graph: GraphIdentifier) {
    self.instance = instance
    let reference = instances[graph] ?? WeakReference()
    reference.value = instance
    instances[graph] = reference
    // Graphs whose instances are gone leave nothing behind.
    if instances.count > 64 { instances = instances.filter { $0.value.value != nil } }
  }
}

/// Keeps its instance for good (`.container`).
public final class PermanentStorage: InstanceStorage {
  /// The instance, kept until reset.
  public var instance: Any?
  /// An empty storage.
  public init() {}
}

/// Keeps nothing (`.transient`).
public final class TransientStorage: InstanceStorage {
  /// Always `nil`; setting it keeps nothing.
  public var instance: Any? {
    get { nil }
    set {}  // swift-format-ignore: nothing is kept
  }
  /// A storage that keeps nothing.
  public init() {}
}

/// Keeps its instance while anything else holds it (`.weak`, with a graph's storage).
public final class WeakStorage: InstanceStorage {
  private let reference = WeakReference()
  /// The instance, while anything else holds it.
  public var instance: Any? {
    get { reference.value }
    set { reference.value = newValue }
  }
  /// An empty storage.
  public init() {}
}

/// Several storages as one: the first that holds an instance answers; all are set.
public final class CompositeStorage: InstanceStorage {
  private let components: [InstanceStorage]

  /// The first component's instance; setting it sets every component's.
  public var instance: Any? {
    get { components.lazy.compactMap(\.instance).first }
    set { for component in components { component.instance = newValue } }
  }

  /// A storage over `components`, asked in order.
  public init(_ components: [InstanceStorage]) { self.components = components }

  /// Tells every component.
  public func graphResolutionCompleted() {
    for component in components { component.graphResolutionCompleted() }
  }

  /// Sets it in every component.
  public func setInstance(_ instance: Any?, inGraph graph: GraphIdentifier) {
    for component in components { component.setInstance(instance, inGraph: graph) }
  }

  /// The first component's instance for `graph`.
  public func instance(inGraph graph: GraphIdentifier) -> Any? {
    components.lazy.compactMap { $0.instance(inGraph: graph) }.first
  }
}

/// A weak reference to an instance, if it is an object (a value is never kept).
final class WeakReference {
  private weak var object: AnyObject?

  var value: Any? {
    get { object }
    // A value (not an object) is never kept: a box made for it would be released at once.
    set { object = newValue.flatMap { type(of: $0) is AnyClass ? $0 as AnyObject : nil } }
  }
}

/// What a registration in `.container` or `.weak` keeps in place of Swinject's storage: only the
/// instance a build under way made, until the graph that built it completes. DIScope caches the
/// instance (the registration is a singleton, or a weak one), and the entry reads that cache
/// (`ServiceEntry.instance(inGraph:askedBy:)`): a second reference here would outlive what a
/// shutdown, a `resetObjectScope` or `discope attach` let go of. While the graph is resolved, a
/// cycle through `initCompleted` comes back to the instance before DIScope caches it: this
/// answers it, as Swinject's storage does.
///
/// Internal: an app never reaches a registration's storage; `ObjectScope.container.makeStorage()`
/// still makes Swinject's `PermanentStorage`, for a custom scope over it.
final class BuildUnderWayStorage: InstanceStorage {
  /// The instance the graph being resolved built, until it completes.
  var instance: Any?

  /// The graph is complete: DIScope caches the instance, if it keeps it.
  func graphResolutionCompleted() { instance = nil }
}
