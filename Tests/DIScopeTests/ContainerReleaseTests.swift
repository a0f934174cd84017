import DIScope
import Dispatch
import Foundation
import Testing

/// A released container lets go of everything: its registrations, and every thread's cache
/// entries for it, the releasing thread's at once and another thread's at its next resolve that
/// misses its cache (or its next mock pushed). Run by `Scripts/test` under the thread sanitizer
/// as well.
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
  /// request. The session must not outlive the request by more than this thread's next resolve.
  @Test func aContainerReleasedOnAnotherThreadIsLetGoOfAtThisThreadsNextResolve() throws {
    let app = Container()
    app.register(Db.self) { _ in Db() }
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
    #expect(session != nil, "only this thread's cache entry holds it now")
    _ = try app.resolve(Db.self)
    #expect(session == nil, "a resolve that missed the cache let go of the released child's entries")
    #expect(try app.resolve(Db.self) === app.resolve(Db.self), "the app's own entries still answer")
  }

  @Test func aMockPushedIntoAReleasedContainerIsLetGoOfAtThisThreadsNextMock() throws {
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
    #expect(mock != nil, "only this thread's cache entry holds it now")
    app.mock(Db.self, with: Db())
    #expect(mock == nil, "pushing a mock let go of the released child's entries")
  }

  /// A thread that falls further behind than the log of released containers reaches forgets its
  /// whole cache rather than keep what it cannot tell is dead.
  @Test func aThreadFarBehindTheReleasesForgetsItsWholeCache() throws {
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
    #expect(session != nil)
    app.register(Int.self) { _ in 7 }
    #expect(try app.resolve(Int.self) == 7)
    #expect(session == nil)
    #expect(try app.resolve(Db.self) === db, "forgotten entries are found again from the container")
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
