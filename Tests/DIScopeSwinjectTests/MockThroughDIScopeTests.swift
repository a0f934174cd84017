import DIScope
import DIScopeSwinject
import Testing

/// A mock pushed into the DIScope container behind a Swinject-API container answers the Swinject
/// API's resolves.
struct MockThroughDIScopeTests {
  @Test func mockPushedIntoDIScopeAnswersTheSwinjectAPI() {
    let container: DIScopeSwinject.Container = makeScreenContainer()
    // DIScope's own API asks what Swinject's never did: a shared mock must be `Sendable`, so a
    // Swinject app's protocol that is not is pushed through the door its app vouches with.
    let token = container.discope.registerUncheckedSendable(key: ServiceKey(Store.self), isMock: true) {
      _ -> any Store in DiskStore()
    }
    #expect(container.resolve(Store.self) is DiskStore)
    #expect(container.resolve(Screen.self)?.repository.store is DiskStore)
    container.discope.remove(token)
    #expect(container.resolve(Store.self) is MemoryStore)
  }
}
