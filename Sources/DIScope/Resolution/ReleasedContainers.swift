import CDIScopeRuntime

/// The ids of the containers released in this process, in order: how each thread's cache learns
/// that entries it holds can never be looked up again.
///
/// A container's deinit clears the releasing thread's entries at once, but it cannot touch another
/// thread's table, which only its own thread reads without a lock. Without this log, a thread that
/// had resolved in a request's child container would keep that child's singletons alive (a
/// database session, a file handle) until its table filled up, long after the request ended. With
/// it, each thread lets go of them at its next root resolve that misses its cache, or its next mock
/// pushed: points where releasing an instance may run any code.
///
/// The log keeps the last `capacity` ids. A thread that falls further behind than that empties
/// its whole table instead: a cache may always forget.
enum ReleasedContainers {
  static let capacity = 1024

  /// How many containers have been released so far: what a thread compares with the count it last
  /// caught up to, with one load of a rarely written word (a C atomic: see `ReleasedCount.h`).
  static var count: UInt64 { discope_released_count() }
  /// A pthread mutex (`Protected`), like the family lock, so the thread sanitizer checks it.
  private static let log = Protected(Log())

  private struct Log {
    var ids = [UInt64](repeating: 0, count: ReleasedContainers.capacity)
    var count: UInt64 = 0
  }

  /// Records that the container with `id` was released; returns the count it brings the log to.
  @discardableResult
  static func record(_ id: UInt64) -> UInt64 {
    log.withLock { log in
      log.ids[Int(log.count % UInt64(capacity))] = id
      log.count += 1
      discope_set_released_count(log.count)
      return log.count
    }
  }

  /// The ids released after the first `seen`, oldest first, or `nil` if the log no longer reaches
  /// back that far; and the count they bring the caller up to.
  static func released(after seen: UInt64) -> (ids: [UInt64]?, count: UInt64) {
    log.withLock { log in
      guard log.count - seen <= UInt64(capacity) else { return (nil, log.count) }
      return ((seen..<log.count).map { log.ids[Int($0 % UInt64(capacity))] }, log.count)
    }
  }
}
