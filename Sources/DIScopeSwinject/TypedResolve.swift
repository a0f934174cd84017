import Foundation
import Synchronization

/// A resolve of one service type compiled for that type: what a factory's `r.resolve(X.self)`
/// runs instead of the generic one.
///
/// A factory resolves its dependencies through the `Resolver` protocol, and a call through a
/// protocol reaches `Container.resolve` compiled once for every type: unspecialised, it would take
/// DIScope's resolve path generically, looking up generic metadata (`FactoryRegistration<X>`,
/// optionals) and copying through value witnesses at every step. `register`, inlined where the
/// app calls it with a concrete type, makes one of these for that type instead: a closure in
/// which the whole resolve (DIScope's inlined fast path and its typed routed builds included) is
/// specialised. The generic resolve finds it by the type (`TypedResolves`) and calls it.
///
/// The table keeps them as this non-generic class; each is a ``TypedResolveOf`` its type.
@usableFromInline
class TypedResolve: @unchecked Sendable {
  // @unchecked Sendable: no state of its own; see `TypedResolveOf`.
  @usableFromInline init() {}
}

/// The resolve of `Service` compiled for it (see ``TypedResolve``).
@usableFromInline
final class TypedResolveOf<Service>: TypedResolve, @unchecked Sendable {
  // @unchecked Sendable: its one property is a `let` closure that captures nothing; it resolves
  // through the container it is given, which is safe to resolve from any thread.

  /// Resolves `Service` (under the name, if any) in the container, as `Container.resolve` does.
  /// Stored as a generic class stores it, returning its optional indirectly: a generic caller
  /// passes its own result's memory, and makes no optional itself (which would cost it a
  /// metadata lookup).
  @usableFromInline let resolve: (Container, String?) -> Service?

  @usableFromInline init(_ resolve: @escaping (Container, String?) -> Service?) {
    self.resolve = resolve
  }
}

/// The ``TypedResolve`` of every service type registered with a concrete type, by type: read
/// without a lock by every generic resolve, written once per type.
///
/// An open-addressing table of type identifiers (linear probing), whose keys are published with
/// a release store after their value is written, so a reader that sees a key sees its value.
/// Entries are never removed: a type's resolve is valid for every container, for good. A table
/// that fills up is replaced by one twice its size; the old one is never freed (a reader may
/// still be probing it), and all of them together stay smaller than the current one.
@usableFromInline
enum TypedResolves {
  /// The current table's address (0 before the first), as bits: a pointer is not `Sendable`.
  private static let current = Atomic<UInt>(0)
  /// Serialises the writers (a `register` of a type not seen before). A pthread mutex (NSLock),
  /// which the thread sanitizer understands (Synchronization's Mutex is a futex on Linux).
  private static let writers = NSLock()

  /// A table: `capacity` keys (atomic), then `capacity` values. Readers and writers share it,
  /// so everything in it is a `let`: the writers' count of its keys is kept apart, in memory of
  /// its own (`count`), so that a writer never modifies the struct a reader reads (a `var` here
  /// would be a modifying access to the whole struct, racing every reader's read of `capacity`).
  private struct Table {
    let capacity: Int
    let keys: UnsafeMutablePointer<Atomic<UInt>>
    let values: UnsafeMutablePointer<Unmanaged<TypedResolve>?>
    /// How many keys it holds; read and written only by writers, under `writers`.
    let count: UnsafeMutablePointer<Int>

    static func allocate(capacity: Int) -> UnsafeMutablePointer<Table> {
      let keys = UnsafeMutablePointer<Atomic<UInt>>.allocate(capacity: capacity)
      for index in 0..<capacity { (keys + index).initialize(to: Atomic(0)) }
      let values = UnsafeMutablePointer<Unmanaged<TypedResolve>?>.allocate(capacity: capacity)
      values.initialize(repeating: nil, count: capacity)
      let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
      count.initialize(to: 0)
      let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
      table.initialize(to: Table(capacity: capacity, keys: keys, values: values, count: count))
      return table
    }
  }

  @inline(__always)
  private static func slot(of key: UInt, capacity: Int) -> Int {
    Int(truncatingIfNeeded: ((key &>> 4) &* 0x9E37_79B9_7F4A_7C15) &>> 32) & (capacity - 1)
  }

  /// The resolve compiled for the type `type` identifies, if `register` made one. Unretained:
  /// the table keeps every one for good.
  @usableFromInline
  static func find(_ type: ObjectIdentifier) -> Unmanaged<TypedResolve>? {
    guard let table = UnsafeMutablePointer<Table>(bitPattern: current.load(ordering: .acquiring))
    else { return nil }
    let capacity = table.pointee.capacity
    let key = UInt(bitPattern: type)
    var index = slot(of: key, capacity: capacity)
    while true {
      let found = table.pointee.keys[index].load(ordering: .acquiring)
      if found == key { return table.pointee.values[index] }
      if found == 0 { return nil }
      index = (index &+ 1) & (capacity - 1)
    }
  }

  /// Keeps `make()` as `type`'s resolve, unless the type has one already.
  @usableFromInline
  static func install(_ type: ObjectIdentifier, _ make: () -> TypedResolve) {
    if find(type) != nil { return }
    writers.withLock {
      var table: UnsafeMutablePointer<Table>
      let published = current.load(ordering: .acquiring)
      if let existing = UnsafeMutablePointer<Table>(bitPattern: published) {
        table = existing
      } else {
        table = Table.allocate(capacity: 64)
        current.store(UInt(bitPattern: table), ordering: .releasing)
      }
      // At most half full, so that a probe ends soon at an empty key.
      if (table.pointee.count.pointee + 1) * 2 > table.pointee.capacity {
        let larger = Table.allocate(capacity: table.pointee.capacity * 2)
        for index in 0..<table.pointee.capacity {
          let key = table.pointee.keys[index].load(ordering: .relaxed)
          if key != 0 { insert(key, table.pointee.values[index].unsafelyUnwrapped, into: larger) }
        }
        // The old table is left as it is: a reader may still be probing it.
        table = larger
        current.store(UInt(bitPattern: larger), ordering: .releasing)
      }
      let key = UInt(bitPattern: type)
      var index = slot(of: key, capacity: table.pointee.capacity)
      while true {
        let found = table.pointee.keys[index].load(ordering: .relaxed)
        if found == key { return }  // installed by another thread meanwhile
        if found == 0 { break }
        index = (index &+ 1) & (table.pointee.capacity - 1)
      }
      insert(key, Unmanaged.passRetained(make()), into: table)
    }
  }

  /// Writes the value, then publishes the key (under `writers`).
  private static func insert(
    _ key: UInt, _ value: Unmanaged<TypedResolve>, into table: UnsafeMutablePointer<Table>
  ) {
    var index = slot(of: key, capacity: table.pointee.capacity)
    while table.pointee.keys[index].load(ordering: .relaxed) != 0 {
      index = (index &+ 1) & (table.pointee.capacity - 1)
    }
    table.pointee.values[index] = value
    table.pointee.keys[index].store(key, ordering: .releasing)
    table.pointee.count.pointee += 1
  }
}
