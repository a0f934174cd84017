/// What a per-thread cache entry is made of: its hot half (what an inlined hit reads), its cold
/// half (read on the slow path), a route, and what an entry held once taken out of it.
extension FastPathCache {
  /// The hot half of an entry: everything an inlined hit reads, 32 bytes, two to a cache line.
  @usableFromInline
  struct Slot {
    /// `nil` marks an empty slot (probing stops there).
    @usableFromInline var typeID: ObjectIdentifier?
    /// The container's id, with the `named`, `hasInstance` and `boxInRoute` flags in its top bits.
    @usableFromInline var tag: UInt64 = 0
    @usableFromInline var generation: UInt64 = 0
    /// The cached singleton itself when it fits in a word (a class reference, a small value),
    /// a bitwise copy that `ColdSlot.box` keeps alive (or, for a mock, the route's registration,
    /// whose factory is the instance or its box); otherwise the address of the box's storage.
    @usableFromInline var word: UInt = 0
    @usableFromInline init() {}
  }

  /// The cold half: read only on the slow path, and for keys with a name.
  @usableFromInline
  struct ColdSlot {
    @usableFromInline var name: String?
    /// Keeps the instance `Slot.word` holds or points to alive; `nil` when the route does
    /// (`boxInRoute`).
    var box: InstanceBox?
    /// The registration that answers, when this thread has resolved the key before.
    var route: Route?
    @usableFromInline init() {}
    init(name: String?, box: InstanceBox?, route: Route?) {
      self.name = name
      self.box = box
      self.route = route
    }
  }

  /// What an entry held, taken out of it: released by the caller once the table is consistent
  /// again (see `clear`), or parked on the thread (see `discard`).
  struct Held {
    var box: InstanceBox?
    var route: Route?
  }

  /// Where a key's resolves go: the registration, the container that owns it, its effective scope.
  /// Held in the cold half, so storing a route allocates nothing.
  @usableFromInline
  struct Route {
    @usableFromInline let registration: Registration
    /// Not retained, or a container that was ever resolved from would be kept alive by every
    /// thread's cache. Safe: an entry is only ever read by a resolve in the container its key
    /// names, and that container holds its owner (itself or an ancestor) alive.
    @usableFromInline unowned(unsafe) let owner: Container
    @usableFromInline let scope: Scope
    /// The creation number of the cached singleton stored beside it (0 for none), for the step an
    /// observed resolve of it reports.
    @usableFromInline let cachedNumber: Int
    init(registration: Registration, owner: Container, scope: Scope, cachedNumber: Int? = nil) {
      self.registration = registration
      self.owner = owner
      self.scope = scope
      self.cachedNumber = cachedNumber ?? 0
    }
  }
}
