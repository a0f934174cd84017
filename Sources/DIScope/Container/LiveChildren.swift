/// The children a family made while it was observed, held weakly: what a debugger lists as the
/// app's live containers (each request's child, a session's), and what it can step into.
///
/// Kept only while the family is observed: an app nobody watches pays one relaxed load per child
/// it makes. A child made before the first observer came is not listed (a request's child lives
/// a few milliseconds; the next requests' are). Weak references keep nothing alive: a child goes
/// when the app lets go of it, and drops out of the list at the next read.
final class LiveChildren: Sendable {
  private struct Table {
    var entries: [WeakChild] = []
    /// The count at which the next `note` sweeps out the children that are gone.
    var sweepAt = 64
    /// Whether a `note` is sweeping now (one at a time: the others only append).
    var isSweeping = false
  }

  private struct WeakChild {
    weak var container: Container?
  }

  /// `Protected`, not `Mutex`: the thread sanitizer sees through it (see `Protected`), so the
  /// stress runs check this lock too.
  private let table = Protected(Table())

  /// Lists `child`, newly made.
  func note(_ child: Container) {
    let swept = table.withLock { table -> [WeakChild]? in
      table.entries.append(WeakChild(container: child))
      guard table.entries.count >= table.sweepAt, !table.isSweeping else { return nil }
      table.isSweeping = true
      return table.entries
    }
    guard let swept else { return }
    // Swept out of the lock: loading a weak reference retains the child for a moment, and the
    // last release of one runs its deinit, which releases what it cached; their deinits may make
    // children of their own, which would wait here forever. The table keeps every entry
    // meanwhile, so that a listing made during the sweep misses no child.
    let survivors = swept.filter { $0.container != nil }
    table.withLock { table in
      // Only appended to since (the one sweeper is this one): what came after stays.
      table.entries = survivors + table.entries[swept.count...]
      table.sweepAt = max(64, table.entries.count * 2)
      table.isSweeping = false
    }
  }

  /// The children alive now, oldest first.
  var containers: [Container] {
    // Copied under the lock (a weak copy touches no strong count), loaded out of it.
    let entries = table.withLock { $0.entries }
    return entries.compactMap(\.container)
  }
}
