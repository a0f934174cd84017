import BenchmarkHarness
import DIScope
import Dependencies
import Swinject
import SwinjectAPIOnDIScope
import SwinjectAPIOnSwinject

/// W1: resolve a singleton that is already built and cached.
///
/// Every system is warmed by calibration, so each sample times only the cached path: DIScope's
/// per-thread cache, Swinject's `.container` scope, swift-dependencies' cached live value.
enum SingletonResolve {
  static func workload() -> Workload {
    var registry = TypedBoxRegistry()
    registry.register(Logger())
    let container = DIScope.Container()
    container.register(Logger.self) { _ in Logger() }
    let swinject = Swinject.Container()
    swinject.register(Logger.self) { _ in Logger() }.inObjectScope(.container)

    return Workload(
      id: "W1", title: "cached singleton resolve",
      notes: [
        "Swinject: .container scope, unsynchronized container (one thread).",
        "swift-dependencies: `@Dependency(\\.logger) var logger` declared and read per operation.",
      ],
      contenders: [
        Contender(SystemLabel.baseline, role: .baseline) { iterations, sink in
          for _ in 0..<iterations { sink.consume(registry.resolve(Logger.self)) }
        },
        Contender(SystemLabel.discope, role: .subject) { iterations, sink in
          for _ in 0..<iterations { sink.consume(try container.resolve(Logger.self)) }
        },
        Contender(SystemLabel.swinject, role: .rival) { iterations, sink in
          for _ in 0..<iterations { sink.consume(swinject.resolve(Logger.self)!) }
        },
        // The same Swinject-API code (SwinjectAPIWorkloads), on Swinject and on DIScopeSwinject.
        Contender(
          SystemLabel.swinjectAPIOnSwinject, role: .rival,
          body: SwinjectAPIOnSwinject.SwinjectAPIWorkloads.singletonResolve()),
        Contender(
          SystemLabel.swinjectAPIOnDIScope, role: .rival,
          body: SwinjectAPIOnDIScope.SwinjectAPIWorkloads.singletonResolve()),
        Contender(SystemLabel.dependencies, role: .rival) { iterations, sink in
          for _ in 0..<iterations {
            @Dependencies.Dependency(\.logger) var logger
            sink.consume(logger)
          }
        },
      ])
  }
}
