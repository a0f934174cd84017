import DIScopeSwinject
import Dispatch
import Synchronization
import TestSupport
import Testing

/// Concurrent resolves and registrations through Swinject's API, on one container with no
/// `synchronize()`: run under the thread sanitizer by Scripts/test. The checks are on what was
/// built, never on timing.
struct SwinjectStressTests {
  static let threads = 8
  static let rounds = 300

  @Test func concurrentResolvesShareSingletonsAndKeepGraphsApart() {
    let container = makeScreenContainer()
    // A cycle closed through initCompleted, resolved on every thread at once.
    container.register(Session.self) { _ in Session() }
      .initCompleted { r, session in session.screen = r.resolve(Screen.self) }
    let stores = Locked<Set<ObjectIdentifier>>([])
    let failures = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for round in 0..<Self.rounds {
        guard let screen = container.resolve(Screen.self), let store = screen.repository.store,
          let session = container.resolve(Session.self), session.screen != nil
        else {
          failures.add(1, ordering: .relaxed)
          continue
        }
        stores.withLock { _ = $0.insert(ObjectIdentifier(store)) }
        // Each thread registers its own services while the others resolve.
        container.register(Repository.self, name: "\(thread)-\(round)") { _ in
          Repository(store: nil)
        }
        if container.resolve(Repository.self, name: "\(thread)-\(round)") == nil {
          failures.add(1, ordering: .relaxed)
        }
      }
    }
    #expect(failures.load(ordering: .relaxed) == 0)
    // The `.container` store was built once, whichever thread got there first.
    #expect(stores.withLock { $0.count } == 1)
  }

  @Test func concurrentReplacementsAlwaysAnswerWithSomeRegistration() {
    let container = DIScopeSwinject.Container()
    container.register(Store.self) { _ in MemoryStore() }
    let failures = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
      for round in 0..<Self.rounds {
        if thread % 2 == 0 {
          if round % 2 == 0 {
            container.register(Store.self) { _ in DiskStore() }
          } else {
            container.register(Store.self) { _ in MemoryStore() }
          }
        } else if container.resolve(Store.self) == nil {
          failures.add(1, ordering: .relaxed)
        }
      }
    }
    #expect(failures.load(ordering: .relaxed) == 0)
  }
}
