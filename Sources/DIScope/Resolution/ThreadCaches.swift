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
}
