import BenchmarkHarness
import DIScope

/// W3r: W3 through the register path: push a new factory registration (not `mock(_:with:)`),
/// resolve it once, remove it: what a test does that registers its own factory over a service.
enum RegisterSwap {
  static func workload() -> Workload {
    let mock = Logger(isMock: true)

    let container = DIScope.Container()
    container.register(Logger.self) { _ in Logger() }

    return Workload(
      id: "W3r", title: "register path: push a factory registration, resolve it once, remove it",
      notes: [
        "baseline: W3's, replace the box in the dictionary, resolve, put the old box back.",
        "DIScope: `register(_:factory:)` of a singleton whose factory returns the mock, `resolve` "
          + "(runs the factory and caches its instance), `remove(token)`.",
      ],
      contenders: [
        MockSwap.dictionarySwapBaseline(mock: mock),
        Contender(SystemLabel.discope, role: .subject) { iterations, sink in
          for _ in 0..<iterations {
            let token = container.register(Logger.self) { _ in mock }
            sink.consume(try container.resolve(Logger.self))
            container.remove(token)
          }
        },
      ])
  }
}
