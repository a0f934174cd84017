import Foundation
import Synchronization
import Testing
import CDIScopeRuntime

@testable import DIScope

/// The family lock itself (`Protected`): one atomic word taken inline and given back with a store,
/// threads parked only under contention, and `wait()`/`broadcast()` for a thread waiting on
/// another's build. A lost wake-up would hang these tests (hence the time limits); a lost update
/// would miscount. Each contended test runs with the asymmetric fence pair (`membarrier`, where
/// the kernel has it) and with full fences on both sides (what other systems use); the bias the
/// lock has towards the thread that made it is revoked under contention too. Run by
/// `Scripts/test` under the thread sanitizer as well.
@Suite("The family lock", .timeLimit(.minutes(1)))
struct ProtectedLockTests {
  @Test(arguments: [true, false])
  func contendedUpdatesAreNeverLost(asymmetric: Bool) {
    let counter = Protected(0, asymmetric: asymmetric)
    let threads = 4
    let rounds = 20_000
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<rounds { counter.withLock { $0 += 1 } }
    }
    #expect(counter.withLock { $0 } == threads * rounds)
  }

  /// A holder that sleeps with the lock held makes every other thread park, and each must be
  /// woken when it is given back.
  @Test(arguments: [true, false])
  func threadsParkedBehindASlowHolderAllGetTheLock(asymmetric: Bool) {
    let log = Protected<[Int]>([], asymmetric: asymmetric)
    DispatchQueue.concurrentPerform(iterations: 6) { thread in
      for round in 0..<20 {
        log.withLock { entries in
          if round % 5 == 0 { usleep(200) }
          entries.append(thread)
        }
      }
    }
    let entries = log.withLock { $0 }
    #expect(entries.count == 6 * 20)
    #expect(Set(entries) == Set(0..<6))
  }

  /// Holders that keep the word a little longer than a waiter spins for: waiters keep parking
  /// just as holders give the word back, the race the fence pair decides (a waiter counted too
  /// late for a holder's load must find the word free; one counted in time must be signalled).
  /// Missed once, the last waiter never wakes and the test hangs.
  @Test(arguments: [true, false])
  func waitersParkingAsTheWordIsGivenBackAreNeverMissed(asymmetric: Bool) {
    let counter = Protected(0, asymmetric: asymmetric)
    let threads = 6
    let rounds = 3_000
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for round in 0..<rounds {
        counter.withLock { count in
          // A few hundred nanoseconds to a few microseconds, varied so that the moment a waiter
          // parks falls anywhere in a holder's unlock.
          Self.busy(steps: (round &* 7 &+ thread) % 97 &* 40)
          count += 1
        }
      }
    }
    #expect(counter.withLock { $0 } == threads * rounds)
  }

  /// The lock is biased to the thread that made it, which takes it with plain stores, until
  /// another thread first takes it; the bias stands with any number of sections on that thread.
  @Test func theLockIsBiasedToItsMakerUntilAnotherThreadTakesIt() {
    let lock = Protected(0)
    for _ in 0..<100 { lock.withLock { $0 += 1 } }
    if discope_heavy_fence_is_available() {
      #expect(lock.isBiasedToCurrentThread)
    }
    // `async`, not `sync`: `sync` runs its closure on the calling thread.
    let taken = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      lock.withLock { $0 += 1 }
      taken.signal()
    }
    taken.wait()
    #expect(!lock.isBiasedToCurrentThread)
    lock.withLock { $0 += 1 }
    #expect(lock.withLock { $0 } == 102)
    #expect(!Protected(0, biased: false).isBiasedToCurrentThread)
  }

  /// The biased thread and another take the lock at once, many times over, each lock revoked
  /// at a different moment of its biased thread's sections: both start together (a spin on a
  /// shared flag), the other a little later each round. Each section checks that it is alone
  /// (an atomic flag it sets and clears) and reads and writes the count apart (a lost update).
  /// The moment the revoking thread's heavy fence lands is what the bias's correctness rests on.
  /// (Without the revoking thread's wait for the biased thread to leave, this fails every run.)
  @Test func revokingTheBiasNeverLetsTwoThreadsIn() {
    let rounds = 300
    let perThread = 300
    let results = Protected<[(lost: Int, overlaps: Int)]>([], biased: false)
    for round in 0..<rounds {
      let finished = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        // Made here: biased to this thread.
        let counter = Protected(0)
        let race = Race()
        DispatchQueue.global().async {
          race.arrive()
          Self.busy(steps: round &* 37 % 2_000)
          for _ in 0..<perThread { counter.withLock { race.section(&$0) } }
          race.otherIsDone.set()
        }
        race.arrive()
        // Sections until the other thread is done: its revocation lands amid them.
        var mine = 0
        while !race.otherIsDone.isSet {
          counter.withLock { race.section(&$0) }
          mine += 1
        }
        let lost = mine + perThread - counter.withLock { $0 }
        results.withLock { $0.append((lost, race.overlaps.load(ordering: .relaxed))) }
        finished.signal()
      }
      finished.wait()
    }
    let all = results.withLock { $0 }
    #expect(all.count == rounds)
    #expect(all.allSatisfy { $0.lost == 0 })
    #expect(all.allSatisfy { $0.overlaps == 0 })
  }

  /// A flag one thread sets and another reads.
  private final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .relaxed) }
    var isSet: Bool { value.load(ordering: .relaxed) }
  }

  /// Two threads racing through one lock's sections: they start together, and each section
  /// counts an overlap if another thread is inside.
  private final class Race: Sendable {
    let arrived = Atomic<Int>(0)
    let inside = Atomic<Bool>(false)
    let overlaps = Atomic<Int>(0)
    let otherIsDone = Flag()

    /// Waits until both threads are here.
    func arrive() {
      arrived.wrappingAdd(1, ordering: .relaxed)
      while arrived.load(ordering: .relaxed) < 2 { sched_yield() }
    }

    /// Every sixteenth section lasts a few microseconds, longer than the revoking thread takes to
    /// come back from its heavy fence: a revocation that did not wait would then overlap.
    func section(_ count: inout Int) {
      if inside.exchange(true, ordering: .relaxed) { overlaps.wrappingAdd(1, ordering: .relaxed) }
      ProtectedLockTests.increment(&count, steps: count % 16 == 0 ? 5_000 : 10)
      inside.store(false, ordering: .relaxed)
    }
  }

  /// A thread that takes a lock biased to a thread inside a section waits for that section to
  /// end, however long it lasts.
  @Test func aRevokingThreadWaitsForTheBiasedThreadToLeave() {
    let lock = Protected(0)
    let inside = DispatchSemaphore(value: 0)
    let leave = DispatchSemaphore(value: 0)
    let entered = Flag()
    let biasedThreadDone = DispatchSemaphore(value: 0)
    // The lock is biased to this (the test's) thread; it holds a section on another thread of
    // its own making: the test thread enters, then lets a helper try.
    lock.withLock { count in
      count = 1
      DispatchQueue.global().async {
        inside.signal()
        lock.withLock { count in
          entered.set()
          count += 1
        }
        biasedThreadDone.signal()
      }
      inside.wait()
      usleep(50_000)
      // Still inside: the other thread must not have entered.
      #expect(!entered.isSet)
      leave.signal()
    }
    leave.wait()
    biasedThreadDone.wait()
    #expect(entered.isSet)
    #expect(lock.withLock { $0 } == 2)
    #expect(!lock.isBiasedToCurrentThread)
  }

  /// The biased thread waits (`wait()`) inside a biased section; another thread revokes the bias,
  /// changes the state and broadcasts. The biased thread comes back holding the lock through the
  /// word, and gives it back so that a third thread can take it.
  @Test func aWaitAcrossARevocationComesBackThroughTheWord() {
    let lock = Protected(Shared())
    let waiting = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      waiting.wait()
      lock.withLock { shared in
        shared.released = true
        lock.broadcast()
      }
    }
    lock.withLock { shared in
      if discope_heavy_fence_is_available() { #expect(lock.isBiasedToCurrentThread) }
      waiting.signal()
      while !shared.released { lock.wait() }
      #expect(lock.isHeldByCurrentThread)
      #expect(!lock.isBiasedToCurrentThread)
      shared.woken += 1
    }
    #expect(!lock.isHeldByCurrentThread)
    let third = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      lock.withLock { $0.woken += 1 }
      third.signal()
    }
    #expect(third.wait(timeout: .now() + 10) == .success)
    #expect(lock.withLock { $0.woken } == 2)
  }

  /// A thread's identity is never another's: a lock made on a thread that has ended is not
  /// biased to the next thread made (which glibc may give the same thread-local record).
  @Test func aLockMadeOnAnEndedThreadIsNotBiasedToTheNextOne() {
    let made = Protected<Protected<Int>?>(nil, biased: false)
    for _ in 0..<20 {
      let ended = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        made.withLock { $0 = Protected(0) }
        ended.signal()
      }
      ended.wait()
      usleep(1_000)  // let the thread end
      let checked = DispatchSemaphore(value: 0)
      let biased = Flag()
      Thread.detachNewThread {
        let lock = made.withLock { $0! }
        if lock.isBiasedToCurrentThread { biased.set() }
        lock.withLock { $0 += 1 }
        checked.signal()
      }
      checked.wait()
      #expect(!biased.isSet)
    }
  }

  /// Reads, waits `steps`, writes: two threads in one section at once lose an update.
  @inline(never)
  fileprivate static func increment(_ count: inout Int, steps: Int) {
    let read = count
    busy(steps: steps)
    count = read + 1
  }

  /// Spins for `steps` steps, in any build (the optimiser may not remove the loop).
  @inline(never) @_optimize(none)
  private static func busy(steps: Int) {
    var step = steps
    while step > 0 { step -= 1 }
  }

  /// What a deinit asks before taking the lock (it may run inside a section on its own thread).
  @Test func theLockKnowsWhetherThisThreadHoldsIt() {
    let lock = Protected(0)
    #expect(!lock.isHeldByCurrentThread)
    lock.withLock { _ in #expect(lock.isHeldByCurrentThread) }
    #expect(!lock.isHeldByCurrentThread)
    let held = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      lock.withLock { _ in
        held.signal()
        done.wait()
      }
    }
    held.wait()
    #expect(!lock.isHeldByCurrentThread)  // held, by another thread
    done.signal()
    lock.withLock { _ in #expect(lock.isHeldByCurrentThread) }
  }

  /// What a waiter reads again after waiting, as the family's `SharedBuilds` is: a class, since
  /// an `inout` value borrowed across `wait()` may be read from a copy the compiler kept.
  private final class Shared: @unchecked Sendable {
    var turn = 0
    var released = false
    var woken = 0
  }

  /// Two threads take turns through `wait()` and `broadcast()`: each waits, lock given back, for
  /// the other's move. Every broadcast must reach the waiter, however the two interleave.
  @Test func waitersSeeEveryBroadcast() {
    let lock = Protected(Shared())
    let moves = 5_000
    DispatchQueue.concurrentPerform(iterations: 2) { player in
      for _ in 0..<moves {
        lock.withLock { shared in
          while shared.turn % 2 != player { lock.wait() }
          shared.turn += 1
          lock.broadcast()
        }
      }
    }
    #expect(lock.withLock { $0.turn } == 2 * moves)
  }

  /// Many waiters, one broadcaster: a broadcast wakes them all.
  @Test func aBroadcastWakesEveryWaiter() {
    let lock = Protected(Shared())
    let waiters = 5
    let group = DispatchGroup()
    for _ in 0..<waiters {
      DispatchQueue.global().async(group: group) {
        lock.withLock { shared in
          while !shared.released { lock.wait() }
          shared.woken += 1
        }
      }
    }
    usleep(20_000)
    lock.withLock { shared in
      shared.released = true
      lock.broadcast()
    }
    group.wait()
    #expect(lock.withLock { $0.woken } == waiters)
  }
}
