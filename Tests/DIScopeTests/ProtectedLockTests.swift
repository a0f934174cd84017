import Foundation
import Testing

@testable import DIScope

/// The family lock itself (`Protected`): one atomic word taken inline, threads parked only under
/// contention, and `wait()`/`broadcast()` for a thread waiting on another's build. A lost wake-up
/// would hang these tests (hence the time limits); a lost update would miscount. Run by
/// `Scripts/test` under the thread sanitizer as well.
@Suite("The family lock", .timeLimit(.minutes(1)))
struct ProtectedLockTests {
  @Test func contendedUpdatesAreNeverLost() {
    let counter = Protected(0)
    let threads = 4
    let rounds = 20_000
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<rounds { counter.withLock { $0 += 1 } }
    }
    #expect(counter.withLock { $0 } == threads * rounds)
  }

  /// A holder that sleeps with the lock held makes every other thread park, and each must be
  /// woken when it is given back.
  @Test func threadsParkedBehindASlowHolderAllGetTheLock() {
    let log = Protected<[Int]>([])
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
