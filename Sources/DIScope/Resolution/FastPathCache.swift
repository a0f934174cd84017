/// A per-thread cache of what resolves answered: the lock-free read path.
///
/// A hit needs no lock and writes nothing shared: the thread reads the family's generation (an
/// atomic load) and compares it with the one stored beside the entry. Any change that could alter
/// what a resolve returns — a registration, a removal, a scope or caching change, an observer
/// attached — bumps the generation, so a stale entry is never used. Entries are filled only on the
/// slow path, with the generation read under the family lock, and never while observed.
///
/// An entry holds either a cached singleton (`box`), answered in the caller's inlined code, or the
/// *route* to the registration that answers (registration, owner, effective scope), which lets the
/// slow path skip the family lock and the stack lookup.
///
/// An open-addressing table (linear probing, cheap pointer hash) that starts small and doubles as a
/// thread meets more keys, up to `maximumCapacity`, beyond which it starts over. A stale entry keeps
/// its instance alive until it is overwritten; the thread that changes a key clears its own entry at
/// once.
@usableFromInline
final class FastPathCache {
  @usableFromInline
  struct Slot {
    @usableFromInline var containerID: UInt64 = 0
    /// `nil` marks an empty slot (probing stops there).
    @usableFromInline var typeID: ObjectIdentifier?
    @usableFromInline var name: String?
    @usableFromInline var generation: UInt64 = 0
    /// The cached singleton, when the key's answer is one.
    @usableFromInline var box: AnyObject?
    /// The route, kept as separate fields so that reading one does not copy (and retain) the others.
    var routeRegistration: Registration?
    var routeOwner: Container?
    var routeScope: Scope = .prototype
    @usableFromInline init() {}
  }

  struct Route {
    let registration: Registration
    let owner: Container
    let scope: Scope
  }

  static let initialCapacity = 64
  /// 64 Ki entries (about 5 MiB): a thread resolving more distinct keys than half of this starts over.
  static let maximumCapacity = 1 << 16
  @usableFromInline @exclusivity(unchecked) var slots: UnsafeMutablePointer<Slot>
  @usableFromInline @exclusivity(unchecked) var mask: Int
  @exclusivity(unchecked) private var count = 0

  @usableFromInline
  init() {
    slots = .allocate(capacity: Self.initialCapacity)
    slots.initialize(repeating: Slot(), count: Self.initialCapacity)
    mask = Self.initialCapacity - 1
  }

  deinit {
    slots.deinitialize(count: mask + 1)
    slots.deallocate()
  }

  @inlinable
  static func hash(containerID: UInt64, typeID: ObjectIdentifier) -> Int {
    let bits = UInt64(UInt(bitPattern: typeID)) &>> 4 ^ containerID &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: (bits &* 0xBF58_476D_1CE4_E5B9) &>> 29)
  }

  /// The slot holding the key, or the empty slot where it would go.
  @inlinable
  func probe(containerID: UInt64, typeID: ObjectIdentifier, name: String?)
    -> UnsafeMutablePointer<Slot>
  {
    var index = Self.hash(containerID: containerID, typeID: typeID) & mask
    while true {
      let slot = slots + index
      guard let occupant = slot.pointee.typeID else { return slot }
      if occupant == typeID && slot.pointee.containerID == containerID && slot.pointee.name == name {
        return slot
      }
      index = (index &+ 1) & mask
    }
  }

  /// The cached singleton's box for a key, if valid. Returns the untyped box, not the value: an
  /// `Optional<Service>` would cost unspecialised callers a metadata lookup on every hit.
  @inlinable
  func lookup(
    containerID: UInt64, typeID: ObjectIdentifier, name: String?, generation: UInt64
  ) -> InstanceBox? {
    let slot = probe(containerID: containerID, typeID: typeID, name: name)
    guard slot.pointee.generation == generation, let box = slot.pointee.box else { return nil }
    return unsafeDowncast(box, to: InstanceBox.self)
  }

  /// Remembers `box` (a cached singleton) or `route` for a key, valid while `generation` lasts.
  func store(
    containerID: UInt64, typeID: ObjectIdentifier, name: String?, generation: UInt64,
    box: AnyObject?, route: Route?
  ) {
    var slot = probe(containerID: containerID, typeID: typeID, name: name)
    if slot.pointee.typeID == nil {
      if (count + 1) * 2 > mask + 1 { grow() }
      slot = probe(containerID: containerID, typeID: typeID, name: name)
      count += 1
    }
    slot.pointee.containerID = containerID
    slot.pointee.typeID = typeID
    slot.pointee.name = name
    slot.pointee.generation = generation
    slot.pointee.box = box
    slot.pointee.routeRegistration = route?.registration
    slot.pointee.routeOwner = route?.owner
    slot.pointee.routeScope = route?.scope ?? .prototype
  }

  /// The slot holding a valid route for a key, if any.
  func routeSlot(containerID: UInt64, key: ServiceKey, generation: UInt64)
    -> UnsafeMutablePointer<Slot>?
  {
    let slot = probe(containerID: containerID, typeID: key.typeID, name: key.name)
    guard slot.pointee.generation == generation, slot.pointee.routeRegistration != nil else {
      return nil
    }
    return slot
  }

  /// Drops what this thread holds for a key (the slot stays, so probing still passes it).
  func forget(containerID: UInt64, typeID: ObjectIdentifier) {
    var index = Self.hash(containerID: containerID, typeID: typeID) & mask
    while let occupant = slots[index].typeID {
      if occupant == typeID && slots[index].containerID == containerID {
        slots[index].generation = 0
        slots[index].box = nil
        slots[index].routeRegistration = nil
        slots[index].routeOwner = nil
      }
      index = (index &+ 1) & mask
    }
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
  }

  /// Drops this thread's entries for one container (the one being released), leaving every other
  /// container's warm entries alone.
  func forget(containerID: UInt64) {
    for index in 0...mask where slots[index].containerID == containerID && slots[index].typeID != nil {
      slots[index].generation = 0
      slots[index].box = nil
      slots[index].routeRegistration = nil
      slots[index].routeOwner = nil
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
