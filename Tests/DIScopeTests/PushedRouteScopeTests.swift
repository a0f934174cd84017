import DIScope
import TestSupport
import Testing

/// A factory pushed over a key this thread resolved before remembers its route under the scope it
/// resolves with, whatever that scope: these check that a pushed prototype, graph-scope or
/// uncached factory answers as the general path would, and that a routed singleton whose scope is
/// set while it is built keeps nothing.
@Suite("Factories of every scope built through a pushed route")
struct PushedRouteScopeTests {
  /// A container whose `Db` this thread has resolved once, so that a push over it is routed.
  private func containerWithResolvedDb() throws -> (Container, Db) {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    return (container, try container.resolve(Db.self))
  }

  @Test func aPushedPrototypeIsBuiltAtEveryResolveThenUncovered() throws {
    let (container, original) = try containerWithResolvedDb()
    let built = Locked(0)
    let token = container.register(Db.self, scope: .prototype) { _ in
      built.withLock { $0 += 1 }
      return Db()
    }
    let first = try container.resolve(Db.self)
    let second = try container.resolve(Db.self)
    #expect(first !== second && first !== original)
    #expect(built.withLock { $0 } == 2)
    container.remove(token)
    #expect(try container.resolve(Db.self) === original)
  }

  @Test func aPushedFactoryWithCachingOffIsBuiltAtEveryResolve() throws {
    let (container, original) = try containerWithResolvedDb()
    let token = container.register(service: Db.self, cacheService: false) { Db() }
    let first = try container.resolve(Db.self)
    #expect(try container.resolve(Db.self) !== first)
    #expect(first !== original)
    // Caching switched back on: built once more, then cached.
    container.setCaching(true, for: token)
    let cached = try container.resolve(Db.self)
    #expect(try container.resolve(Db.self) === cached)
  }

  @Test func aPushedGraphServiceIsSharedWithinOneResolveAndFreshInTheNext() throws {
    let container = Container()
    container.register(Db.self, scope: .graph) { _ in Db() }
    container.register(WebService.self, scope: .prototype) { r in
      let db = try r.resolve(Db.self)
      #expect(try r.resolve(Db.self) === db, "one graph-scope instance per resolve")
      return WebService(logger: ConsoleLogger())
    }
    _ = try container.resolve(Db.self)
    let token = container.register(Db.self, scope: .graph) { _ in Db() }
    _ = try container.resolve(WebService.self)
    let first = try container.resolve(Db.self)
    #expect(try container.resolve(Db.self) !== first, "a new root resolve builds anew")
    container.remove(token)
    _ = try container.resolve(WebService.self)
  }

  @Test func aRoutedSingletonWhoseScopeIsSetWhileItIsBuiltKeepsNothing() throws {
    let (container, _) = try containerWithResolvedDb()
    let token = Locked<RegistrationToken?>(nil)
    let built = Locked(0)
    token.withLock {
      $0 = container.register(Db.self) { _ in
        // The first build sets its own scope (to the same one: any change drops what is cached,
        // and what is being built): what it built must not be cached.
        if built.withLock({ $0 += 1; return $0 }) == 1, let mine = token.withLock({ $0 }) {
          try container.setScope(.singleton, for: mine)
        }
        return Db()
      }
    }
    let first = try container.resolve(Db.self)
    let second = try container.resolve(Db.self)
    #expect(first !== second, "the first build was not cached")
    #expect(try container.resolve(Db.self) === second, "the second was")
    #expect(built.withLock { $0 } == 2)
  }

  @Test func aPushedValueTypeSingletonIsBuiltOnce() throws {
    let container = Container()
    container.register(Int.self) { _ in 1 }
    #expect(try container.resolve(Int.self) == 1)
    let built = Locked(0)
    let token = container.register(Int.self) { _ in built.withLock { $0 += 1; return 41 + $0 } }
    #expect(try container.resolve(Int.self) == 42)
    #expect(try container.resolve(Int.self) == 42)
    #expect(built.withLock { $0 } == 1)
    container.remove(token)
    #expect(try container.resolve(Int.self) == 1)
  }
}
