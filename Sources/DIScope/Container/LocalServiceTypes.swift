import Synchronization

/// The service types a container registered itself, readable without a lock: what lets a child
/// container resolve everything it did not register through its parent's per-thread entries (see
/// `Container.entryOwner(for:)`).
///
/// A request's child registers a few values (a request id, a user) and resolves a graph of its
/// parent's services over them. Kept exactly for up to `capacity` types, in slots written once
/// each; past that, or once the container shuts down, the set is *saturated* and claims every
/// type, and the container resolves everything through its own entries, as every container did
/// before. Types are only ever added: a removed registration's type still counts as local, which
/// only costs its resolves the parent's warm entries. A name does not matter (a named
/// registration of a type makes the type local).
///
/// Written only under the family lock, before the generation bump that publishes the change;
/// read with no lock by resolves. A resolve that races a registration of its type in another
/// thread may miss it and answer as the parent does: it is ordered before the registration, as
/// it would be had it taken the lock first.
@usableFromInline
struct LocalServiceTypes: ~Copyable, Sendable {
  static let capacity = 4
  /// The types' `ObjectIdentifier` bits; 0 for an empty slot.
  @usableFromInline let first = Atomic<UInt>(0)
  @usableFromInline let second = Atomic<UInt>(0)
  @usableFromInline let third = Atomic<UInt>(0)
  @usableFromInline let fourth = Atomic<UInt>(0)
  /// Set, for good, when a fifth type is registered or the container shuts down.
  @usableFromInline let isSaturated = Atomic<Bool>(false)

  init() {}

  /// Whether `type` may have been registered in the container: `false` only when it surely was not.
  @inlinable @inline(__always)
  func mayContain(_ type: ObjectIdentifier) -> Bool {
    let bits = UInt(bitPattern: type)
    return first.load(ordering: .acquiring) == bits || second.load(ordering: .acquiring) == bits
      || third.load(ordering: .acquiring) == bits || fourth.load(ordering: .acquiring) == bits
      || isSaturated.load(ordering: .acquiring)
  }

  /// Adds `type`. Call only under the family lock.
  func insert(_ type: ObjectIdentifier) {
    let bits = UInt(bitPattern: type)
    for slot in 0..<Self.capacity {
      let current = load(slot)
      if current == bits { return }
      if current == 0 {
        store(bits, in: slot)
        return
      }
    }
    saturate()
  }

  /// Makes every type count as local. Call only under the family lock.
  func saturate() {
    isSaturated.store(true, ordering: .releasing)
  }

  private func load(_ slot: Int) -> UInt {
    switch slot {
    case 0: first.load(ordering: .relaxed)
    case 1: second.load(ordering: .relaxed)
    case 2: third.load(ordering: .relaxed)
    default: fourth.load(ordering: .relaxed)
    }
  }

  private func store(_ bits: UInt, in slot: Int) {
    switch slot {
    case 0: first.store(bits, ordering: .releasing)
    case 1: second.store(bits, ordering: .releasing)
    case 2: third.store(bits, ordering: .releasing)
    default: fourth.store(bits, ordering: .releasing)
    }
  }
}
