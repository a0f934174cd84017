import CDIScopeRuntime
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every thread's cache, so that a released container's entries go from all of them at once.
///
/// A thread's table is read without a lock by its own thread; no other thread may write the
/// slots a hit reads. But what an entry of a released container holds (the registration its
/// route names, the box that keeps its instance alive) is in the table's cold half, which no hit
/// reads: an entry keyed by a released container's id can never be looked up again (ids are never
/// reused, and resolving in a container needs a reference to it, which no one has once it is
/// released). So the releasing thread takes those references out of every other thread's cold
/// half, under that table's own lock, and releases them itself: the container's singletons go
/// when it goes, whichever threads resolved them, whether or not those threads ever resolve again.
/// The table's owner takes the same lock only where it moves entries or changes which entries a
/// container has (a new key, a rebuild, a release of its own): never on a hit, and never on the
/// rewrite of a key it already has (a mock swap, a push over a resolved key).
///
/// The list holds each table unretained: a table leaves it (under the list's lock) as its thread
/// exits, while its state still holds it, and only then is let go of; so a releasing thread never
/// touches a freed table, nor holds the last reference to one (whose deinit would then run under
/// the list's lock).
enum ThreadCaches {
  /// The family lock's kind of lock (`Protected`), so the thread sanitizer checks it.
  private static let tables = Protected<[Unmanaged<FastPathCache>]>([])

  /// Adds a thread's table (as its state is made).
  static func add(_ cache: FastPathCache) {
    tables.withLock { $0.append(Unmanaged.passUnretained(cache)) }
  }

  /// Takes a table out of the list (as its thread exits, while its state still holds it).
  static func remove(_ cache: FastPathCache) {
    tables.withLock { tables in
      tables.removeAll { $0.toOpaque() == Unmanaged.passUnretained(cache).toOpaque() }
    }
  }

  /// Lets go of what every thread's table holds for the released container `containerID`:
  /// `own`, the releasing thread's, as it always did (parked if a resolve is under way on it),
  /// and every other table's, taken out under its lock and released here, out of every lock.
  static func forget(containerID: UInt64, own: FastPathCache) {
    own.forget(containerID: containerID)
    let taken = tables.withLock { tables -> [FastPathCache.Held] in
      var taken: [FastPathCache.Held] = []
      for table in tables where table.toOpaque() != Unmanaged.passUnretained(own).toOpaque() {
        table._withUnsafeGuaranteedRef { taken += $0.takeEntriesOfReleased(containerID: containerID) }
      }
      return taken
    }
    // Released here: a deinit may release another container, which comes back here.
    withExtendedLifetime(taken) {}
  }

  /// Lets go of what every thread's table holds of what the shut-down container `containerID`
  /// built: `own`'s entries as a release does, and the cached instances in every other table's,
  /// taken out here. Called after the shutdown bumped the container's generation.
  /// `children` are the ids of the container's live descendants, whose own entries may hold
  /// what it built (see `FastPathCache.takeBoxes(under:builtBy:)`).
  static func forget(shutDown container: Container, children: [UInt64], own: FastPathCache) {
    let containerID = container.id.raw
    own.forget(containerID: containerID)
    var taken: [InstanceBox] = []
    for child in children { taken += own.takeBoxes(under: child, builtBy: container) }
    takeFromOtherTables(
      than: own,
      holding: { table in
        table.hasEntries(of: containerID) || children.contains { table.hasEntries(of: $0) }
      },
      take: { table in
        var taken = table.takeBoxesOfShutDown(containerID: containerID)
        for child in children { taken += table.takeBoxes(under: child, builtBy: container) }
        return taken
      })
    withExtendedLifetime(taken) {}  // this thread's, released out of its table's lock
  }

  /// Lets go of the instance every other thread's entry for `key` (under `containerID`) holds,
  /// after a change that let go of it (a removal, a scope or caching change) and bumped the
  /// container's generation: as for a shutdown, but one key.
  static func forget(changedKey key: ServiceKey, of containerID: UInt64, own: FastPathCache) {
    let name = key.entryName
    takeFromOtherTables(
      than: own, holding: { $0.hasBox(containerID: containerID, typeID: key.typeID, name: name) },
      take: { $0.takeBox(containerID: containerID, typeID: key.typeID, name: name) })
  }

  /// Takes cached instances out of the tables other than `own` for which `holding` is true, with
  /// `take`, once each table's thread is out of any cache read; releases them here.
  ///
  /// Unlike a released container, a shut-down or changed one is still referenced, and another
  /// thread may be resolving from it at this very moment: between its generation check and its
  /// retain of the instance an entry holds (a cache read, `discope_begin_cache_read`). So this
  /// runs the heavy fence first (the caller bumped the generation before), then waits, for each
  /// table, until its thread is out of any cache read it was in: every read it starts after the
  /// fence sees the bump, and takes nothing from the entry. That thread's own writes to its
  /// entries take the table's lock, as `take` does. Nothing else a table's thread reads without
  /// the lock (the routes) is taken: the registrations stay with the container.
  private static func takeFromOtherTables(
    than own: FastPathCache, holding: (FastPathCache) -> Bool,
    take: (FastPathCache) -> [InstanceBox]
  ) {
    let taken = tables.withLock { tables -> [InstanceBox] in
      let holdingTables = tables.filter { table in
        table.toOpaque() != Unmanaged.passUnretained(own).toOpaque()
          && table._withUnsafeGuaranteedRef(holding)
      }
      guard !holdingTables.isEmpty else { return [] }
      if discope_heavy_fence_is_available() {
        discope_heavy_fence()
      } else {
        atomicMemoryFence(ordering: .sequentiallyConsistent)
      }
      var taken: [InstanceBox] = []
      for table in holdingTables {
        table._withUnsafeGuaranteedRef { table in
          waitUntilOutOfCacheRead(table.record)
          taken += take(table)
        }
      }
      return taken
    }
    // Released here, out of every lock: a deinit may release, change or shut down a container.
    withExtendedLifetime(taken) {}
  }

  /// Waits until the thread of `record` is out of the cache read it is in, if any: its count is
  /// even, or has moved on (a read it starts now sees what the caller changed before its fence).
  /// A read is a few instructions, but its thread may be descheduled inside: so this spins, then
  /// yields, then sleeps, as the lock's revocation does (`Protected.revokeBias`).
  private static func waitUntilOutOfCacheRead(_ record: UnsafeMutablePointer<discope_thread_local_t>) {
    let seen = discope_cache_reads(record)
    guard seen & 1 != 0 else { return }
    var tries = 0
    while discope_cache_reads(record) == seen {
      tries += 1
      if tries <= 100 {
        discope_spin_pause()
      } else if tries <= 1_100 {
        sched_yield()
      } else {
        usleep(50)
        // No read lasts half a minute: one was begun and never ended (a debug build says so
        // rather than hang; a release build waits on, which only ever costs this thread).
        assert(
          tries < 1_100 + 600_000,
          "DIScope: another thread has been inside a cache read for 30 s; a read was begun and never ended")
      }
    }
  }
}
