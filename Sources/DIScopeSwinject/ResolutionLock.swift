import CDIScopeRuntime

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The recursive lock a synchronized resolver (`synchronize()`) holds around each resolve: a
/// pthread recursive mutex that a thread finding it taken tries again for a while before it
/// sleeps.
///
/// Held for one resolve (a few hundred nanoseconds here, where Swinject's takes microseconds), the
/// lock is usually given back long before a sleeping waiter could be woken: a waiter that sleeps
/// pays two system calls and a wake-up on every hand-over, which made four threads through
/// `synchronize()` slower than one. Spinning a bounded number of tries first keeps the hand-over
/// in user space; a waiter still sleeps when the holder takes long (a slow factory), so no core
/// is burnt for it. A pthread mutex, which the thread sanitizer understands.
@usableFromInline
final class ResolutionLock: @unchecked Sendable {
  // @unchecked Sendable: the mutex is made once, in `init`, and used only through pthread's own
  // calls, which are safe from any thread; its storage is never moved (allocated, not inline).
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// How many times a thread tries a taken lock again before it sleeps: about a microsecond and
  /// a half of tries on the project's machines, a few resolves' worth.
  private static let triesBeforeSleeping = 100

  init() {
    mutex = .allocate(capacity: 1)
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Takes the lock (again, if this thread holds it).
  @usableFromInline
  func lock() {
    if pthread_mutex_trylock(mutex) == 0 { return }
    for _ in 0..<Self.triesBeforeSleeping {
      discope_spin_pause()
      if pthread_mutex_trylock(mutex) == 0 { return }
    }
    pthread_mutex_lock(mutex)
  }

  /// Gives back one taking of the lock.
  @usableFromInline
  func unlock() {
    pthread_mutex_unlock(mutex)
  }
}
