import DIScope
import DIScopeSwinject
import Foundation
import Testing

/// The facade keeps no registry beside DIScope's: what it finds, lists and removes is read from
/// the DIScope container's stacks, so a change made there (by `discope attach`, a test) is seen
/// through Swinject's API too.
struct OneRegistryTests {
  @Test func aRegistrationRemovedThroughDIScopeIsGoneFromTheFacade() throws {
    let container = makeScreenContainer()
    let store = try #require(container.discope.registrations(of: ServiceKey(Store.self)).first)
    #expect(container.hasAnyRegistration(of: Store.self))
    #expect(container.description.contains("Store"))

    // What `discope attach`'s `remove t1` does: DIScope's own removal, by token.
    #expect(container.discope.remove(store.token))

    #expect(container.resolve(Store.self) == nil)
    #expect(!container.hasAnyRegistration(of: Store.self))
    #expect(!container.description.contains("Store"))
    // The repository's factory asks for the store as optional: it gets nil, as on Swinject.
    #expect(container.resolve(Repository.self)?.store == nil)
    // Registered again through Swinject's API, it answers again.
    container.register(Store.self) { _ in DiskStore() }
    #expect(container.resolve(Store.self) is DiskStore)
  }

  @Test func aMockPushedThroughDIScopeAnswersTheFacadesWrappersToo() throws {
    let container = makeScreenContainer()
    let token = container.discope.registerUncheckedSendable(
      key: ServiceKey(Store.self), isMock: true
    ) { _ -> any Store in DiskStore() }
    // The facade's entry under the mock still says how to make a `Lazy` and a `Provider`; the
    // resolve they run is DIScope's, which the mock answers.
    let lazy = try #require(container.resolve(DIScopeSwinject.Lazy<Store>.self))
    #expect(lazy.instance is DiskStore)
    let provider = try #require(container.resolve(DIScopeSwinject.Provider<Store>.self))
    #expect(provider.instance is DiskStore)
    container.discope.remove(token)
    #expect(try #require(container.resolve(DIScopeSwinject.Provider<Store>.self)).instance is MemoryStore)
  }

  @Test func registeringAKeyAgainLeavesOneRegistrationInTheStack() {
    let container = DIScopeSwinject.Container()
    container.register(Store.self) { _ in MemoryStore() }
    container.register(Store.self) { _ in DiskStore() }
    #expect(container.discope.registrations(of: ServiceKey(Store.self)).count == 1)
    #expect(container.resolve(Store.self) is DiskStore)
    // A factory of other arguments is another key, kept beside it, as on Swinject.
    container.register(Store.self) { (_: DIScopeSwinject.Resolver, _: Int) in MemoryStore() }
    #expect(container.resolve(Store.self) is DiskStore)
    #expect(container.resolve(Store.self, argument: 1) is MemoryStore)
    container.removeAll()
    #expect(container.discope.stacks.isEmpty)
    #expect(container.resolve(Store.self) == nil)
  }

  @Test func registeringOneKeyOnManyThreadsAtOnceLeavesExactlyOne() {
    for _ in 0..<50 {
      let container = DIScopeSwinject.Container()
      DispatchQueue.concurrentPerform(iterations: 8) { index in
        container.register(Store.self) { _ in index.isMultiple(of: 2) ? MemoryStore() as Store : DiskStore() }
      }
      // Each registration removed the ones made before it: never both threads each other's.
      #expect(container.discope.registrations(of: ServiceKey(Store.self)).count == 1)
      #expect(container.resolve(Store.self) != nil)
    }
  }

  @Test func aChildSeesItsParentsRegistrationsAndItsOwnFirst() {
    let parent = makeScreenContainer()
    let child = DIScopeSwinject.Container(parent: parent)
    #expect(child.resolve(Store.self) is MemoryStore)
    child.register(Store.self) { _ in DiskStore() }
    #expect(child.resolve(Store.self) is DiskStore)
    child.removeAll()
    #expect(child.resolve(Store.self) is MemoryStore)
    #expect(parent.hasAnyRegistration(of: Store.self))
  }
}
