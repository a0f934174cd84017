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
    let swinject = Swinject.Container()
    swinject.register(Logger.self) { _ in Logger() }.inObjectScope(.container)
    let synchronized = UncheckedSendable(swinject.synchronize())

    var contenders: [Contender] = []
    for threads in threadCounts {
      /// Runs `loop` on `threads` threads at once, each doing the sample's iterations.
      func timed(
        _ label: String, _ role: Contender.Role,
        _ loop: @escaping @Sendable (_ iterations: Int, _ sink: Sink) throws -> Void
      ) -> Contender {
        Contender.selfTimed(
          label, role: role, group: group(threads), operationsPerIteration: threads
        ) { iterations, sink in
          let run = try ParallelRun.run(threads: threads) { _, sink in try loop(iterations, sink) }
          sink.absorb(run.checksum)
          return run.nanoseconds
        }
      }
      contenders += [
        timed(SystemLabel.lockedBaseline, .baseline) { iterations, sink in
          for _ in 0..<iterations { sink.consume(registry.resolve(Logger.self)) }
        },
        timed(SystemLabel.discope, .subject) { iterations, sink in
          for _ in 0..<iterations { sink.consume(try container.resolve(Logger.self)) }
        },
        timed(SystemLabel.swinjectSynchronized, .rival) { iterations, sink in
          for _ in 0..<iterations { sink.consume(synchronized.value.resolve(Logger.self)!) }
        },
        timed(SystemLabel.dependencies, .rival) { iterations, sink in
          for _ in 0..<iterations {
            @Dependencies.Dependency(\.logger) var logger
            sink.consume(logger)
          }
        },
      ]
    }
    return Workload(
      id: "W5", title: "cached singleton resolve on 1 and on 2 threads at once (ns/op overall)",
      notes: [
        "Every row runs on new threads released together from a start line, one or two alike; "
          + "thread start and join are not timed.",
        "Swinject: the resolver `synchronize()` returns, its documented thread-safe form.",
      ],
      contenders: contenders)
  }
}
