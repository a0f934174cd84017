import BenchmarkHarness
import DIScope
import Dependencies
import Swinject

/// W5: W1 on one thread and on two at once. Each sample starts its threads together and times
/// them from their release until the last ends; ns/op is that wall time over all the operations
/// of all threads, so a system that scales shows a smaller number on two threads than on one.
enum ThreadedResolve {
  static let threadCounts = [1, 2]

  /// The group name of a thread count: `1 thread`, `2 threads`.
  static func group(_ threads: Int) -> String { threads == 1 ? "1 thread" : "\(threads) threads" }

  static func workload() -> Workload {
    let registry = LockedTypedBoxRegistry()
    registry.register(Logger())
    let container = DIScope.Container()
    container.register(Logger.self) { _ in Logger() }
    container.register(Database.self) { _ in Database() }
    let immortal = DIScope.Container()
    immortal.registerImmortal(Logger.self) { _ in Logger() }
    let shared = Logger()
    // One object per thread for the control row, each larger than a cache line: two small
    // objects allocated one after the other share a line, and the row would measure false
    // sharing instead of what a reference count costs when it is not shared.
    let perThread = [CacheLinePadded(), CacheLinePadded()]
    let swinject = Swinject.Container()
    swinject.register(Logger.self) { _ in Logger() }.inObjectScope(.container)
    let synchronized = UncheckedSendable(swinject.synchronize())

    var contenders: [Contender] = []
    for threads in threadCounts {
      /// Runs `loop` on `threads` threads at once, each doing the sample's iterations.
      func timed(
        _ label: String, _ role: Contender.Role,
        _ loop: @escaping @Sendable (_ thread: Int, _ iterations: Int, _ sink: Sink) throws -> Void
      ) -> Contender {
        Contender.selfTimed(
          label, role: role, group: group(threads), operationsPerIteration: threads
        ) { iterations, sink in
          let run = try ParallelRun.run(threads: threads) { thread, sink in
            try loop(thread, iterations, sink)
          }
          sink.absorb(run.checksum)
          return run.nanoseconds
        }
      }
      contenders += [
        timed(SystemLabel.lockedBaseline, .baseline) { _, iterations, sink in
          for _ in 0..<iterations { sink.consume(registry.resolve(Logger.self)) }
        },
        timed(SystemLabel.discope, .subject) { _, iterations, sink in
          for _ in 0..<iterations { sink.consume(try container.resolve(Logger.self)) }
        },
        timed(SystemLabel.discopeImmortal, .rival) { _, iterations, sink in
          for _ in 0..<iterations { sink.consume(try immortal.resolve(Logger.self)) }
        },
        timed(SystemLabel.swinjectSynchronized, .rival) { _, iterations, sink in
          for _ in 0..<iterations { sink.consume(synchronized.value.resolve(Logger.self)!) }
        },
        timed(SystemLabel.dependencies, .rival) { _, iterations, sink in
          for _ in 0..<iterations {
            @Dependencies.Dependency(\.logger) var logger
            sink.consume(logger)
          }
        },
        // Diagnostics: what sharing one object's reference count between threads costs by
        // itself, and DIScope when each thread resolves a singleton of its own.
        timed(SystemLabel.sharedReference, .rival) { _, iterations, sink in
          for _ in 0..<iterations { sink.retainAndRelease(shared) }
        },
        timed(SystemLabel.referencePerThread, .rival) { thread, iterations, sink in
          for _ in 0..<iterations { sink.retainAndRelease(perThread[thread]) }
        },
        timed(SystemLabel.discopeSingletonPerThread, .rival) { thread, iterations, sink in
          if thread == 0 {
            for _ in 0..<iterations { sink.consume(try container.resolve(Logger.self)) }
          } else {
            for _ in 0..<iterations { sink.consume(try container.resolve(Database.self)) }
          }
        },
      ]
    }
    return Workload(
      id: "W5", title: "cached singleton resolve on 1 and on 2 threads at once (ns/op overall)",
      notes: [
        "Every row runs on new threads released together from a start line, one or two alike; "
          + "thread start and join are not timed.",
        "DIScope, registerImmortal: the same singleton registered with `registerImmortal`, "
          + "which makes the instance immortal, so that no resolve writes its reference count.",
        "Swinject: the resolver `synchronize()` returns, its documented thread-safe form.",
        "diagnostics, no container: retain and release one object shared by all threads (what "
          + "handing out a shared instance costs at least: every thread writes its reference "
          + "count), or one object per thread; "
          + "\"a singleton per thread\" has thread 0 resolve Logger and thread 1 Database.",
      ],
      contenders: contenders)
  }
}

/// An object that fills two cache lines on its own, so that two of them never share one.
final class CacheLinePadded: Sendable {
  let padding: (SIMD64<UInt8>, SIMD64<UInt8>) = (.zero, .zero)
}
