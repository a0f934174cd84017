#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a pthread mutex.
///
/// Not `Synchronization.Mutex`: the standard library is built without the thread sanitizer, so
/// the sanitizer cannot see that lock taken and reports every access under it as a race;
/// `Scripts/test` runs the debug server's tests under it (as the container's `Protected` does
/// for its stress tests).
///
/// `@unchecked Sendable`: the value is only reached inside `withLock`, under the mutex; values
/// that cross threads through it are `Sendable` (checked at the declarations that use it).
final class Guarded<Value>: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  init(_ value: Value) {
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

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
