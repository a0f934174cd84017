import DIScope
import Dispatch
import Foundation
import TestSupport
import Testing

/// A released container lets go of everything: its registrations, and every thread's cache
/// entries for it, at once, on the thread that releases it. Run by `Scripts/test` under the
/// thread sanitizer as well.
@Suite("Containers are released")
struct ContainerReleaseTests {
  @Test func aDroppedContainerIsFreedAfterResolvesOnThisThread() throws {
    weak var released: Container?
    do {
      let container = Container()
      container.register(Db.self) { _ in Db() }
      container.register(Int.self, scope: .prototype) { _ in 1 }
      for _ in 0..<3 {
        _ = try container.resolve(Db.self)
        _ = try container.resolve(Int.self)
      }
      released = container
    }
    #expect(released == nil, "neither its registrations nor this thread's cache keep it")
  }

  /// A child per request: this thread resolves the request's singleton, another thread ends the
  /// request. The session goes with the request, though this thread's cache had an entry for it.
  @Test func aContainerReleasedOnAnotherThreadTakesItsEntriesFromThisThread() throws {
    let app = Container()
    app.register(Db.self) { _ in Db() }
    let db = try app.resolve(Db.self)
    weak var session: Session?
    try releaseOnAnotherThread {
      let request = app.makeChild(named: "request")
      request.register(Session.self) { _ in Session() }
      let built = try request.resolve(Session.self)
      let again = try request.resolve(Session.self)
      #expect(again === built, "cached on this thread")
      session = built
      return [request]
    }
    #expect(session == nil, "released with its container, on the thread that released it")
    #expect(try app.resolve(Db.self) === db, "the app's own entries still answer")
  }

  @Test func aMockPushedIntoAContainerReleasedElsewhereGoesWithIt() throws {
    let app = Container()
    app.register(Db.self) { _ in Db() }
    weak var mock: Session?
    try releaseOnAnotherThread {
      let test = app.makeChild(named: "test")
      let pushed = Session()
      test.mock(Session.self, with: pushed)
      let resolved = try test.resolve(Session.self)
      #expect(resolved === pushed)
      mock = pushed
      return [test]
    }
    #expect(mock == nil)
  }

  /// Many containers released elsewhere, one of them with this thread's entries: each goes, and
  /// this thread's other entries stay warm.
  @Test func manyReleasesElsewhereLeaveThisThreadsOtherEntries() throws {
    let app = Container()
    app.register(Db.self) { _ in Db() }
    let db = try app.resolve(Db.self)
    weak var session: Session?
    try releaseOnAnotherThread {
      let request = app.makeChild(named: "request")
      request.register(Session.self) { _ in Session() }
      session = try request.resolve(Session.self)
      return [request] + (0..<2_000).map { _ in Container() }
    }
    #expect(session == nil)
    #expect(try app.resolve(Db.self) === db, "the app's entries were kept")
  }

  /// The smallest case from a live app: a root singleton resolved inside `Task.detached` (a
  /// thread of the cooperative pool, which may never resolve again), the root shut down and
  /// released on this one: the singleton goes at once.
  @Test func aRootReleasedHereTakesWhatADetachedTaskResolvedWithIt() async throws {
    weak var config: Session?
    weak var released: Container?
    do {
      let root = Container()
      root.register(Session.self) { _ in Session() }
      let resolved = try await Task.detached { try root.resolve(Session.self) }.value
      config = resolved
      released = root
      try await root.shutdown()
    }
    #expect(released == nil)
    #expect(config == nil, "no thread's cache keeps it")
  }

  /// Threads resolving and registering in request children while others release them: every
  /// child's singletons go with it (under the thread sanitizer in `Scripts/test`).
  @Test func requestsReleasedWhileOtherThreadsResolveLeaveNothing() throws {
    let app = Container()
    app.register(Db.self) { _ in Db() }
    let alive = Locked(0)
    final class Tracked: Sendable {
      let alive: Locked<Int>
      init(_ alive: Locked<Int>) {
        self.alive = alive
        alive.withLock { $0 += 1 }
      }
      deinit { alive.withLock { $0 -= 1 } }
    }
    let handOff = Locked<[Container]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for round in 0..<200 {
        if worker.isMultiple(of: 2) {
          let request = app.makeChild(named: "request")
          request.register(Tracked.self) { _ in Tracked(alive) }
          _ = try? request.resolve(Tracked.self)
          _ = try? request.resolve(Db.self)
          handOff.withLock { $0.append(request) }
        } else {
          // Released here, on another thread than the one that resolved in it.
          let taken = handOff.withLock { requests -> [Container] in
            defer { requests.removeAll() }
            return requests
          }
          withExtendedLifetime(taken) {}
          if round.isMultiple(of: 50) { _ = try? app.resolve(Db.self) }
        }
      }
    }
    handOff.withLock { $0.removeAll() }
    #expect(alive.withLock { $0 } == 0)
  }

  final class Session: Sendable {}

  /// Runs `make`, then drops the last references to the containers it returns on a thread of
  /// their own, and waits for that thread: this one keeps its cache entries for them.
  func releaseOnAnotherThread(_ make: () throws -> [Container]) rethrows {
    let held = Locked(try make())
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      held.withLock { $0.removeAll() }
      done.signal()
    }
    thread.start()
    done.wait()
  }
}
