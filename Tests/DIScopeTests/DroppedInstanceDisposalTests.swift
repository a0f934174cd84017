import DIScope
import Synchronization
import TestSupport
import Testing

/// Nothing the container built is dropped undisposed: a scope or caching change, a removal, a
/// mock popped (pushed `disposing: true`) disposes what it lets go of, as a shutdown would.
@Suite struct DroppedInstanceDisposalTests {
  final class Pool: Disposable, Sendable {
    let disposals = Atomic(0)
    func dispose() { disposals.add(1, ordering: .relaxed) }
    var count: Int { disposals.load(ordering: .relaxed) }
  }
  /// Disposed with `await`: the test waits for it, however long the machine takes.
  final class Connection: AsyncDisposable, Sendable {
    let closed = Locked<CheckedContinuation<Void, Never>?>(nil)
    let wasClosed = Atomic(false)
    var isClosed: Bool { wasClosed.load(ordering: .relaxed) }
    func dispose() async {
      wasClosed.store(true, ordering: .relaxed)
      closed.withLock { $0.take() }?.resume()
    }
    func waitUntilClosed() async {
      await withCheckedContinuation { continuation in
        let done = closed.withLock { waiting -> Bool in
          if wasClosed.load(ordering: .relaxed) { return true }
          waiting = continuation
          return false
        }
        if done { continuation.resume() }
      }
    }
  }

  @Test func aScopeChangeDisposesTheCachedInstance() throws {
    let container = Container()
    let token = container.register(Pool.self) { _ in Pool() }
    let pool = try container.resolve(Pool.self)
    try container.setScope(.prototype, for: token)
    #expect(pool.count == 1)
    // Once: a second change finds nothing cached.
    try container.setScope(.singleton, for: token)
    #expect(pool.count == 1)
    #expect(try container.resolve(Pool.self) !== pool)
  }

  @Test func aCachingChangeAndARemovalDisposeToo() throws {
    let container = Container()
    let token = container.register(Pool.self) { _ in Pool() }
    let first = try container.resolve(Pool.self)
    container.setCaching(false, for: token)
    #expect(first.count == 1)
    container.setCaching(true, for: token)
    let second = try container.resolve(Pool.self)
    #expect(container.remove(token))
    #expect(second.count == 1)
    #expect(first.count == 1)
  }

  /// The register path's case: a factory pushed over a service this thread resolved before is
  /// built through its route, and its removal disposes what it built.
  @Test func aRoutedSingletonIsDisposedWhenItsRegistrationIsRemoved() throws {
    let container = Container()
    container.register(Pool.self) { _ in Pool() }
    _ = try container.resolve(Pool.self)
    for _ in 0..<3 {
      let token = container.register(Pool.self) { _ in Pool() }
      let pool = try container.resolve(Pool.self)
      container.remove(token)
      #expect(pool.count == 1)
    }
  }

  @Test func aRemovalWhileObservedDisposesAndSaysSo() throws {
    let container = Container()
    let disposed = Locked<[String]>([])
    let observation = container.observe { event in
      if case .disposed(let disposal) = event { disposed.withLock { $0.append(disposal.typeName) } }
    }
    defer { observation.cancel() }
    let token = container.register(Pool.self) { _ in Pool() }
    let pool = try container.resolve(Pool.self)
    container.remove(token)
    #expect(pool.count == 1)
    #expect(disposed.withLock { $0 } == ["Pool"])
  }

  @Test func aMockIsTheCallersUnlessPushedDisposing() throws {
    let container = Container()
    let kept = Pool()
    container.remove(container.mock(Pool.self, with: kept))
    #expect(kept.count == 0)
    let handed = Pool()
    container.remove(container.mock(Pool.self, with: handed, disposing: true))
    #expect(handed.count == 1)
  }

  @Test func aPrototypeIsNeverTheContainers() throws {
    let container = Container()
    let token = container.register(Pool.self, scope: .prototype) { _ in Pool() }
    let pool = try container.resolve(Pool.self)
    try container.setScope(.graph, for: token)
    container.remove(token)
    #expect(pool.count == 0)
  }

  @Test func anInstanceThatNeedsAwaitIsDisposedInATask() async throws {
    let container = Container()
    let token = container.register(Connection.self) { _ in Connection() }
    let connection = try container.resolve(Connection.self)
    try container.setScope(.prototype, for: token)
    await connection.waitUntilClosed()
    #expect(connection.isClosed)
  }

  /// The live app's case: `scope t2 prototype` on a pool no longer leaves it open.
  @Test func aScriptsScopeChangeDisposesTheAppsPool() throws {
    let container = Container()
    container.register(Pool.self) { _ in Pool() }
    let pool = try container.resolve(Pool.self)
    #expect(try container.setScope(.prototype, for: #require(container.registrations(of: ServiceKey(Pool.self)).first?.token)))
    #expect(pool.count == 1)
  }
}
