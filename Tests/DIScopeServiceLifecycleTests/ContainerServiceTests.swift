#if ServiceLifecycle
  import DIScope
  import DIScopeServiceLifecycle
  import Foundation
  import Synchronization
  import ServiceLifecycle
  import Testing

  /// Closes when disposed, recording the order.
  final class Connection: Disposable, Sendable {
    let name: String
    let log: Log
    init(_ name: String, log: Log) {
      self.name = name
      self.log = log
    }
    func dispose() throws { log.append(name) }
  }

  final class Log: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var all: [String] { lines.withLock { $0 } }
  }

  /// A service that uses the container until the group shuts down, noting when it stopped.
  struct Server: Service {
    let log: Log
    func run() async throws {
      try? await gracefulShutdown()
      log.append("server stopped")
    }
  }

  @Suite("A container in a ServiceGroup", .serialized)
  struct ContainerServiceTests {
    private func app(_ log: Log) throws -> Container {
      let container = Container(name: "app")
      container.register(Connection.self, name: "db") { _ in Connection("db", log: log) }
      container.register(Connection.self, name: "cache") { r in
        _ = try r.resolve(Connection.self, name: "db")
        return Connection("cache", log: log)
      }
      _ = try container.resolve(Connection.self, name: "cache")
      return container
    }

    @Test func aGracefulShutdownOfTheGroupShutsTheContainerDownAfterTheServicesUsingIt() async throws {
      let log = Log()
      let container = try app(log)
      let group = ServiceGroup(services: [ContainerService(container), Server(log: log)])
      try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        try await Task.sleep(for: .milliseconds(50))
        #expect(log.all.isEmpty, "nothing shuts down before the group does")
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
      }
      #expect(log.all == ["server stopped", "cache", "db"])
      #expect(container.isShutDown)
    }

    @Test func sigtermShutsTheGroupAndTheContainerDown() async throws {
      let log = Log()
      let container = try app(log)
      let group = ServiceGroup(
        services: [ContainerService(container), Server(log: log)], gracefulShutdownSignals: [.sigterm])
      try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        // Only once the group handles SIGTERM: before, the signal would end the test process.
        var waited = 0
        while !Self.isSigtermHandled() && waited < 500 {
          try await Task.sleep(for: .milliseconds(10))
          waited += 1
        }
        try #require(Self.isSigtermHandled(), "the group never installed its SIGTERM handling")
        kill(getpid(), SIGTERM)
        try await tasks.waitForAll()
      }
      #expect(log.all == ["server stopped", "cache", "db"])
    }

    /// Whether SIGTERM is caught or ignored now (not the default action, which ends the process).
    private static func isSigtermHandled() -> Bool {
      var action = sigaction()
      sigaction(SIGTERM, nil, &action)
      #if canImport(Glibc)
        let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
      #else
        let handler = unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
      #endif
      return handler != 0  // SIG_DFL
    }
  }
#endif
