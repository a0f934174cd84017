#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import Synchronization

/// A value behind a lock, for state that holds resolved instances.
///
/// `Synchronization.Mutex` demands that what goes in and out be `sending`; a container's cache
/// holds instances of arbitrary, often non-`Sendable` types that it shares across threads by
/// contract (a singleton *is* shared), so that check cannot be met here.
///
/// **The lock is one atomic word, taken and given back inline** (Drepper's three-state mutex:
/// 0 free, 1 held, 2 held with threads waiting): an uncontended `withLock` is one compare-exchange
/// and one exchange, with no call. A mock swap takes the family lock twice and a swap through
/// `register` four times, and a pthread mutex's calls cost as much again as its two atomic
/// instructions. Only contention parks: a thread that finds the word held waits on a pthread
/// condition under a pthread mutex (`park`), which the holder signals when it gives the word back
/// with waiters. `wait()` and `broadcast()` (a thread waiting for another's build) use a second
/// condition under the same park mutex, with a sequence number, so no broadcast is lost between
/// giving the lock back and starting to wait. The thread sanitizer sees the word's acquiring and
/// releasing operations, and the park's pthread calls, so `Scripts/test`'s stress run still
/// checks this lock.
///
/// The value and the park live at fixed addresses the object owns, so that taking the lock
/// touches no reference count.
///
/// `@unchecked Sendable`: every access to the value happens inside `withLock`, with the word held.
final class Protected<Value>: @unchecked Sendable {
  private struct Park {
    var mutex = pthread_mutex_t()
    /// Threads waiting for the word.
    var lockWaiters = pthread_cond_t()
    /// Threads in `wait()`.
    var condition = pthread_cond_t()
  }

  private static var free: UInt32 { 0 }
  private static var held: UInt32 { 1 }
  private static var heldWithWaiters: UInt32 { 2 }

  private let word = Atomic<UInt32>(0)
  /// Bumped by every `broadcast()`, under the lock: a thread in `wait()` waits until it changes.
  private let broadcasts = Atomic<UInt64>(0)
  private let value: UnsafeMutablePointer<Value>
  private let park: UnsafeMutablePointer<Park>

  init(_ value: Value) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
    park = .allocate(capacity: 1)
    park.initialize(to: Park())
    pthread_mutex_init(&park.pointee.mutex, nil)
    pthread_cond_init(&park.pointee.lockWaiters, nil)
    pthread_cond_init(&park.pointee.condition, nil)
  }

  deinit {
    pthread_cond_destroy(&park.pointee.condition)
    pthread_cond_destroy(&park.pointee.lockWaiters)
    pthread_mutex_destroy(&park.pointee.mutex)
    park.deinitialize(count: 1)
    park.deallocate()
    value.deinitialize(count: 1)
    value.deallocate()
  }

  @inline(__always)
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock()
    defer { unlock() }
    return try body(&value.pointee)
  }

  @inline(__always)
  private func lock() {
    if !word.compareExchange(expected: Self.free, desired: Self.held, ordering: .acquiring).exchanged {
      lockContended()
    }
  }

  @inline(__always)
  private func unlock() {
    if word.exchange(Self.free, ordering: .releasing) == Self.heldWithWaiters { wakeOneLockWaiter() }
  }

  /// Waits for the word under the park mutex. Marking it "held with waiters" before waiting makes
  /// the holder's `unlock` signal; it cannot signal before this thread waits, since it needs the
  /// park mutex to. A thread that gets the word this way holds it marked so, and signals on giving
  /// it back whether or not anyone still waits: at worst one wake for nothing.
  @inline(never)
  private func lockContended() {
    pthread_mutex_lock(&park.pointee.mutex)
    while word.exchange(Self.heldWithWaiters, ordering: .acquiring) != Self.free {
      pthread_cond_wait(&park.pointee.lockWaiters, &park.pointee.mutex)
    }
    pthread_mutex_unlock(&park.pointee.mutex)
  }

  @inline(never)
  private func wakeOneLockWaiter() {
    pthread_mutex_lock(&park.pointee.mutex)
    pthread_cond_signal(&park.pointee.lockWaiters)
    pthread_mutex_unlock(&park.pointee.mutex)
  }

  /// Whether `pointer` is the address of the value: what `withLock` hands its body is, so a
  /// callee given the locked value `inout` can check that it came from this lock.
  func holds(_ pointer: UnsafeMutablePointer<Value>) -> Bool {
    pointer == value
  }

  /// Gives the lock back, waits for a `broadcast()`, and takes the lock again; call only inside
  /// `withLock`. May return without a broadcast (callers wait in a loop on their own condition).
  func wait() {
    let seen = broadcasts.load(ordering: .relaxed)
    unlock()
    pthread_mutex_lock(&park.pointee.mutex)
    // A broadcast after `unlock` bumped the number before taking the park mutex to wake anyone:
    // seen here, or this thread is waiting by the time it wakes them.
    while broadcasts.load(ordering: .acquiring) == seen {
      pthread_cond_wait(&park.pointee.condition, &park.pointee.mutex)
    }
    pthread_mutex_unlock(&park.pointee.mutex)
    lock()
  }

  /// Wakes every thread in `wait()`; call only inside `withLock`.
  func broadcast() {
    broadcasts.wrappingAdd(1, ordering: .releasing)
    pthread_mutex_lock(&park.pointee.mutex)
    pthread_cond_broadcast(&park.pointee.condition)
    pthread_mutex_unlock(&park.pointee.mutex)
  }
}
