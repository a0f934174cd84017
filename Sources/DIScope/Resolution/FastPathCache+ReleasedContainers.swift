/// Letting go of released containers' entries: a child per request is made, used and released
/// on one thread, over and over, and its entries must neither linger nor force a rebuild.
extension FastPathCache {
  /// Drops this thread's entries for one container (the one being released), leaving every other
  /// container's warm entries alone.
  func forget(containerID: UInt64) {
    guard let indices = entriesByContainer.removeValue(forKey: containerID) else { return }
    let released = clearReleased(indices)
    compactIfMostlyCleared()
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
  private func compactIfMostlyCleared() {
    guard clearedCount * 4 > mask + 1 else { return }
    let live = count - clearedCount  // at least the live entries; the rebuild keeps only those
    var capacity = Self.initialCapacity
    while live * 2 > capacity { capacity *= 2 }
    rebuild(capacity: capacity, keepingEntries: true)
  }

  /// Lets go of what this thread holds for containers released since it last looked, on any
  /// thread. Call it only where releasing an instance may run any code: no lock held, no resolve
  /// under way on this thread.
  @inline(__always)
  func letGoOfReleasedContainers() {
    if ReleasedContainers.count != releasesSeen { catchUpWithReleasedContainers() }
  }

  /// After this thread released a container and let go of its entries itself: if that release
  /// is the only one since this table last caught up (`count` being the log's count with it), the
  /// table is caught up still. A thread that makes and releases a child per request then never
  /// reads the log back at its next resolve.
  func sawOwnRelease(upTo count: UInt64) {
    if releasesSeen &+ 1 == count { releasesSeen = count }
  }

  @inline(never)
  private func catchUpWithReleasedContainers() {
    let (released, total) = ReleasedContainers.released(after: releasesSeen)
    releasesSeen = total
    guard let released else {
      forgetEverything()
      return
    }
    var held: [Held] = []
    for id in released {
      guard let indices = entriesByContainer.removeValue(forKey: id) else { continue }
      held += clearReleased(indices)
    }
    guard !held.isEmpty else { return }
    compactIfMostlyCleared()
    // Released once the table is consistent (see `clear`).
    for slot in held { discard(slot) }
  }

  /// Drops every entry on this thread.
  func forgetEverything() {
    rebuild(capacity: Self.initialCapacity, keepingEntries: false)
  }
}
