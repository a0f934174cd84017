import CDIScopeRuntime

/// A per-thread cache of what resolves answered: the lock-free read path.
///
/// A hit needs no lock and writes nothing shared: the thread reads the family's generation (an
/// atomic load) and compares it with the one stored beside the entry. Any change that could alter
/// what a resolve returns — a registration, a removal, a scope or caching change, an observer
/// attached — bumps the generation, so a stale entry is never used. Entries are filled only on the
/// slow path, with the generation read under the family lock; while observed, a cached instance is
/// stored without the flag the inlined lookup answers on, so that every resolve reports its step.
///
/// An entry holds either a cached singleton, answered in the caller's inlined code, or the *route*
/// to the registration that answers (registration, owner, effective scope), which lets the slow
/// path skip the family lock and the stack lookup.
///
/// Entries are split in two parallel arrays: a hot one of 32-byte slots (key, generation, and the
/// instance itself when it fits in a word) that a hit reads, and a cold one (name, box, route).
/// With 10,000 keys the hot array is half a megabyte and a hit touches one cache line of it plus
/// the instance's own reference count: a random pick among many keys costs what a dictionary
/// lookup does.
///
/// An open-addressing table (linear probing, cheap pointer hash) that starts small and doubles as a
/// thread meets more keys, up to `maximumCapacity`, beyond which it starts over. Its table and mask
/// are mirrored in a C thread-local record (`CDIScopeRuntime`), so the caller's inlined code
/// reaches the table with one `%fs`-relative load: no call, no retain. The thread that changes a
/// key clears its own entry at once; another thread's stale entry keeps its instance until that
/// thread resolves the key again, or the container shuts down or goes. A released container's
/// entries go at once, from every thread's table: the releasing thread takes what they hold out
/// of the others' (see `ThreadCaches`), under `lock`; a shut-down one's cached instances too,
/// once each thread is out of any read of its entries (`discope_begin_cache_read`).
@usableFromInline
final class FastPathCache {
  /// `Slot.tag` flags. Container ids count up from 1 and never reach these bits.
  @usableFromInline static let named: UInt64 = 1 << 63
  @usableFromInline static let hasInstance: UInt64 = 1 << 62
  /// The instance is the route's registration's factory, or in it (a mock given as an instance),
  /// which the route keeps alive: the entry holds no reference of its own.
  static let boxInRoute: UInt64 = 1 << 61
  /// What an entry says of what it holds, as opposed to the key it holds it for.
  @usableFromInline static let holdingFlags: UInt64 = hasInstance | boxInRoute
  @usableFromInline static let flags: UInt64 = named | holdingFlags

  static let initialCapacity = 64
  /// 64 Ki entries (4 MiB): a thread resolving more distinct keys than three quarters of this
  /// starts over.
  static let maximumCapacity = 1 << 16
  // Every `@exclusivity(unchecked)` field of the table: written only by its own thread, or under
  // `lock` (the cold half of a released container's entries, `entriesByContainer`, `clearedCount`,
  // by a releasing thread), never `inout` across a call that reaches the same field; the dynamic
  // check would be a runtime call per access on the resolve path, which reads `slots` and `cold`.
  @exclusivity(unchecked) private(set) var slots: UnsafeMutablePointer<Slot>  // unchecked: see above
  @exclusivity(unchecked) private(set) var cold: UnsafeMutablePointer<ColdSlot>  // unchecked: see above
  @exclusivity(unchecked) private(set) var mask: Int  // unchecked: see above
  /// Keys in the table, live or cleared.
  @exclusivity(unchecked) var count = 0  // unchecked: own thread, under `lock`
  /// Keys of released containers left in place (those that did not end a probe run: see
  /// `clearReleased`): never looked up or written again, probes still pass them until the next
  /// rebuild, which these count toward. (A key cleared by a change to its registration
  /// is not counted: it is written again at the next resolve of it, and a mock swap clears and
  /// rewrites one on every swap, where a count would cost.)
  @exclusivity(unchecked) var clearedCount = 0  // unchecked: under `lock`
  /// Where each container's entries are, so that letting go of a container touches only its own
  /// entries, not the whole table. Indices hold until the table is rebuilt, which rebuilds this.
  /// Under `lock`: a thread releasing a container takes that container's entries out of it.
  @exclusivity(unchecked) var entriesByContainer: [UInt64: [Int]] = [:]  // unchecked: under `lock`
  /// Held by this table's thread where it adds a key, moves entries (a rebuild) or lets go of a
  /// released container's, and by any thread taking a released container's entries out of it
  /// (`ThreadCaches`); never by a hit, nor by a rewrite of a key already here. Guards
  /// `entriesByContainer`, `count`, `clearedCount`, which table `slots` and `cold` are, and the
  /// cold half of the entries `entriesByContainer` lists.
  let lock = Protected(())
  /// The state of the thread whose table this is, which owns it (set as the state is made).
  @exclusivity(unchecked) var owner: Unmanaged<ThreadState>?  // unchecked: set once, as the state is made

  /// Whether a resolve is under way on this thread (its chain is not empty).
  var isResolving: Bool {
    owner?._withUnsafeGuaranteedRef { !$0.chain.isEmpty } ?? false
  }

  /// Keeps what an entry held until the root resolve under way on this thread ends.
  private func park(_ held: Held) {
    owner.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.parked.append(held) }
  }

  /// The C thread-local record of the thread whose table this is (made on that thread), which
  /// says when it reads entries without a lock (`cache_reads`). Read by other threads only while
  /// the table is in `ThreadCaches`' list, which it leaves before its thread's record goes.
  let record: UnsafeMutablePointer<discope_thread_local_t>

  init() {
    (slots, cold) = Self.allocate(capacity: Self.initialCapacity)
    mask = Self.initialCapacity - 1
    record = discope_thread_local()
  }

  deinit {
    // Out of `ThreadCaches`' list already: its thread's exit took it out while it was alive.
    Self.deallocate(slots, cold, capacity: mask + 1)
  }

  /// Keeps the caller's inlined lookup (`lookUpOnThisThread`) from this table until
  /// `showToInlinedLookup()`: it misses with no index, so every resolve on the thread takes the
  /// general path, whose reads of the table (`route`, `store`) do not go through the record. For
  /// a thread gathering what a shared build holds, where a cached singleton answered inline
  /// would report no step. Call on the table's own thread.
  func hideFromInlinedLookup() {
    isHidden = true
    publish()
  }

  /// Undoes `hideFromInlinedLookup()`.
  func showToInlinedLookup() {
    isHidden = false
    publish()
  }

  /// A table of `capacity` empty entries; the hot half aligned to cache lines, so a slot never
  /// straddles two.
  private static func allocate(capacity: Int)
    -> (UnsafeMutablePointer<Slot>, UnsafeMutablePointer<ColdSlot>)
  {
    let hot = UnsafeMutableRawPointer.allocate(
      byteCount: capacity * MemoryLayout<Slot>.stride, alignment: 64
    ).bindMemory(to: Slot.self, capacity: capacity)
    hot.initialize(repeating: Slot(), count: capacity)
    let cold = UnsafeMutablePointer<ColdSlot>.allocate(capacity: capacity)
    cold.initialize(repeating: ColdSlot(), count: capacity)
    return (hot, cold)
  }

  private static func deallocate(
    _ slots: UnsafeMutablePointer<Slot>, _ cold: UnsafeMutablePointer<ColdSlot>, capacity: Int
  ) {
    slots.deinitialize(count: capacity)
    slots.deallocate()
    cold.deinitialize(count: capacity)
    cold.deallocate()
  }

  /// Whether the inlined lookup is kept from the table (see `hideFromInlinedLookup()`).
  @exclusivity(unchecked) private var isHidden = false  // unchecked: own thread; set around a shared build

  /// Points this thread's C record at the table; called whenever the table moves. While hidden,
  /// the record points at no table: the inlined lookup misses, with no index. Only ever on the
  /// table's own thread (it writes the caller's record): a rebuild, the state's making, a
  /// shared build hiding or showing the table.
  func publish() {
    let record = discope_thread_local()
    assert(record == self.record, "DIScope: a thread's cache table published from another thread")
    record.pointee.slots = isHidden ? nil : UnsafeMutableRawPointer(slots)
    record.pointee.cold = UnsafeMutableRawPointer(cold)
    record.pointee.mask = mask
  }

  /// Looks a key up in the calling thread's table, found through the C thread-local record (no
  /// call, no retain): the valid cached instance as a pointer to read it through with its own
  /// type, or `nil` and the entry's index for the slow path (-1 before the thread's first resolve).
  ///
  /// A hit is answered inside a cache read (`discope_begin_cache_read`), which the caller ends
  /// with `endReadOnThisThread()` once it holds its own copy of the instance: until then, a
  /// thread shutting the container down waits before it lets go of what this entry holds (see
  /// `ThreadCaches.forget(shutDown:own:)`). A miss has ended it already.
  @inlinable @inline(__always)
  static func lookUpOnThisThread<Service>(
    _: Service.Type, containerID: UInt64, name: String?, generation: () -> UInt64
  ) -> (instance: UnsafeRawPointer?, index: Int) {
    let record = discope_thread_local()
    guard let raw = record.pointee.slots, let rawCold = record.pointee.cold else { return (nil, -1) }
    let slots = raw.assumingMemoryBound(to: Slot.self)
    let index = probe(
      slots, rawCold.assumingMemoryBound(to: ColdSlot.self), mask: record.pointee.mask,
      containerID: containerID, typeID: ObjectIdentifier(Service.self), name: name)
    let slot = slots + index
    // A thread left inside a read keeps a shutdown (or change) on another thread waiting for it.
    assert(discope_cache_reads(record) & 1 == 0, Self.unendedReadMessage)
    discope_begin_cache_read(record)
    guard slot.pointee.tag & hasInstance != 0, slot.pointee.generation == generation() else {
      discope_end_cache_read(record)
      return (nil, index)
    }
    if InstanceBox.fitsInWord(Service.self) {
      return (UnsafeRawPointer(slot) + MemoryLayout<Slot>.offset(of: \Slot.word)!, index)
    }
    guard let box = UnsafeRawPointer(bitPattern: slot.pointee.word) else {
      discope_end_cache_read(record)
      return (nil, index)
    }
    return (box, index)
  }

  /// What a debug build says when a cache read begins inside another: a hit of
  /// `lookUpOnThisThread` or `observedSingleton` was not followed by `endReadOnThisThread()`.
  @usableFromInline static let unendedReadMessage =
    "DIScope: a cache read began before the last one on this thread ended (a hit of lookUpOnThisThread or observedSingleton must be followed by endReadOnThisThread())"

  /// Ends the cache read a hit of `lookUpOnThisThread` left open, once the caller holds its own
  /// copy of the instance.
  @inlinable @inline(__always)
  static func endReadOnThisThread() {
    let record = discope_thread_local()
    assert(discope_cache_reads(record) & 1 != 0, "DIScope: a cache read ended that had not begun")
    discope_end_cache_read(record)
  }

  /// The index of the entry holding the key here, or of the empty slot where it would go.
  func probe(containerID: UInt64, typeID: ObjectIdentifier, name: String?) -> Int {
    Self.probe(slots, cold, mask: mask, containerID: containerID, typeID: typeID, name: name)
  }

  /// Remembers `box` (a cached singleton) and `route` for a key, valid while `generation` lasts.
  /// With `answersInline` false (while observed) the caller's inlined lookup does not answer with
  /// the box: only `observedSingleton(at:typeID:generation:)` does, for a resolve that reports it.
  func store(
    containerID: UInt64, typeID: ObjectIdentifier, name: String?, generation: UInt64,
    box: InstanceBox?, route: Route?, answersInline: Bool = true
  ) {
    // A mock's box is its registration's factory, which the route holds for good: one
    // reference fewer to count as the entry is written and cleared.
    let boxInRoute = box != nil && route.map { $0.registration.storedFactory === box } == true
    // A box of the container's own (not a mock's) is kept only while the container that built
    // it is not shut down (see `write(at:)`).
    let builtIn = box != nil && !boxInRoute ? route.map { Unmanaged.passUnretained($0.owner) } : nil
    write(
      containerID: containerID, typeID: typeID, name: name, generation: generation,
      word: box?.word ?? 0, box: boxInRoute ? nil : box, route: route,
      holding: (box != nil && answersInline ? Self.hasInstance : 0)
        | (boxInRoute ? Self.boxInRoute : 0),
      builtIn: builtIn)
  }

  /// Remembers a mock just pushed: its instance is its route's registration's factory, or in it
  /// (a box), which the route holds for good, so the entry keeps no reference of its own.
  func storeMock(
    containerID: UInt64, typeID: ObjectIdentifier, name: String?, generation: UInt64,
    route: consuming Route, answersInline: Bool
  ) {
    let factory = Unmanaged.passUnretained(route.registration.storedFactory.unsafelyUnwrapped as AnyObject)
    let word =
      route.registration.factoryIsInstance
      ? UInt(bitPattern: factory.toOpaque())
      : factory._withUnsafeGuaranteedRef { unsafeDowncast($0, to: InstanceBox.self).word }
    write(
      containerID: containerID, typeID: typeID, name: name, generation: generation, word: word,
      box: nil, route: route, holding: (answersInline ? Self.hasInstance : 0) | Self.boxInRoute)
  }

  /// Remembers the route to a registration just pushed, if this thread has an entry for its key
  /// already (it resolved the key before): the next resolve of it here then skips the family
  /// lock and the stack lookup. A key this thread never resolved gets no entry, so registering
  /// thousands of services costs no thread a table of them.
  func storeRouteIfKnown(
    containerID: UInt64, typeID: ObjectIdentifier, name: String?, generation: UInt64,
    route: consuming Route
  ) {
    let index = probe(containerID: containerID, typeID: typeID, name: name)
    guard slots[index].typeID != nil else { return }
    write(
      at: index, containerID: containerID, typeID: typeID, name: name, generation: generation,
      word: 0, box: nil, route: consume route, holding: 0)
  }

  /// Writes the entry for a key; `holding` is its `hasInstance` and `boxInRoute` flags.
  @inline(__always)
  private func write(
    containerID: UInt64, typeID: ObjectIdentifier, name: String?, generation: UInt64, word: UInt,
    box: InstanceBox?, route: consuming Route?, holding: UInt64, builtIn: Unmanaged<Container>? = nil
  ) {
    var index = probe(containerID: containerID, typeID: typeID, name: name)
    if slots[index].typeID == nil {
      // A new key: its container's entries change, and the table may move.
      let moved = lock.withLock { _ -> RetiredTable? in
        let moved = (count + 1) * 4 > (mask + 1) * 3 ? growHoldingLock() : nil
        index = probe(containerID: containerID, typeID: typeID, name: name)
        count += 1
        entriesByContainer[containerID, default: []].append(index)
        return moved
      }
      if let moved { free(moved) }
    }
    write(
      at: index, containerID: containerID, typeID: typeID, name: name, generation: generation,
      word: word, box: box, route: route, holding: holding, builtIn: builtIn)
  }

  /// Writes the entry for a key at `index`, where a probe found the key already in the table.
  ///
  /// `builtIn` is the container that built `box`, which the entry keeps only while that container
  /// is not shut down: a resolve that read the box before a shutdown may store it after the
  /// shutting-down thread let go of every thread's entries (`ThreadCaches.forget(shutDown:own:)`).
  /// Asked under the table's lock, which that thread takes after marking the container shut down:
  /// either it sees the box here and takes it, or this sees the mark and keeps the route alone.
  @inline(__always)
  private func write(
    at index: Int, containerID: UInt64, typeID: ObjectIdentifier, name: String?,
    generation: UInt64, word: UInt, box: InstanceBox?, route: consuming Route?, holding: UInt64,
    builtIn: Unmanaged<Container>? = nil
  ) {
    // What the entry held is moved out, and released only once the entry is written (see
    // `clear`). Under the table's lock, which is biased to this thread (no atomic instruction
    // until another thread takes it): a thread shutting a container down may be taking what this
    // entry's cold half holds (`takeBoxesOfShutDown`).
    var pending = consume route
    var replaced = lock.withLock { _ in
      let replaced = (cold + index).move()
      let isRefused = builtIn?._withUnsafeGuaranteedRef { $0.hasShutDown.load(ordering: .acquiring) } == true
      slots[index].typeID = typeID
      slots[index].tag =
        (name == nil ? containerID : containerID | Self.named) | (isRefused ? 0 : holding)
      slots[index].generation = generation
      slots[index].word = isRefused ? 0 : word
      // The route taken, not copied, into the closure (a copy counts every reference twice).
      (cold + index).initialize(to: ColdSlot(name: name, box: isRefused ? nil : box, route: pending.take()))
      return replaced
    }
    // Taken out, not copied (a copy counts every reference twice).
    discard(Held(box: replaced.box.take(), route: replaced.route.take()))
  }

  /// Lets go of what an entry held, or, while a resolve is under way on this thread, parks it on
  /// the thread until the root resolve ends: a routed build runs the factory of a registration
  /// this table's entry holds, without a reference of its own (see `Container.RoutedBuild`), and
  /// that factory may change the very key it was found by.
  @inline(__always)
  func discard(_ held: consuming Held) {
    if held.route != nil && isResolving { park(held) }
  }

  /// Drops what this thread holds for a key (the entry stays, so probing still passes it).
  func forget(containerID: UInt64, typeID: ObjectIdentifier, name: String?) {
    let index = probe(containerID: containerID, typeID: typeID, name: name)
    guard slots[index].typeID != nil else { return }
    // Released once the entry is cleared (see `clear`), here: a key's own change is the usual
    // caller (a mock taken off), and what the entry held goes with this scope unless parked.
    // Under the table's lock, as `write(at:)` is.
    let (box, route) = lock.withLock { _ in
      slots[index].generation = 0
      slots[index].tag &= ~Self.holdingFlags
      slots[index].word = 0
      return (cold[index].box.take(), cold[index].route.take())
    }
    if route != nil && isResolving { park(Held(box: box, route: route)) }
  }

  /// Empties the entry at `index`, keeping its key (and name) so probes still pass it, and hands
  /// back what it held. Callers release that only when done with the table: releasing an
  /// instance can release a container, whose deinit compacts this very table
  /// (`forget(containerID:)`).
  func clear(_ index: Int) -> Held {
    slots[index].generation = 0
    slots[index].tag &= ~Self.holdingFlags
    slots[index].word = 0
    // Taken out in place, not copied: a copy and a reset would count every reference twice.
    return Held(box: cold[index].box.take(), route: cold[index].route.take())
  }

  /// Doubles the table, keeping live entries; past `maximumCapacity`, starts over empty. Under
  /// `lock`; the caller frees the table it returns once the lock is given back.
  private func growHoldingLock() -> RetiredTable {
    let capacity = mask + 1
    if capacity >= Self.maximumCapacity {
      return rebuildHoldingLock(capacity: Self.initialCapacity, keepingEntries: false)
    }
    return rebuildHoldingLock(capacity: capacity * 2, keepingEntries: true)
  }

  /// A table the cache moved out of, to free out of the lock.
  struct RetiredTable {
    let slots: UnsafeMutablePointer<Slot>
    let cold: UnsafeMutablePointer<ColdSlot>
    let capacity: Int
    /// Whether its entries were dropped rather than moved.
    let droppedEntries: Bool
  }

  /// Moves the live entries into a new table of `capacity` entries (or drops them all), leaving
  /// cleared ones behind: probes no longer pass them. The new table is in place, and published,
  /// before the old one is freed: freeing releases what dropped entries held, and that can run
  /// code that resolves on this thread.
  func rebuild(capacity: Int, keepingEntries: Bool) {
    let retired = lock.withLock { _ in rebuildHoldingLock(capacity: capacity, keepingEntries: keepingEntries) }
    free(retired)
  }

  /// `rebuild`, under `lock`: the entries `entriesByContainer` lists move (a released container's,
  /// taken out by another thread, are no longer listed, and stay behind).
  func rebuildHoldingLock(capacity: Int, keepingEntries: Bool) -> RetiredTable {
    let (oldSlots, oldCold, oldCapacity) = (slots, cold, mask + 1)
    let listed = entriesByContainer
    (slots, cold) = Self.allocate(capacity: capacity)
    mask = capacity - 1
    count = 0
    clearedCount = 0
    entriesByContainer = [:]
    if keepingEntries {
      for (containerID, indices) in listed {
        for old in indices where oldSlots[old].generation != 0 {
          guard let typeID = oldSlots[old].typeID else { continue }
          let index = probe(containerID: containerID, typeID: typeID, name: oldCold[old].name)
          slots[index] = oldSlots[old]
          cold[index] = oldCold[old]
          count += 1
          entriesByContainer[containerID, default: []].append(index)
        }
      }
    }
    publish()
    return RetiredTable(slots: oldSlots, cold: oldCold, capacity: oldCapacity, droppedEntries: !keepingEntries)
  }

  /// Frees a table the cache moved out of (out of `lock`): what its dropped entries held is
  /// parked while a resolve is under way on this thread, released otherwise.
  func free(_ retired: RetiredTable) {
    if retired.droppedEntries && isResolving {
      for old in 0..<retired.capacity where retired.cold[old].route != nil {
        discard(Held(box: retired.cold[old].box, route: retired.cold[old].route))
      }
    }
    Self.deallocate(retired.slots, retired.cold, capacity: retired.capacity)
  }
}
