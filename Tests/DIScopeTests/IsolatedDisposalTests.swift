import DIScope
import TestSupport
import Testing

/// Plays on the main actor; its conformance to `Disposable` holds there only.
@MainActor final class Player {
  var isStopped = false
}

extension Player: @MainActor Disposable {
  func dispose() { isStopped = true }
}

/// A connection opened with `await` and closed with it, by a closure of its registration.
final class Connection2: Sendable {
  let log: Locked<[String]>
  let name: String
  init(_ name: String, log: Locked<[String]>) {
    self.name = name
    self.log = log
  }
  func close() async { log.withLock { $0.append("closed \(name)") } }
}

@Suite("Disposal of async and @MainActor services, and of values asked to be disposed")
struct IsolatedDisposalTests {
  @Test func anAsyncServiceWithADisposeClosureIsClosedInReverseCreationOrder() async throws {
    let log = Locked<[String]>([])
    let container = Container()
    container.register(Resource.self) { _ in Resource("settings", log: log) }
    container.register(Connection2.self, dispose: { await $0.close() }) { r in
      _ = try await r.resolve(Resource.self)
      await Task.yield()
      return Connection2("db", log: log)
    }
    _ = try await container.resolveAsync(Connection2.self)  // settings#1, then db#2
    try await container.shutdown()
    #expect(log.withLock { $0 } == ["closed db", "settings"])
  }

  @Test func aMainActorServiceIsDisposedOnTheMainActorByAShutdownFromAnywhere() async throws {
    let container = Container()
    container.register(Player.self) { @MainActor _ in Player() }
    let player = try await container.resolveAsync(Player.self)
    try await Task.detached { try await container.shutdown() }.value
    #expect(await player.isStopped, "its @MainActor conformance was found, on the main actor")
  }

  @MainActor @Test func aMainActorServiceIsDisposedByASynchronousShutdownOnTheMainActor() throws {
    let container = Container()
    container.register(Player.self) { @MainActor _ in Player() }
    let player = try container.resolve(Player.self)
    try container.shutdownSynchronously()
    #expect(player.isStopped)
  }

  @Test func aMainActorDisposeClosureRunsOnTheMainActor() async throws {
    final class Screen: Sendable {}
    let disposed = Locked(false)
    let container = Container()
    container.register(
      Screen.self,
      dispose: { @MainActor _ in
        MainActor.preconditionIsolated()
        disposed.withLock { $0 = true }
      }
    ) { @MainActor _ in Screen() }
    _ = try await container.resolveAsync(Screen.self)
    let events = Locked<[String]>([])
    let observation = container.observe { event in
      if case .disposed(let disposal) = event { events.withLock { $0.append(disposal.description) } }
    }
    try await Task.detached { try await container.shutdown() }.value
    observation.cancel()
    #expect(disposed.withLock { $0 })
    #expect(events.withLock { $0 } == ["disposed Screen#1 (t1)"])
  }

  @Test func aMainActorServiceWithNothingToDisposeIsNotReported() async throws {
    let container = Container()
    container.register(ScreenModel.self) { @MainActor _ in ScreenModel(logger: ConsoleLogger()) }
    _ = try await container.resolveAsync(ScreenModel.self)
    let events = Locked(0)
    let observation = container.observe { event in
      if case .disposed = event { events.withLock { $0 += 1 } }
    }
    try await container.shutdown()
    observation.cancel()
    #expect(events.withLock { $0 } == 0)
  }

  @Test func aValueIsDisposedOnlyWhenAsked() async throws {
    let log = Locked<[String]>([])
    let app = Container()
    let request = app.makeChild(named: "request")
    request.register(Resource.self, value: Resource("kept", log: log))
    request.register(Resource.self, name: "transaction", value: Resource("transaction", log: log), disposing: true)
    try await request.shutdown()
    #expect(log.withLock { $0 } == ["transaction"])
  }

  /// Reverse *creation* order, not registration order: registered first, built last, disposed
  /// first.
  @Test func theOrderIsTheOrderInstancesWereBuiltNotRegistered() async throws {
    let log = Locked<[String]>([])
    let container = Container()
    container.register(Resource.self, name: "a") { _ in Resource("a", log: log) }
    container.register(Resource.self, name: "b") { _ in Resource("b", log: log) }
    container.register(Resource.self, name: "c") { _ in Resource("c", log: log) }
    _ = try container.resolve(Resource.self, name: "b")
    _ = try container.resolve(Resource.self, name: "c")
    _ = try container.resolve(Resource.self, name: "a")
    try await container.shutdown()
    #expect(log.withLock { $0 } == ["a", "c", "b"])
  }
}
