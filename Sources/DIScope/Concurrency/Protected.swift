#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
import CDIScopeRuntime
import Synchronization

/// A value behind a lock, for state that holds resolved instances.
///
/// `Synchronization.Mutex` demands that what goes in and out be `sending`; a container's cache
/// holds instances of arbitrary, often non-`Sendable` types that it shares across threads by
/// contract (a singleton *is* shared), so that check cannot be met here.
///
/// **The lock is one atomic word, taken and given back inline: an uncontended `withLock` is one
/// compare-exchange and a plain store, with no call.** A mock swap takes the family lock twice,
/// a swap through `register` four times and a request's child three times, and on the machines
/// the benchmark runs on an atomic instruction costs as much as a hundred plain ones. So the
/// word is given back with a store, not an exchange, and what an exchange would have told the
/// holder (whether anyone waits) is in a second word, `waiters`, which it reads after the store.
/// A store followed by a load of another word may be reordered by the processor (x86 lets a
/// load pass an earlier store); what keeps a waiter from being missed is an asymmetric fence
/// (`AsymmetricFence.h`): the holder's side, run on every unlock, is a barrier to the compiler
/// only, and a thread about to park, having counted itself in `waiters`, runs the heavy side
/// (`membarrier`, which makes every running thread of the process execute a full barrier). So
/// either the holder's load sees the waiter counted and signals it, or the holder's store was
/// visible before the waiter's next attempt at the word, which then succeeds. Where the kernel
/// has no `membarrier` (or off Linux), both sides are full fences: an unlock costs what an
/// exchange did.
///
/// Only contention parks: a thread that finds the word held spins briefly (a family's critical
/// sections are short), then waits on a pthread condition under a pthread mutex (`park`), which
/// a holder that sees waiters signals. `wait()` and `broadcast()` (a thread waiting for another's
/// build) use a second condition under the same park mutex, with a sequence number, so no
/// broadcast is lost between giving the lock back and starting to wait. The thread sanitizer
/// sees the word's acquiring and releasing operations, and the park's pthread calls, so
/// `Scripts/test`'s stress run still checks this lock.
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
  /// How many times a thread that finds the word held tries again before it parks: a section
  /// under the family lock lasts well under a microsecond, parking costs several.
  private static var spins: Int { 64 }

  private let word = Atomic<UInt32>(0)
  /// The thread holding the word (the address of its thread-local record), 0 while free: what
  /// `isHeldByCurrentThread` reads. Relaxed, so its loads and stores are plain moves.
  private let holder = Atomic<UInt>(0)
  /// Threads parked, or about to park, for the word (changed under the park mutex).
  private let waiters = Atomic<UInt32>(0)
  /// Whether an unlock's fence is the light side of an asymmetric pair (see the type's comment):
  /// decided once, as the lock is made, so that an unlock reads a field of its own rather than
  /// a global's lazy initialisation check.
  private let fencesLightly: Bool
  /// Bumped by every `broadcast()`, under the lock: a thread in `wait()` waits until it changes.
  private let broadcasts = Atomic<UInt64>(0)
  private let value: UnsafeMutablePointer<Value>
  private let park: UnsafeMutablePointer<Park>

  /// - Parameter asymmetric: Whether to use the asymmetric fence pair where the kernel has it
  ///   (the default); tests pass `false` to drive the full fences everywhere else uses.
  init(_ value: Value, asymmetric: Bool = true) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
    park = .allocate(capacity: 1)
    park.initialize(to: Park())
    pthread_mutex_init(&park.pointee.mutex, nil)
    pthread_cond_init(&park.pointee.lockWaiters, nil)
    pthread_cond_init(&park.pointee.condition, nil)
    fencesLightly = asymmetric && discope_heavy_fence_is_available()
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
  private func tryLock() -> Bool {
    word.compareExchange(expected: Self.free, desired: Self.held, ordering: .acquiring).exchanged
  }

  @inline(__always)
  private func lock() {
    if !tryLock() { lockContended() }
    holder.store(Self.currentThread, ordering: .relaxed)
  }

  /// This thread's token for `holder`: its thread-local record's address, one `%fs`-relative
  /// instruction on Linux.
  @inline(__always)
  private static var currentThread: UInt { UInt(bitPattern: discope_thread_local()) }

  /// Whether this thread holds the lock now: code that may run either inside a section or out of
  /// any (a deinit, run wherever the last reference goes) asks before it takes the lock, which
  /// is not reentrant.
  var isHeldByCurrentThread: Bool { holder.load(ordering: .relaxed) == Self.currentThread }

  /// Gives the word back with a store, then signals a waiter if one is counted: the store and the
  /// load are kept in order by the fence pair described on the type.
  @inline(__always)
  private func unlock() {
    holder.store(0, ordering: .relaxed)
    word.store(Self.free, ordering: .releasing)
    if fencesLightly {
      discope_light_fence()
    } else {
      atomicMemoryFence(ordering: .sequentiallyConsistent)
    }
    if waiters.load(ordering: .relaxed) != 0 { wakeOneLockWaiter() }
  }

  /// Spins a little, then counts itself a waiter, fences (the heavy side), and waits under the
  /// park mutex until it gets the word. A holder's `unlock` that read `waiters` before the count
  /// had its store seen by the attempt after the fence; one that reads it after signals, and
  /// cannot signal before this thread waits, since it needs the park mutex to. The count stays
  /// until this thread has the word, so every unlock meanwhile signals.
  @inline(never)
  private func lockContended() {
    for _ in 0..<Self.spins {
      if word.load(ordering: .relaxed) == Self.free && tryLock() { return }
      discope_spin_pause()
    }
    pthread_mutex_lock(&park.pointee.mutex)
    waiters.wrappingAdd(1, ordering: .relaxed)
    if fencesLightly {
      discope_heavy_fence()
    } else {
      atomicMemoryFence(ordering: .sequentiallyConsistent)
    }
    while !tryLock() {
      pthread_cond_wait(&park.pointee.lockWaiters, &park.pointee.mutex)
    }
    waiters.wrappingSubtract(1, ordering: .relaxed)
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
