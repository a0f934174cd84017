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
/// compare-exchange and a plain store, with no call** (and on the thread that made it, two plain
/// stores: see the bias below). A mock swap takes the family lock twice,
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
/// **The thread that makes the lock takes it with no atomic instruction at all, until another
/// thread first takes it** (a biased lock). A container is most often made, registered into and
/// resolved from by one thread (a test, a script, a request handled start to end), and its family
/// lock is taken several times per operation. That thread, the lock's bias, says it is inside with
/// a plain store to a word of its own (`biasHolds`), then reads whether the bias was revoked: the
/// same store-then-load as an unlock, ordered by the same asymmetric fence pair. Any other thread
/// takes the word, revokes the bias for good (a store, the heavy fence, then waiting until the
/// biased thread is out), and from then on every thread, the biased one too, takes the word. So
/// either the biased thread's load sees the revocation and it takes the word, or the revoking
/// thread's load sees it inside and waits. One heavy fence per lock, paid by the first other
/// thread; a family shared by a server's threads is revoked by its first request. A thread's
/// identity is a number no other thread ever had (see `currentThread`). Only where
/// the fence pair is asymmetric; with full fences, the bias would cost what it saves.
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
/// `@unchecked Sendable`: every access to the value happens inside `withLock`, with the lock held
/// (the word, or the bias by the biased thread, which excludes every other thread as shown above).
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
  /// The thread holding the word (its identity, `currentThread`), 0 while free: what
  /// `isHeldByCurrentThread` reads (with `biasHolds`, for the biased thread, which does not write
  /// it). Relaxed, so its loads and stores are plain moves.
  private let holder = Atomic<UInt>(0)
  /// Threads parked, or about to park, for the word (changed under the park mutex).
  private let waiters = Atomic<UInt32>(0)
  /// Whether an unlock's fence is the light side of an asymmetric pair (see the type's comment):
  /// decided once, as the lock is made, so that an unlock reads a field of its own rather than
  /// a global's lazy initialisation check.
  private let fencesLightly: Bool
  /// Bumped by every `broadcast()`, under the lock: a thread in `wait()` waits until it changes.
  private let broadcasts = Atomic<UInt64>(0)
  /// The thread the lock is biased to (its token, as `holder` holds it), or 0 for none: the thread
  /// that made the lock, where the fence pair is asymmetric.
  private let bias: UInt
  /// 1 while the biased thread holds the lock without the word; written by that thread only.
  private let biasHolds = Atomic<UInt32>(0)
  /// 1 once another thread took the lock (from then on the biased thread takes the word too), or
  /// from the start for a lock with no bias. Written once, by a thread holding the word.
  private let biasRevoked: Atomic<UInt32>
  private let value: UnsafeMutablePointer<Value>
  private let park: UnsafeMutablePointer<Park>

  /// - Parameters:
  ///   - asymmetric: Whether to use the asymmetric fence pair where the kernel has it (the
  ///     default); tests pass `false` to drive the full fences everywhere else uses.
  ///   - biased: Whether the lock is biased to the calling thread, where the fence pair is
  ///     asymmetric (the default); tests pass `false` to drive the word alone.
  init(_ value: Value, asymmetric: Bool = true, biased: Bool = true) {
    self.value = .allocate(capacity: 1)
    self.value.initialize(to: value)
    park = .allocate(capacity: 1)
    park.initialize(to: Park())
    pthread_mutex_init(&park.pointee.mutex, nil)
    pthread_cond_init(&park.pointee.lockWaiters, nil)
    pthread_cond_init(&park.pointee.condition, nil)
    fencesLightly = asymmetric && discope_heavy_fence_is_available()
    bias = fencesLightly && biased ? Self.currentThread : 0
    biasRevoked = Atomic(bias == 0 ? 1 : 0)
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
    let me = Self.currentThread
    // Once revoked, never again: the biased thread goes straight to the word.
    if me == bias && biasRevoked.load(ordering: .relaxed) == 0 {
      biasHolds.store(1, ordering: .relaxed)
      // The light side of the pair whose heavy side `revokeBias` runs (see the type's comment).
      discope_light_fence()
      // `biasHolds` says who holds it: no `holder` to write (see `isHeldByCurrentThread`).
      if biasRevoked.load(ordering: .acquiring) == 0 { return }
      biasHolds.store(0, ordering: .releasing)
    }
    if !tryLock() { lockContended() }
    // Never for the biased thread, which is here only once the bias is revoked.
    if biasRevoked.load(ordering: .relaxed) == 0 { revokeBias() }
    holder.store(me, ordering: .relaxed)
  }

  /// Revokes the bias, for good, holding the word: stores the revocation, runs the heavy fence,
  /// and waits for the biased thread to leave if it is inside. After the fence, the biased
  /// thread's store saying it is inside is seen here, or its next load sees the revocation (see
  /// the type's comment); its section is short, but it may be descheduled inside, so this yields.
  @inline(never)
  private func revokeBias() {
    biasRevoked.store(1, ordering: .relaxed)
    discope_heavy_fence()
    var tries = 0
    while biasHolds.load(ordering: .acquiring) != 0 {
      tries += 1
      if tries <= Self.spins {
        discope_spin_pause()
      } else if tries <= Self.spins + 1_000 {
        sched_yield()
      } else {
        // Descheduled inside for long (or outranked by this thread's priority): stop competing
        // for its core.
        usleep(50)
      }
    }
  }

  /// This thread's token for `holder` and `bias`: a number no other thread of the process ever
  /// had, kept in its thread-local record (one `%fs`-relative load on Linux). Not the record's
  /// address: a thread that ends hands that to the next one made, which would then take a lock
  /// biased to the first as if it were its own, with nothing ordering it after the first's last
  /// section.
  @inline(__always)
  private static var currentThread: UInt {
    let identity = discope_thread_local().pointee.lock_identity
    return identity != 0 ? identity : LockIdentity.giveCurrentThreadOne()
  }

  /// Whether this thread holds the lock now: code that may run either inside a section or out of
  /// any (a deinit, run wherever the last reference goes) asks before it takes the lock, which
  /// is not reentrant.
  var isHeldByCurrentThread: Bool {
    let me = Self.currentThread
    return me == bias && biasHolds.load(ordering: .relaxed) != 0
      || holder.load(ordering: .relaxed) == me
  }

  /// Whether the lock is biased to the calling thread and the bias still stands: what tests ask
  /// to know that the path without an atomic instruction is the one taken.
  var isBiasedToCurrentThread: Bool {
    bias == Self.currentThread && biasRevoked.load(ordering: .relaxed) == 0
  }

  /// Gives the word back with a store, then signals a waiter if one is counted: the store and the
  /// load are kept in order by the fence pair described on the type.
  @inline(__always)
  private func unlock() {
    // Only the biased thread ever says it is inside without the word, so it alone asks. (Its
    // identity was given as it took the lock: read as it is.)
    let me = discope_thread_local().pointee.lock_identity
    if bias == me && biasHolds.load(ordering: .relaxed) != 0 {
      biasHolds.store(0, ordering: .releasing)
    } else {
      unlockWord()
    }
  }

  /// Gives the word back: out of line, so that the biased unlock inlined at every section stays
  /// small enough for the section's `defer` to be inlined too (with both inline, the compiler
  /// outlined the `defer`, a call per section).
  @inline(never)
  private func unlockWord() {
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

/// Threads' identities for `Protected`: numbers given out once each (a generic type cannot keep
/// the counter).
private enum LockIdentity {
  /// The identities given so far.
  static let given = Atomic<UInt>(0)

  /// Gives the calling thread its identity, once (kept in its thread-local record).
  @inline(never)
  static func giveCurrentThreadOne() -> UInt {
    let identity = given.wrappingAdd(1, ordering: .relaxed).newValue
    discope_thread_local().pointee.lock_identity = identity
    return identity
  }
}
