/// Letting go of released containers' entries: a child per request is made, used and released
/// on one thread, over and over, and its entries must neither linger nor force a rebuild; and a
/// container released on one thread takes its entries out of every other thread's table (see
/// `ThreadCaches`).
extension FastPathCache {
  /// Drops this thread's entries for one container (the one being released), leaving every other
  /// container's warm entries alone.
  func forget(containerID: UInt64) {
    let (released, retired) = lock.withLock { _ -> ([Held], RetiredTable?) in
      guard let indices = entriesByContainer.removeValue(forKey: containerID) else { return ([], nil) }
      let released = clearReleased(indices)
      return (released, compactHoldingLockIfMostlyCleared())
    }
    if let retired { free(retired) }
    for held in released { discard(held) }
  }

  /// Clears a released container's entries (at `indices`); returns what they held, for the
  /// caller to release. An entry that ends a probe run (the next slot is empty) is emptied
  /// outright, and then so may the one before it: no probe passes an entry there, so it need not
  /// wait for a rebuild. A thread that makes, uses and releases a child per request then leaves
  /// no dead entries behind, and never rebuilds its table for them.
  private func clearReleased(_ indices: [Int]) -> [Held] {
    var held: [Held] = []
    held.reserveCapacity(indices.count)
    for index in indices { held.append(clear(index)) }
    var emptied = 0
    var isEmptying = true
    while isEmptying {
      isEmptying = false
      // Safe to empty only if no key's probe run goes through it: a run is contiguous, so one
      // through `index` would go on to the slot after it, which is empty.
      for index in indices
      where slots[index].typeID != nil && slots[(index &+ 1) & mask].typeID == nil {
        slots[index].typeID = nil
        slots[index].tag = 0
        cold[index].name = nil
        count -= 1
        emptied += 1
        isEmptying = true
      }
    }
    clearedCount += indices.count - emptied
    return held
  }


  /// Once cleared entries fill a quarter of the table, compacts it: a process that makes and drops
  /// many containers (a test suite, a child per request) keeps neither long probes past dead
  /// entries nor a table sized for containers long gone.
  private func compactHoldingLockIfMostlyCleared() -> RetiredTable? {
    guard clearedCount * 4 > mask + 1 else { return nil }
    let live = count - clearedCount  // at least the live entries; the rebuild keeps only those
    var capacity = Self.initialCapacity
    while live * 2 > capacity { capacity *= 2 }
    return rebuildHoldingLock(capacity: capacity, keepingEntries: true)
  }

  /// Takes out what this table's entries hold for the released container `containerID`, for
  /// another thread (the releasing one) to release: the references in the cold half, which no
  /// hit reads, under the table's lock. The hot slots stay as they are (this table's own thread
  /// reads them without a lock, and an entry of a released container never matches a probe
  /// again); the next rebuild drops them.
  func takeEntriesOfReleased(containerID: UInt64) -> [Held] {
    lock.withLock { _ in
      guard let indices = entriesByContainer.removeValue(forKey: containerID) else { return [] }
      clearedCount += indices.count
      return indices.map { Held(box: cold[$0].box.take(), route: cold[$0].route.take()) }
    }
  }

  /// Takes out the boxes (the cached instances) this table's entries hold for the shut-down
  /// container `containerID`, for another thread (the one shutting it down) to release, under
  /// `lock`; that thread waited for this table's thread to leave any cache read first (see
  /// `ThreadCaches.forget(shutDown:own:)`). The entries stay, routes and all, invalid for good
  /// (the shutdown bumped the generation, which only grows): a shut-down container is still
  /// referenced, and its registrations are its own, not what it built.
  func takeBoxesOfShutDown(containerID: UInt64) -> [InstanceBox] {
    lock.withLock { _ in
      guard let indices = entriesByContainer[containerID] else { return [] }
      return indices.compactMap { takeBox(at: $0) }
    }
  }

  /// Takes out the boxes this table's entries under `containerID` (a live child of a container
  /// shutting down) hold of what `owner` built: a child that registered a key itself resolves
  /// its parent's singleton of that key through an entry of its own (`entryOwner(for:)`). Under
  /// `lock`, as `takeBoxesOfShutDown`.
  func takeBoxes(under containerID: UInt64, builtBy owner: Container) -> [InstanceBox] {
    lock.withLock { _ in
      guard let indices = entriesByContainer[containerID] else { return [] }
      return indices.compactMap { index in
        // The route through its field's own address (see `takeBox(at:)`).
        let route = (UnsafeMutableRawPointer(cold + index)
          + MemoryLayout<ColdSlot>.offset(of: \ColdSlot.route)!).assumingMemoryBound(to: Route?.self)
        guard route.pointee.map({ $0.owner === owner }) == true else { return nil }
        return takeBox(at: index)
      }
    }
  }

  /// Takes out the box this table's entry for a key holds, for another thread (one that changed
  /// the key) to release, under `lock`, as `takeBoxesOfShutDown` does for every key.
  func takeBox(containerID: UInt64, typeID: ObjectIdentifier, name: String?) -> [InstanceBox] {
    lock.withLock { _ in
      let index = probe(containerID: containerID, typeID: typeID, name: name)
      guard slots[index].typeID != nil else { return [] }
      return takeBox(at: index).map { [$0] } ?? []
    }
  }

  /// Whether this table's entry for a key holds a box (under `lock`).
  func hasBox(containerID: UInt64, typeID: ObjectIdentifier, name: String?) -> Bool {
    lock.withLock { _ in
      let index = probe(containerID: containerID, typeID: typeID, name: name)
      return slots[index].typeID != nil && boxField(at: index).pointee != nil
    }
  }

  /// Takes the box out of the entry at `index`, through the box field's own address: this
  /// table's thread may be reading the same entry's route meanwhile, without the lock
  /// (`validRoute`), which is no race, but an access to the whole entry (`cold[index].box`) would
  /// be one to the thread sanitizer.
  private func takeBox(at index: Int) -> InstanceBox? {
    boxField(at: index).pointee.take()
  }

  private func boxField(at index: Int) -> UnsafeMutablePointer<InstanceBox?> {
    (UnsafeMutableRawPointer(cold + index) + MemoryLayout<ColdSlot>.offset(of: \ColdSlot.box)!)
      .assumingMemoryBound(to: InstanceBox?.self)
  }

  /// Whether this table has entries for `containerID` (under `lock`).
  func hasEntries(of containerID: UInt64) -> Bool {
    lock.withLock { _ in entriesByContainer[containerID] != nil }
  }

  /// Drops every entry on this thread.
  func forgetEverything() {
    rebuild(capacity: Self.initialCapacity, keepingEntries: false)
  }

}
