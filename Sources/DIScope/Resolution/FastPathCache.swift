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
final class FastPathCache {
  struct Slot {
    var containerID: UInt64 = 0
    var typeID: ObjectIdentifier?
    var name: String?
    var generation: UInt64 = 0
    var box: AnyObject?
  }

  static let capacity = 64
  let slots: UnsafeMutablePointer<Slot>

  init() {
    slots = .allocate(capacity: Self.capacity)
    slots.initialize(repeating: Slot(), count: Self.capacity)
  }

  deinit {
    slots.deinitialize(count: Self.capacity)
    slots.deallocate()
  }

  @inline(__always)
  static func index(containerID: UInt64, typeID: ObjectIdentifier) -> Int {
    let bits = (UInt(bitPattern: typeID) &>> 4) ^ (UInt(truncatingIfNeeded: containerID) &* 31)
    return Int(bits & UInt(capacity - 1))
  }

  @inline(__always)
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

  func store(
    containerID: UInt64, typeID: ObjectIdentifier, name: String?, generation: UInt64,
    box: AnyObject
  ) {
    slots[Self.index(containerID: containerID, typeID: typeID)] = Slot(
      containerID: containerID, typeID: typeID, name: name, generation: generation, box: box)
  }

  /// Drops every entry on this thread; called by the thread that changes or releases a container,
  /// so instances it removed are not kept alive by its own cache.
  static func forgetOnThisThread(family: Family) {
    let cache = ThreadState.current.cache
    for index in 0..<capacity where cache.slots[index].box != nil {
      cache.slots[index] = Slot()
    }
  }
}
