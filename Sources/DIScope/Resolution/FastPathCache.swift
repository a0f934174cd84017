/// A small per-thread, direct-mapped cache of resolved singletons: the lock-free read path.
///
/// A hit needs no lock and writes nothing shared: the thread reads the family's generation (an
/// atomic load) and compares it with the one stored beside the instance. Any change that could
/// alter what a resolve returns — a registration, a removal, a scope or caching change, an observer
/// attached — bumps the generation, so a stale entry is never used. Entries are filled only on the
/// slow path, under the family lock's snapshot of the generation, and only for singleton and eager
/// registrations with no observer attached.
///
/// A stale entry keeps its instance alive until the slot is reused or the thread clears it; the
/// thread that changes a container clears its own entries for that family at once.
@usableFromInline
final class FastPathCache {
  @usableFromInline
  struct Slot {
    @usableFromInline var containerID: UInt64 = 0
    @usableFromInline var typeID: ObjectIdentifier?
    @usableFromInline var name: String?
    @usableFromInline var generation: UInt64 = 0
    /// The cached singleton, when the key's answer is one.
    @usableFromInline var box: AnyObject?
    /// The registration that answers the key, its owner and its effective scope: lets the slow path
    /// skip the family lock, the stack lookup and the registration's lock. Kept as separate fields
    /// so that reading one does not copy (and retain) the others.
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

  @usableFromInline static let capacity = 64
  @usableFromInline let slots: UnsafeMutablePointer<Slot>

  @usableFromInline
  init() {
    slots = .allocate(capacity: Self.capacity)
    slots.initialize(repeating: Slot(), count: Self.capacity)
  }

  deinit {
    slots.deinitialize(count: Self.capacity)
    slots.deallocate()
  }

  @inlinable
  static func index(containerID: UInt64, typeID: ObjectIdentifier) -> Int {
    let bits = (UInt(bitPattern: typeID) &>> 4) ^ (UInt(truncatingIfNeeded: containerID) &* 31)
    return Int(bits & UInt(capacity - 1))
  }

  @inlinable
  func lookup<Service>(
    containerID: UInt64, typeID: ObjectIdentifier, name: String?, generation: UInt64,
    as: Service.Type
  ) -> Service? {
    let slot = slots + Self.index(containerID: containerID, typeID: typeID)
    guard slot.pointee.generation == generation, slot.pointee.containerID == containerID,
      slot.pointee.typeID == typeID, slot.pointee.name == name, let box = slot.pointee.box
    else { return nil }
    return unsafeDowncast(box, to: InstanceBox<Service>.self).value
  }

  /// Remembers `box` (a cached singleton) or `route` for a key, valid while `generation` lasts.
  func store(
    containerID: UInt64, typeID: ObjectIdentifier, name: String?, generation: UInt64,
    box: AnyObject?, route: Route?
  ) {
    let slot = slots + Self.index(containerID: containerID, typeID: typeID)
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
    let slot = slots + Self.index(containerID: containerID, typeID: key.typeID)
    guard slot.pointee.generation == generation, slot.pointee.containerID == containerID,
      slot.pointee.typeID == key.typeID, slot.pointee.name == key.name,
      slot.pointee.routeRegistration != nil
    else { return nil }
    return slot
  }

  /// Drops this thread's entry for a key, if the slot holds it.
  func forget(containerID: UInt64, typeID: ObjectIdentifier) {
    let slot = slots + Self.index(containerID: containerID, typeID: typeID)
    if slot.pointee.containerID == containerID && slot.pointee.typeID == typeID {
      slot.pointee = Slot()
    }
  }

  /// Drops every entry on this thread; called by the thread that changes or releases a container,
  /// so instances it removed are not kept alive by its own cache.
  static func forgetOnThisThread(family: Family) {
    let cache = ThreadState.current.cache
    for index in 0..<capacity where cache.slots[index].typeID != nil {
      cache.slots[index] = Slot()
    }
  }
}
