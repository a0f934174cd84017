import CDIScopeThreadLocal

/// A per-thread cache of what resolves answered: the lock-free read path.
///
/// A hit needs no lock and writes nothing shared: the thread reads the family's generation (an
/// atomic load) and compares it with the one stored beside the entry. Any change that could alter
/// what a resolve returns — a registration, a removal, a scope or caching change, an observer
/// attached — bumps the generation, so a stale entry is never used. Entries are filled only on the
/// slow path, with the generation read under the family lock, and never while observed.
///
/// An entry holds either a cached singleton, answered in the caller's inlined code, or the *route*
/// to the registration that answers (registration, owner, effective scope), which lets the slow
/// path skip the family lock and the stack lookup.
///
/// An open-addressing table (linear probing, cheap pointer hash) that starts small and doubles as a
/// thread meets more keys, up to `maximumCapacity`, beyond which it starts over. Its table and mask
/// are mirrored in a C thread-local record (`CDIScopeThreadLocal`), so the caller's inlined code
/// reaches the table with one `%fs`-relative load: no call, no retain. A stale entry keeps its
/// instance alive until it is overwritten; the thread that changes a key clears its own entry at once.
@usableFromInline
final class FastPathCache {
  /// One entry. The fields the inlined hit reads come first, so a hit touches one cache line.
  @usableFromInline
  struct Slot {
    /// `nil` marks an empty slot (probing stops there).
    @usableFromInline var typeID: ObjectIdentifier?
    @usableFromInline var containerID: UInt64 = 0
    @usableFromInline var generation: UInt64 = 0
    /// The cached singleton's storage (inside `box`), read with the caller's own type: a hit
    /// retains the instance and nothing else.
    @usableFromInline var instance: UnsafeRawPointer?
    @usableFromInline var name: String?
    /// Keeps `instance` alive.
    var box: InstanceBox?
    /// The registration that answers, when this thread has resolved the key before.
    @usableFromInline var route: Route?
    @usableFromInline init() {}

    /// Whether the slot holds the key `(containerID, typeID, name)`.
    @inlinable @inline(__always)
    func holds(containerID: UInt64, typeID: ObjectIdentifier, name: String?) -> Bool {
      guard self.typeID == typeID && self.containerID == containerID else { return false }
      // Most keys have no name: settle that case without String's generic equality.
      switch (self.name, name) {
      case (nil, nil): return true
      case (let stored?, let asked?): return stored == asked
      default: return false
      }
    }
  }

  /// Where a key's resolves go: the registration, the container that owns it, its effective scope.
  ///
  /// A class, allocated once per key per thread when the route is first stored, so that a slot
  /// stays small and the slow path reads a route without copying (and retaining) three fields.
  @usableFromInline
  final class Route {
    @usableFromInline let registration: Registration
    @usableFromInline let owner: Container
    @usableFromInline let scope: Scope
    init(registration: Registration, owner: Container, scope: Scope) {
      self.registration = registration
      self.owner = owner
      self.scope = scope
    }
  }

  static let initialCapacity = 64
  /// 64 Ki entries (4 MiB): a thread resolving more distinct keys than three quarters of this
  /// starts over.
  static let maximumCapacity = 1 << 16
  @exclusivity(unchecked) private(set) var slots: UnsafeMutablePointer<Slot>
  @exclusivity(unchecked) private(set) var mask: Int
  @exclusivity(unchecked) private var count = 0

  init() {
    slots = .allocate(capacity: Self.initialCapacity)
    slots.initialize(repeating: Slot(), count: Self.initialCapacity)
    mask = Self.initialCapacity - 1
  }

  deinit {
    slots.deinitialize(count: mask + 1)
    slots.deallocate()
  }

  /// Points this thread's C record at the table; called whenever the table moves.
  func publish() {
    let record = discope_thread_local()
    record.pointee.slots = UnsafeMutableRawPointer(slots)
    record.pointee.mask = mask
  }

  @inlinable @inline(__always)
  static func hash(containerID: UInt64, typeID: ObjectIdentifier) -> Int {
    let bits = UInt64(UInt(bitPattern: typeID)) &>> 4 ^ containerID &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: (bits &* 0xBF58_476D_1CE4_E5B9) &>> 29)
  }

  /// The slot holding the key in `slots`, or the empty slot where it would go.
  @inlinable @inline(__always)
  static func probe(
    _ slots: UnsafeMutablePointer<Slot>, mask: Int, containerID: UInt64,
    typeID: ObjectIdentifier, name: String?
  ) -> UnsafeMutablePointer<Slot> {
    var index = hash(containerID: containerID, typeID: typeID) & mask
    while true {
      let slot = slots + index
      if slot.pointee.typeID == nil
        || slot.pointee.holds(containerID: containerID, typeID: typeID, name: name)
      {
        return slot
      }
      index = (index &+ 1) & mask
    }
  }

  /// The calling thread's slot for a key, found through the C thread-local record; `nil` before
  /// the thread's first resolve.
  @inlinable @inline(__always)
  static func slotOnThisThread(containerID: UInt64, typeID: ObjectIdentifier, name: String?)
    -> UnsafeMutablePointer<Slot>?
  {
    let record = discope_thread_local()
    guard let raw = record.pointee.slots else { return nil }
    return probe(
      raw.assumingMemoryBound(to: Slot.self), mask: record.pointee.mask,
      containerID: containerID, typeID: typeID, name: name)
  }

  /// The slot holding the key here, or the empty slot where it would go.
  func probe(containerID: UInt64, typeID: ObjectIdentifier, name: String?)
    -> UnsafeMutablePointer<Slot>
  {
    Self.probe(slots, mask: mask, containerID: containerID, typeID: typeID, name: name)
  }

  /// Remembers `box` (a cached singleton) and `route` for a key, valid while `generation` lasts.
  func store(
    containerID: UInt64, typeID: ObjectIdentifier, name: String?, generation: UInt64,
    box: InstanceBox?, route: Route?
  ) {
    var slot = probe(containerID: containerID, typeID: typeID, name: name)
    if slot.pointee.typeID == nil {
      if (count + 1) * 4 > (mask + 1) * 3 { grow() }
      slot = probe(containerID: containerID, typeID: typeID, name: name)
      count += 1
    }
    slot.pointee.containerID = containerID
    slot.pointee.typeID = typeID
    slot.pointee.name = name
    slot.pointee.generation = generation
    slot.pointee.box = box
    slot.pointee.instance = box.map { UnsafeRawPointer($0.storage) }
    slot.pointee.route = route
  }

  /// The valid route for a key, if this thread has one.
  func route(containerID: UInt64, key: ServiceKey, generation: UInt64) -> Route? {
    let slot = probe(containerID: containerID, typeID: key.typeID, name: key.name)
    guard slot.pointee.generation == generation else { return nil }
    return slot.pointee.route
  }

  /// Drops what this thread holds for a key (the slot stays, so probing still passes it).
  func forget(containerID: UInt64, typeID: ObjectIdentifier) {
    var index = Self.hash(containerID: containerID, typeID: typeID) & mask
    while let occupant = slots[index].typeID {
      if occupant == typeID && slots[index].containerID == containerID {
        Self.clear(slots + index)
      }
      index = (index &+ 1) & mask
    }
  }

  private static func clear(_ slot: UnsafeMutablePointer<Slot>) {
    slot.pointee.generation = 0
    slot.pointee.instance = nil
    slot.pointee.box = nil
    slot.pointee.route = nil
  }

  /// Doubles the table, keeping live entries; past `maximumCapacity`, starts over empty.
  private func grow() {
    let oldSlots = slots, oldCapacity = mask + 1
    let newCapacity = oldCapacity >= Self.maximumCapacity ? Self.initialCapacity : oldCapacity * 2
    slots = .allocate(capacity: newCapacity)
    slots.initialize(repeating: Slot(), count: newCapacity)
    mask = newCapacity - 1
    count = 0
    if newCapacity > oldCapacity {
      for index in 0..<oldCapacity where oldSlots[index].typeID != nil && oldSlots[index].generation != 0 {
        let old = oldSlots[index]
        let slot = probe(containerID: old.containerID, typeID: old.typeID!, name: old.name)
        slot.pointee = old
        count += 1
      }
    }
    oldSlots.deinitialize(count: oldCapacity)
    oldSlots.deallocate()
    publish()
  }

  /// Drops this thread's entries for one container (the one being released), leaving every other
  /// container's warm entries alone.
  func forget(containerID: UInt64) {
    for index in 0...mask where slots[index].containerID == containerID && slots[index].typeID != nil {
      Self.clear(slots + index)
    }
  }

  /// Drops every entry on this thread; called by the thread that releases a container or validates,
  /// so instances it removed are not kept alive by its own cache.
  static func forgetOnThisThread(family: Family) {
    let cache = ThreadState.current.cache
    let capacity = cache.mask + 1
    cache.slots.update(repeating: Slot(), count: capacity)
    cache.count = 0
  }
}
