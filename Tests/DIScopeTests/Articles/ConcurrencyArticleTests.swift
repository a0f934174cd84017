import DIScope
import Synchronization
import Testing

// The examples of Sources/DIScope/DIScope.docc/SwiftConcurrency.md, compiled and run.
@Suite("Article: Swift 6 and Sendable")
struct ConcurrencyArticle {
  final class Draft { var text = "" }                             // not Sendable
  final class Counter: Sendable {                                 // Sendable: its state is locked
    let hits = Mutex(0)
    func hit() -> Int { hits.withLock { $0 += 1; return $0 } }
  }
  final class LegacyCache: @unchecked Sendable {}                 // its author vouches it locks
  actor Database {
    let url: String
    init(url: String) { self.url = url }
    static func connect(url: String) async throws -> Database { Database(url: url) }
  }

  @Test func sharedMeansSendable() throws {
    // --- DOCC: sendable ---
    let container = Container()
    container.register(Counter.self) { _ in Counter() }           // shared: must be Sendable
    let drafts = container.register(Draft.self, scope: .prototype) { _ in Draft() }  // not shared
    #expect(throws: ScopeChangeError.self) { try container.setScope(.singleton, for: drafts) }
    container.registerUncheckedSendable(LegacyCache.self) { _ in LegacyCache() }
    // --- end ---
    #expect(try container.resolve(Counter.self).hit() == 1)
    #expect(try container.resolve(Draft.self) !== container.resolve(Draft.self))
  }

  @Test func asyncFactoriesAndMainActorServices() async throws {
    let container = Container()
    // --- DOCC: async ---
    container.register(Database.self) { _ in                      // an async factory
      try await Database.connect(url: "postgres://db")
    }
    let db = try await container.resolveAsync(Database.self)      // built once, however many await
    #expect(throws: ResolutionError.self) { try container.resolve(Database.self) }  // says: use resolveAsync
    let again = try await container.resolveAsync(Database.self)
    #expect(db === again)
    // --- end ---
  }

  @MainActor final class ViewModel {
    let counter: Counter
    init(counter: Counter) { self.counter = counter }
  }

  @Test @MainActor func mainActorServices() throws {
    let container = Container()
    container.register(Counter.self) { _ in Counter() }
    // --- DOCC: main-actor ---
    container.register(ViewModel.self) { @MainActor r in ViewModel(counter: try r.resolve(Counter.self)) }
    let model = try container.resolve(ViewModel.self)             // synchronously, on the main actor
    // --- end ---
    #expect(model.counter === (try container.resolve(Counter.self)))
  }
}
