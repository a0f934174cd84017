/// The mutable part of a registration, 48 bytes: flags, the cached instance and its number, and
/// the rarely used rest out of line.
struct RegistrationState {
  var scope: Scope
  var isCaching: Bool
  /// Set where a class instance is cached already known to have nothing for a disposal to call
  /// (see `cache(object:isKnownNotDisposable:)`): a removal then asks nothing of it. One byte,
  /// beside the flags above.
  private(set) var isKnownNotDisposable = false
  /// Who builds the shared instance now, if anyone does (see `SharedClaim`): a thread (its
  /// `ThreadState`), or an `async` build (its `BuildSignal`, also `awaitableBuild`); others
  /// wait on the family's condition, or await the task. Kept here rather than in a family-wide
  /// table: an uncontended first build claims the registration's own state, with no dictionary to
  /// insert into and remove from, and a waiter that checks for a cycle of waits reads it here (see
  /// `Container.waitLoop`).
  var builder: ObjectIdentifier?
  /// The cached instance: read with `cachedBox(of:)`, stored with `cache(_:)`.
  private var storedCache = StoredCache.none

  /// Caches the box of a built instance.
  mutating func cache(_ box: InstanceBox) {
    storedCache = .owned(box)
  }

  /// Caches a class instance as it is: boxed only if the general path reads it (see
  /// `cachedBox(of:)`), so a singleton built and resolved once allocates no box.
  mutating func cache(object: AnyObject, isKnownNotDisposable: Bool = false) {
    storedCache = .ownedObject(object)
    self.isKnownNotDisposable = isKnownNotDisposable
  }

  /// How the cached instance is held: a built one is owned here; a mock given as an instance is
  /// its registration's factory, which holds it for the registration's whole life, so the state
  /// need not count a reference of its own (one fewer to count as a mock is pushed and removed).
  private enum StoredCache {
    case none
    case owned(InstanceBox)
    /// A class instance of the key's type, not boxed yet.
    case ownedObject(AnyObject)
    /// The factory is the box (a mock given as a value).
    case factoryBox(Unmanaged<InstanceBox>)
    /// The factory is the instance (a mock given as a class instance): no box yet.
    case factoryInstance
  }

  /// Whether an instance is cached that letting go of may dispose: one the container built (a
  /// singleton's, a weak one's), or a mock or value pushed with `disposing: true`. A swap's mock
  /// answers no: a removal reads nothing more of it.
  func mayDispose(for registration: Registration) -> Bool {
    switch storedCache {
    case .owned, .ownedObject: return true
    case .factoryBox, .factoryInstance: return registration.disposal?.disposesPrebuilt == true
    case .none: return extras?.weakBox != nil
    }
  }

  /// Whether an instance is cached.
  var hasCached: Bool {
    if case .none = storedCache { return false }
    return true
  }

  /// Caches the registration's own factory, a mock given as an instance (see `StoredCache`).
  mutating func cacheFactory(of registration: Registration) {
    storedCache =
      registration.factoryIsInstance
      ? .factoryInstance
      : .factoryBox(
        Unmanaged.passUnretained(
          unsafeDowncast(registration.storedFactory.unsafelyUnwrapped, to: InstanceBox.self)))
  }

  /// The cached instance's box (`self` being `registration`'s state). A mock given as a class
  /// instance gets its box here, the first time a slow path needs one, and keeps it.
  mutating func cachedBox(of registration: Registration) -> InstanceBox? {
    switch storedCache {
    case .none: return nil
    case .owned(let box): return box
    case .factoryBox(let box): return box.takeUnretainedValue()
    case .ownedObject(let object):
      let box = InstanceBox(
        word: UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()), type: registration.key.type,
        isObjectReference: true)
      storedCache = .owned(box)
      return box
    case .factoryInstance:
      // The box's own reference.
      let object = Unmanaged.passRetained(registration.storedFactory.unsafelyUnwrapped as AnyObject)
      let box = InstanceBox(
        word: UInt(bitPattern: object.toOpaque()), type: registration.key.type,
        isObjectReference: true)
      storedCache = .owned(box)
      return box
    }
  }

  /// Whether the instance cached now is one that letting it go must dispose. The usual case, a
  /// class instance the container built for a registration with no rule of its own, reads the
  /// instance's class from the object in place (one comparison with the last class asked about);
  /// anything else asks `Container.cachesInstanceToDispose`.
  func cachesInstanceToDispose(of registration: Registration, thread: ThreadState) -> Bool {
    if case .ownedObject(let object) = storedCache, !registration.hasDetails,
      registration.isolation == .none
    {
      return thread.disposableTypes.hasDispose(object: object)
    }
    return Container.cachesInstanceToDispose(registration, state: self, thread: thread)
  }

  /// The cached class instance when it is cached as it is (a routed singleton's), or a weak
  /// registration's live instance; `nil` otherwise.
  var cachedObject: AnyObject? {
    switch storedCache {
    case .ownedObject(let object): return object
    case .none: return weakInstance
    default: return nil
    }
  }

  /// The cached instance itself, read without boxing it (`cachedBox(of:)` would box a class
  /// instance cached as it is): what a removal asks whether to dispose, on the register path.
  func cachedInstance(of registration: Registration) -> Any? {
    switch storedCache {
    case .none: return weakInstance
    case .owned(let box): return box.anyValue
    case .ownedObject(let object): return object
    case .factoryBox(let box): return box.takeUnretainedValue().anyValue
    case .factoryInstance: return registration.storedFactory.unsafelyUnwrapped as AnyObject
    }
  }

  /// The cached instance's creation number; 0 for none (numbers start at 1).
  private var cachedNumberOrZero = 0
  /// Bumped whenever the scope or caching changes, so a build that started before the change does
  /// not store its result after it.
  var epoch = 0
  /// Weak instances, learnt type names and eager edges: allocated by the first that needs them.
  private var extras: Extras?

  /// Not `Sendable`, and needs not be: read and written only under the family lock, like the rest
  /// of the state, and never handed out.
  private final class Extras {
    var weakBox: WeakBox?
    var builtTypeName: String?
    var eagerEdges: [DependencyEdge]?
    var holdings: Holdings?
    var awaitableBuild: BuildSignal?
  }

  init(scope: Scope, isCaching: Bool) {
    self.scope = scope
    self.isCaching = isCaching
  }

  private mutating func makeExtras() -> Extras {
    if let extras { return extras }
    let made = Extras()
    extras = made
    return made
  }

  var cachedNumber: Int? {
    get { cachedNumberOrZero == 0 ? nil : cachedNumberOrZero }
    set { cachedNumberOrZero = newValue ?? 0 }
  }

  /// The instance of a weak registration, held weakly (boxed: a weak reference is costly to make
  /// and destroy, and only weak registrations need one).
  var weakInstance: AnyObject? {
    get { extras?.weakBox?.object }
    set {
      if newValue == nil && extras == nil { return }
      makeExtras().weakBox = newValue.map(WeakBox.init)
    }
  }

  /// The dynamic type the factory built, once seen by a traced or validated build.
  var builtTypeName: String? {
    get { extras?.builtTypeName }
    set { makeExtras().builtTypeName = newValue }
  }

  /// The edges an eager build discovered, so validation need not build it a second time.
  var eagerEdges: [DependencyEdge]? {
    get { extras?.eagerEdges }
    set { makeExtras().eagerEdges = newValue }
  }

  /// The end of the `async` build that holds the claim now, if one does (see `SharedClaim`):
  /// later resolves await it rather than run the factory again.
  var awaitableBuild: BuildSignal? {
    get { extras?.awaitableBuild }
    set {
      if newValue == nil && extras == nil { return }
      makeExtras().awaitableBuild = newValue
    }
  }

  /// What the cached instance was built with, when its build was observed (see `Holdings`).
  /// Replace it with `replaceHoldings`, which hands the old ones back to be released out of the lock.
  var holdings: Holdings? { extras?.holdings }

  /// Stores `holdings`; returns the ones they replace, for the caller to release out of the lock.
  mutating func replaceHoldings(with holdings: Holdings) -> Holdings? {
    let old = takeHoldings()
    makeExtras().holdings = holdings
    return old
  }

  /// The number of the instance this state caches now: a built singleton, or a weak instance
  /// still alive. `nil` when nothing is cached.
  var liveCachedNumber: Int? {
    guard let cachedNumber else { return nil }
    if hasCached { return cachedNumber }
    return weakInstance == nil ? nil : cachedNumber
  }

  /// The holdings of the instance cached now; `nil` when nothing is cached or its build was not
  /// observed.
  var liveHoldings: Holdings? {
    guard let holdings, let number = liveCachedNumber, holdings.instanceNumber == number else { return nil }
    return holdings
  }

  /// The scope resolution uses: caching off makes any scope behave as prototype.
  var effectiveScope: Scope { isCaching ? scope : .prototype }

  /// Forgets the cached instance; returns its box and what it held, for the caller to release
  /// once it has let go of the family lock (an instance's deinit may well use its container, and
  /// so may a factory's captures, released with the last registration holdings kept alive).
  mutating func dropCache() -> (AnyObject?, Holdings?) {
    // A mock's factory keeps its instance: only what the state owns is let go of.
    let dropped: AnyObject? =
      switch storedCache {
      case .owned(let box): box
      case .ownedObject(let object): object
      default: nil
      }
    storedCache = .none
    isKnownNotDisposable = false
    weakInstance = nil
    cachedNumber = nil
    epoch += 1
    return (dropped, takeHoldings())
  }

  mutating func takeHoldings() -> Holdings? {
    guard let held = extras?.holdings else { return nil }
    extras?.holdings = nil
    return held
  }
}
