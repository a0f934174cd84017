import BenchmarkHarness
import DIScope
import Dependencies
import Swinject

/// W3: push a mock over a registration, resolve once (getting the mock), and take the mock away,
/// leaving the original registration answering as before.
///
/// The mock instance is made once, outside the loop; each operation pays only for the swap.
enum MockSwap {
  /// The baseline W3 and W3r share: replace the box in the dictionary, resolve, put the old one back.
  static func dictionarySwapBaseline(mock: Logger) -> Contender {
    var registry = TypedBoxRegistry()
    registry.register(Logger())
    return Contender(SystemLabel.dictionarySwap, role: .baseline) { iterations, sink in
      for _ in 0..<iterations {
        let replaced = registry.register(mock)
        sink.consume(registry.resolve(Logger.self))
        registry.restore(replaced, for: Logger.self)
      }
    }
  }

  static func workload() -> Workload {
    let mock = Logger(isMock: true)

    let container = DIScope.Container()
    container.register(Logger.self) { _ in Logger() }

    let original: (Swinject.Resolver) -> Logger = { _ in Logger() }
    let swinject = Swinject.Container()
    swinject.register(Logger.self, factory: original).inObjectScope(.container)

    return Workload(
      id: "W3", title: "mock swap: push a mock, resolve it once, remove it",
      notes: [
        "baseline: replace the box in the dictionary (a new box per push), resolve, put the old "
          + "box back.",
        "DIScope: `mock(_:with:)`, `resolve`, `remove(token)`.",
        "Swinject has no stack: either register the mock over the original and re-register "
          + "the original after (this also drops the original's cached singleton), or register "
          + "the mock in a throwaway child container (leaves the parent untouched). Both are "
          + "timed; the faster is Swinject's idiomatic best.",
        "swift-dependencies: `withDependencies { $0.logger = mock } operation: { @Dependency "
          + "read }`.",
      ],
      contenders: [
        dictionarySwapBaseline(mock: mock),
        Contender(SystemLabel.discope, role: .subject) { iterations, sink in
          for _ in 0..<iterations {
            let token = container.mock(Logger.self, with: mock)
            sink.consume(try container.resolve(Logger.self))
            container.remove(token)
          }
        },
        Contender(SystemLabel.swinjectReRegister, role: .rival) { iterations, sink in
          for _ in 0..<iterations {
            swinject.register(Logger.self) { _ in mock }
            sink.consume(swinject.resolve(Logger.self)!)
            swinject.register(Logger.self, factory: original).inObjectScope(.container)
          }
        },
        Contender(SystemLabel.swinjectChild, role: .rival) { iterations, sink in
          for _ in 0..<iterations {
            let child = Swinject.Container(parent: swinject)
            child.register(Logger.self) { _ in mock }
            sink.consume(child.resolve(Logger.self)!)
          }
        },
        Contender(SystemLabel.dependencies, role: .rival) { iterations, sink in
          for _ in 0..<iterations {
            withDependencies {
              $0.logger = mock
            } operation: {
              @Dependencies.Dependency(\.logger) var logger
              sink.consume(logger)
            }
          }
        },
      ])
  }
}
