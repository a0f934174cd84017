import DIScope
import TestSupport
import Testing

@Suite("Scopes and caching")
struct ScopeTests {
  @Test func prototypeBuildsANewInstanceOnEveryResolve() throws {
    let container = Container()
    container.register(Db.self, scope: .prototype) { _ in Db() }
    #expect(try container.resolve(Db.self) !== container.resolve(Db.self))
  }

  @Test func singletonIsTheDefaultAndIsBuiltOnce() throws {
    let container = Container()
    let builds = Counter()
    container.register(Db.self) { _ in builds.increment(); return Db() }
    #expect(builds.value == 0, "a singleton waits for its first resolve")
    let first = try container.resolve(Db.self)
    #expect(try container.resolve(Db.self) === first)
    #expect(builds.value == 1)
  }

  @Test func graphSharesOneInstanceInsideARootResolveOnly() throws {
    let container = Container()
    container.register(Db.self, scope: .graph) { _ in Db() }
    container.register(Pair.self, scope: .prototype) { r in
      Pair(left: try r.resolve(Db.self), right: try r.resolve(Db.self))
    }
    let one = try container.resolve(Pair.self)
    let two = try container.resolve(Pair.self)
    #expect(one.left === one.right, "one instance inside a root resolve")
    #expect(one.left !== two.left, "a new one for the next root resolve")
  }

  /// A factory may resolve from another container family inside one root resolve: its graph
  /// instances are its own, though both families number their registrations from t1.
  @Test func graphInstancesOfTwoFamiliesInOneResolveStayApart() throws {
    let app = Container(), module = Container()
    module.register(Int.self, scope: .graph) { _ in 12345 }
    app.register(String.self, scope: .graph) { _ in "https://example.com" }
    let seen = Locked<(String, Int)?>(nil)
    app.register(Pair.self, scope: .prototype) { r in
      let url = try r.resolve(String.self)
      let number = try module.resolve(Int.self)
      seen.withLock { $0 = (url, number) }
      return Pair(left: Db(), right: Db())
    }
    _ = try app.resolve(Pair.self)
    #expect(seen.withLock { $0?.0 } == "https://example.com")
    #expect(seen.withLock { $0?.1 } == 12345, "not the other family's t1 read as an Int")
  }

  @Test func graphKeepsNothingAfterTheRootResolveEnds() throws {
    let container = Container()
    container.register(Db.self, scope: .graph) { _ in Db() }
    weak var built: Db?
    do {
      let db = try container.resolve(Db.self)
      built = db
    }
    #expect(built == nil, "the container must not hold a graph instance after the resolve")
  }

  @Test func eagerIsBuiltWhenRegistered() throws {
    let container = Container()
    let builds = Counter()
    container.register(Db.self, scope: .eager) { _ in builds.increment(); return Db() }
    #expect(builds.value == 1)
    _ = try container.resolve(Db.self)
    _ = try container.resolve(Db.self)
    #expect(builds.value == 1)
  }

  @Test func eagerInAnAssemblyIsBuiltWhenInstalledAfterItsDependencies() throws {
    struct Eager: Assembly {
      let builds: Counter
      func assemble(into container: Container) {
        container.register(WebService.self, scope: .eager) { [builds] r in
          builds.increment()
          return WebService(logger: try r.resolve((any Logger).self))
        }
        // Registered after the eager service that needs it: install builds after assembling.
        container.register((any Logger).self) { _ in ConsoleLogger() }
      }
    }
    let builds = Counter()
    let container = Container()
    container.install(Eager(builds: builds))
    #expect(builds.value == 1)
  }

  @Test func weakIsSharedWhileHeldAndRebuiltAfterRelease() throws {
    let container = Container()
    container.register(Db.self, scope: .weak) { _ in Db() }
    var held: Db? = try container.resolve(Db.self)
    #expect(try container.resolve(Db.self) === held)
    weak let old = held
    held = nil
    #expect(old == nil, "the container holds a weak instance weakly")
    let fresh = try container.resolve(Db.self)
    #expect(fresh !== old)
  }

  @Test func cachingOffBehavesAsPrototypeWithoutForgettingTheScope() throws {
    let container = Container()
    let token = container.register(Db.self) { _ in Db() }
    #expect(container.setCaching(false, for: token))
    #expect(try container.resolve(Db.self) !== container.resolve(Db.self))
    #expect(container.registration(token)?.scope == .singleton)
    #expect(container.setCaching(true, for: token))
    #expect(try container.resolve(Db.self) === container.resolve(Db.self))
  }

  @Test func changingScopeOrCachingDropsWhatWasCached() throws {
    let container = Container()
    let token = container.register(Db.self) { _ in Db() }
    let first = try container.resolve(Db.self)
    try container.setScope(.singleton, for: token)
    let second = try container.resolve(Db.self)
    #expect(first !== second)
    container.setCaching(true, for: token)
    #expect(try container.resolve(Db.self) !== second)
  }

  /// Dropping a cached instance lets go of it out of the family lock: an instance whose deinit
  /// uses its container (here the only reference is the registration's cache, as for an eager
  /// singleton no thread has resolved) would otherwise deadlock the switch.
  @Test func aDroppedInstanceMayUseItsContainerAsItGoes() throws {
    let container = Container()
    let seen = Locked<[Bool]>([])
    // Asks its container, as it goes, whether it still answers for the probe's type.
    let register = { @Sendable (r: Resolver) in
      let container = r.container
      return DeinitProbe { seen.withLock { $0.append(container.canResolve(DeinitProbe.self)) } }
    }
    let eager = container.register(DeinitProbe.self, scope: .eager, factory: register)
    try container.setScope(.prototype, for: eager)
    #expect(seen.withLock { $0 } == [true], "the eager instance went, and asked its container")
    let cached = container.register(DeinitProbe.self, scope: .eager, factory: register)
    container.setCaching(false, for: cached)
    #expect(seen.withLock { $0 } == [true, true])
  }

  @Test func switchingToGraphTakesEffectAtOnce() throws {
    let container = Container()
    let token = container.register(Db.self) { _ in Db() }
    let cached = try container.resolve(Db.self)
    #expect(try container.setScope(.graph, for: token))
    #expect(try container.resolve(Db.self) !== cached)
    #expect(try container.resolve(Db.self) !== container.resolve(Db.self))
  }

  @Test func changesToADeadTokenReturnFalse() throws {
    let container = Container()
    let token = container.register(Db.self) { _ in Db() }
    container.remove(token)
    #expect(try !container.setScope(.graph, for: token))
    #expect(!container.setCaching(false, for: token))
  }

  @Test func hopoateCacheServiceFalseIsPrototype() throws {
    let container = Container()
    container.register(service: Db.self, cacheService: false) { Db() }
    #expect(try container.resolve(Db.self) !== container.resolve(Db.self))
    container.register(Db(), for: Db.self)
    #expect(try container.resolve(Db.self) === container.resolve(Db.self))
  }
}

final class Pair: Sendable {
  let left: Db, right: Db
  init(left: Db, right: Db) {
    self.left = left
    self.right = right
  }
}

/// A thread-safe counter for factories.
final class Counter: Sendable {
  private let count = Locked(0)
  func increment() { count.withLock { $0 += 1 } }
  func add(_ amount: Int) { count.withLock { $0 += amount } }
  var value: Int { count.withLock { $0 } }
}

