import DIScope
import Synchronization
import Testing

/// `registerImmortal`: a singleton that is never deallocated, and whose reference count resolves
/// never write, so that resolving it on many threads at once does not contend on one cache line.
@Suite("Immortal singletons")
struct ImmortalSingletonTests {
  /// Counts its deinitialisations into a counter the test owns (tests run in parallel).
  final class Tracked: Sendable {
    let deinits: Counter
    init(_ deinits: Counter) { self.deinits = deinits }
    deinit { deinits.increment() }
  }

  final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() { value.wrappingAdd(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
  }

  /// The word after an object's metadata pointer: its reference counts, on 64-bit platforms.
  func referenceCountWord(of object: AnyObject) -> UInt64 {
    UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
      .load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt64.self)
  }

  @Test func itIsASingletonThatOutlivesItsRegistrationAndItsContainer() throws {
    let counter = Counter()
    weak var released: Container?
    do {
      let container = Container()
      let token = container.registerImmortal(Tracked.self) { _ in Tracked(counter) }
      let first = try container.resolve(Tracked.self)
      #expect(try container.resolve(Tracked.self) === first, "one instance, cached")
      #expect(container.remove(token))
      #expect(throws: ResolutionError.self) { try container.resolve(Tracked.self) }
      released = container
    }
    #expect(released == nil, "the immortal instance does not keep its container alive")
    #expect(counter.count == 0, "never deinitialised, though nothing refers to it any more")
  }

  #if os(Linux) && _pointerBitWidth(_64)
    @Test func resolvesDoNotWriteItsReferenceCount() throws {
      let container = Container()
      container.registerImmortal(Tracked.self) { _ in Tracked(Counter()) }
      let instance = try container.resolve(Tracked.self)
      let before = referenceCountWord(of: instance)
      let again = try container.resolve(Tracked.self)
      let retained = Unmanaged.passUnretained(again).retain()
      #expect(referenceCountWord(of: instance) == before, "a retain writes nothing")
      retained.release()

      // The control: an ordinary singleton's count moves with every retain.
      container.register(Db.self) { _ in Db() }
      let db = try container.resolve(Db.self)
      let dbBefore = referenceCountWord(of: db)
      let dbRetained = Unmanaged.passUnretained(db).retain()
      #expect(referenceCountWord(of: db) != dbBefore)
      dbRetained.release()
    }
  #endif

  @Test func anInstanceAlreadyHeldWeaklyIsKeptAliveAllTheSame() throws {
    final class SelfWatching: Sendable {
      let deinits: Counter
      nonisolated(unsafe) weak var me: SelfWatching?
      init(_ deinits: Counter) {
        self.deinits = deinits
        me = self  // a weak reference gives it a side table: the runtime cannot immortalise it
      }
      deinit { deinits.increment() }
    }
    let counter = Counter()
    do {
      let container = Container()
      let token = container.registerImmortal(SelfWatching.self) { _ in
        SelfWatching(counter)
      }
      let instance = try container.resolve(SelfWatching.self)
      #expect(instance.me === instance)
      container.remove(token)
    }
    #expect(counter.count == 0)
  }

  @Test func aValueTypeIsCachedAsUsual() throws {
    let container = Container()
    let built = Counter()
    container.registerImmortal(String.self, name: "motd") { _ in
      built.increment()
      return "a message longer than fifteen bytes"
    }
    for _ in 0..<3 {
      #expect(try container.resolve(String.self, name: "motd") == "a message longer than fifteen bytes")
    }
    #expect(built.count == 1)
  }

  @Test func threadsResolvingItAtOnceAllGetTheOneInstance() async throws {
    let container = Container()
    let builds = Counter()
    container.registerImmortal(Db.self) { _ in
      builds.increment()
      return Db()
    }
    let identities = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var last: Db?
          for _ in 0..<1_000 { last = try container.resolve(Db.self) }
          return ObjectIdentifier(last!)
        }
      }
      return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
    }
    #expect(identities.count == 1)
    #expect(builds.count == 1)
  }
}
