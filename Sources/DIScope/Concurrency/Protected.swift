#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a mutex, for state that holds resolved instances.
///
/// `Synchronization.Mutex` demands that what goes in and out be `sending`; a container's cache
/// holds instances of arbitrary, often non-`Sendable` types that it shares across threads by
/// contract (a singleton *is* shared), so that check cannot be met here.
///
/// `@unchecked Sendable`: every access to `value` happens inside `withLock`, under `mutex`.
final class Protected<Value>: @unchecked Sendable {
  @exclusivity(unchecked) private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

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

  @inline(__always)
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
