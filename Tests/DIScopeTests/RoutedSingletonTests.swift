import DIScope
import Foundation
import TestSupport
import Testing

/// A singleton factory pushed over a key this thread resolved before is built through the route
/// the push remembered: these check that it answers, caches, fails, races and cycles as the
/// general path does.
@Suite("Singletons built through a pushed route")
struct RoutedSingletonTests {
  @Test func aPushedFactoryIsBuiltOnceThenCachedThenUncovered() throws {
    let container = Container()
    container.register((any Logger).self) { _ in ConsoleLogger() }
    let original = try container.resolve((any Logger).self)
    let built = Locked(0)
    let token = container.register((any Logger).self) { _ in
      built.withLock { $0 += 1 }
      return FileLogger()
    }
    let first = try container.resolve((any Logger).self)
    #expect(first.label == "file")
    #expect(try container.resolve((any Logger).self) === first)
    #expect(built.withLock { $0 } == 1)
    container.remove(token)
    #expect(try container.resolve((any Logger).self) === original)
  }

  @Test func aFailedBuildIsNotCachedAndTheNextResolveTriesAgain() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    _ = try container.resolve(Db.self)
    let attempts = Locked(0)
    container.register(Db.self) { _ in
      let attempt = attempts.withLock { $0 += 1; return $0 }
      if attempt == 1 { throw CancellationError() }
      return Db()
    }
    let error = #expect(throws: ResolutionError.self) { try container.resolve(Db.self) }
    #expect(error.map { "\($0)" }?.contains("CancellationError") == true)
    let db = try container.resolve(Db.self)
    #expect(try container.resolve(Db.self) === db)
    #expect(attempts.withLock { $0 } == 2)
  }

  @Test func aFactoryThatResolvesItselfIsACycleEveryTime() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    _ = try container.resolve(Db.self)
    container.register(Db.self) { r in try r.resolve(Db.self) }
    for _ in 0..<2 {
      let error = #expect(throws: ResolutionError.self) { try container.resolve(Db.self) }
      #expect(error.map { "\($0)" }?.contains("cycle") == true)
    }
  }

  @Test func aFactoryThatRemovesItsOwnRegistrationIsNotCached() throws {
    let container = Container()
    container.register(Db.self) { _ in Db() }
    let original = try container.resolve(Db.self)
    let token = Locked<RegistrationToken?>(nil)
    token.withLock {
      $0 = container.register(Db.self) { _ in
        if let mine = token.withLock({ $0 }) { container.remove(mine) }
        return Db()
      }
    }
    let built = try container.resolve(Db.self)
    #expect(built !== original, "the resolve gets what it built")
    #expect(try container.resolve(Db.self) === original, "but it was never cached")
  }

  /// The pushing thread builds through its route while others resolve the same key through the
  /// general path: one instance, built once (run under the thread sanitizer by `Scripts/test`).
  @Test func threadsRacingTheRoutedBuildShareOneInstance() throws {
    for _ in 0..<50 {
      let container = Container()
      container.register(Db.self) { _ in Db() }
      _ = try container.resolve(Db.self)
      let built = Locked(0)
      container.register(Db.self) { _ in
        built.withLock { $0 += 1 }
        usleep(100)
        return Db()
      }
      let seen = Locked<[ObjectIdentifier]>([])
      DispatchQueue.concurrentPerform(iterations: 3) { _ in
        if let db = try? container.resolve(Db.self) { seen.withLock { $0.append(ObjectIdentifier(db)) } }
      }
      #expect(built.withLock { $0 } == 1)
      #expect(Set(seen.withLock { $0 }).count == 1)
    }
  }
}
