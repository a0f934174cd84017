import DIScope
import TestSupport
import Testing

/// Records its disposal in a shared log; fails when told to.
final class Resource: Disposable, Sendable {
  let name: String
  let log: Locked<[String]>
  let fails: Bool
  init(_ name: String, log: Locked<[String]>, fails: Bool = false) {
    self.name = name
    self.log = log
    self.fails = fails
  }
  func dispose() throws {
    log.withLock { $0.append(name) }
    if fails { throw Boom.failed }
  }
}

/// Disposed with `await`.
final class AsyncResource: AsyncDisposable, Sendable {
  let log: Locked<[String]>
  init(log: Locked<[String]>) { self.log = log }
  func dispose() async throws {
    await Task.yield()
    log.withLock { $0.append("async") }
  }
}

/// Uses a `Resource`: built after it, so disposed before it.
final class ResourceUser: Disposable, Sendable {
  let resource: Resource
  let log: Locked<[String]>
  init(resource: Resource, log: Locked<[String]>) {
    self.resource = resource
    self.log = log
  }
  func dispose() throws { log.withLock { $0.append("user of \(resource.name)") } }
}

@Suite("Disposal: what a container built goes, newest first, once, when it shuts down")
struct DisposalTests {
  @Test func instancesAreDisposedInReverseCreationOrderAndOnlyOnce() async throws {
    let log = Locked<[String]>([])
    let container = Container()
    container.register(Resource.self) { _ in Resource("db", log: log) }
    container.register(ResourceUser.self) { r in ResourceUser(resource: try r.resolve(Resource.self), log: log) }
    container.register(AsyncResource.self) { _ in AsyncResource(log: log) }
    container.register(Resource.self, name: "never built") { _ in Resource("unused", log: log) }
    _ = try container.resolve(ResourceUser.self)  // db#1, user#2
    _ = try container.resolve(AsyncResource.self)  // async#3
    try await container.shutdown()
    #expect(log.withLock { $0 } == ["async", "user of db", "db"])
    try await container.shutdown()
    #expect(log.withLock { $0 }.count == 3, "disposed once")
    #expect(container.isShutDown)
  }

  @Test func everyInstanceIsDisposedEvenWhenSomeFailAndTheFailuresComeTogether() async throws {
    let log = Locked<[String]>([])
    let container = Container(name: "app")
    container.register(Resource.self, name: "a") { _ in Resource("a", log: log, fails: true) }
    container.register(Resource.self, name: "b") { _ in Resource("b", log: log) }
    container.register(Resource.self, name: "c") { _ in Resource("c", log: log, fails: true) }
    for name in ["a", "b", "c"] { _ = try container.resolve(Resource.self, name: name) }
    let error = try await #require(throws: DisposalError.self) { try await container.shutdown() }
    #expect(log.withLock { $0 } == ["c", "b", "a"])
    #expect(error.failures.map(\.instanceNumber) == [3, 1])
    #expect(error.description.hasPrefix("error: 2 of the instances 'app' disposed failed:\n  dispose of Resource#3 (t3) failed: "))
  }

  @Test func mocksAndNeverBuiltOrPrototypeInstancesAreLeftAloneUnlessAsked() async throws {
    let log = Locked<[String]>([])
    let container = Container()
    container.register(Resource.self) { _ in Resource("real", log: log) }
    container.register(Resource.self, name: "proto", scope: .prototype) { _ in Resource("proto", log: log) }
    container.mock(Resource.self, name: "kept", with: Resource("kept mock", log: log))
    container.mock(Resource.self, name: "asked", with: Resource("asked mock", log: log), disposing: true)
    _ = try container.resolve(Resource.self, name: "proto")
    try await container.shutdown()
    #expect(log.withLock { $0 } == ["asked mock"])
  }

  @Test func aDisposeClosureDisposesATypeThatIsNotDisposable() async throws {
    let closed = Locked<[Int]>([])
    let container = Container()
    container.register(Db.self, dispose: { _ in closed.withLock { $0.append(1) } }) { _ in Db() }
    _ = try container.resolve(Db.self)
    try await container.shutdown()
    #expect(closed.withLock { $0 } == [1])
  }

  @Test func aShutDownContainerResolvesNothingAndSaysWhy() async throws {
    let container = Container(name: "app")
    container.register(Db.self) { _ in Db() }
    _ = try container.resolve(Db.self)
    let child = container.makeChild(named: "request")
    try await container.shutdown()
    let error = try #require(throws: ResolutionError.self) { try container.resolve(Db.self) }
    #expect(error.kind == .shutDown)
    #expect(error.message == "cannot resolve 'Db': the container 'app' was shut down")
    let fromChild = try #require(throws: ResolutionError.self) { try child.resolve(Db.self) }
    #expect(fromChild.message == "cannot resolve 'Db': the container 'app', where 'Db' is registered, was shut down")
  }

  @Test func aRequestScopeDisposesWhatItBuiltAndNotItsParentsSingletons() async throws {
    let log = Locked<[String]>([])
    let app = Container()
    app.register(Resource.self) { _ in Resource("app db", log: log) }
    let seen = try await app.withChild(named: "request") { request in
      request.register(ResourceUser.self) { r in ResourceUser(resource: try r.resolve(Resource.self), log: log) }
      return try request.resolve(ResourceUser.self).resource.name
    }
    #expect(seen == "app db")
    #expect(log.withLock { $0 } == ["user of app db"])
    #expect(!app.isShutDown)
    await #expect(throws: Boom.self) {
      try await app.withChild { request in
        request.register(Resource.self) { _ in Resource("request", log: log) }
        _ = try request.resolve(Resource.self)
        throw Boom.failed
      }
    }
    #expect(log.withLock { $0 }.last == "request", "shut down even when the body threw")
  }

  @Test func aSynchronousShutdownCannotAwaitAndSaysSo() throws {
    let log = Locked<[String]>([])
    let container = Container()
    container.register(AsyncResource.self) { _ in AsyncResource(log: log) }
    container.register(Resource.self) { _ in Resource("sync", log: log) }
    _ = try container.resolve(AsyncResource.self)
    _ = try container.resolve(Resource.self)
    let error = try #require(throws: DisposalError.self) { try container.shutdownSynchronously() }
    #expect(log.withLock { $0 } == ["sync"])
    #expect(error.failures.first?.failure == "it disposes asynchronously: call 'try await shutdown()' instead")
  }

  @Test func observersSeeEachDisposalInOrder() async throws {
    let log = Locked<[String]>([])
    let events = EventLog()
    let container = Container()
    let observation = container.observe { events.append($0) }
    defer { observation.cancel() }
    container.register(Resource.self) { _ in Resource("db", log: log) }
    container.register(ResourceUser.self) { r in ResourceUser(resource: try r.resolve(Resource.self), log: log) }
    _ = try container.resolve(ResourceUser.self)
    try await container.shutdown()
    let disposals = events.all.compactMap { if case .disposed(let d) = $0 { d.description } else { nil } }
    #expect(disposals == ["disposed ResourceUser#2 (t2)", "disposed Resource#1 (t1)"])
  }
}

/// A connection a request handler uses.
final class Connection: Disposable, Sendable {
  let closed = Locked(false)
  func dispose() throws { closed.withLock { $0 = true } }
}
final class RequestID: Sendable {
  let value: String
  init(_ value: String) { self.value = value }
}
final class Handler: Disposable, Sendable {
  let connection: Connection
  let id: RequestID
  init(connection: Connection, id: RequestID) {
    self.connection = connection
    self.id = id
  }
  func handle() -> String { "handled \(id.value)" }
  func dispose() throws {}
}

@Suite("README: shutting down and request scopes")
struct ReadmeDisposalTests {
  @Test func theReadmeExampleRuns() async throws {
    let app = Container()
    // --- README: disposal ---
    app.register(Connection.self) { _ in Connection() }  // Disposable: closed at shutdown
    app.register(Handler.self, scope: .prototype) { r in
      Handler(connection: try r.resolve(Connection.self), id: try r.resolve(RequestID.self))
    }
    let response = try await app.withChild(named: "request") { request in
      request.register(RequestID.self, value: RequestID("r-1"))  // the request's own value
      return try request.resolve(Handler.self).handle()
    }  // the request's own instances are disposed here, newest first
    #expect(response == "handled r-1")
    let connection = try app.resolve(Connection.self)
    try await app.shutdown()  // disposes Connection; app resolves nothing more
    #expect(connection.closed.withLock { $0 })
    // --- end ---
  }
}

@Suite("Disposal leaves alone what has nothing to dispose")
struct NothingToDisposeTests {
  @Test func aSynchronousShutdownOfInstancesWithNoDisposeSucceedsAndReportsNothing() throws {
    let events = EventLog()
    let container = Container()
    let observation = container.observe { events.append($0) }
    defer { observation.cancel() }
    container.register(Db.self) { _ in Db() }
    _ = try container.resolve(Db.self)
    try container.shutdownSynchronously()
    #expect(!events.all.contains { if case .disposed = $0 { true } else { false } })
    #expect(container.isShutDown)
  }
}
