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
/// contract (a singleton *is* shared), so that check cannot be met here. A pthread mutex also keeps
/// the thread sanitizer able to see the locking in `Scripts/test`'s stress run.
///
/// The value and the lock (a mutex and a condition variable) live at fixed addresses the object
/// owns, so that taking the lock touches no reference count: a mock swap takes it twice.
///
/// `@unchecked Sendable`: every access to the value happens inside `withLock`, under the mutex.
final class Protected<Value>: @unchecked Sendable {
  private struct Lock {
    var mutex = pthread_mutex_t()
    var condition = pthread_cond_t()
  }
  private let value: UnsafeMutablePointer<Value>
  private let lock: UnsafeMutablePointer<Lock>

  init(_ value: Value) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
    lock = .allocate(capacity: 1)
    lock.initialize(to: Lock())
    pthread_mutex_init(&lock.pointee.mutex, nil)
    pthread_cond_init(&lock.pointee.condition, nil)
  }

  deinit {
    pthread_cond_destroy(&lock.pointee.condition)
    pthread_mutex_destroy(&lock.pointee.mutex)
    lock.deinitialize(count: 1)
    lock.deallocate()
    value.deinitialize(count: 1)
    value.deallocate()
  }

  @inline(__always)
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(&lock.pointee.mutex)
    defer { pthread_mutex_unlock(&lock.pointee.mutex) }
    return try body(&value.pointee)
  }

  /// Whether `pointer` is the address of the value: what `withLock` hands its body is, so a
  /// callee given the locked value `inout` can check that it came from this lock.
  func holds(_ pointer: UnsafeMutablePointer<Value>) -> Bool {
    pointer == value
  }

  /// Waits for `broadcast()`; call only inside `withLock` (the mutex is released while waiting).
  func wait() {
    _ = pthread_cond_wait(&lock.pointee.condition, &lock.pointee.mutex)
  }

  /// Wakes every thread in `wait()`.
  func broadcast() {
    _ = pthread_cond_broadcast(&lock.pointee.condition)
  }
}
