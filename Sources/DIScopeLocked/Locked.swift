#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a mutex, shareable between threads: the script session's stores and buffers
/// that factories and observers (which may run on any thread) write into, and the debug server's
/// state and transport (`package`: for this package's modules, not its users). A module of its own,
/// below every module that uses it, so that none imports another only for it (the debug server's
/// transport imported the script interpreter for it); not the container's, which has its own lock
/// (`Protected`) and no use for this one.
///
/// A pthread mutex, not `Synchronization.Mutex`: the standard library is built without the
/// thread sanitizer, which then cannot see that lock taken and reports every access under it as
/// a race; sessions over an app's busy container run under it in `Scripts/test`.
///
/// `@unchecked Sendable`: the value is only reached inside `withLock`, under the mutex, and is
/// itself `Sendable`.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  package init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
