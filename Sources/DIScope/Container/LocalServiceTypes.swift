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
  /// Beside each type, the value a `register(_:value:)` pushed for it (the instance itself, a
  /// class instance, or its `InstanceBox`; unretained: its registration, or the container's
  /// `InlineValues` until it is made one, holds it), while that value answers the type (with no
  /// name) here; 0 for none. What lets a request's child answer its own values with no lock and
  /// no entry in any thread's cache (see `Container.valueRegisteredInChild`). Cleared, under the family lock,
  /// by any change to the type's registrations here; the object it named is then kept until the
  /// container goes (`Registry.retired`), so that a resolve that read it just before can still
  /// use it.
  @usableFromInline let firstValue = Atomic<UInt>(0)
  @usableFromInline let secondValue = Atomic<UInt>(0)
  @usableFromInline let thirdValue = Atomic<UInt>(0)
  @usableFromInline let fourthValue = Atomic<UInt>(0)

  @inline(__always) init() {}

  /// Whether `type` may have been registered in the container: `false` only when it surely was not.
  @inlinable @inline(__always)
  func mayContain(_ type: ObjectIdentifier) -> Bool {
    let bits = UInt(bitPattern: type)
    return first.load(ordering: .acquiring) == bits || second.load(ordering: .acquiring) == bits
      || third.load(ordering: .acquiring) == bits || fourth.load(ordering: .acquiring) == bits
      || isSaturated.load(ordering: .acquiring)
  }

  /// Adds `type`; returns its slot, or `nil` once saturated. Call only under the family lock.
  @discardableResult
  func insert(_ type: ObjectIdentifier) -> Int? {
    // Saturated (a fifth type, or shut down), every type is local already, and no slot may take
    // a value: a shut-down child must answer nothing from its slots.
    guard let (slot, _) = place(type) else {
      saturate()
      return nil
    }
    return slot
  }

  /// Adds `type` if no registration here ever had it and a slot is free; returns its slot, or
  /// `nil` (and changes nothing) otherwise. Call only under the family lock.
  func insertNew(_ type: ObjectIdentifier) -> Int? {
    guard let (slot, isNew) = place(type), isNew else { return nil }
    return slot
  }

  /// The slot `type` is in, or the free one it now takes (`isNew`); `nil` when saturated or every
  /// slot holds another type.
  private func place(_ type: ObjectIdentifier) -> (slot: Int, isNew: Bool)? {
    if isSaturated.load(ordering: .relaxed) { return nil }
    let bits = UInt(bitPattern: type)
    for slot in 0..<Self.capacity {
      let current = load(slot)
      if current == bits { return (slot, false) }
      if current == 0 {
        store(bits, in: slot)
        return (slot, true)
      }
    }
    return nil
  }

  /// Makes every type count as local (its values stay until `forgetValues`). Call only
  /// under the family lock.
  func saturate() {
    isSaturated.store(true, ordering: .releasing)
  }

  /// The value registered for `type` (see `firstValue`): 0 for none.
  @inlinable @inline(__always)
  func value(of type: ObjectIdentifier) -> UInt {
    // Unrolled (it is read inline, on every value a child answers).
    let bits = UInt(bitPattern: type)
    if first.load(ordering: .acquiring) == bits { return firstValue.load(ordering: .acquiring) }
    if second.load(ordering: .acquiring) == bits { return secondValue.load(ordering: .acquiring) }
    if third.load(ordering: .acquiring) == bits { return thirdValue.load(ordering: .acquiring) }
    if fourth.load(ordering: .acquiring) == bits { return fourthValue.load(ordering: .acquiring) }
    return 0
  }

  /// Sets the value of the type in `slot` (from `insert`). Call only under the family lock.
  func setValue(_ value: UInt, inSlot slot: Int) {
    storeValue(value, in: slot)
  }

  /// Forgets the value of `type`; returns what it was (0 for none). Call only under the family
  /// lock.
  func forgetValue(of type: ObjectIdentifier) -> UInt {
    let bits = UInt(bitPattern: type)
    for slot in 0..<Self.capacity where load(slot) == bits {
      let value = loadValue(slot)
      if value != 0 { storeValue(0, in: slot) }
      return value
    }
    return 0
  }

  /// Forgets every value, for a shutdown: the registrations they named stay in the stacks until
  /// the container goes. Call only under the family lock.
  func forgetValues() {
    for slot in 0..<Self.capacity { storeValue(0, in: slot) }
  }

  /// The atomic of word `index`: the types' slots are 0 to 3, their values' 4 to 7.
  @inline(__always)
  private func withWord<Result>(_ index: Int, _ body: (borrowing Atomic<UInt>) -> Result) -> Result {
    switch index {
    case 0: body(first)
    case 1: body(second)
    case 2: body(third)
    case 3: body(fourth)
    case 4: body(firstValue)
    case 5: body(secondValue)
    case 6: body(thirdValue)
    default: body(fourthValue)
    }
  }

  private func load(_ slot: Int) -> UInt { withWord(slot) { $0.load(ordering: .acquiring) } }

  private func store(_ bits: UInt, in slot: Int) {
    withWord(slot) { $0.store(bits, ordering: .releasing) }
  }

  private func loadValue(_ slot: Int) -> UInt {
    withWord(Self.capacity + slot) { $0.load(ordering: .acquiring) }
  }

  private func storeValue(_ value: UInt, in slot: Int) {
    withWord(Self.capacity + slot) { $0.store(value, ordering: .releasing) }
  }
}
