import DIScope
import DIScopeTesting
import Testing

// The examples of Sources/DIScopeTesting/DIScopeTesting.docc/TestingWithMocks.md, compiled and
// run (`ArticleSyncTests` fails if the article and these regions drift apart). `ShopAssembly`,
// `ShopMocks`, `Store` and `MockStore` are this target's fixtures.

// --- DOCC: testing-suite ---
@Suite(.isolatedDependencies(base: ShopAssembly()), .checksStaleMocks)
struct StoreTests {
  @Test func aMockAnswersForTheTestOnly() throws {
    let store = MockContainer<any Store, MockStore>(MockStore())  // removed when released
    #expect(try Container.shared.require((any Store).self) is MockStore)
    withExtendedLifetime(store) {}
  }

  @Test func everyServiceHasAMock() {
    assertEveryService(of: ShopAssembly(), isMockedBy: ShopMocks())
  }
}
// --- end ---

@Suite(.isolatedDependencies(base: ShopAssembly()))
struct TestingArticleTests {
  @Test func eachTestStartsFromTheBase() throws {
    #expect(try Container.shared.require((any Store).self) is LiveStore)
  }

  @Test func leakedOverridesAreCaught() throws {
    // --- DOCC: testing-by-hand ---
    let container = Container.shared                              // this test's own
    let token = container.mock((any Store).self, with: MockStore())
    #expect(try container.resolve((any Store).self) is MockStore)
    container.remove(token)                                       // or .checksLeakedOverrides fails
    // --- end ---
    #expect(try container.resolve((any Store).self) is LiveStore)
  }
}
