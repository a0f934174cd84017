import BenchmarkHarness
import DIScope
import SwinjectAPIOnDIScope
import SwinjectAPIOnSwinject

/// W10: W2's chain resolved by four threads at once, through the resolver `synchronize()`
/// returns in the Swinject-API rows (the same code, `SwinjectAPIWorkloads.synchronizedChainResolve`,
/// on Swinject and on DIScopeSwinject). ns/op is the wall time over all the threads' operations,
/// as in W5; on this 2-core machine four threads share two cores. The same rows on one thread
/// tell what the synchronized view costs from what four threads add to it.
enum SynchronizedChainResolve {
  /// The thread count the target is about.
  static let threads = 4
  static let threadCounts = [1, threads]

  /// The group name of a thread count: `1 thread`, `4 threads`.
  static func group(_ threads: Int) -> String { threads == 1 ? "1 thread" : "\(threads) threads" }

  static func workload() -> Workload {
    let container = ChainResolve.discopeContainer()
    let database = Database()

    var contenders: [Contender] = []
    for threads in threadCounts {
      /// A row of `threads` threads, `measure` timing them: calibrated on whole samples, since
      /// threads that wait for a core cost each sample the same whatever its length.
      func row(
        _ label: String, _ role: Contender.Role,
        _ measure: @escaping (_ iterations: Int, _ sink: Sink) throws -> Double
      ) -> Contender {
        var contender = Contender.selfTimed(
          label, role: role, group: group(threads), operationsPerIteration: threads,
          measure: measure)
        contender.calibratesOnWholeSamples = true
        return contender
      }
      /// Runs `loop` on `threads` threads at once, each doing the sample's iterations.
      func timed(
        _ loop: @escaping @Sendable (_ iterations: Int, _ sink: Sink) throws -> Void
      ) -> (Int, Sink) throws -> Double {
        { iterations, sink in
          let run = try ParallelRun.run(threads: threads) { _, sink in try loop(iterations, sink) }
          sink.absorb(run.checksum)
          return run.nanoseconds
        }
      }
      contenders += [
        row(SystemLabel.handWritten, .baseline, timed { iterations, sink in
          for _ in 0..<iterations {
            sink.consume(
              Presenter(interactor: Interactor(repository: Repository(database: database))))
          }
        }),
        row(SystemLabel.discope, .subject, timed { iterations, sink in
          for _ in 0..<iterations { sink.consume(try container.resolve(Presenter.self)) }
        }),
        row(
          SystemLabel.swinjectAPIOnSwinject, .rival,
          SwinjectAPIOnSwinject.SwinjectAPIWorkloads.synchronizedChainResolve(threads: threads)),
        row(
          SystemLabel.swinjectAPIOnDIScope, .rival,
          SwinjectAPIOnDIScope.SwinjectAPIWorkloads.synchronizedChainResolve(threads: threads)),
      ]
    }

    return Workload(
      id: "W10",
      title: "W2's chain on 1 and on \(threads) threads at once, through synchronize() (ns/op overall)",
      notes: [
        "Every row runs on new threads released together from a start line, one or \(threads) "
          + "alike; thread start and join are not timed. Calibrated on whole samples (threads "
          + "waiting for a core cost a sample the same whatever its length).",
        "Swinject API: W2's registrations, `let resolver = container.synchronize()`, and "
          + "`resolver.resolve(Presenter.self)!` on every thread (the `Resolver` protocol, as an "
          + "app holds it).",
        "DIScope: its own container, which needs no synchronized view.",
      ],
      contenders: contenders)
  }
}
