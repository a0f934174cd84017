import DIScope
import Testing

/// Cached singletons of every shape go through the same per-thread cache: values that fit in a
/// word are kept in the cache slot itself, larger ones behind a pointer. Each must come back equal,
/// from the slow path and from the fast path alike, generically or not, and be released when its
/// registration goes.
@Suite("Cached values of every size")
struct CachedValueTests {
  struct Empty: Equatable, Sendable {}
  struct Triple: Equatable, Sendable { var a: Int, b: Int, c: String }

  /// Resolves through an unspecialised generic function, as tools and large apps do.
  @inline(never)
  func resolveGenerically<Service>(_ type: Service.Type, in container: Container) throws -> Service {
    try container.resolve(type)
  }

  func expectCached<Service: Equatable & Sendable>(
    _ value: Service, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let container = Container()
    container.register(Service.self) { _ in value }
    for _ in 0..<3 {
      #expect(try container.resolve(Service.self) == value, sourceLocation: sourceLocation)
      #expect(try resolveGenerically(Service.self, in: container) == value, sourceLocation: sourceLocation)
    }
  }

  @Test func valuesOfEverySizeComeBackEqual() throws {
    try expectCached(Empty())                                     // 0 bytes
    try expectCached(true)                                        // 1 byte
    try expectCached(UInt16(0xBEEF))                              // 2 bytes
    try expectCached(-42)                                         // one word
    try expectCached(0)                                           // one word, all zero bits
    try expectCached(Optional<Int>.none)                          // 9 bytes
    try expectCached("a string longer than fifteen bytes")        // two words, heap storage
    try expectCached(Triple(a: 1, b: 2, c: "three"))              // four words
    try expectCached([1, 2, 3])                                   // one word, a heap buffer
  }

  @Test func existentialsComeBackAsTheSameInstance() throws {
    let container = Container()
    let console = ConsoleLogger()
    container.register(Logger.self) { _ in console }              // class-bound: 16 bytes
    container.register((any Sendable).self) { _ in console }      // opaque: 32 bytes
    for _ in 0..<3 {
      #expect(try container.resolve(Logger.self) as? ConsoleLogger === console)
      #expect(try resolveGenerically(Logger.self, in: container) as? ConsoleLogger === console)
      #expect(try container.resolve((any Sendable).self) as? ConsoleLogger === console)
    }
  }

  @Test func aRemovedSingletonIsReleasedFromEveryCache() throws {
    let container = Container()
    weak var built: Db?
    let token = container.register(Db.self) { _ in Db() }
    do {
      let db = try container.resolve(Db.self)
      #expect(try container.resolve(Db.self) === db, "the second resolve is a cache hit")
      built = db
    }
    #expect(built != nil, "the container keeps its singleton")
    container.remove(token)
    #expect(built == nil, "neither the registration nor this thread's cache keeps it")
  }

  @Test func aLargeValueIsDestroyedOnceWhenItsRegistrationGoes() throws {
    let container = Container()
    weak var held: Db?
    let token: RegistrationToken
    do {
      let db = Db()
      held = db
      token = container.register(Triple.self) { _ in
        withExtendedLifetime(db) { Triple(a: 1, b: 2, c: "kept by the factory") }
      }
      #expect(try container.resolve(Triple.self).c == "kept by the factory")
      #expect(try container.resolve(Triple.self).c == "kept by the factory")
    }
    #expect(held != nil, "the factory captures it")
    container.remove(token)
    #expect(held == nil, "removing the registration releases its factory and cached value")
  }

  /// An instance that owns a container of its own, held last by this thread's cache: dropping the
  /// entry releases the container, whose deinit compacts the same table mid-operation.
  final class Holder: Sendable {
    let inner: Container
    init(_ inner: Container) { self.inner = inner }
  }

  @Test func aContainerReleasedFromInsideTheCacheLeavesItWhole() throws {
    let outer = Container()
    outer.register(Db.self) { _ in Db() }
    let db = try outer.resolve(Db.self)
    weak var released: Container?
    let token = outer.register(Holder.self) { _ in
      let inner = Container()
      for index in 0..<100 { inner.register(Int.self, name: "n\(index)") { _ in index } }
      for _ in 0..<2 {
        for index in 0..<100 { _ = try inner.resolve(Int.self, name: "n\(index)") }
      }
      return Holder(inner)
    }
    do {
      let holder = try outer.resolve(Holder.self)
      #expect(try outer.resolve(Holder.self) === holder, "cached on this thread too")
      released = holder.inner
    }
    // The registration drops its instance; this thread's entry held the last reference.
    outer.setCaching(false, for: token)
    #expect(released == nil)
    #expect(try outer.resolve(Db.self) === db)
    #expect(try outer.resolve(Holder.self).inner.resolve(Int.self, name: "n7") == 7)
    #expect(outer.validate().findings.isEmpty)
    #expect(try outer.resolve(Db.self) === db)
  }
}
